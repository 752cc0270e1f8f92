// The GOA approval effects of the invoice request types (invoice_apply / invoice_void /
// invoice_red_flush), merged with the engine's in the composition root. Approved, the simulated
// tax system issues at once (bills → 已开票, an AR document opens); a reversal frees the bills again.
import { AppError } from '../../domain/errors.ts';
import { newId } from '../../domain/ids.ts';
import { shanghaiDay } from '../../domain/billing/billing.ts';
import { invoiceNumberOf, type Reversal } from '../../domain/billing/invoices.ts';
import type { ApprovalEffect, ApprovalEffects, DecisionContext } from '../approvals/approval-effects.ts';
import type { Db } from '../platform/db/database.ts';
import * as repo from './invoice.repository.ts';
import type { InvoiceDeps } from './invoice-deps.ts';
import { dayCompact } from './invoice-requests.service.ts';

async function target(trx: Db, tenantId: string, payload: Record<string, unknown>) {
  const invoiceId = typeof payload.invoice_id === 'string' ? payload.invoice_id : '';
  const inv = await repo.invoiceById(trx, tenantId, invoiceId);
  // Invoice requests are made at /api/v1/invoices, never from a free-form payload.
  if (!inv) throw new AppError(400, 'invoices.request_direct');
  return inv;
}

const decided = (c: DecisionContext) => target(c.trx, c.request.tenant_id, c.request.payload);

function notifyApplicant(d: InvoiceDeps, c: DecisionContext, key: string, inv: repo.InvoiceRow) {
  const port = d.notify;
  if (!port) return;
  c.env.afterCommit(async () => {
    await port.notify({
      tenantId: c.request.tenant_id,
      projectId: null,
      userIds: [c.request.requester_id],
      category: 'billing',
      messageKey: `invoices:notify.${key}`,
      params: { business_no: inv.business_no },
      link: `/receiptManage/invoiceDetail/${inv.id}`,
      refId: inv.id,
    });
  });
}

/** GOA approved: the (simulated) tax system issues at once, the bills are invoiced and a receivable opens. */
async function issue(d: InvoiceDeps, c: DecisionContext) {
  const inv = await decided(c);
  const seq = await repo.issuedCount(c.trx);
  await repo.updateInvoice(c.trx, inv.id, {
    state: 'issued',
    invoice_code: `0${shanghaiDay(c.now).slice(0, 4)}11${'00'}${seq % 10}00`,
    invoice_no: invoiceNumberOf(seq + 10_000_001),
    issued_at: c.now,
    updated_at: c.now,
  });
  await repo.setBillStates(c.trx, inv.tenant_id, inv.bill_ids as string[], 'invoiced');
  const due = new Date(c.now.getTime() + 30 * 86_400_000);
  await repo.insertArDocument(c.trx, {
    id: newId(),
    tenant_id: inv.tenant_id,
    invoice_id: inv.id,
    doc_no: `AR${dayCompact(c.now)}${inv.id.slice(0, 6).toUpperCase()}`,
    amount_fen: Number(inv.amount_fen),
    state: 'open',
    due_date: shanghaiDay(due),
    created_at: c.now,
    updated_at: c.now,
  });
  notifyApplicant(d, c, 'issued', inv);
  return { status: 'approved' as const };
}

function applyEffect(d: InvoiceDeps): ApprovalEffect {
  return {
    async submit(c) {
      const inv = await target(c.trx, c.tenantId, c.payload);
      if (inv.state !== 'goa_pending' || inv.approval_id) throw new AppError(400, 'invoices.request_direct');
      await repo.updateInvoice(c.trx, inv.id, { approval_id: c.requestId });
      return { targetId: inv.id, estimatedCostFen: Number(inv.amount_fen), resourceName: inv.business_no };
    },
    approve: (c) => issue(d, c),
    async reject(c) {
      const inv = await decided(c);
      await repo.updateInvoice(c.trx, inv.id, { state: 'goa_rejected', updated_at: c.now });
      await repo.setBillStates(c.trx, inv.tenant_id, inv.bill_ids as string[], 'confirmed', 'invoice_applied');
      notifyApplicant(d, c, 'rejected', inv);
    },
  };
}

/** Void or red-flush approved: the bills may be invoiced again; the receivable is cancelled. */
async function reverse(d: InvoiceDeps, c: DecisionContext, kind: Reversal) {
  const inv = await decided(c);
  await repo.updateInvoice(
    c.trx,
    inv.id,
    kind === 'void'
      ? { void_state: 'succeeded', void_at: c.now, updated_at: c.now }
      : { red_state: 'succeeded', red_at: c.now, red_invoice_no: invoiceNumberOf(Number.parseInt(inv.id.slice(0, 7), 16)), updated_at: c.now },
  );
  await repo.setBillStates(c.trx, inv.tenant_id, inv.bill_ids as string[], 'confirmed');
  await repo.cancelArDocuments(c.trx, inv.id, c.now);
  notifyApplicant(d, c, `${kind}_done`, inv);
  return { status: 'approved' as const };
}

function reversalEffect(d: InvoiceDeps, kind: Reversal): ApprovalEffect {
  const col = kind === 'void' ? 'void' : 'red';
  return {
    async submit(c) {
      const inv = await target(c.trx, c.tenantId, c.payload);
      if (inv[`${col}_state`] !== 'applying' || inv[`${col}_approval_id`]) throw new AppError(400, 'invoices.request_direct');
      await repo.updateInvoice(c.trx, inv.id, kind === 'void' ? { void_approval_id: c.requestId } : { red_approval_id: c.requestId });
      return { targetId: inv.id, estimatedCostFen: Number(inv.amount_fen), resourceName: inv.business_no };
    },
    approve: (c) => reverse(d, c, kind),
    async reject(c) {
      const inv = await decided(c);
      await repo.updateInvoice(
        c.trx,
        inv.id,
        kind === 'void' ? { void_state: 'goa_rejected', updated_at: c.now } : { red_state: 'goa_rejected', updated_at: c.now },
      );
    },
  };
}

/** The approval effects of the invoice request types. */
export function invoiceEffects(d: InvoiceDeps): ApprovalEffects {
  return { invoice_apply: applyEffect(d), invoice_void: reversalEffect(d, 'void'), invoice_red_flush: reversalEffect(d, 'red_flush') };
}
