// Bandwidth rental through the API (issue 30; seed 000 §9, seed 001 §9): a private line or an
// internet line rented by the Mbps (1–10000) to an access address (1–200 characters) carrying
// internal IP ranges (1–10000 characters of addresses or CIDRs), pay-as-you-go only, priced at 20
// yuan per Mbps per month by the day (a day begun counts whole) and on the bills by the day; the
// demo's two lines; another tenant gets 404.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { build, type Client } from './helper.ts';
import { act, actSettled, create, createSettled, expect400, placement, settle, uniq, type Row } from './kinds-helpers.ts';
import { shanghaiDay } from '../../src/domain/billing/billing.ts';

let app: Awaited<ReturnType<typeof build>>;
let c: Client;
let other: Client;
beforeAll(async () => {
  app = await build();
  c = await app.as('tenant_admin');
  other = await app.as('fin_admin');
});
afterAll(async () => {
  await app.close();
});

const COLL = 'access-bandwidths';
const ONE_DAY_10_MBPS = Math.round((10 * 2000) / 30);
const body = async (extra: Record<string, unknown> = {}) => ({
  name: uniq('line'),
  ...(await placement(app)),
  line_type: 'private_line',
  bandwidth: 10,
  access_address: '上海市浦东新区张江路 88 号',
  ip_ranges: '10.30.0.0/16\n10.31.1.0/24',
  ...extra,
});
const count = async () =>
  Number(
    (
      await app.ctx.db
        .selectFrom('resources')
        .select((e) => e.fn.countAll().as('n'))
        .where('kind', '=', 'access_bandwidth')
        .executeTakeFirstOrThrow()
    ).n,
  );

/** A 400 naming the field, with a title and a description, and nothing rented. */
async function refused(payload: Record<string, unknown>, field: string) {
  const before = await count();
  const res = await c.req({ method: 'POST', url: `/api/${COLL}`, payload });
  expect400(res, field);
  expect(res.json().title).toBeTruthy();
  expect(res.json().description).toBeTruthy();
  expect(await count()).toBe(before);
}

describe('bandwidth rental', () => {
  it('rents a private line or an internet line, and refuses what the seed rules refuse without renting anything', async () => {
    const line = await createSettled(c, COLL, await body());
    expect(line).toMatchObject({ status: 'available', spec: { line_type: 'private_line', bandwidth: 10, charging_code: 'quantity' } });
    const net = await createSettled(c, COLL, await body({ line_type: 'internet', bandwidth: 1, access_address: 'a', ip_ranges: '192.168.1.10' }));
    expect(net.spec).toMatchObject({ line_type: 'internet', bandwidth: 1, access_address: 'a', ip_ranges: '192.168.1.10' });
    await createSettled(c, COLL, await body({ bandwidth: 10000, access_address: 'x'.repeat(200) }));

    await refused(await body({ line_type: 'satellite' }), 'line_type');
    await refused(await body({ bandwidth: 0 }), 'bandwidth');
    await refused(await body({ bandwidth: 10001 }), 'bandwidth');
    await refused(await body({ bandwidth: 2.5 }), 'bandwidth');
    await refused(await body({ access_address: '' }), 'access_address');
    await refused(await body({ access_address: 'x'.repeat(201) }), 'access_address');
    await refused(await body({ ip_ranges: '' }), 'ip_ranges');
    await refused(await body({ ip_ranges: `10.0.0.0/8\n${'1'.repeat(10000)}` }), 'ip_ranges');
    await refused(await body({ ip_ranges: '10.0.0.0/8, not-a-range' }), 'ip_ranges');
    await refused(await body({ charging_code: 'year', duration: 1 }), 'charging_code');
  });

  it('is priced at 20 yuan per Mbps per month by the day: 1 hour is a day, 24 hours a day, 25 hours two', async () => {
    const ask = (hours: number, bandwidth = 10) =>
      c.req({
        method: 'POST',
        url: '/api/v1/price/inquiry',
        payload: { product_code: 'access_bandwidth', charging_code: 'quantity', hours, spec: { bandwidth } },
      });
    const prices = await Promise.all([1, 24, 25, 24 * 30].map((h) => ask(h)));
    expect(prices.map((r) => r.statusCode)).toEqual([200, 200, 200, 200]);
    expect(prices.map((r) => r.json().sum_price)).toEqual([ONE_DAY_10_MBPS, ONE_DAY_10_MBPS, Math.round((10 * 2000 * 2) / 30), 10 * 2000]);
    expect(prices[0]!.json().sum_price_display).toBe('¥6.67');
    // What the purchase answers is its first day.
    const row = await create(c, COLL, await body());
    expect(row.price.sum_price).toBe(ONE_DAY_10_MBPS);
    await settle(c, COLL, row.id);
  });

  it('is on the bills by the day: 25 hours rented are two days of 10 × 20 / 30 yuan each', async () => {
    const row = await createSettled(c, COLL, await body());
    await app.ctx.meter.settled();
    await app.ctx.meter.reconcile(row.id, new Date());
    // Hours cannot pass in a test: the metered interval is moved 25 hours back.
    await app.ctx.db
      .updateTable('meter_segments')
      .set({ started_at: sql`started_at - interval '25 hours'`, ended_at: sql`ended_at - interval '25 hours'` })
      .where('resource_id', '=', row.id)
      .execute();
    const from = shanghaiDay(new Date(Date.now() - 3 * 86_400_000));
    const res = await c.req({
      method: 'GET',
      url: `/api/v1/cloud/bills/projects/lines?start_date=${from}&end_date=${shanghaiDay(new Date())}&resource_id=${row.id}`,
    });
    expect(res.statusCode).toBe(200);
    const lines = res.json().data as { amount_fen: number; charging_code: string; product_code: string }[];
    expect(lines.every((l) => l.product_code === 'access_bandwidth' && l.charging_code === 'quantity')).toBe(true);
    expect(lines.reduce((s, l) => s + l.amount_fen, 0)).toBe(2 * ONE_DAY_10_MBPS);
  });

  it('changes its bandwidth within the range, and is deleted', async () => {
    const row = await createSettled(c, COLL, await body());
    expect400(await act(c, COLL, row.id, { action: 'resize', bandwidth: 10001 }), 'bandwidth');
    expect((await actSettled(c, COLL, row.id, { action: 'resize', bandwidth: 100 })).spec.bandwidth).toBe(100);
    expect((await c.req({ method: 'DELETE', url: `/api/${COLL}/${row.id}` })).statusCode).toBeLessThan(300);
    expect(await settle(c, COLL, row.id)).toBeNull();
  });

  it('shows the demo private line and internet rental in the first project', async () => {
    const res = await c.req({ method: 'GET', url: `/api/${COLL}?__limit=100` });
    expect(res.statusCode).toBe(200);
    const demo = (res.json().data as Row[]).filter((r) => String(r.name).startsWith('demo-'));
    expect(demo.map((r) => r.spec.line_type).sort()).toEqual(['internet', 'private_line']);
    // Metered since rented: a day of 50 Mbps on each day's bill line.
    const line = demo.find((r) => r.spec.line_type === 'private_line')!;
    const from = shanghaiDay(new Date(Date.now() - 3 * 86_400_000));
    const bills = await c.req({
      method: 'GET',
      url: `/api/v1/cloud/bills/projects/lines?start_date=${from}&end_date=${shanghaiDay(new Date())}&resource_id=${line.id}`,
    });
    const amounts = (bills.json().data as { amount_fen: number }[]).map((l) => l.amount_fen);
    expect(amounts.length).toBeGreaterThanOrEqual(3);
    expect(amounts.every((a) => a === 0 || a === Math.round((50 * 2000) / 30))).toBe(true);
  });

  it('is not found by another tenant: no read, no action, no delete, not listed', async () => {
    const row = await createSettled(c, COLL, await body());
    expect((await other.req({ method: 'GET', url: `/api/${COLL}/${row.id}` })).statusCode).toBe(404);
    expect((await act(other, COLL, row.id, { action: 'resize', bandwidth: 20 })).statusCode).toBe(404);
    expect((await other.req({ method: 'DELETE', url: `/api/${COLL}/${row.id}` })).statusCode).toBe(404);
    expect((await other.req({ method: 'GET', url: `/api/${COLL}` })).json().data.some((r: Row) => r.id === row.id)).toBe(false);
    expect((await c.req({ method: 'GET', url: `/api/${COLL}/${row.id}` })).json().spec.bandwidth).toBe(10);
  });
});
