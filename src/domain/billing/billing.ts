// Billing rules (seed 001 §3 bill, §4 billing rules, §9): what a resource in a state is billed for,
// how a metered interval becomes daily usage lines (pay-as-you-go by the hour, Asia/Shanghai days),
// the currency a vendor account bills in and its conversion with a dated rate, the bill range limit
// and the states of a monthly bill. Pure: the server meters and prices through domain/pricing.
import { z } from 'zod';
import { priceItemsFor, priceOf, type ChargingCode, type PriceItem, type UnitPrice } from '../pricing.ts';

/** Public clouds stop charging a stopped pay-as-you-go host's compute (停机不收费); disks and bandwidth go on. */
export const STOP_WITHOUT_CHARGE_VENDORS: readonly string[] = ['ali', 'tencent', 'hwyun'];

/** Statuses in which nothing is billed: waiting for approval, failed creates, the recycle bin. */
export const UNBILLED_STATUSES: readonly string[] = ['approving', 'creating', 'create_failed', 'error', 'failed', 'deleted', 'destroying'];

/**
 * The priced items a resource is billed for in its current state: none when billing is suspended
 * or the status bills nothing; a stopped pay-as-you-go host on a public cloud only its disks and bandwidth.
 */
export function meteredItems(items: PriceItem[], r: { status: string; vendor: string; charging_code: ChargingCode; billing: unknown }): PriceItem[] {
  if (r.billing === 'suspended' || UNBILLED_STATUSES.includes(r.status)) return [];
  if (r.status === 'stopped' && r.charging_code === 'quantity' && STOP_WITHOUT_CHARGE_VENDORS.includes(r.vendor))
    return items.filter((i) => i.product_code !== 'instance');
  return items;
}

/**
 * The items a resource meters by itself: a host's data disks and public IP are resources of their
 * own (bought with it, metered as volumes and EIPs), so the host meters its compute and system disk.
 */
export function ownItems(productCode: string, spec: Record<string, unknown>, quantityKey: string | undefined, vendor: string): PriceItem[] {
  const own = productCode === 'instance' ? { ...spec, data_disks: [], public_ip_type: 'none' } : spec;
  return priceItemsFor(productCode, own, quantityKey, vendor);
}

export const CURRENCIES = ['CNY', 'USD'] as const;
export type Currency = (typeof CURRENCIES)[number];

/**
 * The demo's Huawei Cloud account is an international account: it bills in US dollars. Its USD
 * price list is the CNY list at USD_LIST_RATE; bills convert with the rate of each day (admins edit it).
 */
export const USD_VENDORS: readonly string[] = ['hwyun'];
export const USD_LIST_RATE = 7.2;
export const currencyOf = (vendor: string): Currency => (USD_VENDORS.includes(vendor) ? 'USD' : 'CNY');

/** An exchange rate in ten-thousandths of a yuan per unit (7.1234 → 71234). */
export const rateSchema = z.object({
  currency: z.enum(['USD']),
  effective_date: z.iso.date(),
  rate: z
    .string()
    .regex(/^\d{1,3}(\.\d{1,4})?$/, { message: 'invalid_format' })
    .refine((s) => Number(s) > 0, { message: 'invalid_value' }),
});
export const rateToE4 = (rate: string) => Math.round(Number(rate) * 10000);
export const rateFromE4 = (e4: number) => (e4 / 10000).toFixed(4);

/** The rate of `day` (YYYY-MM-DD): the latest one effective on or before it; null when none is. */
export function rateOn(rates: { effective_date: string; rate_e4: number }[], day: string): number | null {
  let best: { effective_date: string; rate_e4: number } | null = null;
  for (const r of rates) if (r.effective_date <= day && (!best || r.effective_date > best.effective_date)) best = r;
  return best?.rate_e4 ?? null;
}

/** A line's amounts in its own currency (minor units: fen or cents) and in fen. */
export interface Converted {
  currency: Currency;
  /** minor units of `currency` */
  original_amount: number;
  /** ten-thousandths; 10000 for CNY */
  rate_e4: number;
  amount_fen: number;
}

/** What a vendor charges for `fen` of the list: CNY as is, USD on its list and converted at the day's rate. */
export function convert(fen: number, currency: Currency, rateE4: number | null): Converted {
  if (currency === 'CNY') return { currency, original_amount: fen, rate_e4: 10000, amount_fen: fen };
  const cents = Math.round(fen / USD_LIST_RATE);
  const rate = rateE4 ?? Math.round(USD_LIST_RATE * 10000);
  return { currency, original_amount: cents, rate_e4: rate, amount_fen: Math.round((cents * rate) / 10000) };
}

const DAY_MS = 86_400_000;
const SHANGHAI_MS = 8 * 3_600_000;

/** The Asia/Shanghai calendar day of an instant (UTC+8, no daylight saving). */
export const shanghaiDay = (at: Date) => new Date(at.getTime() + SHANGHAI_MS).toISOString().slice(0, 10);
/** The instant a Shanghai day starts. */
export const dayStart = (day: string) => new Date(Date.parse(`${day}T00:00:00Z`) - SHANGHAI_MS);

/** An interval cut at Shanghai midnights: each day with its hours (fractional, to the second). */
export function splitByDay(start: Date, end: Date): { day: string; hours: number }[] {
  const out: { day: string; hours: number }[] = [];
  let t = start.getTime();
  const stop = end.getTime();
  while (t < stop) {
    const day = shanghaiDay(new Date(t));
    const next = Math.min(stop, dayStart(day).getTime() + DAY_MS);
    out.push({ day, hours: Math.round((next - t) / 1000) / 3600 });
    t = next;
  }
  return out;
}

/**
 * The days of a by-the-day price that begin in [from, until) when they count from `anchor` (the
 * interval's start): every 24 hours from it a new day is begun and billed whole, on the day it begins.
 */
export function dayStartsIn(anchor: Date, from: Date, until: Date): number {
  const at = (t: Date) => Math.max(0, Math.ceil((t.getTime() - anchor.getTime()) / DAY_MS));
  return Math.max(0, at(until) - at(from));
}

/**
 * The pay-as-you-go price of items for some hours, by the pricing module (fen, before and after
 * discounts); `days`: the days billed on a by-the-day price (default: the hours counted in days).
 */
export function hourlyCharge(items: PriceItem[], units: UnitPrice[], hours: number, days?: number) {
  if (!items.length || hours <= 0) return { original_fen: 0, amount_fen: 0 };
  const r = priceOf({ items, units, charging_code: 'quantity', count: 1, hours, ...(days === undefined ? {} : { days }) });
  return { original_fen: r.sum_price + r.cheap_price, amount_fen: r.sum_price };
}

/** Months as YYYY-MM; a bill range covers at most 12 of them. */
export const MAX_RANGE_MONTHS = 12;
export const monthSchema = z.string().regex(/^\d{4}-(0[1-9]|1[0-2])$/, { message: 'invalid_format' });
export const monthIndex = (m: string) => Number(m.slice(0, 4)) * 12 + Number(m.slice(5, 7)) - 1;
export const monthOf = (i: number) => `${Math.floor(i / 12)}-${String((i % 12) + 1).padStart(2, '0')}`;
export const monthsIn = (start: string, end: string) => monthIndex(end) - monthIndex(start) + 1;
export function monthsBetween(start: string, end: string): string[] {
  const out: string[] = [];
  for (let i = monthIndex(start); i <= monthIndex(end); i++) out.push(monthOf(i));
  return out;
}
export const daysBetween = (start: string, end: string) => Math.round((Date.parse(end) - Date.parse(start)) / DAY_MS) + 1;

/** The public clouds' vendors (billOverviewPublicCloud, bilDetailPublicCloud narrow bills to them). */
export const PUBLIC_CLOUD_VENDORS: readonly string[] = ['ali', 'tencent', 'ctyun', 'hwyun'];
const cloudShape = { cloud: z.enum(['all', 'public', 'private']).default('all') };
export const inCloud = (vendor: string, cloud: 'all' | 'public' | 'private') =>
  cloud === 'all' || (cloud === 'public') === PUBLIC_CLOUD_VENDORS.includes(vendor);

export const BILL_GROUPS = ['product', 'project', 'region', 'vendor', 'resource', 'day', 'month'] as const;
export type BillGroup = (typeof BILL_GROUPS)[number];

/** The monthly and daily bill queries (a range of at most 12 months). */
export const monthlyQuerySchema = z.object({
  start_month: monthSchema,
  end_month: monthSchema,
  group_by: z.enum(BILL_GROUPS).default('month'),
  ...cloudShape,
});
export const dailyQuerySchema = z.object({
  start_date: z.iso.date(),
  end_date: z.iso.date(),
  group_by: z.enum(BILL_GROUPS).default('day'),
  ...cloudShape,
});

/** Bill states (billCheck): 未确认 → 已确认 → 已申请开票 → 已开票. */
export const BILL_STATES = ['unconfirmed', 'confirmed', 'invoice_applied', 'invoiced'] as const;
export type BillState = (typeof BILL_STATES)[number];
export const BILL_TRANSITIONS = {
  confirm: { from: 'unconfirmed', to: 'confirmed' },
  submit: { from: 'confirmed', to: 'invoice_applied' },
} as const satisfies Record<string, { from: BillState; to: BillState }>;
export type BillTransition = keyof typeof BILL_TRANSITIONS;

/** Yuan as typed (recharge, threshold, limits): at most two decimals (seed 001 §4), to fen. */
export const yuanAmount = (opts: { min: number; max: number }) =>
  z
    .string()
    .regex(/^\d{1,9}(\.\d{1,2})?$/, { message: 'two_decimals' })
    .transform((s) => Math.round(Number(s) * 100))
    .refine((fen) => fen >= opts.min * 100 && fen <= opts.max * 100, { message: 'invalid_value' });
export const rechargeSchema = z.object({ amount: yuanAmount({ min: 0.01, max: 1_000_000 }) });
export const thresholdSchema = z.object({ threshold: yuanAmount({ min: 0, max: 100_000_000 }).nullable() });
export const RECHARGE_STATES = ['pending', 'paid', 'failed'] as const;
