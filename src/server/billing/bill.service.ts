// Bills (issue 13): usage lines rated from the metered intervals — pay-as-you-go by the hour of
// each Asia/Shanghai day through the pricing module with the unit prices read when the interval
// opened, yearly/monthly periods as charged at purchase — converted to CNY with the dated rate
// where the vendor bills in another currency, then summed by month, day, product, project, region,
// vendor or resource. Nothing is priced any other way.
import { AppError } from '../../domain/errors.ts';
import {
  BILL_TRANSITIONS,
  type BillGroup,
  type BillState,
  type BillTransition,
  type Currency,
  convert,
  currencyOf,
  dayStart,
  dayStartsIn,
  hourlyCharge,
  rateOn,
  shanghaiDay,
  splitByDay,
} from '../../domain/billing/billing.ts';
import type { PriceItem, UnitPrice } from '../../domain/pricing.ts';
import type { Db } from '../platform/db/database.ts';
import * as repo from './bill.repository.ts';
import type { BillScope } from './bill.repository.ts';

export type { BillScope } from './bill.repository.ts';

/** One usage line: a resource's charge on one day. */
export interface BillLine {
  day: string;
  month: string;
  project_id: string;
  resource_id: string;
  resource_name: string;
  kind: string;
  product_code: string;
  vendor: string;
  region_id: string | null;
  charging_code: string;
  /** what was billed (priced items: host units, GB, Mbps) */
  items: PriceItem[];
  hours: number;
  original_fen: number;
  discount_fen: number;
  amount_fen: number;
  cash_fen: number;
  voucher_fen: number;
  gift_fen: number;
  currency: Currency;
  original_amount: number;
  rate: string;
}

export interface BillRow {
  key: string;
  label: string | null;
  original_fen: number;
  discount_fen: number;
  amount_fen: number;
  cash_fen: number;
  voucher_fen: number;
  gift_fen: number;
  lines: number;
}

/** A line before its currency is applied. */
type BaseLine = Omit<BillLine, 'currency' | 'original_amount' | 'rate' | 'amount_fen' | 'cash_fen' | 'voucher_fen' | 'gift_fen' | 'discount_fen'>;
type Rates = Awaited<ReturnType<typeof repo.ratesOf>>;

const SUMS = ['original_fen', 'discount_fen', 'amount_fen', 'cash_fen', 'voucher_fen', 'gift_fen'] as const;

export const emptyRow = (key: string): BillRow => ({
  key,
  label: null,
  original_fen: 0,
  discount_fen: 0,
  amount_fen: 0,
  cash_fen: 0,
  voucher_fen: 0,
  gift_fen: 0,
  lines: 0,
});

export function rates(db: Db, currency: string) {
  return repo.ratesOf(db, currency);
}

/** A line in CNY: the vendor's currency converted with the rate of its day. */
function priced(base: BaseLine, priceFen: number, usd: Rates): BillLine {
  const currency = currencyOf(base.vendor);
  const c = convert(priceFen, currency, currency === 'CNY' ? null : rateOn(usd, base.day));
  const original = currency === 'CNY' ? base.original_fen : convert(base.original_fen, currency, c.rate_e4).amount_fen;
  return {
    ...base,
    original_fen: original,
    discount_fen: original - c.amount_fen,
    amount_fen: c.amount_fen,
    cash_fen: c.amount_fen,
    voucher_fen: 0,
    gift_fen: 0,
    currency,
    original_amount: c.original_amount,
    rate: (c.rate_e4 / 10000).toFixed(4),
  };
}

type Segment = Awaited<ReturnType<typeof repo.quantitySegments>>[number];
type Charge = Awaited<ReturnType<typeof repo.chargesBetween>>[number];

/** A pay-as-you-go interval's lines: one per Shanghai day it overlaps in [start, end). */
function segmentLines(s: Segment, start: Date, end: Date, usd: Rates): BillLine[] {
  const from = s.started_at > start ? s.started_at : start;
  const until = s.ended_at && s.ended_at < end ? s.ended_at : end;
  return splitByDay(from, until).map((d) => {
    // A by-the-day price bills the days begun in this day's part of the interval, counted from its start.
    const dayFrom = new Date(Math.max(from.getTime(), dayStart(d.day).getTime()));
    const dayUntil = new Date(Math.min(until.getTime(), dayStart(d.day).getTime() + 86_400_000));
    const days = dayStartsIn(s.started_at, dayFrom, dayUntil);
    const c = hourlyCharge(s.items as PriceItem[], s.units as UnitPrice[], d.hours, days);
    const base: BaseLine = {
      day: d.day,
      month: d.day.slice(0, 7),
      project_id: s.project_id,
      resource_id: s.resource_id,
      resource_name: s.resource_name,
      kind: s.kind,
      product_code: s.product_code,
      vendor: s.vendor,
      region_id: s.region_id,
      charging_code: s.charging_code,
      items: s.items as PriceItem[],
      hours: d.hours,
      original_fen: c.original_fen,
    };
    return priced(base, c.amount_fen, usd);
  });
}

/** A yearly/monthly charge's line, on the day it was charged. */
function chargeLine(c: Charge, usd: Rates): BillLine {
  const day = shanghaiDay(c.charged_at);
  const data = (c.price as { data?: { product_code: string; quantity: number }[] }).data ?? [];
  const base: BaseLine = {
    day,
    month: day.slice(0, 7),
    project_id: c.project_id,
    resource_id: c.resource_id,
    resource_name: c.resource_name,
    kind: c.kind,
    product_code: c.product_code,
    vendor: c.vendor,
    region_id: c.region_id,
    charging_code: c.charging_code,
    items: data.map((l) => ({ product_code: l.product_code, quantity: l.quantity })),
    hours: 0,
    original_fen: Number(c.original_fen),
  };
  return priced(base, Number(c.amount_fen), usd);
}

/** The usage lines of days `from`..`to` (YYYY-MM-DD, inclusive) in the scope, up to `now`. */
export async function lines(db: Db, scope: BillScope, from: string, to: string, now = new Date()): Promise<BillLine[]> {
  const start = dayStart(from);
  const endDay = new Date(dayStart(to).getTime() + 86_400_000);
  const end = endDay < now ? endDay : now;
  if (end <= start) return [];
  const segs = await repo.quantitySegments(db, scope, start, end);
  const charges = await repo.chargesBetween(db, scope, start, end);
  const usd = await rates(db, 'USD');
  const out = [...segs.flatMap((s) => segmentLines(s, start, end, usd)), ...charges.map((c) => chargeLine(c, usd))];
  return out.sort((a, b) => a.day.localeCompare(b.day) || a.resource_name.localeCompare(b.resource_name));
}

const KEYS: Record<BillGroup, (l: BillLine) => string> = {
  product: (l) => l.product_code,
  project: (l) => l.project_id,
  region: (l) => l.region_id ?? '',
  vendor: (l) => l.vendor,
  resource: (l) => l.resource_id,
  day: (l) => l.day,
  month: (l) => l.month,
};

/** Lines summed by a dimension (largest first, by time for month and day). */
export function group(all: BillLine[], g: BillGroup): BillRow[] {
  const rows = new Map<string, BillRow>();
  for (const l of all) {
    const key = (KEYS[g] ?? KEYS.month)(l);
    let r = rows.get(key);
    if (!r) rows.set(key, (r = { ...emptyRow(key), label: g === 'resource' ? l.resource_name : null }));
    for (const k of SUMS) r[k] += l[k];
    r.lines++;
  }
  const out = [...rows.values()];
  return g === 'day' || g === 'month' ? out.sort((a, b) => a.key.localeCompare(b.key)) : out.sort((a, b) => b.amount_fen - a.amount_fen);
}

export function total(all: BillLine[]) {
  const t = { original_fen: 0, discount_fen: 0, amount_fen: 0, cash_fen: 0, voucher_fen: 0, gift_fen: 0 };
  for (const l of all) for (const k of SUMS) t[k] += l[k];
  return t;
}

/** The tenant's monthly bills' states (rows made on first sight, 未确认). */
export async function checks(db: Db, tenantId: string, months: string[]) {
  if (!months.length) return [];
  await repo.ensureChecks(db, tenantId, months);
  return repo.checksOf(db, tenantId, months);
}

export function checkById(db: Db, tenantId: string, id: string) {
  return repo.checkById(db, tenantId, id);
}

/** Confirms or submits a monthly bill; only from the state before (409 otherwise); a month not yet over cannot be confirmed. */
export async function transition(db: Db, tenantId: string, id: string, action: BillTransition, userId: string, now = new Date()) {
  return db.transaction().execute(async (trx) => {
    const row = await repo.lockCheck(trx, tenantId, id);
    if (!row) throw new AppError(404, 'not_found');
    const t = BILL_TRANSITIONS[action];
    if ((row.state as BillState) !== t.from) throw new AppError(409, `billing.not_${t.from}`);
    if (row.month >= shanghaiDay(now).slice(0, 7)) throw new AppError(409, 'billing.month_not_over');
    const set = action === 'confirm' ? { state: t.to, confirmed_at: now, confirmed_by: userId } : { state: t.to, submitted_at: now, submitted_by: userId };
    await repo.updateCheck(trx, id, set);
    return { ...row, ...set };
  });
}

export function billService(db: Db) {
  return {
    lines: (scope: BillScope, from: string, to: string, now?: Date) => lines(db, scope, from, to, now),
    group,
    total,
    checks: (tenantId: string, months: string[]) => checks(db, tenantId, months),
    checkById: (tenantId: string, id: string) => checkById(db, tenantId, id),
    transition: (tenantId: string, id: string, action: BillTransition, userId: string, now?: Date) => transition(db, tenantId, id, action, userId, now),
    rates: (currency: string) => rates(db, currency),
  };
}
export type BillService = ReturnType<typeof billService>;
