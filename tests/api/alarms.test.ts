// Alarm policies, the alarm inbox (ack / silence / claim), monitoring metrics and tenant isolation,
// through the real app on a fresh database with the demo data (its alarms come from the evaluator).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { build, demoIds, type TestApp, type Helpers } from './helper.ts';
import type { KyselyPlugin } from 'kysely';
import { evaluateDue, evaluatePolicy } from '../../src/server/alarms/alarm-evaluator.ts';
import { newId } from '../../src/domain/ids.ts';

let app: TestApp & Helpers;
let ids: Awaited<ReturnType<typeof demoIds>>;

beforeAll(async () => {
  // The evaluator runs only when a test calls it: on its timer it would fire new alarms while the
  // inbox is read, and claim the policies a test inserts before the test's own claims do.
  app = await build({ config: { alarmEvaluation: false } });
  ids = await demoIds(app.ctx.db);
});
afterAll(async () => {
  await app?.close();
});

const hostOf = async (tenantId: string, status = 'running') =>
  app.ctx.db
    .selectFrom('resources')
    .select(['id', 'project_id', 'name'])
    .where('tenant_id', '=', tenantId)
    .where('kind', '=', 'instance')
    .where('status', '=', status)
    .orderBy('name')
    .executeTakeFirstOrThrow();
const userId = async (account: string) => (await app.ctx.db.selectFrom('users').select('id').where('account', '=', account).executeTakeFirstOrThrow()).id;

const policy = (over: Record<string, unknown> = {}) => ({
  name: 'CPU 过高（测试）',
  kind: 'instance',
  metric: 'cpu',
  level: 'high',
  operator: 'gt',
  threshold: 90,
  occurrences: 3,
  samples: 5,
  max_alarms: 2,
  source: 'base',
  receivers: [] as string[],
  target_type: 'kind',
  ...over,
});

describe('alarm policies', () => {
  it('creates, reads, updates and deletes a policy of the caller tenant', async () => {
    const admin = await app.as('tenant_admin');
    const receivers = [await userId('tenant_admin'), await userId('oncall')];
    const created = await admin.req({ method: 'POST', url: '/api/v1/alarm-policies', payload: policy({ receivers }) });
    expect(created.statusCode, created.body).toBe(201);
    const p = created.json();
    expect(p).toMatchObject({ level: 'high', occurrences: 3, samples: 5, receivers, receiver_names: ['华东制造 管理员 李娜', '值班运维 王磊'] });
    const upd = await admin.req({ method: 'PATCH', url: `/api/v1/alarm-policies/${p.id}`, payload: { threshold: 95.5, level: 'low' } });
    expect(upd.statusCode, upd.body).toBe(200);
    expect(upd.json()).toMatchObject({ threshold: 95.5, level: 'low', metric: 'cpu' });
    const list = await admin.req({ method: 'GET', url: '/api/v1/alarm-policies?level=low' });
    expect(list.json().data.map((x: { id: string }) => x.id)).toContain(p.id);
    expect((await admin.req({ method: 'DELETE', url: `/api/v1/alarm-policies/${p.id}` })).statusCode).toBe(200);
    expect((await admin.req({ method: 'GET', url: `/api/v1/alarm-policies/${p.id}` })).statusCode).toBe(404);
  });

  it('refuses what breaks the rules, naming the field, and changes nothing', async () => {
    const admin = await app.as('tenant_admin');
    const me = await userId('tenant_admin');
    const before = (await admin.req({ method: 'GET', url: '/api/v1/alarm-policies' })).json().count;
    const cases: [Record<string, unknown>, string, string][] = [
      [{ occurrences: 6, samples: 5 }, 'occurrences', '触发次数不能大于采样次数'],
      [{ metric: 'connections' }, 'metric', '该资源类型不支持此监控指标'],
      [{ metric: 'memory', source: 'base' }, 'source', '监控来源与指标不匹配'],
      [{ threshold: 101 }, 'threshold', '不能大于 100'],
      [{ threshold: 90.123 }, 'threshold', '最多保留两位小数'],
      [{ level: 'critical' }, 'level', '取值不在允许范围内'],
      [{ receivers: [] }, 'receivers', '不能小于 1'],
      [{ receivers: [await userId('fin_admin')] }, 'receivers.0', '接收人须为本租户或平台运维的用户'],
      [{ target_type: 'tag', target_value: 'nocolon' }, 'target_value', '标签须写作“键:值”'],
      [{ target_type: 'resource', target_value: (await hostOf(ids.finance)).id }, 'target_value', '告警对象不存在或不可见'],
      [{ max_alarms: 0 }, 'max_alarms', '不能小于 1'],
    ];
    for (const [over, field, text] of cases) {
      const res = await admin.req({ method: 'POST', url: '/api/v1/alarm-policies', payload: policy({ receivers: [me], ...over }) });
      expect(res.statusCode, JSON.stringify(over)).toBe(400);
      expect(res.json().description).toContain(field);
      expect(res.json().description).toContain(text);
    }
    const tw = await admin.req({ method: 'POST', url: '/api/v1/alarm-policies', lang: 'zh-TW', payload: policy({ receivers: [me], occurrences: 9 }) });
    expect(tw.json().description).toContain('觸發次數不能大於採樣次數');
    expect((await admin.req({ method: 'GET', url: '/api/v1/alarm-policies' })).json().count).toBe(before);
  });

  it('refuses a project member who may not configure, and hides other tenants', async () => {
    const approver = await app.as('approver');
    const res = await approver.req({ method: 'POST', url: '/api/v1/alarm-policies', payload: policy({ receivers: [await userId('approver')] }) });
    expect(res.statusCode).toBe(403);
    const fin = await app.as('fin_admin');
    const theirs = (await fin.req({ method: 'GET', url: '/api/v1/alarm-policies' })).json().data[0];
    const admin = await app.as('tenant_admin');
    expect((await admin.req({ method: 'GET', url: `/api/v1/alarm-policies/${theirs.id}` })).statusCode).toBe(404);
    expect((await admin.req({ method: 'PATCH', url: `/api/v1/alarm-policies/${theirs.id}`, payload: { threshold: 1 } })).statusCode).toBe(404);
    expect((await admin.req({ method: 'DELETE', url: `/api/v1/alarm-policies/${theirs.id}` })).statusCode).toBe(404);
    expect((await admin.req({ method: 'GET', url: '/api/v1/alarm-policies', tenant: ids.finance })).statusCode).toBe(404);
  });
});

describe('the alarm inbox', () => {
  // The demo's alarms depend on which incidents are under way; a policy every running host breaches
  // (memory ≥ 0 %) makes sure each tenant has firing alarms, through the real evaluator.
  beforeAll(async () => {
    const oncall = await app.as('oncall');
    const me = await userId('oncall');
    for (const tenant of [ids.huadong, ids.finance]) {
      const res = await oncall.req({
        method: 'POST',
        url: '/api/v1/alarm-policies',
        tenant,
        project: null,
        payload: policy({
          name: '内存（必触发）',
          metric: 'memory',
          source: 'os',
          operator: 'gte',
          threshold: 0,
          level: 'medium',
          occurrences: 1,
          samples: 1,
          receivers: [me],
        }),
      });
      expect(res.statusCode, res.body).toBe(201);
    }
    await app.ctx.alarms.evaluateDue();
  });

  it('lists the seeded alarms firing first by level, with cursor paging', async () => {
    const oncall = await app.as('oncall');
    const all = await oncall.req({ method: 'GET', url: '/api/v1/alarms?__limit=100', tenant: ids.huadong, project: null });
    expect(all.statusCode, all.body).toBe(200);
    const body = all.json();
    expect(body.count).toBeGreaterThan(0);
    const ranks = body.data.map((a: { sort_rank: number }) => a.sort_rank);
    expect([...ranks].sort((a, b) => a - b)).toEqual(ranks);
    expect(body.data.every((a: { tenant_id: string }) => a.tenant_id === ids.huadong)).toBe(true);
    // Pages of 2 walk the same order without repeats.
    const seen: string[] = [];
    let cursor: string | null = null;
    do {
      const url: string = `/api/v1/alarms?__limit=2${cursor ? `&__cursor=${cursor}` : ''}`;
      const page = (await oncall.req({ method: 'GET', url, tenant: ids.huadong, project: null })).json();
      seen.push(...page.data.map((a: { id: string }) => a.id));
      cursor = page.next_cursor;
    } while (cursor);
    expect(seen).toEqual(body.data.map((a: { id: string }) => a.id));
    const firing = (await oncall.req({ method: 'GET', url: '/api/v1/alarms?state=firing&level=high', tenant: ids.huadong, project: null })).json();
    expect(firing.data.every((a: { state: string; level: string }) => a.state === 'firing' && a.level === 'high')).toBe(true);
    expect((await oncall.req({ method: 'GET', url: '/api/v1/alarms?state=burning', tenant: ids.huadong, project: null })).statusCode).toBe(400);
  });

  it('acknowledges, claims and silences, refusing what the state does not allow', async () => {
    const oncall = await app.as('oncall');
    const scope = { tenant: ids.huadong, project: null };
    const firing = (await oncall.req({ method: 'GET', url: '/api/v1/alarms?state=firing', ...scope })).json().data;
    const a = firing.find((x: { claimed_by: string | null }) => !x.claimed_by) ?? firing[0];
    expect(a).toBeTruthy();
    const claim = await oncall.req({ method: 'POST', url: `/api/v1/alarms/${a.id}/claim`, ...scope });
    expect(claim.statusCode, claim.body).toBe(200);
    expect(claim.json()).toMatchObject({ claimed_by_name: '值班运维 王磊', state: 'firing' });
    const again = await oncall.req({ method: 'POST', url: `/api/v1/alarms/${a.id}/claim`, ...scope });
    expect(again.statusCode).toBe(409);
    expect(again.json().description).toBe('您已认领该告警');
    const ack = await oncall.req({ method: 'POST', url: `/api/v1/alarms/${a.id}/ack`, ...scope });
    expect(ack.json()).toMatchObject({ state: 'acknowledged', acknowledged_by_name: '值班运维 王磊' });
    const twice = await oncall.req({ method: 'POST', url: `/api/v1/alarms/${a.id}/ack`, ...scope, lang: 'zh-TW' });
    expect(twice.statusCode).toBe(409);
    expect(twice.json().description).toBe('該警示已被確認，無需重複確認');
    expect((await oncall.req({ method: 'POST', url: `/api/v1/alarms/${a.id}/silence`, ...scope, payload: { minutes: 0 } })).statusCode).toBe(400);
    const sil = await oncall.req({ method: 'POST', url: `/api/v1/alarms/${a.id}/silence`, ...scope, payload: { minutes: 120 } });
    expect(sil.statusCode).toBe(200);
    expect(new Date(sil.json().silenced_until).getTime()).toBeGreaterThan(Date.now() + 119 * 60_000);
    const detail = (await oncall.req({ method: 'GET', url: `/api/v1/alarms/${a.id}`, ...scope })).json();
    expect(detail.history.map((h: { change: string }) => h.change)).toEqual(['fired', 'claimed', 'acknowledged', 'silenced']);
    // The detail says where its resource's own page is (issue 28: from the alarm to the host).
    expect(detail.resource.detail_path).toMatch(new RegExp(`^/[A-Za-z_/]+(/|\\?id=)${detail.resource.id}$`));
    const resolved = (await oncall.req({ method: 'GET', url: '/api/v1/alarms?state=resolved', ...scope })).json().data[0];
    if (resolved) {
      const r = await oncall.req({ method: 'POST', url: `/api/v1/alarms/${resolved.id}/ack`, ...scope });
      expect(r.statusCode).toBe(409);
      expect(r.json().description).toBe('该告警已恢复，不能再执行此操作');
    }
  });

  it('hides another tenant’s alarms (404) and a project member sees only its project', async () => {
    const oncall = await app.as('oncall');
    const theirs = (await oncall.req({ method: 'GET', url: '/api/v1/alarms', tenant: ids.finance, project: null })).json().data[0];
    expect(theirs).toBeTruthy();
    const admin = await app.as('tenant_admin');
    for (const [method, path] of [
      ['GET', ''],
      ['POST', '/ack'],
      ['POST', '/claim'],
    ] as const)
      expect((await admin.req({ method, url: `/api/v1/alarms/${theirs.id}${path}`, project: null })).statusCode).toBe(404);
    expect((await admin.req({ method: 'POST', url: `/api/v1/alarms/${theirs.id}/silence`, project: null, payload: { minutes: 30 } })).statusCode).toBe(404);
    const mine = (await admin.req({ method: 'GET', url: '/api/v1/alarms?__limit=100', project: null })).json().data;
    expect(mine.every((a: { tenant_id: string }) => a.tenant_id === ids.huadong)).toBe(true);
    const member = await app.as('member');
    const own = member.territories[0]!.projects[0]!.project_id;
    const seen = (await member.req({ method: 'GET', url: '/api/v1/alarms?__limit=100' })).json().data;
    expect(seen.every((a: { project_id: string }) => a.project_id === own)).toBe(true);
  });
});

describe('the evaluator', () => {
  /** A policy of 华东物流 written straight to its table, breaching on any value (≥ 0), due at `now`. */
  const insertPolicy = (id: string, projectId: string, receivers: string[], now: Date, over: Record<string, unknown>) =>
    app.ctx.db
      .insertInto('alarm_policies')
      .values({
        ...policy({ receivers: undefined }),
        id,
        tenant_id: ids.logistics,
        project_id: projectId,
        threshold: 0,
        operator: 'gte',
        receivers: JSON.stringify(receivers),
        next_eval_at: now,
        created_by: receivers[0],
        created_at: now,
        updated_at: now,
        ...over,
      } as never)
      .execute();

  it('fires when N of M samples breach, respects the max count, resolves when clear, once across two claims', async () => {
    const host = await hostOf(ids.logistics);
    const oncallId = await userId('oncall');
    const id = '0'.repeat(31) + 'a';
    const now = new Date();
    await insertPolicy(id, host.project_id, [oncallId], now, { target_type: 'resource', target_value: host.id, max_alarms: 1, enabled: true });
    // Two evaluators claim at once (two server processes): the policy is evaluated once.
    const deps = app.ctx.alarms.evaluator;
    await Promise.all([evaluateDue(deps, now), evaluateDue(deps, now)]);
    const fired = await app.ctx.db.selectFrom('alarms').selectAll().where('policy_id', '=', id).execute();
    expect(fired).toHaveLength(1);
    expect(fired[0]).toMatchObject({ state: 'firing', resource_id: host.id });
    const msg = await app.ctx.db.selectFrom('site_messages').select(['link', 'message_key']).where('ref_id', '=', fired[0]!.id).executeTakeFirstOrThrow();
    expect(msg).toEqual({
      link: `/monitorAlarm?alarm=${fired[0]!.id}&tenant=${ids.logistics}&project=${host.project_id}`,
      message_key: 'alarms:messages.fired',
    });
    // The condition can no longer hold: it resolves; and with max 1 a day it does not fire again.
    const p = await app.ctx.db.selectFrom('alarm_policies').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
    await evaluatePolicy(deps, { ...p, threshold: 1e9 }, new Date(now.getTime() + 60_000));
    await evaluatePolicy(deps, p, new Date(now.getTime() + 120_000));
    const rows = await app.ctx.db.selectFrom('alarms').select(['state']).where('policy_id', '=', id).execute();
    expect(rows.map((r) => r.state)).toEqual(['resolved']);
  });
  it('fires and resolves a storm of 600 alarms in a fixed number of statements, every receiver told of each', async () => {
    const host = await hostOf(ids.logistics);
    const receivers = [await userId('oncall'), await userId('tenant_admin')];
    const now = new Date();
    const hosts = Array.from({ length: 600 }, (_, i) => ({
      id: newId(),
      kind: 'instance',
      tenant_id: ids.logistics,
      project_id: host.project_id,
      vendor: 'openstack',
      region_id: null,
      az_id: null,
      name: `storm-${String(i).padStart(3, '0')}`,
      status: 'running',
      spec: JSON.stringify({ cpu: 2, memory_gb: 4 }),
      created_at: now,
      updated_at: now,
    }));
    await app.ctx.db.insertInto('resources').values(hosts).execute();
    const id = '0'.repeat(31) + 'b';
    await insertPolicy(id, host.project_id, receivers, now, {
      target_type: 'project',
      target_value: host.project_id,
      occurrences: 1,
      samples: 1,
      max_alarms: 1,
      enabled: false,
    });
    let statements = 0;
    const counted: KyselyPlugin = {
      transformQuery: (a) => {
        statements++;
        return a.node;
      },
      transformResult: async (a) => a.result,
    };
    const deps = { ...app.ctx.alarms.evaluator, db: app.ctx.db.withPlugin(counted) };
    const p = await app.ctx.db.selectFrom('alarm_policies').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
    const stormIds = new Set(hosts.map((h) => h.id));
    const ofStorm = async (key: string) =>
      (
        await app.ctx.db
          .selectFrom('site_messages')
          .innerJoin('alarms', 'alarms.id', 'site_messages.ref_id')
          .select(['site_messages.user_id', 'alarms.resource_id'])
          .where('alarms.policy_id', '=', id)
          .where('site_messages.message_key', '=', key)
          .execute()
      ).filter((m) => stormIds.has(m.resource_id));

    const fired = await evaluatePolicy(deps, p, now);
    expect(fired).toBeGreaterThanOrEqual(600);
    // One statement per alarm would be thousands; in bulk it is a handful per 500 alarms.
    expect(statements).toBeLessThan(30);
    const told = await ofStorm('alarms:messages.fired');
    expect(told).toHaveLength(1200);
    for (const r of receivers) expect(told.filter((m) => m.user_id === r)).toHaveLength(600);

    statements = 0;
    await evaluatePolicy(deps, { ...p, threshold: 1e9 }, new Date(now.getTime() + 60_000));
    expect(statements).toBeLessThan(30);
    const rows = await app.ctx.db.selectFrom('alarms').select(['state', 'resolved_value', 'resource_id']).where('policy_id', '=', id).execute();
    const storm = rows.filter((r) => stormIds.has(r.resource_id));
    expect(storm).toHaveLength(600);
    expect(storm.every((r) => r.state === 'resolved' && typeof r.resolved_value === 'number')).toBe(true);
    expect(await ofStorm('alarms:messages.resolved')).toHaveLength(1200);
    await app.ctx.db
      .deleteFrom('resources')
      .where('id', 'in', [...stormIds])
      .execute();
  });
});

describe('monitoring metrics', () => {
  it('answers every range with units and at most ~500 points, 404 for another tenant', async () => {
    const admin = await app.as('tenant_admin');
    const host = await hostOf(ids.huadong);
    for (const range of ['1h', '3h', '6h', '12h', '1d', '3d', '1w', '1m']) {
      const res = await admin.req({ method: 'GET', url: `/api/v1/monitor/metrics?resource_id=${host.id}&metric=memory&range=${range}`, project: null });
      expect(res.statusCode, res.body).toBe(200);
      const b = res.json();
      expect(b).toMatchObject({ metric: 'memory', unit: '%' });
      expect(b.points.length).toBeLessThanOrEqual(500);
      expect(b.points.length).toBeGreaterThan(range === '1h' ? 300 : 200);
      const span = b.points.at(-1)[0] - b.points[0][0];
      expect(span).toBeGreaterThan(
        { '1h': 3500, '3h': 10700, '6h': 21500, '12h': 43000, '1d': 86000, '3d': 258000, '1w': 604000, '1m': 2591000 }[range]! * 1000 * 0.98,
      );
    }
    // 1 h of 10 s OS samples is 360 points, kept as they are; the same values on every call.
    const a = (
      await admin.req({ method: 'GET', url: `/api/v1/monitor/metrics?resource_id=${host.id}&metric=memory&range=1h&end=1790000000000`, project: null })
    ).json();
    const b = (
      await admin.req({ method: 'GET', url: `/api/v1/monitor/metrics?resource_id=${host.id}&metric=memory&range=1h&end=1790000000000`, project: null })
    ).json();
    expect(a.points).toHaveLength(360);
    expect(a.points).toEqual(b.points);
    expect((await admin.req({ method: 'GET', url: `/api/v1/monitor/metrics?resource_id=${host.id}&metric=cpu&range=2h`, project: null })).statusCode).toBe(400);
    expect((await admin.req({ method: 'GET', url: `/api/v1/monitor/metrics?resource_id=${host.id}&metric=connections`, project: null })).statusCode).toBe(400);
    const other = await hostOf(ids.finance);
    expect((await admin.req({ method: 'GET', url: `/api/v1/monitor/metrics?resource_id=${other.id}&metric=cpu`, project: null })).statusCode).toBe(404);
  });

  it('ranks the worst resources and summarises the on-call home', async () => {
    const oncall = await app.as('oncall');
    const ov = (await oncall.req({ method: 'GET', url: '/api/v1/monitor/overview', tenant: ids.huadong, project: null })).json();
    const cpu = ov.data.find((m: { metric: string }) => m.metric === 'cpu');
    expect(cpu.top.length).toBeGreaterThan(0);
    expect(cpu.top.map((r: { value: number }) => r.value)).toEqual([...cpu.top.map((r: { value: number }) => r.value)].sort((x: number, y: number) => y - x));
    const home = (await oncall.req({ method: 'GET', url: '/api/v1/alarms/oncall', tenant: ids.huadong, project: null })).json();
    expect(home.hosts.some((h: { status: string }) => h.status === 'running')).toBe(true);
    expect(Array.isArray(home.timeline)).toBe(true);
    const renew = (await oncall.req({ method: 'GET', url: '/api/v1/alarms/renewals?renewed=true', tenant: ids.huadong, project: null })).json();
    expect(renew.data.every((r: { auto_renew: boolean; renewed_months: number }) => r.auto_renew || r.renewed_months > 0)).toBe(true);
  });
});
