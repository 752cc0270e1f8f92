import { describe, expect, it } from 'vitest';
import {
  VENDOR_HOST_FACTORS,
  bandwidthRentalDays,
  bandwidthRentalFen,
  fenToYuan,
  hostUnits,
  paidMonths,
  priceItemsFor,
  priceOf,
  upgradePriceOf,
  yearlyAllowed,
  type UnitPrice,
} from '../../src/domain/pricing.ts';

const units: UnitPrice[] = [
  { product_code: 'volume', charging_code: 'year', unit_price_fen: 50, measurement_display: '元/GB/月', package_name: '包年包月' },
  { product_code: 'volume', charging_code: 'quantity', unit_price_fen: 1, measurement_display: '元/GB/小时', package_name: '按量计费' },
];

describe('pricing', () => {
  it('bills bandwidth rental by the day, under 24 hours counting as a day', () => {
    expect(bandwidthRentalDays(1)).toBe(1);
    expect(bandwidthRentalDays(24)).toBe(1);
    expect(bandwidthRentalDays(25)).toBe(2);
    expect(bandwidthRentalFen(1, 24 * 30)).toBe(2000);
    expect(bandwidthRentalFen(10, 25)).toBe(1333);
  });

  it('gives two months free per full year', () => {
    expect([1, 6, 12, 24, 36].map(paidMonths)).toEqual([1, 6, 10, 20, 30]);
  });

  it('prices yearly packages for the offered durations only', () => {
    const r = priceOf({ items: [{ product_code: 'volume', quantity: 100 }], units, charging_code: 'year', duration: 12, count: 2 });
    expect(r).toMatchObject({
      sum_price: 50 * 100 * 2 * 10,
      cheap_price: 50 * 100 * 2 * 2,
      whole_year_price: 50 * 100 * 2 * 10,
      sum_price_display: '¥1000.00',
    });
    expect(r.data[0]!.discounts).toHaveLength(1);
    const month = priceOf({ items: [{ product_code: 'volume', quantity: 100 }], units, charging_code: 'year', duration: 3, count: 1 });
    expect(month.cheap_price).toBe(0);
    expect(month.data[0]!.discounts).toEqual([]);
    expect(() => priceOf({ items: [{ product_code: 'volume', quantity: 1 }], units, charging_code: 'year', duration: 7, count: 1 })).toThrow(RangeError);
    expect(() => priceOf({ items: [{ product_code: 'eip', quantity: 1 }], units, charging_code: 'year', duration: 1, count: 1 })).toThrow(RangeError);
  });

  it('prices pay-as-you-go by the hour', () => {
    expect(priceOf({ items: [{ product_code: 'volume', quantity: 100 }], units, charging_code: 'quantity', count: 1, hours: 3 }).sum_price).toBe(300);
  });

  it('prices an upgrade as the difference, never below zero', () => {
    const before = { items: [{ product_code: 'volume', quantity: 100 }], units, charging_code: 'year' as const, duration: 6, count: 1 };
    const up = upgradePriceOf(before, { ...before, items: [{ product_code: 'volume', quantity: 150 }] });
    expect(up).toMatchObject({ sum_before_upgrade_price: 30000, sum_price: 15000 });
    expect(upgradePriceOf(before, { ...before, items: [{ product_code: 'volume', quantity: 50 }] }).sum_price).toBe(0);
  });

  it('prices a host by its cores and its memory, and by vendor', () => {
    const host = (flavor: string, vendor?: string) => priceItemsFor('instance', { flavor }, undefined, vendor)[0]!.quantity;
    // 1 core 1 GB and 1 core 2 GB no longer cost the same; small hosts cost less than one unit.
    expect(host('s6.small.1')).toBe(0.375);
    expect(host('s6.medium.2')).toBe(0.5);
    expect(host('s6.large.2')).toBe(1);
    expect(host('c6.2xlarge.4')).toBeGreaterThan(host('s6.2xlarge.2'));
    expect(host('m6.4xlarge.8')).toBe(20);
    expect(hostUnits('s6.xlarge.2', 'vmware')).toBe(2 * VENDOR_HOST_FACTORS.vmware!);
    expect(host('s6.xlarge.2', 'ctyun')).toBeLessThan(host('s6.xlarge.2', 'openstack'));
    expect(host('s6.xlarge.2', 'unknown-vendor')).toBe(2);
    const units: UnitPrice[] = [
      { product_code: 'instance', charging_code: 'quantity', unit_price_fen: 85, measurement_display: '元/台/小时', package_name: '按需' },
    ];
    const hourly = (flavor: string) =>
      priceOf({ items: [{ product_code: 'instance', quantity: host(flavor) }], units, charging_code: 'quantity', count: 1 }).sum_price;
    expect(hourly('s6.medium.2')).toBeGreaterThan(hourly('s6.small.1'));
  });

  it('composes a host from flavor, disks and bandwidth; CTyun has no yearly package', () => {
    expect(
      priceItemsFor('instance', {
        flavor: 's6.2xlarge.2',
        system_disk_size: 50,
        data_disks: [{ size: 100 }, { size: 20 }],
        public_ip_type: 'bgp',
        bandwidth: 8,
      }),
    ).toEqual([
      { product_code: 'instance', quantity: 4 },
      { product_code: 'volume', quantity: 170 },
      { product_code: 'eip', quantity: 8 },
    ]);
    expect(priceItemsFor('eip', { bandwidth: 5 }, 'bandwidth')).toEqual([{ product_code: 'eip', quantity: 5 }]);
    expect(yearlyAllowed('ctyun')).toBe(false);
    expect(yearlyAllowed('ali')).toBe(true);
    expect(fenToYuan(12345)).toBe('123.45');
  });
});
