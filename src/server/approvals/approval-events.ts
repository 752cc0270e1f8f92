// Approval events on the app's event bus (ctx.events, events/bus.ts): the approval service collects
// them inside its transaction as pending events and publishes them once it has committed. Each is
// sent with every level's approvers named (read after the commit), so a decision also reaches the
// co-approvers who did not make it; the bus keeps them in the order they happened.
import type { ApprovalCreatedEvent, DomainEvent, SiteMessageCreatedEvent } from '../../domain/events.ts';
import type { Db } from '../db/database.ts';
import type { EventBus } from '../events/bus.ts';
import { participantsOf } from '../events/event-audience.ts';

export const APPROVAL_EVENTS = {
  created: 'approval.created',
  decided: 'approval.decided',
  escalated: 'approval.escalated',
  issued: 'approval.issued',
  message: 'site_message.created',
} as const satisfies Record<string, DomainEvent['type']>;

type ApprovalEventType = Exclude<(typeof APPROVAL_EVENTS)[keyof typeof APPROVAL_EVENTS], 'site_message.created'>;

export interface ApprovalEvent {
  id: string;
  tenant_id: string;
  project_id: string;
  /** the request's type */
  type: string;
  status: string;
  current_level: number;
  /** who has to decide now (empty once decided) */
  approver_ids: string[];
  /** active deputies of those approvers (or, once decided, of the level's approvers): they see it too */
  delegate_ids?: string[];
  requester_id: string;
}

export interface SiteMessageEvent { user_id: string; message_id: string; tenant_id: string | null }

export type PendingEvent =
  | { name: ApprovalEventType; payload: ApprovalEvent }
  | { name: typeof APPROVAL_EVENTS.message; payload: SiteMessageEvent };

async function domainEvent(db: Db, e: PendingEvent, at: string): Promise<DomainEvent> {
  if (e.name === APPROVAL_EVENTS.message) {
    const m = e.payload;
    return { type: e.name, tenant_id: m.tenant_id, project_id: null, user_id: m.user_id, message_id: m.message_id, at } satisfies SiteMessageCreatedEvent;
  }
  const p = e.payload;
  const event: Omit<ApprovalCreatedEvent, 'type'> = {
    tenant_id: p.tenant_id, project_id: p.project_id, id: p.id, request_type: p.type, status: p.status, current_level: p.current_level,
    requester_id: p.requester_id, approver_ids: p.approver_ids, delegate_ids: p.delegate_ids ?? [], participant_ids: await participantsOf(db, p.id), at,
  };
  return { ...event, type: e.name };
}

/** Publishes events collected inside a transaction; call it only after that transaction commits. */
export function publish(bus: EventBus | undefined, db: Db, events: PendingEvent[]): void {
  if (!bus || !events.length) return;
  const at = new Date().toISOString();
  bus.queue(async () => Promise.all(events.map((e) => domainEvent(db, e, at))));
}
