// Billing through the API (issue 13): the meter turns a resource's life into bill lines priced by
// the pricing module (pay-as-you-go by the hour, yearly by period, a resize, a stop), USD lines
// convert at the dated rate, the monthly bill's confirm flow, the 12-month range, demo history,
// and tenant/project isolation of every endpoint.
//
// Hours cannot pass in a test, so after each step the test moves the resource's metered intervals
// back in time (`age`): the intervals themselves are the ones the meter opened from the engine's
// events; only their clock is the test's.
import { createHmac } from 'node:crypto';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { build, demoIds, type Client } from './helper.ts';
import { act, actSettled, host, settle } from './kinds-helpers.ts';
import { priceOf, type PriceItem, type UnitPrice } from '../../src/domain/pricing.ts';
import { shanghaiDay } from '../../src/domain/billing/billing.ts';

// The simulated payment gateway's merchant key, known to the test so it can replay and forge notices.
const GATEWAY_KEY = 'billing-test-merchant-key';
process.env.PAYMENT_GATEWAY_KEY = GATEWAY_KEY;

let app: Awaited<ReturnType<typeof build>>;
let c: Client;
let tenantId: string;
beforeAll(async () => {
  app = await build();
  c = await app.as('tenant_admin');
  tenantId = c.territories[0]!.tenant_id;
});
afterAll(async () => {
  await app.close();
});

const HOUR = 3_600_000;
const today = () => shanghaiDay(new Date());
const daysAgo = (n: number) => shanghaiDay(new Date(Date.now() - n * 86_400_000));
const monthsAgo = (n: number) => {
  const d = new Date(Date.now() + 8 * HOUR);
  return new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth() - n, 1)).toISOString().slice(0, 7);
};

/** Moves a resource's metered history `hours` back (the test's clock), once the meter has caught up. */
async function age(resourceId: string, hours: number) {
  // The engine's last event may still be on its way (PostgreSQL delivers it by NOTIFY): meter the
  // resource as it is now, as that event will (it then finds nothing left to do).
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

/** Unit prices as the charging packages API lists them (what a buyer sees). */
async function unitsFromApi(codes: string[]): Promise<UnitPrice[]> {
  const out: UnitPrice[] = [];
  for (const code of codes) {
    const res = await c.req({ method: 'GET', url: `/api/charging-pkgs?product_code=${code}&tenant_id=${tenantId}` });
    expect(res.statusCode).toBe(200);
    for (const p of res.json().data as { code: 'year' | 'quantity'; unit_price_fen: number; name: string; measurement_display: string; product_code: string }[])
      out.push({
        product_code: code,
        charging_code: p.code,
        unit_price_fen: Number(p.unit_price_fen),
        measurement_display: p.measurement_display,
        package_name: p.name,
      });
  }
  return out;
}

type Line = {
  day: string;
  resource_id: string;
  charging_code: string;
  items: PriceItem[];
  hours: number;
  amount_fen: number;
  original_fen: number;
  currency: string;
  original_amount: number;
  rate: string;
};

async function linesOf(resourceId: string, client = c, level = 'projects') {
  const res = await client.req({
    method: 'GET',
    url: `/api/v1/cloud/bills/${level}/lines?start_date=${daysAgo(4)}&end_date=${today()}&resource_id=${resourceId}&__limit=500`,
  });
  expect(res.statusCode).toBe(200);
  return res.json() as { count: number; data: Line[]; summary: { amount_fen: number } };
}

describe('metering a pay-as-you-go host', () => {
  it('bills each interval of its life at hours × the package price: running, resized, stopped (compute stops on a public cloud)', async () => {
    const h = await host(app, c, { vendor: 'ali' });
    expect(h.status).toBe('running');
    await age(h.id, 20);
    await actSettled(c, 'instances', h.id, { action: 'resize', flavor: 's6.medium.2' });
    await age(h.id, 10);
    await actSettled(c, 'instances', h.id, { action: 'stop' });
    await age(h.id, 5);

    const { data, summary } = await linesOf(h.id);
    const units = await unitsFromApi(['instance', 'volume']);
    const byFlavor = (q: number) => data.filter((l) => l.items.some((i) => i.product_code === 'instance' && i.quantity === q));
    const large = byFlavor(1.1); // s6.large.2 (2 cores 4 GB = 1 unit) × Alibaba Cloud's 1.1
    const medium = byFlavor(0.55); // s6.medium.2 (1 core 2 GB = 0.5 units) × 1.1
    const stopped = data.filter((l) => !l.items.some((i) => i.product_code === 'instance'));
    const hours = (ls: Line[]) => ls.reduce((s, l) => s + l.hours, 0);
    expect(hours(large)).toBeCloseTo(20, 1);
    expect(hours(medium)).toBeCloseTo(10, 1);
    expect(hours(stopped)).toBeCloseTo(5, 1);
    expect(stopped.every((l) => l.items.length === 1 && l.items[0]!.product_code === 'volume')).toBe(true);
    for (const l of data) {
      expect(l.charging_code).toBe('quantity');
      expect(l.currency).toBe('CNY');
      expect(l.amount_fen).toBe(priceOf({ items: l.items, units, charging_code: 'quantity', count: 1, hours: l.hours }).sum_price);
    }
    expect(summary.amount_fen).toBe(data.reduce((s, l) => s + l.amount_fen, 0));
    expect(summary.amount_fen).toBeGreaterThan(0);
  });

  it('stops billing in the recycle bin and resumes on recovery', async () => {
    const h = await host(app, c);
    await age(h.id, 3);
    const del = await act(c, 'instances', h.id, { action: 'delete' });
    expect(del.statusCode).toBe(200);
    expect((await settle(c, 'instances', h.id))!.status).toBe('deleted');
    await age(h.id, 6);
    await actSettled(c, 'instances', h.id, { action: 'recover' });
    await age(h.id, 2);
    const { data } = await linesOf(h.id);
    // 3 h before the delete and 2 h after the recovery (stopped on a private cloud: still billed); 6 h in the bin unbilled.
    expect(data.reduce((s, l) => s + l.hours, 0)).toBeCloseTo(5, 1);
  });
});

describe('a yearly host', () => {
  it('pays its period once, at the purchase price of the pricing module, and no hourly lines', async () => {
    const h = await host(app, c, { extra: { charging_code: 'year', duration: 3 } });
    await age(h.id, 30);
    const { data } = await linesOf(h.id);
    expect(data).toHaveLength(1);
    expect(data[0]!.charging_code).toBe('year');
    const units = await unitsFromApi(['instance', 'volume']);
    const price = priceOf({ items: data[0]!.items, units, charging_code: 'year', duration: 3, count: 1 });
    expect(data[0]!.amount_fen).toBe(price.sum_price);
    const bought = await c.req({ method: 'GET', url: `/api/instances/${h.id}` });
    expect(bought.json().spec.price_fen).toBe(price.sum_price);
  });
});

describe('currencies', () => {
  it('keeps a USD account line in dollars and converts it with the rate of its day', async () => {
    const admin = await app.as('admin');
    const set = (effective_date: string, rate: string) =>
      admin.req({ method: 'PUT', url: '/api/v1/cloud/exchange-rates', tenant: tenantId, project: null, payload: { currency: 'USD', effective_date, rate } });
    expect((await set(daysAgo(1), '7.0100')).statusCode).toBe(200);
    expect((await set(today(), '7.3500')).statusCode).toBe(200);
    expect((await set(today(), '7.35001')).statusCode).toBe(400);
    expect(
      (await c.req({ method: 'PUT', url: '/api/v1/cloud/exchange-rates', payload: { currency: 'USD', effective_date: today(), rate: '1' } })).statusCode,
    ).toBe(403);

    const h = await host(app, c, { vendor: 'hwyun' });
    await age(h.id, 26);
    const { data } = await linesOf(h.id);
    const units = await unitsFromApi(['instance', 'volume']);
    const yesterday = data.filter((l) => l.day === daysAgo(1));
    const now = data.filter((l) => l.day === today());
    expect(yesterday.length).toBeGreaterThan(0);
    expect(now.length).toBeGreaterThan(0);
    for (const [ls, rate] of [
      [yesterday, 7.01],
      [now, 7.35],
    ] as const) {
      for (const l of ls) {
        expect(l.currency).toBe('USD');
        expect(l.rate).toBe(rate.toFixed(4));
        const fenList = priceOf({ items: l.items, units, charging_code: 'quantity', count: 1, hours: l.hours }).sum_price;
        expect(l.original_amount).toBe(Math.round(fenList / 7.2));
        expect(l.amount_fen).toBe(Math.round((l.original_amount * Math.round(rate * 10000)) / 10000));
      }
    }
    const rates = await c.req({ method: 'GET', url: '/api/v1/cloud/exchange-rates' });
    expect(rates.json().data.find((r: { effective_date: string }) => r.effective_date === today()).rate).toBe('7.3500');
  });
});

describe('monthly bills', () => {
  it('has twelve months of demo history by vendor, product and project, one currency', async () => {
    // Months that are over: their sums no longer move while the test reads them.
    const range = `start_month=${monthsAgo(12)}&end_month=${monthsAgo(1)}`;
    const res = await c.req({ method: 'GET', url: `/api/v1/cloud/bills/tenants/monthly?${range}`, project: null });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.count).toBe(12);
    expect(body.currency).toBe('CNY');
    expect(body.data.filter((m: { amount_fen: number }) => m.amount_fen > 0).length).toBeGreaterThanOrEqual(10);
    expect(body.data.every((m: { state: string; bill_id: string }) => m.state && m.bill_id)).toBe(true);
    for (const g of ['vendor', 'product', 'project', 'region']) {
      const r = await c.req({ method: 'GET', url: `/api/v1/cloud/bills/tenants/monthly?${range}&group_by=${g}`, project: null });
      expect(r.statusCode).toBe(200);
      const rows = r.json().data as { key: string; label: string | null; amount_fen: number }[];
      expect(rows.length).toBeGreaterThan(1);
      expect(rows.reduce((s, x) => s + x.amount_fen, 0)).toBe(body.summary.amount_fen);
      if (g === 'project' || g === 'region') expect(rows.every((x) => x.label || (g === 'region' && x.key === ''))).toBe(true);
      if (g === 'vendor') expect(rows.map((x) => x.key)).toContain('hwyun');
    }
    const pub = await c.req({ method: 'GET', url: `/api/v1/cloud/bills/tenants/monthly?${range}&group_by=vendor&cloud=public`, project: null });
    expect(
      pub
        .json()
        .data.map((x: { key: string }) => x.key)
        .sort(),
    ).toEqual(['ali', 'ctyun', 'hwyun', 'tencent']);
    const daily = await c.req({ method: 'GET', url: `/api/v1/cloud/bills/tenants/daily?start_date=${daysAgo(29)}&end_date=${today()}`, project: null });
    expect(daily.json().count).toBe(30);
  });

  it('refuses a range beyond 12 months or reversed, in the caller language', async () => {
    const far = await c.req({
      method: 'GET',
      url: `/api/v1/cloud/bills/tenants/monthly?start_month=${monthsAgo(12)}&end_month=${monthsAgo(0)}`,
      project: null,
    });
    expect(far.statusCode).toBe(400);
    expect(far.json().description).toBe('查询范围不能超过 12 个月');
    const tw = await c.req({ method: 'GET', url: `/api/v1/cloud/bills/projects/daily?start_date=${monthsAgo(13)}-01&end_date=${today()}`, lang: 'zh-TW' });
    expect(tw.statusCode).toBe(400);
    expect(tw.json().description).toBe('查詢範圍不能超過 12 個月');
    const back = await c.req({
      method: 'GET',
      url: `/api/v1/cloud/bills/tenants/monthly?start_month=${monthsAgo(0)}&end_month=${monthsAgo(2)}`,
      project: null,
    });
    expect(back.statusCode).toBe(400);
    expect((await c.req({ method: 'GET', url: '/api/v1/cloud/bills/tenants/monthly?start_month=2026-13&end_month=2026-01', project: null })).statusCode).toBe(
      400,
    );
  });

  it('goes 未确认 → 已确认 → 已申请开票; only in order, only past months, only by the tenant admin', async () => {
    const list = await c.req({ method: 'GET', url: `/api/v1/cloud/bills/tenants/checks?start_month=${monthsAgo(2)}&end_month=${monthsAgo(0)}`, project: null });
    expect(list.statusCode).toBe(200);
    const rows = list.json().data as { id: string; month: string; state: string; amount_fen: number }[];
    const last = rows.find((r) => r.month === monthsAgo(1))!;
    const current = rows.find((r) => r.month === monthsAgo(0))!;
    expect(last.state).toBe('unconfirmed');
    const post = (id: string, a: string, who = c) =>
      who.req({ method: 'POST', url: `/api/v1/cloud/bills/tenants/checks/${id}/${a}`, ...(who === c ? { project: null } : {}) });
    const early = await post(last.id, 'submit');
    expect(early.statusCode).toBe(409);
    expect(early.json().description).toBe('该账单尚未确认，不能提交');
    expect((await post(current.id, 'confirm')).json().description).toBe('本月尚未结束，账单不能确认');
    const ok = await post(last.id, 'confirm');
    expect(ok.statusCode).toBe(200);
    expect(ok.json().state).toBe('confirmed');
    expect((await post(last.id, 'confirm')).statusCode).toBe(409);
    expect((await post(last.id, 'submit')).json().state).toBe('invoice_applied');
    const detail = await c.req({ method: 'GET', url: `/api/v1/cloud/bills/tenants/checks/${last.id}`, project: null });
    expect(detail.json()).toMatchObject({ state: 'invoice_applied', month: monthsAgo(1) });
    expect(detail.json().summary.amount_fen).toBe(last.amount_fen);
    // A project member cannot read or confirm the tenant's bills.
    const member = await app.as('member');
    expect((await member.req({ method: 'GET', url: `/api/v1/cloud/bills/tenants/checks/${current.id}` })).statusCode).toBe(403);
    expect((await post(current.id, 'confirm', member)).statusCode).toBe(403);
  });
});

describe('isolation', () => {
  it("never shows one tenant another tenant's bills, lines or bill ids; a member only their project", async () => {
    const h = await host(app, c);
    await age(h.id, 2);
    const other = await app.as('fin_admin');
    expect(
      (
        await other.req({
          method: 'GET',
          url: `/api/v1/cloud/bills/tenants/lines?start_date=${daysAgo(2)}&end_date=${today()}&resource_id=${h.id}`,
          project: null,
        })
      ).statusCode,
    ).toBe(404);
    expect(
      (await other.req({ method: 'GET', url: `/api/v1/cloud/bills/projects/lines?start_date=${daysAgo(2)}&end_date=${today()}&resource_id=${h.id}` }))
        .statusCode,
    ).toBe(404);
    const theirs = await other.req({
      method: 'GET',
      url: `/api/v1/cloud/bills/tenants/monthly?start_month=${monthsAgo(0)}&end_month=${monthsAgo(0)}&group_by=resource`,
      project: null,
    });
    expect(theirs.statusCode).toBe(200);
    expect(theirs.json().data.map((r: { key: string }) => r.key)).not.toContain(h.id);
    const ours = await c.req({ method: 'GET', url: `/api/v1/cloud/bills/tenants/checks?start_month=${monthsAgo(0)}&end_month=${monthsAgo(0)}`, project: null });
    const billId = ours.json().data[0].id as string;
    expect((await other.req({ method: 'GET', url: `/api/v1/cloud/bills/tenants/checks/${billId}`, project: null })).statusCode).toBe(404);
    expect((await other.req({ method: 'POST', url: `/api/v1/cloud/bills/tenants/checks/${billId}/confirm`, project: null })).statusCode).toBe(404);
    // Naming our tenant in the header does not help: 404 like a missing tenant.
    expect(
      (
        await other.req({
          method: 'GET',
          url: `/api/v1/cloud/bills/tenants/monthly?start_month=${monthsAgo(0)}&end_month=${monthsAgo(0)}`,
          tenant: tenantId,
          project: null,
        })
      ).statusCode,
    ).toBe(404);

    const ids = await demoIds(app.ctx.db);
    const member = await app.as('member');
    const own = member.territories[0]!.projects[0]!.project_id;
    const byProject = await member.req({
      method: 'GET',
      url: `/api/v1/cloud/bills/projects/monthly?start_month=${monthsAgo(11)}&end_month=${monthsAgo(0)}&group_by=project`,
    });
    expect(byProject.statusCode).toBe(200);
    expect(byProject.json().data.map((r: { key: string }) => r.key)).toEqual([own]);
    const notTheirs = ids.projects.find((p) => p.tenant_id === tenantId && p.id !== own)!.id;
    expect(
      (
        await member.req({
          method: 'GET',
          url: `/api/v1/cloud/bills/projects/monthly?start_month=${monthsAgo(0)}&end_month=${monthsAgo(0)}`,
          project: notTheirs,
        })
      ).statusCode,
    ).toBe(404);
    expect(
      (await member.req({ method: 'GET', url: `/api/v1/cloud/bills/tenants/monthly?start_month=${monthsAgo(0)}&end_month=${monthsAgo(0)}` })).statusCode,
    ).toBe(403);
  });
});

describe('cost centre', () => {
  const sign = (n: { trade_id: string; amount_fen: number; gateway_trade_no: string; paid_at: string }) =>
    createHmac('sha256', GATEWAY_KEY).update(`${n.trade_id}|${n.amount_fen}|${n.gateway_trade_no}|${n.paid_at}`).digest('hex');
  const account = async () => (await c.req({ method: 'GET', url: '/api/v1/cloud/cost-center', project: null })).json();

  it('shows balance = opening + paid recharges − consumption, and available = balance + credit', async () => {
    const a = await account();
    expect(a.available_fen).toBe(a.balance_fen + a.credit_fen);
    expect(a.consumed_fen).toBeGreaterThan(0);
    const opening = await app.ctx.db.selectFrom('cost_accounts').select('opening_fen').where('tenant_id', '=', tenantId).executeTakeFirstOrThrow();
    expect(a.balance_fen).toBe(Number(opening.opening_fen) + a.recharged_fen - a.consumed_fen);
  });

  it('refuses amounts with more than two decimals, zero, negative or not a number; nothing is recorded', async () => {
    const before = (await c.req({ method: 'GET', url: '/api/v1/cloud/cost-center/recharges', project: null })).json().data.length;
    const bad = await c.req({ method: 'POST', url: '/api/v1/cloud/cost-center/recharges', project: null, payload: { amount: '100.001' } });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ field: 'amount', description: 'amount：最多保留两位小数' });
    for (const amount of ['0', '0.00', '-1', 'abc', '1e3', 100]) {
      expect((await c.req({ method: 'POST', url: '/api/v1/cloud/cost-center/recharges', project: null, payload: { amount } })).statusCode).toBe(400);
    }
    expect((await c.req({ method: 'PUT', url: '/api/v1/cloud/cost-center/threshold', project: null, payload: { threshold: '1.234' } })).statusCode).toBe(400);
    expect((await c.req({ method: 'GET', url: '/api/v1/cloud/cost-center/recharges', project: null })).json().data.length).toBe(before);
  });

  it("credits a recharge once, when the gateway's signed notice arrives; forged or replayed notices change nothing", async () => {
    const before = await account();
    const res = await c.req({ method: 'POST', url: '/api/v1/cloud/cost-center/recharges', project: null, payload: { amount: '1234.56' } });
    expect(res.statusCode).toBe(201);
    const r = res.json();
    expect(r).toMatchObject({ amount_fen: 123456, state: 'pending' });
    await expect
      .poll(async () => (await c.req({ method: 'GET', url: `/api/v1/cloud/cost-center/recharges/${r.id}`, project: null })).json().state, { timeout: 5000 })
      .toBe('paid');
    expect((await account()).recharged_fen).toBe(before.recharged_fen + 123456);
    const paid = (await c.req({ method: 'GET', url: `/api/v1/cloud/cost-center/recharges/${r.id}`, project: null })).json();
    const notice = { trade_id: r.id, amount_fen: 123456, gateway_trade_no: paid.gateway_trade_no, paid_at: new Date(paid.paid_at).toISOString() };
    // The gateway's notice again (a retry): accepted, counted once.
    const replay = await app.inject({ method: 'POST', url: '/api/v1/cloud/payment/callback', payload: { ...notice, sign: sign(notice) } });
    expect(replay.statusCode).toBe(200);
    expect((await account()).recharged_fen).toBe(before.recharged_fen + 123456);
    // A notice for a pending recharge with a wrong signature or an altered amount is refused.
    const pending = (await c.req({ method: 'POST', url: '/api/v1/cloud/cost-center/recharges', project: null, payload: { amount: '10' } })).json();
    const forged = { trade_id: pending.id, amount_fen: 99_999_900, gateway_trade_no: 'X1', paid_at: new Date().toISOString() };
    const f1 = await app.inject({ method: 'POST', url: '/api/v1/cloud/payment/callback', payload: { ...forged, sign: 'ab'.repeat(32) } });
    expect(f1.statusCode).toBe(400);
    expect(f1.json().description).toBe('支付回调签名无效');
    const f2 = await app.inject({ method: 'POST', url: '/api/v1/cloud/payment/callback', payload: { ...forged, sign: sign({ ...forged, amount_fen: 1000 }) } });
    expect(f2.statusCode).toBe(400);
  });

  it('tells the tenant admins once when the available amount falls below the warning threshold', async () => {
    const a = await account();
    const admin = await app.ctx.db.selectFrom('users').select('id').where('account', '=', 'tenant_admin').executeTakeFirstOrThrow();
    const count = async () =>
      (
        await app.ctx.db
          .selectFrom('site_messages')
          .select('id')
          .where('user_id', '=', admin.id)
          .where('message_key', '=', 'billing:messages.low_balance')
          .execute()
      ).length;
    const n0 = await count();
    const above = ((a.available_fen + 100_000) / 100).toFixed(2);
    const set = await c.req({ method: 'PUT', url: '/api/v1/cloud/cost-center/threshold', project: null, payload: { threshold: above } });
    expect(set.statusCode).toBe(200);
    expect(set.json()).toMatchObject({ warn_threshold_fen: a.available_fen + 100_000, warned: true });
    expect(await count()).toBe(n0 + 1);
    const msg = await app.ctx.db
      .selectFrom('site_messages')
      .selectAll()
      .where('user_id', '=', admin.id)
      .orderBy('created_at', 'desc')
      .executeTakeFirstOrThrow();
    expect(msg).toMatchObject({ category: 'billing', link: '/costCenter' });
    // Still below: no second message.
    await c.req({ method: 'PUT', url: '/api/v1/cloud/cost-center/threshold', project: null, payload: { threshold: above } });
    expect(await count()).toBe(n0 + 1);
    await c.req({ method: 'PUT', url: '/api/v1/cloud/cost-center/threshold', project: null, payload: { threshold: null } });
  });

  it('keeps recharges and accounts inside their tenant', async () => {
    const mine = (await c.req({ method: 'GET', url: '/api/v1/cloud/cost-center/recharges', project: null })).json().data as { id: string }[];
    expect(mine.length).toBeGreaterThan(0);
    const other = await app.as('fin_admin');
    expect((await other.req({ method: 'GET', url: `/api/v1/cloud/cost-center/recharges/${mine[0]!.id}`, project: null })).statusCode).toBe(404);
    const theirs = (await other.req({ method: 'GET', url: '/api/v1/cloud/cost-center/recharges', project: null })).json().data as { id: string }[];
    expect(theirs.map((r) => r.id)).not.toContain(mine[0]!.id);
    expect((await other.req({ method: 'GET', url: '/api/v1/cloud/cost-center', tenant: tenantId, project: null })).statusCode).toBe(404);
    const member = await app.as('member');
    expect((await member.req({ method: 'GET', url: '/api/v1/cloud/cost-center' })).statusCode).toBe(403);
    expect((await member.req({ method: 'POST', url: '/api/v1/cloud/cost-center/recharges', payload: { amount: '1' } })).statusCode).toBe(403);
  });
});

describe('bill export', () => {
  it('writes the bill lines as .xlsx through the export tasks; another tenant cannot fetch it', async () => {
    const q = await c.req({ method: 'GET', url: `/api/v1/cloud/bills/projects/export?start_date=${daysAgo(10)}&end_date=${today()}` });
    expect(q.statusCode).toBe(202);
    const id = q.json().id as string;
    let task: { state: string; download_url: string | null; file_name: string } | undefined;
    await expect
      .poll(
        async () => {
          const list = (await c.req({ method: 'GET', url: '/api/export/resource/download_files?product_code=bill' })).json().data as (typeof task & {
            id: string;
          })[];
          task = list.find((x) => x!.id === id);
          return task?.state;
        },
        { timeout: 10_000 },
      )
      .toBe('done');
    expect(task!.file_name).toMatch(/^项目账单-/);
    const file = await c.req({ method: 'GET', url: task!.download_url! });
    expect(file.statusCode).toBe(200);
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(file.rawPayload as unknown as ArrayBuffer);
    const header = (book.worksheets[0]!.getRow(1).values as unknown[]).filter(Boolean).map(String);
    expect(header).toEqual(expect.arrayContaining(['日期', '资源名称', '应付金额（元）', '原币种', '原币金额', '汇率']));
    expect(book.worksheets[0]!.rowCount).toBeGreaterThan(1);
    const other = await app.as('fin_admin');
    expect((await other.req({ method: 'GET', url: task!.download_url! })).statusCode).toBe(404);
    const far = await c.req({ method: 'GET', url: `/api/v1/cloud/bills/projects/export?start_date=${monthsAgo(13)}-01&end_date=${today()}` });
    expect(far.statusCode).toBe(400);
  });
});

describe('orders', () => {
  it('records a purchase with the price result the buyer saw, and a resize with its upgrade price; other tenants see none', async () => {
    const h = await host(app, c, { extra: { charging_code: 'year', duration: 12 } });
    const bought = (await c.req({ method: 'GET', url: `/api/instances/${h.id}` })).json();
    await age(h.id, 1);
    const list = (await c.req({ method: 'GET', url: '/api/v1/cloud/orders?__limit=100', project: null })).json().data as Record<string, any>[];
    const purchase = list.find((o) => o.resource_id === h.id && o.order_type === 'purchase')!;
    expect(purchase).toMatchObject({ charging_code: 'year', duration: 12, state: 'paid', sum_price: bought.spec.price_fen });
    expect(purchase.cheap_price).toBeGreaterThan(0);
    expect(purchase.price.data[0].discounts[0].discount_config.name).toBe('yearly_two_months_free');
    const units = await unitsFromApi(['instance', 'volume']);
    const items = purchase.price.data.map((l: PriceItem) => ({ product_code: l.product_code, quantity: l.quantity }));
    const want = priceOf({ items, units, charging_code: 'year', duration: 12, count: 1 });
    expect([purchase.sum_price, purchase.cheap_price, purchase.whole_year_price]).toEqual([want.sum_price, want.cheap_price, want.whole_year_price]);

    const p = await host(app, c);
    await age(p.id, 1);
    await actSettled(c, 'instances', p.id, { action: 'resize', flavor: 's6.medium.2' });
    await age(p.id, 1);
    const after = (await c.req({ method: 'GET', url: '/api/v1/cloud/orders?__limit=100', project: null })).json().data as Record<string, any>[];
    expect(
      after
        .filter((o) => o.resource_id === p.id)
        .map((o) => o.order_type)
        .sort(),
    ).toEqual(['purchase', 'resize']);
    const resize = after.find((o) => o.resource_id === p.id && o.order_type === 'resize')!;
    expect(resize.price.sum_before_upgrade_price).toBeGreaterThan(0);

    const detail = await c.req({ method: 'GET', url: `/api/v1/cloud/orders/${purchase.id}`, project: null });
    expect(detail.statusCode).toBe(200);
    const other = await app.as('fin_admin');
    expect((await other.req({ method: 'GET', url: `/api/v1/cloud/orders/${purchase.id}`, project: null })).statusCode).toBe(404);
    const theirs = (await other.req({ method: 'GET', url: '/api/v1/cloud/orders?__limit=100', project: null })).json().data as { id: string }[];
    expect(theirs.map((o) => o.id)).not.toContain(purchase.id);
    const member = await app.as('member');
    const own = member.territories[0]!.projects[0]!.project_id;
    const mine = (await member.req({ method: 'GET', url: '/api/v1/cloud/orders?__limit=100' })).json().data as { project_id: string }[];
    expect(mine.every((o) => o.project_id === own)).toBe(true);
  });
});
