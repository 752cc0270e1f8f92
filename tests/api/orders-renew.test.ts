// Renewals (issue 13): a yearly/monthly resource renewed for one of the pricing module's periods
// moves its contract end by that period; the meter writes a `renew` order with the period price and
// the bill line for the new period at its start (the old end). Pay-as-you-go, a bad duration and a
// wrong state are refused with nothing changed; another tenant gets a 404; a role without
// create:order a 403.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { build, type Client } from './helper.ts';
import { actSettled, host } from './kinds-helpers.ts';
import { contractEnd, nextMonthStart } from '../../src/domain/billing/orders.ts';

let app: Awaited<ReturnType<typeof build>>;
let c: Client;
beforeAll(async () => {
  app = await build();
  c = await app.as('tenant_admin');
});
afterAll(async () => {
  await app.close();
});

type Order = { id: string; order_type: string; sum_price: number; charging_code: string; duration: number | null; price: unknown };
async function ordersOf(resourceId: string) {
  const res = await c.req({ method: 'GET', url: `/api/v1/cloud/orders?resource_id=${resourceId}&__limit=50`, project: null });
  expect(res.statusCode).toBe(200);
  return res.json().data as Order[];
}
const specOf = async (id: string) =>
  (await app.ctx.db.selectFrom('resources').select('spec').where('id', '=', id).executeTakeFirstOrThrow()).spec as Record<string, unknown>;
const chargesOf = (id: string) => app.ctx.db.selectFrom('bill_charges').selectAll().where('resource_id', '=', id).orderBy('charged_at').execute();
const renew = (client: Client, resource_id: string, duration: number) =>
  client.req({ method: 'POST', url: '/api/v1/cloud/orders/renew', payload: { resource_id, duration } });

describe('renewal', () => {
  it('renews a converted host: contract end moved, a renew order with the period price, the bill line at the new period start', async () => {
    const h = await host(app, c, { vendor: 'ali' });
    const conv = await c.req({ method: 'POST', url: '/api/v1/cloud/orders/convert', payload: { resource_id: h.id, duration: 1 } });
    expect(conv.statusCode).toBe(200);
    const oldEnd = contractEnd(nextMonthStart(new Date()), 1);
    expect((await specOf(h.id)).contract_until).toBe(oldEnd.toISOString());

    const preview = await c.req({ method: 'GET', url: `/api/v1/cloud/orders/renew/price?resource_id=${h.id}&duration=3`, project: null });
    expect(preview.statusCode).toBe(200);
    expect(preview.json().contract_from).toBe(oldEnd.toISOString());
    expect(preview.json().contract_until).toBe(contractEnd(oldEnd, 3).toISOString());
    expect(preview.json().sum_price).toBeGreaterThan(0);

    const res = await renew(c, h.id, 3);
    expect(res.statusCode).toBe(200);
    expect(res.json().resource.contract_until).toBe(contractEnd(oldEnd, 3).toISOString());
    expect(res.json().resource.charging_code).toBe('year');
    const orders = await ordersOf(h.id);
    const r = orders.filter((o) => o.order_type === 'renew');
    expect(r).toHaveLength(1);
    expect(res.json().order_id).toBe(r[0]!.id);
    expect(r[0]).toMatchObject({ charging_code: 'year', duration: 3, sum_price: preview.json().sum_price });
    // Three months cost three times one month (no discount below a year), the conversion's month once.
    const convert = orders.find((o) => o.order_type === 'convert')!;
    expect(r[0]!.sum_price).toBe(convert.sum_price * 3);

    const charges = await chargesOf(h.id);
    expect(charges.map((x) => x.charged_at.toISOString())).toEqual([nextMonthStart(new Date()).toISOString(), oldEnd.toISOString()]);
    expect(Number(charges[1]!.amount_fen)).toBe(r[0]!.sum_price);
    expect(charges[1]!.duration).toBe(3);

    // Metering again (another process hearing the event) adds nothing; a second renewal is a new period.
    await app.ctx.meter.reconcile(h.id, new Date());
    expect((await ordersOf(h.id)).filter((o) => o.order_type === 'renew')).toHaveLength(1);
    const year = await renew(c, h.id, 12);
    expect(year.statusCode).toBe(200);
    expect(year.json().resource.contract_until).toBe(contractEnd(oldEnd, 15).toISOString());
    expect((await ordersOf(h.id)).filter((o) => o.order_type === 'renew')).toHaveLength(2);
    expect((await chargesOf(h.id)).at(-1)!.charged_at.toISOString()).toBe(contractEnd(oldEnd, 3).toISOString());

    // The operation log names it.
    const log = await app.ctx.db
      .selectFrom('operation_logs' as never)
      .selectAll()
      .execute();
    expect(JSON.stringify(log)).toContain('charging_renew');
  });

  it('renews a host bought yearly from the end of its purchased period', async () => {
    const h = await host(app, c, { extra: { charging_code: 'year', duration: 2 } });
    const created = (await app.ctx.db.selectFrom('resources').select('created_at').where('id', '=', h.id).executeTakeFirstOrThrow()).created_at;
    const res = await renew(c, h.id, 1);
    expect(res.statusCode).toBe(200);
    expect(res.json().resource.contract_until).toBe(contractEnd(contractEnd(created, 2), 1).toISOString());
    expect((await ordersOf(h.id)).map((o) => o.order_type).sort()).toEqual(['purchase', 'renew']);

    // A contract already over renews from now: the period is not charged into a month gone by.
    const spec = await specOf(h.id);
    spec.contract_until = new Date(Date.now() - 40 * 86_400_000).toISOString();
    await app.ctx.db
      .updateTable('resources')
      .set({ spec: JSON.stringify(spec) })
      .where('id', '=', h.id)
      .execute();
    const before = Date.now();
    const late = await renew(c, h.id, 2);
    expect(late.statusCode).toBe(200);
    const from = Date.parse((await specOf(h.id)).renew_from as string);
    expect(from).toBeGreaterThanOrEqual(before);
    expect(late.json().resource.contract_until).toBe(contractEnd(new Date(from), 2).toISOString());
    expect((await chargesOf(h.id)).filter((x) => x.charged_at.getTime() === from)).toHaveLength(1);
  });

  it('refuses pay-as-you-go, a bad duration, a wrong state, another tenant and a role without create:order; nothing changes', async () => {
    const payg = await host(app, c, { vendor: 'ali' });
    const before = await specOf(payg.id);
    const refused = await renew(c, payg.id, 1);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().description).toContain('按量付费');
    expect(await specOf(payg.id)).toEqual(before);
    expect((await ordersOf(payg.id)).some((o) => o.order_type === 'renew')).toBe(false);

    const h = await host(app, c, { vendor: 'ali' });
    expect((await c.req({ method: 'POST', url: '/api/v1/cloud/orders/convert', payload: { resource_id: h.id, duration: 1 } })).statusCode).toBe(200);
    const spec = await specOf(h.id);
    for (const duration of [0, 7, 48]) {
      const bad = await renew(c, h.id, duration);
      expect(bad.statusCode).toBe(400);
      expect(bad.json().title).toBeTruthy();
    }
    const price = await c.req({ method: 'GET', url: `/api/v1/cloud/orders/renew/price?resource_id=${payg.id}&duration=1`, project: null });
    expect(price.statusCode).toBe(409);

    await actSettled(c, 'instances', h.id, { action: 'delete' });
    const gone = await renew(c, h.id, 1);
    expect([404, 409]).toContain(gone.statusCode);
    expect(gone.json().title).toBeTruthy();

    const other = await app.as('fin_admin');
    const h2 = await host(app, c, { vendor: 'ali' });
    await c.req({ method: 'POST', url: '/api/v1/cloud/orders/convert', payload: { resource_id: h2.id, duration: 1 } });
    const spec2 = await specOf(h2.id);
    expect(
      (await other.req({ method: 'POST', url: '/api/v1/cloud/orders/renew', payload: { resource_id: h2.id, duration: 1 }, project: null })).statusCode,
    ).toBe(404);
    expect((await other.req({ method: 'GET', url: `/api/v1/cloud/orders/renew/price?resource_id=${h2.id}&duration=1`, project: null })).statusCode).toBe(404);
    const member = await app.as('member');
    const denied = await renew(member, h2.id, 1);
    expect(denied.statusCode).toBe(403);
    expect(await specOf(h2.id)).toEqual(spec2);
    expect((await ordersOf(h2.id)).some((o) => o.order_type === 'renew')).toBe(false);
    expect(spec.charging_code).toBe('year');
  });
});
