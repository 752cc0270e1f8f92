// 申请开票, 作废 and 红冲 (ADR 0025): each checks what it acts on, records the application and asks
// for GOA approval through the approval service, in one transaction.
import { AppError, notFound } from '../../domain/errors.ts';
import { newId } from '../../domain/ids.ts';
import { shanghaiDay } from '../../domain/billing/billing.ts';
import { reversalRefusal, type ApplyInput, type Reversal } from '../../domain/billing/invoices.ts';
import { runAfterCommit, submitRequest } from '../approvals/approval.service.ts';
import { publish, type PendingEvent } from '../approvals/approval-events.ts';
import type { RequestType } from '../../domain/approvals/approval-status.ts';
import type { Db } from '../platform/db/database.ts';
import * as repo from './invoice.repository.ts';
import type { InvoiceCtx, Who } from './invoice-deps.ts';
import { getInvoice, monthAmounts } from './invoice-reads.service.ts';

export const dayCompact = (at: Date) => shanghaiDay(at).replaceAll('-', '');

interface Ask {
  projectId: string;
  type: RequestType;
  payload: Record<string, unknown>;
}

/** Runs `write` in a transaction that ends by submitting its approval request; events and after-commit work follow the commit. */
async function withRequest(d: InvoiceCtx, w: Who, now: Date, write: (trx: Db) => Promise<Ask>) {
  const events: PendingEvent[] = [];
  const after: (() => Promise<void>)[] = [];
  const res = await d.db.transaction().execute(async (trx) => {
    const ask = await write(trx);
    return submitRequest(trx, { user: w.user, tenantId: w.tenantId, ...ask, now, effects: d.effects, events, after });
  });
  publish(d.bus, d.db, events);
  await runAfterCommit(after);
  return res;
}

/** A bill may be applied for once confirmed (seed 001 §5: not while unconfirmed) and while no invoice holds it. */
function checkBills(checks: { state: string; month: string }[]) {
  // 存在未提交的月度账单时不能申请开票 (seed 001 §5)
  const unconfirmed = checks.find((c) => c.state === 'unconfirmed');
  if (unconfirmed) throw new AppError(409, 'invoices.bill_unconfirmed', { month: unconfirmed.month });
  const done = checks.find((c) => c.state === 'invoiced');
  if (done) throw new AppError(409, 'invoices.bill_taken', { month: done.month });
}

async function poolAndInfo(d: InvoiceCtx, w: Who, input: ApplyInput) {
  const pool = await repo.poolById(d.db, w.tenantId, input.pool_id);
  if (!pool) throw (await repo.anyPoolOf(d.db, w.tenantId)) ? notFound() : new AppError(409, 'invoices.no_pool');
  const info = await repo.infoById(d.db, w.tenantId, input.info_id);
  if (!info) throw notFound();
  return { pool, info };
}

/** 申请开票: checks the pool, the bills (confirmed, not held by another invoice) and the amount, then asks for GOA approval. */
export async function applyInvoice(d: InvoiceCtx, w: Who, input: ApplyInput, now = new Date()) {
  const { pool, info } = await poolAndInfo(d, w, input);
  const checks = await repo.billChecksByIds(d.db, w.tenantId, input.bill_ids);
  if (checks.length !== input.bill_ids.length) throw notFound();
  checkBills(checks);
  const sums = await monthAmounts(
    d,
    w.tenantId,
    checks.map((c) => c.month),
  );
  const amount = checks.reduce((s, c) => s + (sums.get(c.month) ?? 0), 0);
  if (amount === 0) throw new AppError(400, 'invoices.amount_zero');
  const id = newId();
  const businessNo = `KP${dayCompact(now)}${id.slice(0, 6).toUpperCase()}`;
  const result = await withRequest(d, w, now, async (trx) => {
    const locked = await repo.lockBillChecks(trx, input.bill_ids);
    checkBills(locked);
    const held = await repo.liveHolderOf(trx, w.tenantId, input.bill_ids);
    if (held) {
      const month = locked.find((c) => (held.bill_ids as string[]).includes(c.id))?.month ?? '';
      throw new AppError(409, 'invoices.bill_taken', { month });
    }
    const { id: _i, tenant_id: _t, created_by: _c, created_at: _a, updated_at: _u, is_default: _d, ...snapshot } = info;
    const months = locked.map((c) => c.month).sort();
    await repo.insertInvoice(trx, {
      id,
      tenant_id: w.tenantId,
      pool_id: pool.id,
      info_id: info.id,
      info: JSON.stringify(snapshot),
      business_no: businessNo,
      bill_ids: JSON.stringify(locked.map((c) => c.id)),
      months: JSON.stringify(months),
      merged: input.merged,
      amount_fen: amount,
      invoice_type: input.invoice_type,
      medium: input.medium,
      remark: input.remark,
      state: 'goa_pending',
      applicant_id: w.user.id,
      created_at: now,
      updated_at: now,
    });
    await repo.markBillsApplied(trx, input.bill_ids, w.user.id, now);
    const payload = { invoice_id: id, business_no: businessNo, amount_fen: amount, months, company: info.company_name };
    return { projectId: pool.project_id, type: 'invoice_apply' as const, payload };
  });
  return { ...(await getInvoice(d, w.tenantId, id)), approval_status: result.status };
}

/** 作废 / 红冲 with its reason, through GOA approval; `notice` when voiding in a month's last two days. */
export async function reverseInvoice(d: InvoiceCtx, w: Who, id: string, kind: Reversal, reason: string, now = new Date()) {
  const res = await withRequest(d, w, now, async (trx) => {
    const inv = await repo.invoiceById(trx, w.tenantId, id, true);
    if (!inv) throw notFound();
    const refusal = reversalRefusal(kind, inv, now);
    if (refusal) throw new AppError(409, refusal);
    const pool = await repo.poolProject(trx, inv.pool_id);
    await repo.updateInvoice(
      trx,
      id,
      kind === 'void'
        ? { void_state: 'applying', void_reason: reason, void_approval_id: null, updated_at: now }
        : { red_state: 'applying', red_reason: reason, red_approval_id: null, updated_at: now },
    );
    const payload = { invoice_id: id, business_no: inv.business_no, invoice_no: inv.invoice_no, amount_fen: Number(inv.amount_fen), reason };
    return { projectId: pool.project_id, type: kind === 'void' ? ('invoice_void' as const) : ('invoice_red_flush' as const), payload };
  });
  return { ...(await getInvoice(d, w.tenantId, id)), approval_status: res.status };
}
