// Invoice information, pools, the bills and their invoicing, invoices, GOA records and AR
// documents of one tenant (ADR 0025). Another tenant's id is 404.
import { notFound } from '../../domain/errors.ts';
import { newId } from '../../domain/ids.ts';
import { monthsBetween, monthOf, monthIndex, shanghaiDay } from '../../domain/billing/billing.ts';
import type { InvoiceInfoInput } from '../../domain/billing/invoices.ts';
import * as repo from './invoice.repository.ts';
import type { InvoiceDeps, Who } from './invoice-deps.ts';

export type BillView = 'all' | 'history' | 'undistributed' | 'applicable';

export const lastDay = (month: string) => {
  const [y, m] = month.split('-').map(Number) as [number, number];
  return `${month}-${String(new Date(Date.UTC(y, m, 0)).getUTCDate()).padStart(2, '0')}`;
};

const found = <T>(row: T | undefined): T => {
  if (!row) throw notFound();
  return row;
};

// ── invoice information ─────────────────────────────────────────────────────────────────────
export const listInfos = (d: InvoiceDeps, tenantId: string) => repo.infosOf(d.db, tenantId);

export async function getInfo(d: InvoiceDeps, tenantId: string, id: string) {
  return found(await repo.infoById(d.db, tenantId, id));
}

/** Creates (id null) or replaces an invoice information; the first one, or one marked so, is the default. */
export async function saveInfo(d: InvoiceDeps, w: Who, input: InvoiceInfoInput, id: string | null, now = new Date()) {
  return d.db.transaction().execute(async (trx) => {
    if (id) found(await repo.lockInfo(trx, w.tenantId, id));
    const isDefault = input.is_default || (await repo.infoCount(trx, w.tenantId)) === 0;
    if (isDefault) await repo.clearDefaultInfo(trx, w.tenantId);
    const values = { ...input, is_default: isDefault, updated_at: now };
    return id
      ? repo.updateInfo(trx, id, values)
      : repo.insertInfo(trx, { ...values, id: newId(), tenant_id: w.tenantId, created_by: w.user.id, created_at: now });
  });
}

// ── pools ───────────────────────────────────────────────────────────────────────────────────
export async function listPools(d: InvoiceDeps, tenantId: string) {
  const rows = await repo.poolsOf(d.db, tenantId);
  const by = new Map((await repo.liveSumsByPool(d.db, tenantId)).map((s) => [s.pool_id, s]));
  return rows.map((r) => ({ ...r, invoices: Number(by.get(r.id)?.n ?? 0), invoiced_fen: Number(by.get(r.id)?.amount ?? 0) }));
}

export async function getPool(d: InvoiceDeps, tenantId: string, id: string) {
  const row = found((await listPools(d, tenantId)).find((p) => p.id === id));
  return { ...row, invoice_list: await listInvoices(d, tenantId, { pool_id: id }) };
}

// ── bills and their amounts ─────────────────────────────────────────────────────────────────
/** The last 12 finished months' bills (rows made on first sight) with their amounts and invoices. */
export async function billRows(d: InvoiceDeps, tenantId: string, now = new Date()) {
  const current = monthIndex(shanghaiDay(now).slice(0, 7));
  const months = monthsBetween(monthOf(current - 12), monthOf(current - 1));
  const rows = await d.bills.checks(tenantId, months);
  const all = await d.bills.lines({ tenantId, projectId: null }, `${months[0]}-01`, lastDay(months[months.length - 1]!), now);
  const sums = new Map(d.bills.group(all, 'month').map((r) => [r.key, r.amount_fen]));
  const inv = await repo.invoiceHoldings(d.db, tenantId);
  return rows.map((r) => {
    const mine = inv.filter((i) => (i.bill_ids as string[]).includes(r.id));
    const live = mine.find((i) => repo.LIVE_STATES.includes(i.state) && i.void_state !== 'succeeded' && i.red_state !== 'succeeded');
    return { ...r, amount_fen: sums.get(r.month) ?? 0, invoice_id: live?.id ?? null, business_no: live?.business_no ?? null, invoices: mine.length };
  });
}

type BillRow = Awaited<ReturnType<typeof billRows>>[number];
const IN_VIEW: Record<BillView, (r: BillRow) => boolean> = {
  all: () => true,
  history: (r) => r.state === 'invoice_applied' || r.state === 'invoiced' || r.invoices > 0,
  undistributed: (r) => (r.state === 'confirmed' || r.state === 'invoice_applied') && !r.invoice_id,
  applicable: (r) => r.state !== 'invoiced' && !r.invoice_id,
};

/** The bills one page shows (billHistory, billUndistributedHistory, billApply). */
export async function billsInView(d: InvoiceDeps, tenantId: string, view: BillView) {
  return (await billRows(d, tenantId)).filter(IN_VIEW[view]);
}

/** One bill with every invoice that named it. */
export async function billDetail(d: InvoiceDeps, tenantId: string, id: string) {
  const row = found((await billRows(d, tenantId)).find((r) => r.id === id));
  const list = (await listInvoices(d, tenantId)).filter((i) => (i.bill_ids as string[]).includes(id));
  return { ...row, invoice_list: list };
}

/** The amount of each month over the months' whole range. */
export async function monthAmounts(d: InvoiceDeps, tenantId: string, months: string[]) {
  const sorted = [...months].sort();
  const all = await d.bills.lines({ tenantId, projectId: null }, `${sorted[0]}-01`, lastDay(sorted[sorted.length - 1]!));
  return new Map(d.bills.group(all, 'month').map((r) => [r.key, r.amount_fen]));
}

// ── invoices ────────────────────────────────────────────────────────────────────────────────
export const listInvoices = (d: InvoiceDeps, tenantId: string, f: { pool_id?: string; state?: string } = {}) => repo.invoicesOf(d.db, tenantId, f);

export async function getInvoice(d: InvoiceDeps, tenantId: string, id: string) {
  const row = found(await repo.invoiceWithApplicant(d.db, tenantId, id));
  const approvals = await repo.approvalsOfTarget(d.db, tenantId, id);
  const ar = await repo.arDocsOfInvoice(d.db, tenantId, id);
  const pool = await repo.poolName(d.db, row.pool_id);
  return { ...row, pool_name: pool?.name ?? null, approvals, ar_documents: ar };
}

// ── GOA records, AR documents ───────────────────────────────────────────────────────────────
export const listApprovals = (d: InvoiceDeps, tenantId: string) => repo.invoiceApprovals(d.db, tenantId);

export const listArDocs = (d: InvoiceDeps, tenantId: string) => repo.arDocsOf(d.db, tenantId);

export async function getArDoc(d: InvoiceDeps, tenantId: string, id: string) {
  return found((await listArDocs(d, tenantId)).find((r) => r.id === id));
}
