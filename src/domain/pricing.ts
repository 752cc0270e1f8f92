// Pricing (seed 000 §3 "Price result", §4 charging rules, §9 bandwidth rental). Pure: the server
// looks up unit prices (charging packages) and this module does the arithmetic, in integer fen.
import { DURATION_MONTHS } from './charging.ts';
import { FLAVORS } from './kinds/instance/flavors.ts';

export type ChargingCode = 'year' | 'quantity';

/** CTyun sells no yearly package (seed 000 §4). */
export const yearlyAllowed = (vendor: string) => vendor !== 'ctyun';
export const isDuration = (months: number) => (DURATION_MONTHS as readonly number[]).includes(months);

/**
 * How a pay-as-you-go unit price counts time: 'hour' (the default) is fen per unit per hour; 'day'
 * is fen per unit per month of DAYS_PER_MONTH days, charged by the day, a day begun counting whole
 * (bandwidth rental, seed 000 §9).
 */
export type PriceBasis = 'hour' | 'day';
export const DAYS_PER_MONTH = 30;
/** The days billed for `hours` on a by-the-day price: under 24 hours is a day, never fewer than one. */
export function billedDays(hours: number): number {
  return Math.max(1, Math.ceil(hours / 24));
}
/** A monthly unit price charged by the day, in fen rounded as every price line is. */
export function dayBilledFen(fenPerMonth: number, quantity: number, days: number): number {
  return Math.round((fenPerMonth * quantity * days) / DAYS_PER_MONTH);
}

/** Bandwidth rental 2025: 20 yuan per Mbps per month, billed by the day; under 24 hours counts as a day. */
export const BANDWIDTH_RENTAL_FEN_PER_MBPS_MONTH = 2000;
export const bandwidthRentalDays = billedDays;
export function bandwidthRentalFen(mbps: number, hours: number): number {
  return dayBilledFen(BANDWIDTH_RENTAL_FEN_PER_MBPS_MONTH, mbps, billedDays(hours));
}

/** Yearly purchases of 12 months or more get two months free per year. */
export function paidMonths(months: number): number {
  return months - 2 * Math.floor(months / 12);
}

export const fenToYuan = (fen: number) => (fen / 100).toFixed(2);
export const priceDisplay = (fen: number) => `¥${fenToYuan(fen)}`;

/** What is being priced: a product of a kind, in its unit (台, GB, Mbps). */
export interface PriceItem {
  product_code: string;
  quantity: number;
}

/**
 * What each vendor's host costs against the price list (the list is the private OpenStack's):
 * VMware carries its licence, the public clouds their own rates. Disks and bandwidth are list price.
 */
export const VENDOR_HOST_FACTORS: Readonly<Record<string, number>> = {
  openstack: 1,
  vmware: 1.2,
  ali: 1.1,
  tencent: 1.05,
  ctyun: 0.95,
  hwyun: 1.1,
};

/**
 * Price units of a host: cores / 4 + GB / 8 (2 cores and 4 GB make one unit), so both count
 * (1 core 1 GB is 0.375 units, 1 core 2 GB 0.5, 4 cores 8 GB 2, 16 cores 128 GB 20), times the
 * vendor's factor. An unknown flavor is one unit.
 */
export function hostUnits(flavorId: unknown, vendor?: string): number {
  const flavor = FLAVORS.find((f) => f.id === flavorId);
  const base = flavor ? flavor.cpu / 4 + flavor.memory / 8 : 1;
  return Math.round(base * (VENDOR_HOST_FACTORS[vendor ?? ''] ?? 1) * 1000) / 1000;
}

/**
 * The priced items of a resource spec, by the kind's product code (the charging packages' key; a
 * load balancer kind sells as `load_balance`): a host is the host (hostUnits: cores, memory and
 * vendor), its disks and its public bandwidth.
 */
export function priceItemsFor(productCode: string, spec: Record<string, unknown>, quantityKey?: string, vendor?: string): PriceItem[] {
  if (productCode === 'instance') {
    const factor = hostUnits(spec.flavor, vendor);
    const disks = Array.isArray(spec.data_disks) ? (spec.data_disks as { size: number }[]).reduce((s, d) => s + Number(d.size || 0), 0) : 0;
    const items: PriceItem[] = [
      { product_code: 'instance', quantity: factor },
      { product_code: 'volume', quantity: Number(spec.system_disk_size ?? 40) + disks },
    ];
    if (spec.public_ip_type && spec.public_ip_type !== 'none' && spec.bandwidth) items.push({ product_code: 'eip', quantity: Number(spec.bandwidth) });
    return items;
  }
  return [{ product_code: productCode, quantity: quantityKey ? Number(spec[quantityKey] ?? 1) : 1 }];
}

/** A unit price from a charging package: per month for 'year', per hour for 'quantity'. */
export interface UnitPrice {
  product_code: string;
  charging_code: ChargingCode;
  unit_price_fen: number;
  measurement_display: string;
  package_name: string;
  /** 'day': a pay-as-you-go price per month charged by the day (absent: per hour) */
  basis?: PriceBasis;
}

export interface PriceLine {
  product_code: string;
  quantity: number;
  count: number;
  charging_pkg: { code: ChargingCode; name: string; measurement_display: string; basis?: PriceBasis };
  unit_price_fen: number;
  /** fen payable for the line */
  price: number;
  price_display: string;
  /** fen before discounts */
  original_price: number;
  discounts: { started_date: string; ended_date: string; discount_config: { name: string } }[];
}

export interface PriceResult {
  sum_price: number;
  cheap_price: number;
  whole_year_price: number;
  sum_price_display: string;
  data: PriceLine[];
}

export interface PriceRequest {
  items: PriceItem[];
  units: UnitPrice[];
  charging_code: ChargingCode;
  duration?: number;
  count: number;
  hours?: number;
  /** days billed on a by-the-day price (default: billedDays(hours)); a bill's day passes the days begun in it */
  days?: number;
  now?: Date;
}

/** A line's price before discounts: per month × months, per hour × hours, or per month by the day. */
function lineOriginal(per: number, unit: UnitPrice, req: PriceRequest, months: number, hours: number): number {
  if (req.charging_code === 'year') return Math.round(per * months);
  if (unit.basis === 'day') return dayBilledFen(per, 1, req.days ?? billedDays(hours));
  return Math.round(per * hours);
}

/** What a line costs over twelve months (after the yearly discount; a by-the-day price over 365 days). */
function lineWholeYear(per: number, unit: UnitPrice, code: ChargingCode): number {
  if (code === 'year') return per * paidMonths(12);
  return unit.basis === 'day' ? (per * 365) / DAYS_PER_MONTH : per * 24 * 365;
}

function addMonths(d: Date, months: number): Date {
  const out = new Date(d);
  out.setUTCMonth(out.getUTCMonth() + months);
  return out;
}

/**
 * Prices items: yearly packages for `duration` months (1–6, 12, 24, 36), pay-as-you-go for
 * `hours` (default 1). `whole_year_price` is what twelve months would cost after discounts.
 */
export function priceOf(req: PriceRequest): PriceResult {
  const months = req.charging_code === 'year' ? (req.duration ?? 1) : 0;
  if (req.charging_code === 'year' && !isDuration(months)) throw new RangeError(`duration ${months} is not offered`);
  const hours = req.hours ?? 1;
  const now = req.now ?? new Date();
  const data: PriceLine[] = req.items.map((item) => {
    const unit = req.units.find((u) => u.product_code === item.product_code && u.charging_code === req.charging_code);
    if (!unit) throw new RangeError(`no ${req.charging_code} price for ${item.product_code}`);
    const per = unit.unit_price_fen * item.quantity * req.count;
    const original = lineOriginal(per, unit, req, months, hours);
    const price = Math.round(req.charging_code === 'year' ? per * paidMonths(months) : original);
    const discounts =
      price < original
        ? [{ started_date: now.toISOString(), ended_date: addMonths(now, months).toISOString(), discount_config: { name: 'yearly_two_months_free' } }]
        : [];
    return {
      product_code: item.product_code,
      quantity: item.quantity,
      count: req.count,
      charging_pkg: {
        code: req.charging_code,
        name: unit.package_name,
        measurement_display: unit.measurement_display,
        ...(unit.basis === 'day' ? { basis: unit.basis } : {}),
      },
      unit_price_fen: unit.unit_price_fen,
      price,
      price_display: priceDisplay(price),
      original_price: original,
      discounts,
    };
  });
  const sum = data.reduce((s, l) => s + l.price, 0);
  const original = data.reduce((s, l) => s + l.original_price, 0);
  const wholeYear = req.items.reduce((s, item) => {
    const unit = req.units.find((u) => u.product_code === item.product_code && u.charging_code === req.charging_code)!;
    return s + lineWholeYear(unit.unit_price_fen * item.quantity * req.count, unit, req.charging_code);
  }, 0);
  return { sum_price: sum, cheap_price: original - sum, whole_year_price: Math.round(wholeYear), sum_price_display: priceDisplay(sum), data };
}

/**
 * An upgrade (bigger flavor, disk or bandwidth) for the months left: the new price minus what the
 * current spec costs for the same time, never below zero.
 */
export function upgradePriceOf(before: PriceRequest, after: PriceRequest): PriceResult & { sum_before_upgrade_price: number } {
  const b = priceOf(before);
  const a = priceOf(after);
  const diff = Math.max(0, a.sum_price - b.sum_price);
  return { ...a, sum_price: diff, sum_price_display: priceDisplay(diff), sum_before_upgrade_price: b.sum_price };
}
