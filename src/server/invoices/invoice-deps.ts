// What the invoice services take as their first argument: the database, the bills, the event bus,
// the notification port and the approval effects applications submit through.
import type { ApprovalEffects } from '../approvals/approval-effects.ts';
import type { EventBus } from '../platform/events/bus.ts';
import type { Db } from '../platform/db/database.ts';
import type { BillService } from '../billing/bill.service.ts';
import type { NotifyPort } from '../notifications/notify-port.ts';

export interface InvoiceDeps {
  db: Db;
  bills: BillService;
  bus?: EventBus;
  notify?: NotifyPort;
}

/** The deps with the full effects registry (set by the composition root through useEffects). */
export interface InvoiceCtx extends InvoiceDeps {
  effects: ApprovalEffects;
}

export interface Who {
  tenantId: string;
  user: { id: string; nickname: string };
}
