// Invoices (issue 13, second part; ADR 0025): the tenant's invoice information and pools, invoice
// applications over monthly bills, their GOA approval through the approvals engine (request types
// invoice_apply / invoice_void / invoice_red_flush, invoice-effects.service.ts), issuing (the
// simulated tax system issues at once once approved: bills → 已开票, an AR document opens), void and
// red-flush, and the bills' invoicing history. Every query is bound to one tenant: another tenant's id is 404.
// This factory only binds the deps to the module functions (reads, requests, effects).
import type { ApprovalEffects } from '../approvals/approval-effects.ts';
import type { InvoiceInfoInput, ApplyInput, Reversal } from '../../domain/billing/invoices.ts';
import type { InvoiceCtx, InvoiceDeps, Who } from './invoice-deps.ts';
import * as reads from './invoice-reads.service.ts';
import { applyInvoice, reverseInvoice } from './invoice-requests.service.ts';
import { invoiceEffects } from './invoice-effects.service.ts';

export type { InvoiceDeps, Who } from './invoice-deps.ts';

export function invoiceService(deps: InvoiceDeps) {
  const d: InvoiceCtx = { ...deps, effects: {} };
  return {
    infos: {
      list: (tenantId: string) => reads.listInfos(d, tenantId),
      get: (tenantId: string, id: string) => reads.getInfo(d, tenantId, id),
      save: (w: Who, input: InvoiceInfoInput, id: string | null, now?: Date) => reads.saveInfo(d, w, input, id, now),
    },
    pools: {
      list: (tenantId: string) => reads.listPools(d, tenantId),
      get: (tenantId: string, id: string) => reads.getPool(d, tenantId, id),
    },
    invoices: {
      list: (tenantId: string, f?: { pool_id?: string; state?: string }) => reads.listInvoices(d, tenantId, f),
      get: (tenantId: string, id: string) => reads.getInvoice(d, tenantId, id),
      apply: (w: Who, input: ApplyInput, now?: Date) => applyInvoice(d, w, input, now),
      reverse: (w: Who, id: string, kind: Reversal, reason: string, now?: Date) => reverseInvoice(d, w, id, kind, reason, now),
    },
    billRows: (tenantId: string, now?: Date) => reads.billRows(d, tenantId, now),
    billsInView: (tenantId: string, view: reads.BillView) => reads.billsInView(d, tenantId, view),
    billDetail: (tenantId: string, id: string) => reads.billDetail(d, tenantId, id),
    approvals: (tenantId: string) => reads.listApprovals(d, tenantId),
    arDocs: {
      list: (tenantId: string) => reads.listArDocs(d, tenantId),
      get: (tenantId: string, id: string) => reads.getArDoc(d, tenantId, id),
    },
    /** the approval effects of the invoice request types (merged with the engine's in the composition root) */
    effects: invoiceEffects(d),
    /** the full effects the approval service uses (set by the composition root, so applications submit through the same registry) */
    useEffects: (all: ApprovalEffects) => void (d.effects = all),
  };
}
export type InvoiceService = ReturnType<typeof invoiceService>;
