// What the bill screens show (issue 13): sums by a dimension with their labels, every month or day
// of a range (zero where nothing was used), the usage lines paged, the monthly bills with their
// sums, the model service's month and the dated exchange rates. Module functions over the app's
// database; the routes parse and answer.
import { AppError, notFound, type Language } from '../../domain/errors.ts';
import { kindByProductCode } from '../../domain/kinds/registry.ts';
import {
  MAX_RANGE_MONTHS,
  type BillGroup,
  daysBetween,
  inCloud,
  monthIndex,
  monthsBetween,
  monthsIn,
  rateFromE4,
  rateToE4,
} from '../../domain/billing/billing.ts';
import type { Db } from '../platform/db/database.ts';
import { t } from '../platform/lib/i18n.ts';
import * as repo from './bill.repository.ts';
import { type BillLine, type BillScope, checkById, checks, emptyRow, group, lines, total } from './bill.service.ts';

export const lastDay = (month: string) => {
  const [y, m] = month.split('-').map(Number) as [number, number];
  return `${month}-${String(new Date(Date.UTC(y, m, 0)).getUTCDate()).padStart(2, '0')}`;
};

/** Refuses a reversed range or one longer than 12 months (localised 400). */
export function checkMonths(start: string, end: string) {
  if (monthIndex(end) < monthIndex(start)) throw new AppError(400, 'billing.range_reversed');
  if (monthsIn(start, end) > MAX_RANGE_MONTHS) throw new AppError(400, 'billing.range_too_long', { max: MAX_RANGE_MONTHS });
}

/** Refuses a reversed day range or one over more than 12 months. */
export function checkDays(start: string, end: string) {
  if (end < start) throw new AppError(400, 'billing.range_reversed');
  checkMonths(start.slice(0, 7), end.slice(0, 7));
}

async function labels(db: Db, tenantId: string, g: BillGroup, keys: string[], lang: Language): Promise<Map<string, string>> {
  if (!keys.length) return new Map();
  if (g === 'vendor') return new Map(keys.map((k) => [k, t(lang, `kinds:vendors.${k}`)]));
  if (g === 'product') return new Map(keys.map((k) => [k, t(lang, `kinds:${kindByProductCode(k)?.kind ?? k}.name`)]));
  if (g === 'project') return new Map((await repo.projectNames(db, tenantId, keys)).map((r) => [r.id, r.name_zh]));
  if (g === 'region') return new Map((await repo.regionNames(db, keys)).map((r) => [r.id, r.name]));
  return new Map();
}

async function grouped(db: Db, tenantId: string, all: BillLine[], g: BillGroup, lang: Language) {
  const rows = group(all, g);
  const names = await labels(db, tenantId, g, rows.map((r) => r.key).filter(Boolean), lang);
  const data = rows.map((r) => ({ ...r, label: r.label ?? names.get(r.key) ?? null }));
  return { count: data.length, data, summary: total(all), currency: 'CNY' };
}

type Cloud = Parameters<typeof inCloud>[1];

interface RangeQuery {
  cloud: Cloud;
  group_by: BillGroup;
}

/** Monthly sums; by month, every month of the range with its bill's state (tenant bills only). */
export async function monthlyBill(db: Db, scope: BillScope, q: RangeQuery & { start_month: string; end_month: string }, lang: Language) {
  checkMonths(q.start_month, q.end_month);
  const all = (await lines(db, scope, `${q.start_month}-01`, lastDay(q.end_month))).filter((l) => inCloud(l.vendor, q.cloud));
  const out = await grouped(db, scope.tenantId, all, q.group_by, lang);
  if (q.group_by !== 'month') return out;
  // Every month of the range, with its bill's state (a month with no usage shows zero).
  const byMonth = new Map(out.data.map((r) => [r.key, r]));
  const months = monthsBetween(q.start_month, q.end_month);
  // (a tenant bill has no project; only tenant bills have states)
  const states = scope.projectId === null ? new Map((await checks(db, scope.tenantId, months)).map((c) => [c.month, c])) : new Map();
  const data = months.map((m) => ({ ...(byMonth.get(m) ?? emptyRow(m)), bill_id: states.get(m)?.id ?? null, state: states.get(m)?.state ?? null }));
  return { ...out, count: data.length, data };
}

/** Daily sums; by day, every day of the range. */
export async function dailyBill(db: Db, scope: BillScope, q: RangeQuery & { start_date: string; end_date: string }, lang: Language) {
  checkDays(q.start_date, q.end_date);
  const all = (await lines(db, scope, q.start_date, q.end_date)).filter((l) => inCloud(l.vendor, q.cloud));
  const out = await grouped(db, scope.tenantId, all, q.group_by, lang);
  if (q.group_by !== 'day') return out;
  const byDay = new Map(out.data.map((r) => [r.key, r]));
  const days = Array.from({ length: daysBetween(q.start_date, q.end_date) }, (_, i) =>
    new Date(Date.parse(q.start_date) + i * 86_400_000).toISOString().slice(0, 10),
  );
  const data = days.map((d) => byDay.get(d) ?? emptyRow(d));
  return { ...out, count: data.length, data };
}

export interface LinesQuery {
  start_date: string;
  end_date: string;
  cloud: Cloud;
  resource_id?: string;
  product_code?: string;
  vendor?: string;
}

/** Usage lines (bill detail), paged; a resource never metered for the tenant is a 404. */
export async function billLines(db: Db, scope: BillScope, q: LinesQuery, page: { limit: number; offset: number }, lang: Language) {
  checkDays(q.start_date, q.end_date);
  const all = (await lines(db, scope, q.start_date, q.end_date)).filter(
    (l) =>
      inCloud(l.vendor, q.cloud) &&
      (!q.resource_id || l.resource_id === q.resource_id) &&
      (!q.product_code || l.product_code === q.product_code) &&
      (!q.vendor || l.vendor === q.vendor),
  );
  if (q.resource_id && !all.length && !(await repo.anySegmentOf(db, scope.tenantId, q.resource_id))) throw notFound();
  const shown = all.slice(page.offset, page.offset + page.limit).map((l) => ({
    ...l,
    product_name: t(lang, `kinds:${l.kind}.name`),
    vendor_name: t(lang, `kinds:vendors.${l.vendor}`),
  }));
  return { count: all.length, data: shown, summary: total(all) };
}

/** billCheck: the tenant's monthly bills of a range, with their sums. */
export async function checkList(db: Db, tenantId: string, q: { start_month: string; end_month: string }) {
  checkMonths(q.start_month, q.end_month);
  const rows = await checks(db, tenantId, monthsBetween(q.start_month, q.end_month));
  const all = await lines(db, { tenantId, projectId: null }, `${q.start_month}-01`, lastDay(q.end_month));
  const sums = new Map(group(all, 'month').map((r) => [r.key, r]));
  const data = rows.map((r) => ({ ...r, amount_fen: sums.get(r.month)?.amount_fen ?? 0, original_fen: sums.get(r.month)?.original_fen ?? 0 }));
  return { count: data.length, data };
}

/** One monthly bill with its sum and its sums by product. */
export async function checkDetail(db: Db, tenantId: string, id: string) {
  const row = await checkById(db, tenantId, id);
  if (!row) throw notFound();
  const all = await lines(db, { tenantId, projectId: null }, `${row.month}-01`, lastDay(row.month));
  return { ...row, summary: total(all), by_product: group(all, 'product') };
}

export async function exchangeRates(db: Db) {
  const rows = await repo.allRates(db);
  return { count: rows.length, data: rows.map((r) => ({ ...r, rate: rateFromE4(r.rate_e4) })) };
}

export async function setRate(db: Db, body: { currency: string; effective_date: string; rate: string }, userId: string) {
  const rate_e4 = rateToE4(body.rate);
  await repo.upsertRate(db, { currency: body.currency, effective_date: body.effective_date, rate_e4, userId, at: new Date() });
  return { currency: body.currency, effective_date: body.effective_date, rate: rateFromE4(rate_e4) };
}

type ModelSum = { model: string; input_tokens: number; output_tokens: number; amount_fen: number; calls_days: number };

/** billDetailMaas: token usage by model for a month (the demo's model service lines). */
export async function maasBill(db: Db, scope: BillScope, month: string) {
  const rows = await repo.maasUsageOf(db, scope.tenantId, scope.projectId, month);
  const models = new Map<string, ModelSum>();
  for (const r of rows) {
    const m = models.get(r.model) ?? { model: r.model, input_tokens: 0, output_tokens: 0, amount_fen: 0, calls_days: 0 };
    m.input_tokens += Number(r.input_tokens);
    m.output_tokens += Number(r.output_tokens);
    m.amount_fen += Number(r.amount_fen);
    m.calls_days += 1;
    models.set(r.model, m);
  }
  return {
    month,
    total_fen: rows.reduce((n, r) => n + Number(r.amount_fen), 0),
    models: [...models.values()].sort((a, b) => b.amount_fen - a.amount_fen),
    count: rows.length,
    data: rows,
  };
}
