// A pay-as-you-go price charged by the day (domain/pricing PriceBasis 'day'): per unit per month of
// 30 days, a day begun counting whole; and the bill's days, counted from the interval's start.
import { describe, expect, it } from 'vitest';
import { billedDays, dayBilledFen, priceOf, type UnitPrice } from '../../src/domain/pricing.ts';
import { dayStartsIn, hourlyCharge } from '../../src/domain/billing/billing.ts';

const units: UnitPrice[] = [
  {
    product_code: 'line',
    charging_code: 'quantity',
    unit_price_fen: 2000,
    measurement_display: '元/Mbps/月（按天计费）',
    package_name: '按量计费',
    basis: 'day',
  },
  { product_code: 'disk', charging_code: 'quantity', unit_price_fen: 1, measurement_display: '元/GB/小时', package_name: '按量计费' },
];
const H = 3_600_000;

describe('a price charged by the day', () => {
  it('counts a day begun as a whole day, never fewer than one', () => {
    expect([0.5, 1, 23.9, 24, 24.01, 25, 48, 49].map(billedDays)).toEqual([1, 1, 1, 1, 2, 2, 2, 3]);
    expect(dayBilledFen(2000, 10, 1)).toBe(667);
    expect(dayBilledFen(2000, 10, 2)).toBe(1333);
    expect(dayBilledFen(2000, 1, 30)).toBe(2000);
  });

  it('prices its lines by the day and the others by the hour, in one request', () => {
    const items = [
      { product_code: 'line', quantity: 10 },
      { product_code: 'disk', quantity: 100 },
    ];
    const r = priceOf({ items, units, charging_code: 'quantity', count: 1, hours: 25 });
    expect(r.data.map((l) => l.price)).toEqual([1333, 2500]);
    expect(r.data[0]!.charging_pkg.basis).toBe('day');
    expect(r.data[1]!.charging_pkg.basis).toBeUndefined();
    expect(priceOf({ items: items.slice(0, 1), units, charging_code: 'quantity', count: 1, hours: 1 }).sum_price).toBe(667);
    expect(priceOf({ items: items.slice(0, 1), units, charging_code: 'quantity', count: 1 }).whole_year_price).toBe(Math.round((20000 * 365) / 30));
    // A bill's day names the days begun in it: none is free of charge only for a by-the-day line.
    expect(hourlyCharge(items, units, 5, 0).amount_fen).toBe(500);
    expect(hourlyCharge(items.slice(0, 1), units, 5, 1).amount_fen).toBe(667);
  });

  it('begins a billed day every 24 hours from the interval start, on the day it begins', () => {
    const start = new Date('2026-11-01T15:00:00Z');
    const at = (h: number) => new Date(start.getTime() + h * H);
    expect(dayStartsIn(start, at(0), at(1))).toBe(1);
    expect(dayStartsIn(start, at(1), at(24))).toBe(0);
    expect(dayStartsIn(start, at(1), at(25))).toBe(1);
    expect(dayStartsIn(start, at(0), at(25))).toBe(2);
    expect(dayStartsIn(start, at(0), at(24))).toBe(1);
    expect(dayStartsIn(start, at(24), at(72))).toBe(2);
  });
});
