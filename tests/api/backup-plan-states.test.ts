// Backup plan states through the real app (seed 001 §4): a new plan goes creating → installing →
// issuing → created on the simulated backup agent, each change published on the event bus; an edit
// re-issues it; editing or deleting while it is between states answers 409 (zh-CN and zh-TW) and
// changes nothing; with a failing agent it settles in the failure state; another tenant gets 404.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { build, demoIds, type Client, type TestApp } from './helper.ts';
import { BACKUP_PLAN_SETTLED } from '../../src/domain/backup-plan.ts';

type App = TestApp & Awaited<ReturnType<typeof build>>;
type Target = { id: string; project_id: string; vendor: string };
type Seen = { type: string; id: string; status?: string; tenant_id: string; project_id: string; resource_id: string; kind: string };

const weekly = (over: Record<string, unknown> = {}) => ({
  name: 'state-plan',
  schedule_type: 'full_backup',
  start_time: '02:30:00',
  backup_freq: 'week',
  backup_days: [1, 3, 5],
  retention_time: '3month',
  device_type: 'any',
  ...over,
});

async function setup(config: Record<string, unknown>) {
  const app = (await build({ config })) as App;
  const ids = await demoIds(app.ctx.db);
  const admin = await app.as('tenant_admin');
  const fin = await app.as('fin_admin');
  const row = await app.ctx.db
    .selectFrom('resources')
    .select(['id', 'project_id', 'vendor'])
    .where('tenant_id', '=', ids.huadong)
    .where('kind', '=', 'instance')
    .where('vendor', '!=', 'ctyun')
    .where('status', 'not in', ['deleted', '__removed'])
    .orderBy('name')
    .executeTakeFirstOrThrow();
  const seen: Seen[] = [];
  app.engine.bus.subscribe((e) => {
    if (e.type === 'backup_plan.status' || e.type === 'backup_plan.removed') seen.push(e);
  });
  return { app, ids, admin, fin, host: row as Target, seen };
}

function api(c: Client, t: Target) {
  return {
    create: (body: Record<string, unknown>) =>
      c.req({ method: 'POST', url: '/api/v1/backup-policies', project: t.project_id, payload: { resource_id: t.id, ...body } }),
    get: (id: string) => c.req({ method: 'GET', url: `/api/v1/backup-policies/${id}`, project: t.project_id }),
    put: (id: string, body: Record<string, unknown>, lang?: string) =>
      c.req({ method: 'PUT', url: `/api/v1/backup-policies/${id}`, project: t.project_id, payload: body, lang }),
    del: (id: string, lang?: string) => c.req({ method: 'DELETE', url: `/api/v1/backup-policies/${id}`, project: t.project_id, lang }),
  };
}

/** Waits until the plan's published states end in a settled one; answers them in order. */
async function statesOf(seen: Seen[], id: string, timeoutMs = 10_000): Promise<string[]> {
  const end = Date.now() + timeoutMs;
  for (;;) {
    const states = seen.filter((e) => e.id === id && e.type === 'backup_plan.status').map((e) => e.status!);
    if (states.length && (BACKUP_PLAN_SETTLED as readonly string[]).includes(states.at(-1)!)) return states;
    if (Date.now() > end) throw new Error(`plan ${id}: ${states.join(' → ')}`);
    await new Promise((r) => setTimeout(r, 20));
  }
}

describe('backup plan states on a working agent', () => {
  let s: Awaited<ReturnType<typeof setup>>;
  let a: ReturnType<typeof api>;
  // A slow agent (each step 400 ms × the vendor's factor) so requests land while a plan is between states.
  beforeAll(async () => {
    s = await setup({ cloudSimDelayMs: 400, cloudSimFailureRate: 0 });
    a = api(s.admin, s.host);
  }, 60_000);
  afterAll(async () => {
    await s.app.close();
  });

  it('a new plan is creating at once and settles as created, every state published to its tenant and project', async () => {
    const res = await a.create(weekly({ name: 'life-plan' }));
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ status: 'creating', in_between: true });
    const id = res.json().id as string;
    expect(await statesOf(s.seen, id)).toEqual(['creating', 'installing', 'issuing', 'created']);
    expect(
      s.seen
        .filter((e) => e.id === id)
        .every((e) => e.tenant_id === s.ids.huadong && e.project_id === s.host.project_id && e.resource_id === s.host.id && e.kind === 'instance'),
    ).toBe(true);
    expect((await a.get(id)).json()).toMatchObject({ status: 'created', in_between: false, name: 'life-plan' });
    const listed = await s.admin.req({
      method: 'GET',
      url: `/api/v1/backup-policies?status=created&resource_id=${s.host.id}&__limit=100`,
      project: s.host.project_id,
    });
    expect(listed.json().data.map((p: { id: string }) => p.id)).toContain(id);
  });

  it('refuses edit and delete with 409 while creating, installing or issuing, and changes nothing', async () => {
    const id = (await a.create(weekly({ name: 'busy-plan' }))).json().id as string;
    const put = await a.put(id, weekly({ name: 'renamed' }));
    expect(put.statusCode).toBe(409);
    expect(put.json()).toEqual({ title: expect.any(String), description: '备份策略正在创建、安装或下发中，暂不能编辑，请稍后再试' });
    const putTw = await a.put(id, weekly({ name: 'renamed' }), 'zh-TW');
    expect(putTw.json().description).toBe('備份策略正在建立、安裝或下發中，暫不能編輯，請稍後再試');
    const del = await a.del(id);
    expect(del.statusCode).toBe(409);
    expect(del.json().description).toBe('备份策略正在创建、安装或下发中，暂不能删除，请稍后再试');
    expect((await a.del(id, 'zh-TW')).json().description).toBe('備份策略正在建立、安裝或下發中，暫不能刪除，請稍後再試');
    const now = (await a.get(id)).json();
    expect(now.name).toBe('busy-plan');
    expect(now.in_between).toBe(true);
    expect(await statesOf(s.seen, id)).toEqual(['creating', 'installing', 'issuing', 'created']);
    expect((await a.get(id)).json().name).toBe('busy-plan');
  });

  it('an edit re-issues a created plan (issuing → created), refused again while issuing; then it can be deleted', async () => {
    const id = (await a.create(weekly({ name: 'reissue-plan' }))).json().id as string;
    await statesOf(s.seen, id);
    const put = await a.put(id, weekly({ name: 'reissued', start_time: '04:00:00' }));
    expect(put.statusCode).toBe(200);
    expect(put.json()).toMatchObject({ name: 'reissued', start_time: '04:00:00', status: 'issuing', in_between: true });
    expect((await a.put(id, weekly({ name: 'again' }))).statusCode).toBe(409);
    expect((await a.del(id)).statusCode).toBe(409);
    // The edit's own states follow the four of the creation.
    const end = Date.now() + 10_000;
    let states: string[] = [];
    while (Date.now() < end) {
      states = s.seen.filter((e) => e.id === id && e.type === 'backup_plan.status').map((e) => e.status!);
      if (states.length === 6) break;
      await new Promise((r) => setTimeout(r, 20));
    }
    expect(states.slice(4)).toEqual(['issuing', 'created']);
    expect((await a.get(id)).json()).toMatchObject({ name: 'reissued', status: 'created' });
    const del = await a.del(id);
    expect(del.statusCode).toBe(200);
    // On PostgreSQL events travel through LISTEN/NOTIFY: they arrive a moment after the answer.
    await expect.poll(() => s.seen.some((e) => e.id === id && e.type === 'backup_plan.removed'), { timeout: 5_000, interval: 20 }).toBe(true);
    expect((await a.get(id)).statusCode).toBe(404);
  });

  it("another tenant gets 404 for a plan between states and sees none of its events' plans", async () => {
    const id = (await a.create(weekly({ name: 'hd-busy-secret' }))).json().id as string;
    const own = { tenant: s.ids.finance, project: s.ids.project('core-trading') };
    for (const method of ['GET', 'PUT', 'DELETE'] as const) {
      const res = await s.fin.req({ method, url: `/api/v1/backup-policies/${id}`, ...own, ...(method === 'PUT' ? { payload: weekly() } : {}) });
      expect(res.statusCode, method).toBe(404);
      expect(res.body).not.toContain('hd-busy-secret');
    }
    const list = await s.fin.req({ method: 'GET', url: '/api/v1/backup-policies?status=creating&__limit=100', ...own });
    expect(list.json().data.some((p: { id: string }) => p.id === id)).toBe(false);
    expect(await statesOf(s.seen, id)).toEqual(['creating', 'installing', 'issuing', 'created']);
    expect((await a.get(id)).json().name).toBe('hd-busy-secret');
  });

  it('demo plans are settled', async () => {
    const rows = await s.app.ctx.db.selectFrom('backup_plans').select(['status', 'step_due_at']).where('created_by', 'is', null).execute();
    expect(rows.length).toBeGreaterThan(0);
    for (const r of rows) {
      expect(BACKUP_PLAN_SETTLED as readonly string[]).toContain(r.status);
      expect(r.step_due_at).toBeNull();
    }
  });
});

describe('backup plan states on a failing agent', () => {
  let s: Awaited<ReturnType<typeof setup>>;
  let a: ReturnType<typeof api>;
  beforeAll(async () => {
    s = await setup({ cloudSimDelayMs: 50, cloudSimFailureRate: 1 });
    a = api(s.admin, s.host);
  }, 60_000);
  afterAll(async () => {
    await s.app.close();
  });

  it('a new plan fails into create_failed; an edit retries creation and fails again; a failed plan can be deleted', async () => {
    const res = await a.create(weekly({ name: 'doomed-plan' }));
    expect(res.statusCode).toBe(201);
    expect(res.json().status).toBe('creating');
    const id = res.json().id as string;
    expect(await statesOf(s.seen, id)).toEqual(['creating', 'create_failed']);
    expect((await a.get(id)).json()).toMatchObject({ status: 'create_failed', in_between: false });
    const put = await a.put(id, weekly({ name: 'doomed-again' }));
    expect(put.statusCode).toBe(200);
    expect(put.json().status).toBe('creating');
    const end = Date.now() + 10_000;
    while ((await a.get(id)).json().in_between && Date.now() < end) await new Promise((r) => setTimeout(r, 20));
    expect((await a.get(id)).json()).toMatchObject({ name: 'doomed-again', status: 'create_failed' });
    expect((await a.del(id)).statusCode).toBe(200);
  });
});
