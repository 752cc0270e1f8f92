// Prices through the charging packages (unit prices) and the pure arithmetic of domain/pricing.
import { AppError } from '../../domain/errors.ts';
import { priceOf, upgradePriceOf, type ChargingCode, type PriceItem, type PriceResult, type UnitPrice } from '../../domain/pricing.ts';
import type { Db } from '../platform/db/database.ts';
import { unitPrices } from './pricing.repository.ts';

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
    const rows = await unitPrices(ex, tenantId, [...new Set(items.map((i) => i.product_code))]);
    return rows.map((r) => ({
      product_code: r.product_code,
      charging_code: r.code as ChargingCode,
      unit_price_fen: Number(r.unit_price_fen),
      measurement_display: r.measurement_display,
      package_name: r.name,
    }));
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
