// Disaster recovery, CDP protection and data-lake ingestion (issue 29, ADR 0060): every rule and
// refusal of the slice, checked against the demo PostgreSQL instance of tenant_admin's 研发测试环境
// (its real tables and primary keys, its real data size), tasks that sync after the simulated
// cloud's delay, a switchover visible in the task, and another tenant's objects answering 404.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newId } from '../../src/domain/ids.ts';
import { instanceDbOf } from '../../src/server/dbconsole/dbconsole.service.ts';
import { build, demoIds, type Client } from './helper.ts';

type Json = Record<string, any>;
let app: Awaited<ReturnType<typeof build>>;
let c: Client;
let pg: Json;
let pg2: string;
let stopped: string;
const saved = process.env.MYSQL_URL;

/** A second instance beside the demo one (a row the engine reads; DR needs no engine database). */
async function twin(status: string, name: string): Promise<string> {
  const row = await app.ctx.db.selectFrom('resources').selectAll().where('id', '=', pg.id).executeTakeFirstOrThrow();
  const id = newId();
  await app.ctx.db
    .insertInto('resources')
    .values({ ...row, id, name, status, spec: JSON.stringify(row.spec) } as never)
    .execute();
  return id;
}

beforeAll(async () => {
  delete process.env.MYSQL_URL;
  // a delay long enough to see a task initializing before it syncs
  app = await build({ config: { cloudSimDelayMs: 400 } });
  c = await app.as('tenant_admin');
  const list = (await c.req({ method: 'GET', url: '/api/v1/dbinstances?__limit=100&name=demo-' })).json().data as Json[];
  pg = list.find((r) => r.spec.engine === 'postgresql')!;
  pg2 = await twin('running', 'pg-standby');
  stopped = await twin('stopped', 'pg-stopped');
});

afterAll(async () => {
  const rows = await app.ctx.dbConsole.repo.allBackends();
  for (const row of rows.filter((r) => r.provisioned_at)) await app.ctx.dbConsole.backends[row.backend]?.drop(instanceDbOf(app.ctx.dbConsole, row));
  await app.close();
  if (saved !== undefined) process.env.MYSQL_URL = saved;
});

const send = (method: 'GET' | 'POST' | 'DELETE', url: string, payload?: unknown, client = c) =>
  client.req({ method, url, ...(payload === undefined ? {} : { payload: payload as Json }) });
async function refused(res: Awaited<ReturnType<typeof send>>, status: number, text: string | RegExp) {
  expect(res.statusCode, res.body).toBe(status);
  expect(res.json().description).toMatch(text);
}
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
/** Reads `url` until its status (or its first row's) leaves `initializing`: the scheduler moves tasks, a read never does. */
async function afterInit(url: string): Promise<Json> {
  const end = Date.now() + 10_000;
  for (;;) {
    const body = (await send('GET', url)).json();
    const t = body.data ? body.data[0] : body;
    if (t.status !== 'initializing' || Date.now() > end) return t;
    await sleep(100);
  }
}

describe('disaster recovery tasks', () => {
  const dr = (over: Json = {}) => ({ name: 'dr-inventory', engine: 'postgre', source_id: pg.id, standby_id: pg2, threads: 4, ...over });

  it('refuses the rules: same instance, wrong product, stopped instance, threads, name', async () => {
    await refused(await send('POST', '/api/v1/dr/tasks', dr({ standby_id: pg.id })), 400, '源实例与备实例不能相同');
    await refused(await send('POST', '/api/v1/dr/tasks', dr({ engine: 'mysql' })), 400, /类型与容灾类型不一致/);
    await refused(await send('POST', '/api/v1/dr/tasks', dr({ standby_id: stopped })), 409, /pg-stopped.*未运行/);
    expect((await send('POST', '/api/v1/dr/tasks', dr({ threads: 21 }))).statusCode).toBe(400);
    expect((await send('POST', '/api/v1/dr/tasks', dr({ name: '_bad name' }))).statusCode).toBe(400);
  });

  it('creates a task that syncs after the delay, switches over and refuses deletion while syncing', async () => {
    const res = await send('POST', '/api/v1/dr/tasks', dr());
    expect(res.statusCode, res.body).toBe(201);
    const task = res.json();
    expect(task).toMatchObject({ status: 'initializing', source_name: 'demo-pg-inventory', standby_name: 'pg-standby' });
    await refused(await send('POST', '/api/v1/dr/tasks', dr()), 409, '任务名称重复');
    await refused(await send('POST', `/api/v1/dr/tasks/${task.id}/switchover`), 409, /只有同步中/);
    expect((await afterInit(`/api/v1/dr/tasks/${task.id}`)).status).toBe('syncing');
    const switched = (await send('POST', `/api/v1/dr/tasks/${task.id}/switchover`)).json();
    expect(switched).toMatchObject({ source_id: pg2, standby_id: pg.id, switchovers: 1 });
    expect((await send('GET', `/api/v1/dr/tasks?instance_id=${pg.id}`)).json().data.map((t: Json) => t.id)).toContain(task.id);
    await refused(await send('DELETE', `/api/v1/dr/tasks/${task.id}`), 409, /同步中的任务不能删除/);
    expect((await send('POST', `/api/v1/dr/tasks/${task.id}/stop`)).json().status).toBe('completed');
    expect((await send('DELETE', `/api/v1/dr/tasks/${task.id}`)).statusCode).toBe(200);
    expect((await send('GET', `/api/v1/dr/tasks/${task.id}`)).statusCode).toBe(404);
  });
});

describe('data-lake ingestion and CDP against the instance engine', () => {
  const lake = (over: Json = {}) => ({
    name: 'lake-products',
    topic: 'inventory_products',
    src_id: 'INV0000001',
    threads: 4,
    batch_limit: 2000,
    objects: ['products'],
    ...over,
  });
  const url = () => `/api/v1/dbinstances/${pg.id}/lake-tasks`;

  it('reads the real tables and refuses a table without a primary key', async () => {
    const sql = (s: string) => send('POST', `/api/v1/dbinstances/${pg.id}/sql`, { sql: s });
    expect((await sql('create table audit_log (at timestamptz, line text)')).statusCode).toBe(200);
    const tables = (await send('GET', `/api/v1/dbinstances/${pg.id}/tables`)).json().data as Json[];
    expect(tables.find((t) => t.name === 'products')).toMatchObject({ has_primary_key: true });
    expect(tables.find((t) => t.name === 'audit_log')).toMatchObject({ has_primary_key: false });
    await refused(await send('POST', url(), lake({ objects: ['audit_log'] })), 400, '表「audit_log」没有主键，不能同步入湖');
    await refused(await send('POST', url(), lake({ objects: ['nosuch'] })), 400, /不存在表「nosuch」/);
    await refused(await send('POST', url(), lake({ objects: ['products', 'products'] })), 400, /重复/);
  });

  it('refuses the limits: 15 objects, threads 1-10, batchLimit 1000-10000, topic and SrcID', async () => {
    const many = Array.from({ length: 16 }, (_, i) => `t${i}`);
    for (const bad of [
      { objects: many },
      { threads: 11 },
      { threads: 0 },
      { batch_limit: 999 },
      { batch_limit: 10001 },
      { topic: 'a b' },
      { topic: 'x'.repeat(250) },
      { src_id: 'inv0000001' },
    ]) {
      const res = await send('POST', url(), lake(bad));
      expect(res.statusCode, JSON.stringify(bad)).toBe(400);
    }
    const res = await send('POST', url(), lake({ objects: ['products', 'stock'] }));
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toMatchObject({ status: 'initializing', objects: ['products', 'stock'] });
    await refused(await send('POST', url(), lake()), 409, '任务名称重复');
    const task = await afterInit(url());
    expect(task.status).toBe('syncing');
    await refused(await send('DELETE', `${url()}/${task.id}`), 409, /不能删除/);
  });

  it('CDP: retention 1-7 days and standby space at least 2.5 times the real data', async () => {
    const cdp = `/api/v1/data-protect/instances/${pg.id}/cdp`;
    const fill = await send('POST', `/api/v1/dbinstances/${pg.id}/sql`, {
      sql: "create table bulk as select g as id, repeat('x', 200) as pad from generate_series(1, 8000) g",
    });
    expect(fill.statusCode, fill.body).toBe(200);
    expect((await send('POST', cdp, { name: 'cdp-1', retention_days: 8, space_gb: 1 })).statusCode).toBe(400);
    expect((await send('POST', cdp, { name: 'cdp-1', retention_days: 0, space_gb: 1 })).statusCode).toBe(400);
    await refused(await send('POST', cdp, { name: 'cdp-1', retention_days: 3, space_gb: 0.001 }), 400, /至少为数据量的 2.5 倍/);
    const ok = await send('POST', cdp, { name: 'cdp-1', retention_days: 3, space_gb: 0.01 });
    expect(ok.statusCode, ok.body).toBe(201);
    expect(ok.json().data_bytes).toBeGreaterThan(1024 ** 2 / 2.5);
  });

  it('refuses an instance that is not running, and answers zh-TW', async () => {
    const res = await c.req({ method: 'POST', url: `/api/v1/dbinstances/${stopped}/lake-tasks`, payload: lake(), lang: 'zh-TW' });
    await refused(res, 409, '執行個體「pg-stopped」未執行，無法進行此操作');
  });
});

describe('tenant isolation', () => {
  it('answers 404 for another tenant’s instances and tasks', async () => {
    const demo = await demoIds(app.ctx.db);
    const other = await app.as('fin_admin');
    const fin = { ...other, req: (o: Parameters<Client['req']>[0]) => other.req({ ...o, tenant: demo.finance, project: null }) };
    const task = (await send('POST', '/api/v1/dr/tasks', { name: 'dr-iso', engine: 'postgre', source_id: pg.id, standby_id: pg2, threads: 2 })).json();
    expect((await send('GET', `/api/v1/dr/tasks/${task.id}`, undefined, fin)).statusCode).toBe(404);
    expect((await send('GET', '/api/v1/dr/tasks', undefined, fin)).json().data.map((t: Json) => t.id)).not.toContain(task.id);
    expect((await send('POST', `/api/v1/dr/tasks/${task.id}/stop`, undefined, fin)).statusCode).toBe(404);
    expect((await send('GET', `/api/v1/dbinstances/${pg.id}/tables`, undefined, fin)).statusCode).toBe(404);
    expect((await send('GET', `/api/v1/dbinstances/${pg.id}/lake-tasks`, undefined, fin)).statusCode).toBe(404);
    expect((await send('POST', `/api/v1/data-protect/instances/${pg.id}/cdp`, { name: 'x1', retention_days: 1, space_gb: 1 }, fin)).statusCode).toBe(404);
  });
});
