// Orders, conversion, cost optimisation and project limits through the API (issue 13): every
// purchase, resize and conversion leaves an order; a conversion's bill is hours × price until
// 00:00 on the 1st of next month and the period price after; early termination returns to
// pay-as-you-go; strategies' limits (6th refused, name length, the applied one kept, next-day
// effect); findings from the monitoring series; a project's monthly limit warns once; another
// tenant sees none of it. Hours cannot pass in a test: `age` moves the metered intervals back.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { build, type Client } from './helper.ts';
import { actSettled, host } from './kinds-helpers.ts';
import { shanghaiDay } from '../../src/domain/billing/billing.ts';
import { DEFAULT_COST_RULES, classify, nextMonthStart, savingOf } from '../../src/domain/billing/orders.ts';
import { peakHourly } from '../../src/server/billing/cost-strategy.service.ts';

let app: Awaited<ReturnType<typeof build>>;
let c: Client;
beforeAll(async () => {
  app = await build();
  c = await app.as('tenant_admin');
});
afterAll(async () => {
  await app.close();
});

const HOUR = 3_600_000;
const today = () => shanghaiDay(new Date());

async function age(resourceId: string, hours: number) {
  await app.ctx.meter.settled();
  await app.ctx.meter.reconcile(resourceId, new Date());
  const by = sql`${`${hours} hours`}::interval`;
  await app.ctx.db
    .updateTable('meter_segments')
    .set({ started_at: sql`started_at - ${by}`, ended_at: sql`ended_at - ${by}` })
    .where('resource_id', '=', resourceId)
    .execute();
  await app.ctx.db
    .updateTable('bill_charges')
    .set({ charged_at: sql`charged_at - ${by}` })
    .where('resource_id', '=', resourceId)
    .execute();
}

type Order = {
  id: string;
  order_no: string;
  created_at: string;
  order_type: string;
  resource_id: string;
  sum_price: number;
  charging_code: string;
  duration: number | null;
};
async function ordersOf(resourceId: string, client = c) {
  const res = await client.req({ method: 'GET', url: `/api/v1/cloud/orders?resource_id=${resourceId}&__limit=50`, project: null });
  expect(res.statusCode).toBe(200);
  return res.json().data as Order[];
}

describe('orders and conversion', () => {
  it('writes an order for the purchase, the resize and the conversion; the bill is hours × price before the 1st and the period after', async () => {
    const h = await host(app, c, { vendor: 'ali' });
    await age(h.id, 5);
    await actSettled(c, 'instances', h.id, { action: 'resize', flavor: 's6.xlarge.2' });
    await age(h.id, 3);
    const bad = await c.req({ method: 'POST', url: '/api/v1/cloud/orders/convert', payload: { resource_id: h.id, duration: 7 } });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().title).toBeTruthy();

    const before = Date.now();
    const conv = await c.req({ method: 'POST', url: '/api/v1/cloud/orders/convert', payload: { resource_id: h.id, duration: 1 } });
    expect(conv.statusCode).toBe(200);
    const eff = conv.json().effective_at as string;
    expect(eff).toBe(nextMonthStart(new Date(before)).toISOString());
    expect(shanghaiDay(new Date(eff)).slice(8)).toBe('01');
    expect(conv.json().auto_renew).toBe(true);

    const types = (await ordersOf(h.id)).map((o) => o.order_type).sort();
    expect(types).toEqual(['convert', 'purchase', 'resize']);
    // Each order has a number people read (issue 28): the day placed in China time and a sequence,
    // distinct, rising with the order it was placed in; the detail answers it too.
    const placed = [...(await ordersOf(h.id))].sort((a, b) => a.created_at.localeCompare(b.created_at) || a.order_no.localeCompare(b.order_no));
    for (const o of placed) expect(o.order_no, o.order_type).toMatch(new RegExp(`^${shanghaiDay(new Date(o.created_at)).replaceAll('-', '')}\\d{6}$`));
    expect(new Set(placed.map((o) => o.order_no)).size).toBe(3);
    expect(placed.map((o) => Number(o.order_no.slice(8)))).toEqual(placed.map((o) => Number(o.order_no.slice(8))).sort((a, b) => a - b));
    const placedDetail = await c.req({ method: 'GET', url: `/api/v1/cloud/orders/${placed[0]!.id}`, project: null });
    expect(placedDetail.json().order_no).toBe(placed[0]!.order_no);
    const convert = (await ordersOf(h.id)).find((o) => o.order_type === 'convert')!;
    expect(convert.charging_code).toBe('year');
    expect(convert.duration).toBe(1);
    expect(convert.sum_price).toBeGreaterThan(0);

    // No way back during the contract; termination only once it started.
    const again = await c.req({ method: 'POST', url: '/api/v1/cloud/orders/convert', payload: { resource_id: h.id, duration: 1 } });
    expect(again.statusCode).toBe(409);
    expect(again.json().description).toContain('合同期内');
    const early = await c.req({ method: 'POST', url: '/api/v1/cloud/orders/terminate', payload: { resource_id: h.id } });
    expect(early.statusCode).toBe(409);

    // Until the 1st the host is billed by the hour; from then on its period charge.
    const segs = await app.ctx.db.selectFrom('meter_segments').selectAll().where('resource_id', '=', h.id).orderBy('started_at').execute();
    const quantity = segs.filter((s) => s.charging_code === 'quantity');
    const year = segs.filter((s) => s.charging_code === 'year');
    expect(quantity.at(-1)!.ended_at!.toISOString()).toBe(eff);
    expect(year).toHaveLength(1);
    expect(year[0]!.started_at.toISOString()).toBe(eff);
    const charge = await app.ctx.db.selectFrom('bill_charges').selectAll().where('resource_id', '=', h.id).executeTakeFirstOrThrow();
    expect(charge.charged_at.toISOString()).toBe(eff);
    expect(Number(charge.amount_fen)).toBe(convert.sum_price);

    // Move the clock past the 1st: the lines are the hours up to it and the period charge after.
    const shift = (Date.parse(eff) - Date.now()) / HOUR + 2;
    await age(h.id, shift);
    const row = await app.ctx.db.selectFrom('resources').select('spec').where('id', '=', h.id).executeTakeFirstOrThrow();
    const spec = row.spec as Record<string, unknown>;
    spec.charging_since = new Date(Date.parse(eff) - shift * HOUR).toISOString();
    await app.ctx.db
      .updateTable('resources')
      .set({ spec: JSON.stringify(spec) })
      .where('id', '=', h.id)
      .execute();
    const start = shanghaiDay(new Date(Date.now() - (shift + 9) * HOUR));
    const lines = await c.req({
      method: 'GET',
      url: `/api/v1/cloud/bills/projects/lines?start_date=${start}&end_date=${today()}&resource_id=${h.id}&__limit=500`,
    });
    expect(lines.statusCode).toBe(200);
    const data = lines.json().data as { charging_code: string; hours: number; amount_fen: number }[];
    const hourly = data.filter((l) => l.charging_code === 'quantity');
    const periodic = data.filter((l) => l.charging_code === 'year');
    expect(hourly.reduce((n, l) => n + l.hours, 0)).toBeCloseTo(shift - 2 + 8, 0);
    expect(periodic).toHaveLength(1);
    expect(periodic[0]!.amount_fen).toBe(convert.sum_price);

    // Early termination now returns it to pay-as-you-go, with its order.
    const term = await c.req({ method: 'POST', url: '/api/v1/cloud/orders/terminate', payload: { resource_id: h.id } });
    expect(term.statusCode).toBe(200);
    expect(term.json().resource.charging_code).toBe('quantity');
    expect((await ordersOf(h.id)).map((o) => o.order_type)).toContain('terminate');
    const open = await app.ctx.db
      .selectFrom('meter_segments')
      .selectAll()
      .where('resource_id', '=', h.id)
      .where('ended_at', 'is', null)
      .executeTakeFirstOrThrow();
    expect(open.charging_code).toBe('quantity');

    // The list filters by type; the detail carries the price and the resource link; the overview counts it.
    const byType = await c.req({ method: 'GET', url: `/api/v1/cloud/orders?order_type=convert&kind=instance&start_date=${today()}`, project: null });
    expect(byType.json().data.every((o: Order) => o.order_type === 'convert')).toBe(true);
    expect(byType.json().data.some((o: Order) => o.id === convert.id)).toBe(true);
    const detail = await c.req({ method: 'GET', url: `/api/v1/cloud/orders/${convert.id}`, project: null });
    expect(detail.statusCode).toBe(200);
    expect(detail.json().resource.id).toBe(h.id);
    expect(detail.json().price.data.length).toBeGreaterThan(0);
    const overview = await c.req({ method: 'GET', url: '/api/v1/cloud/orders/overview?months=12', project: null });
    expect(overview.statusCode).toBe(200);
    const month = overview.json().months.at(-1);
    expect(month.by_type.convert).toBeGreaterThanOrEqual(1);
    const badFilter = await c.req({ method: 'GET', url: '/api/v1/cloud/orders?order_type=gift', project: null });
    expect(badFilter.statusCode).toBe(400);
  });
});

const rules = (cpu: number) => ({ ...DEFAULT_COST_RULES, expand: { cpu: { op: '>', value: cpu }, memory: { op: '>', value: 99 }, logic: 'or' } });

describe('cost optimisation', () => {
  it('keeps at most 5 strategies besides the default, names up to 33, the applied one, and a new one counts from the next day', async () => {
    const long = await c.req({ method: 'POST', url: '/api/v1/cloud/cost_optimize/strategies', payload: { name: '策'.repeat(34), rules: rules(50) } });
    expect(long.statusCode).toBe(400);
    const ids: string[] = [];
    const have = (await c.req({ method: 'GET', url: '/api/v1/cloud/cost_optimize/strategies', project: null })).json();
    for (let i = 1; i <= have.max - (have.count - 1); i++) {
      const r = await c.req({
        method: 'POST',
        url: '/api/v1/cloud/cost_optimize/strategies',
        payload: { name: `策略${i}`.padEnd(i === 1 ? 33 : 3, '甲'), rules: rules(50) },
      });
      expect(r.statusCode).toBe(200);
      ids.push(r.json().id);
    }
    expect(ids[0]).toBeDefined();
    const sixth = await c.req({ method: 'POST', url: '/api/v1/cloud/cost_optimize/strategies', payload: { name: '第六个', rules: rules(50) } });
    expect(sixth.statusCode).toBe(409);
    expect(sixth.json().description).toContain('5');

    const applied = await c.req({ method: 'POST', url: `/api/v1/cloud/cost_optimize/strategies/${ids[0]}/apply` });
    expect(applied.statusCode).toBe(200);
    expect(applied.json().effective_date).toBe(shanghaiDay(new Date(Date.now() + 86_400_000)));
    const findings = await c.req({ method: 'GET', url: '/api/v1/cloud/cost_optimize/findings', project: null });
    expect(findings.json().strategy.id).toBe(have.applied_id);
    expect(findings.json().strategy.id).not.toBe(ids[0]);
    const delPending = await c.req({ method: 'DELETE', url: `/api/v1/cloud/cost_optimize/strategies/${ids[0]}` });
    expect(delPending.statusCode).toBe(409);

    // The next day: the chosen strategy is in effect and still cannot be deleted; another can.
    await app.ctx.db.updateTable('cost_strategy_choices').set({ effective_date: today() }).execute();
    const next = await c.req({ method: 'GET', url: '/api/v1/cloud/cost_optimize/findings', project: null });
    expect(next.json().strategy.id).toBe(ids[0]);
    expect((await c.req({ method: 'DELETE', url: `/api/v1/cloud/cost_optimize/strategies/${ids[0]}` })).statusCode).toBe(409);
    expect((await c.req({ method: 'DELETE', url: `/api/v1/cloud/cost_optimize/strategies/${ids.at(-1)}` })).statusCode).toBe(200);
    const list = await c.req({ method: 'GET', url: '/api/v1/cloud/cost_optimize/strategies', project: null });
    expect(list.json().count).toBe(have.max);
    expect(list.json().data.find((s: { id: string; applied: boolean }) => s.applied).id).toBe(ids[0]);
    // back to the default for the next test
    await c.req({ method: 'POST', url: '/api/v1/cloud/cost_optimize/strategies/default/apply' });
    await app.ctx.db.updateTable('cost_strategy_choices').set({ effective_date: today() }).execute();
  });

  it("classifies each running host by yesterday's CPU and memory peaks (highest hourly average) and counts what it would save", async () => {
    const h = await host(app, c);
    await age(h.id, 1);
    const res = await c.req({ method: 'GET', url: '/api/v1/cloud/cost_optimize/findings', project: null });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.strategy.id).toBe('default');
    const mine = body.data.find((d: { resource_id: string }) => d.resource_id === h.id);
    const to = Date.parse(`${today()}T00:00:00+08:00`);
    const max = (m: 'cpu' | 'memory') => peakHourly(app.engine.provider.series(h.id, m, to - 86_400_000, to));
    expect(mine.cpu_max).toBe(max('cpu'));
    expect(mine.memory_max).toBe(max('memory'));
    const finding = classify(DEFAULT_COST_RULES, mine.cpu_max, mine.memory_max);
    expect(mine.finding).toBe(finding);
    expect(mine.monthly_fen).toBeGreaterThan(0);
    expect(mine.saving_fen).toBe(savingOf(finding, mine.monthly_fen));
    const total = Object.values(body.summary as Record<string, { count: number }>).reduce((n, s) => n + s.count, 0);
    expect(total).toBe(body.count);
    expect(body.zones.reduce((n: number, z: { total: number }) => n + z.total, 0)).toBe(body.count);
  });
});

describe('project limits', () => {
  it('warns the admins once when a project spends over its monthly limit; bad amounts are refused', async () => {
    const h = await host(app, c);
    await age(h.id, 30);
    const projectId = c.territories[0]!.projects[0]!.project_id;
    const bad = await c.req({ method: 'PUT', url: `/api/v1/cloud/project-limits/${projectId}`, payload: { monthly_limit: '-1' } });
    expect(bad.statusCode).toBe(400);
    const set = await c.req({ method: 'PUT', url: `/api/v1/cloud/project-limits/${projectId}`, payload: { monthly_limit: '0.01' } });
    expect(set.statusCode, set.body).toBe(200);
    expect(set.json().warned).toBe(true);
    const list = await c.req({ method: 'GET', url: '/api/v1/cloud/project-limits', project: null });
    const row = list.json().data.find((p: { project_id: string }) => p.project_id === projectId);
    expect(row.over).toBe(true);
    expect(row.monthly_limit_fen).toBe(1);
    const msgs = await app.ctx.db
      .selectFrom('site_messages')
      .selectAll()
      .where('ref_id' as never, '=', projectId as never)
      .execute();
    expect(msgs.length).toBeGreaterThanOrEqual(1);
    const n = msgs.length;
    await c.req({ method: 'GET', url: '/api/v1/cloud/project-limits', project: null });
    expect(await app.ctx.projectLimits.checkAll()).not.toContain(projectId);
    expect(
      (
        await app.ctx.db
          .selectFrom('site_messages')
          .selectAll()
          .where('ref_id' as never, '=', projectId as never)
          .execute()
      ).length,
    ).toBe(n);
    expect((await c.req({ method: 'DELETE', url: `/api/v1/cloud/project-limits/${projectId}` })).statusCode).toBe(200);
  });
});

describe('isolation', () => {
  it("another tenant sees none of this tenant's orders, conversions, strategies, limits or findings", async () => {
    const h = await host(app, c);
    await age(h.id, 1);
    const order = (await ordersOf(h.id))[0]!;
    const strategy = await c.req({ method: 'POST', url: '/api/v1/cloud/cost_optimize/strategies', payload: { name: '隔离', rules: rules(60) } });
    const projectId = c.territories[0]!.projects[0]!.project_id;
    const other = await app.as('fin_admin');
    const o = (opts: { method: 'GET' | 'POST' | 'PUT' | 'DELETE'; url: string; payload?: object }) => other.req({ ...opts, project: null });
    expect((await o({ method: 'GET', url: `/api/v1/cloud/orders/${order.id}` })).statusCode).toBe(404);
    expect((await o({ method: 'GET', url: `/api/v1/cloud/orders?resource_id=${h.id}` })).json().count).toBe(0);
    expect((await o({ method: 'POST', url: '/api/v1/cloud/orders/convert', payload: { resource_id: h.id, duration: 1 } })).statusCode).toBe(404);
    expect((await o({ method: 'POST', url: '/api/v1/cloud/orders/terminate', payload: { resource_id: h.id } })).statusCode).toBe(404);
    expect((await o({ method: 'GET', url: `/api/v1/cloud/orders/convert/price?resource_id=${h.id}&duration=1` })).statusCode).toBe(404);
    expect((await o({ method: 'GET', url: '/api/v1/cloud/orders/convertible' })).json().data.some((r: { id: string }) => r.id === h.id)).toBe(false);
    expect((await o({ method: 'DELETE', url: `/api/v1/cloud/cost_optimize/strategies/${strategy.json().id}` })).statusCode).toBe(404);
    expect(
      (await o({ method: 'PUT', url: `/api/v1/cloud/cost_optimize/strategies/${strategy.json().id}`, payload: { name: '改', rules: rules(60) } })).statusCode,
    ).toBe(404);
    expect((await o({ method: 'POST', url: `/api/v1/cloud/cost_optimize/strategies/${strategy.json().id}/apply` })).statusCode).toBe(404);
    expect(
      (await o({ method: 'GET', url: '/api/v1/cloud/cost_optimize/strategies' })).json().data.some((s: { id: string }) => s.id === strategy.json().id),
    ).toBe(false);
    expect(
      (await o({ method: 'GET', url: '/api/v1/cloud/cost_optimize/findings' })).json().data.some((d: { resource_id: string }) => d.resource_id === h.id),
    ).toBe(false);
    expect((await o({ method: 'PUT', url: `/api/v1/cloud/project-limits/${projectId}`, payload: { monthly_limit: '10' } })).statusCode).toBe(404);
    expect((await o({ method: 'DELETE', url: `/api/v1/cloud/project-limits/${projectId}` })).statusCode).toBe(404);
    expect((await o({ method: 'GET', url: '/api/v1/cloud/project-limits' })).json().data.some((p: { project_id: string }) => p.project_id === projectId)).toBe(
      false,
    );
    expect((await o({ method: 'GET', url: '/api/v1/cloud/orders/overview' })).statusCode).toBe(200);
    const maas = await o({ method: 'GET', url: '/api/v1/cloud/bills/maas' });
    expect(maas.statusCode).toBe(200);
    const mine = await c.req({ method: 'GET', url: '/api/v1/cloud/bills/maas', project: null });
    const theirs = new Set((maas.json().data as { id: string }[]).map((r) => r.id));
    expect((mine.json().data as { id: string }[]).some((r) => theirs.has(r.id))).toBe(false);
  });
});
