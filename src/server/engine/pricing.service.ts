// Prices through the charging packages (unit prices) and the pure arithmetic of domain/pricing.
import { AppError } from '../../domain/errors.ts';
import { priceOf, upgradePriceOf, type ChargingCode, type PriceItem, type PriceResult, type UnitPrice } from '../../domain/pricing.ts';
import type { Db } from '../platform/db/database.ts';
import { packagedProductCodes, unitPrices } from './pricing.repository.ts';
import { kindByProductCode } from '../../domain/kinds/registry.ts';

const PACKAGE_NAMES: Record<ChargingCode, string> = { year: '包年包月', quantity: '按量计费' };

/** How the kind's folder counts a package's time: a by-the-day price says so (domain/pricing PriceBasis). */
function basisOf(code: string, charging: ChargingCode): Pick<UnitPrice, 'basis'> {
  return charging === 'quantity' && kindByProductCode(code)?.prices?.quantity.basis === 'day' ? { basis: 'day' } : {};
}

/**
 * The packages a kind declares in its folder (`prices`), for product codes the database has never
 * had a package for: a kind added after the database was seeded prices at once instead of
 * answering 409 no_price (a fresh database gets them as rows from the seed).
 */
function declaredPrices(codes: readonly string[]): UnitPrice[] {
  const out: UnitPrice[] = [];
  for (const code of codes) {
    const prices = kindByProductCode(code)?.prices;
    if (!prices) continue;
    for (const charging of ['year', 'quantity'] as const) {
      const p = prices[charging];
      out.push({
        product_code: code,
        charging_code: charging,
        unit_price_fen: p.fen,
        measurement_display: p.unit,
        package_name: PACKAGE_NAMES[charging],
        ...basisOf(code, charging),
      });
    }
  }
  return out;
}

export interface PriceAsk {
  tenantId: string;
  items: PriceItem[];
  charging_code: ChargingCode;
  duration?: number;
  count: number;
  hours?: number;
}

export function pricingService(db: Db) {
  async function units(tenantId: string, items: PriceItem[], ex: Db = db): Promise<UnitPrice[]> {
    const codes = [...new Set(items.map((i) => i.product_code))];
    const rows = await unitPrices(ex, tenantId, codes);
    const stored = rows.map((r) => ({
      product_code: r.product_code,
      charging_code: r.code as ChargingCode,
      unit_price_fen: Number(r.unit_price_fen),
      measurement_display: r.measurement_display,
      package_name: r.name,
      ...basisOf(r.product_code, r.code as ChargingCode),
    }));
    // Only a product the database has never had a package for takes its kind's declared prices (a
    // package switched off stays off).
    const unpackaged = codes.filter((c) => !stored.some((u) => u.product_code === c) && kindByProductCode(c)?.prices);
    const packaged = unpackaged.length ? await packagedProductCodes(ex, unpackaged) : new Set<string>();
    return [...stored, ...declaredPrices(unpackaged.filter((c) => !packaged.has(c)))];
  }
  /** `ex`: the transaction to read unit prices through (an approval effect must use its own). */
  async function price(ask: PriceAsk, ex: Db = db): Promise<PriceResult> {
    try {
      return priceOf({
        items: ask.items,
        units: await units(ask.tenantId, ask.items, ex),
        charging_code: ask.charging_code,
        duration: ask.duration,
        count: ask.count,
        hours: ask.hours,
      });
    } catch (err) {
      if (err instanceof RangeError) throw new AppError(409, 'no_price');
      throw err;
    }
  }
  async function upgrade(before: PriceAsk, after: PriceAsk) {
    const u = await units(after.tenantId, [...before.items, ...after.items]);
    try {
      return upgradePriceOf({ ...before, units: u }, { ...after, units: u });
    } catch (err) {
      if (err instanceof RangeError) throw new AppError(409, 'no_price');
      throw err;
    }
  }
  return { price, upgrade };
}
export type PricingService = ReturnType<typeof pricingService>;
