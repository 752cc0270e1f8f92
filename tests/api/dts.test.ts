// Data migration tasks (issue 29, ADR 0059): names (seed rule, unique in the tenant), source and
// target differ, the pre-check (its failure blocks starting, its success blocks going back; engines,
// missing tables, target conflicts, primary keys for a sync), deleting refused while migrating,
// pause, tenant isolation — and a real migration at level 'user': a table with rows and an account
// go from the demo instance to a new one of the same engine (MariaDB through MYSQL_URL where it
// answers, else PostgreSQL), and the rows arrive.
import mysql from 'mysql2/promise';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { build, type Client } from './helper.ts';
import { create, placement, settle } from './kinds-helpers.ts';
import { instanceDbOf } from '../../src/server/dbconsole/dbconsole.service.ts';

const MYSQL_URL = process.env.MYSQL_URL || 'mysql://root@127.0.0.1:3306/test';
async function reachable(url: string): Promise<boolean> {
  try {
    const conn = await mysql.createConnection({ uri: url, connectTimeout: 2000 });
    await conn.end();
    return true;
  } catch {
    return false;
  }
}
const hasMysql = await reachable(MYSQL_URL);
const ENGINE = hasMysql ? 'mysql' : 'postgresql';
/** the demo instance's two tables (db-instances.seed.ts) and the names the first one's rows hold */
const [FIRST, SECOND] = hasMysql ? ['customers', 'orders'] : ['products', 'stock'];
const NAMES = hasMysql ? ['华东精密制造', '长江物流', '南方电子'] : ['通用型服务器', '企业级固态硬盘', '千兆交换机'];
const saved = process.env.MYSQL_URL;
type Json = Record<string, any>;
let app: Awaited<ReturnType<typeof build>>;
let c: Client;
let other: Client;
let source: string;
let target: string;
let otherEngine: string;
const made: string[] = [];

beforeAll(async () => {
  if (hasMysql) process.env.MYSQL_URL = MYSQL_URL;
  else delete process.env.MYSQL_URL;
  app = await build({ config: { cloudSimDelayMs: 150 } });
  c = await app.as('tenant_admin');
  other = await app.as('fin_admin');
  const demo = await app.ctx.db.selectFrom('resources').select(['id', 'name']).where('name', 'in', ['demo-mysql-orders', 'demo-pg-inventory']).execute();
  const byName = new Map(demo.map((r) => [r.name, r.id]));
  source = byName.get(hasMysql ? 'demo-mysql-orders' : 'demo-pg-inventory')!;
  otherEngine = byName.get(hasMysql ? 'demo-pg-inventory' : 'demo-mysql-orders')!;
  const row = await create(c, 'dbinstances', {
    name: `dts${Date.now().toString(36)}`,
    ...(await placement(app)),
    engine: ENGINE,
    version: ENGINE === 'mysql' ? '8.0' : '16',
    flavor: '2c4g',
    data_disk: 70,
    archive_disk: 30,
  });
  expect((await settle(c, 'dbinstances', row.id))!.status).toBe('running');
  target = row.id;
  made.push(target);
});

afterAll(async () => {
  const rows = await app.ctx.dbConsole.repo.allBackends();
  for (const row of rows.filter((r) => r.provisioned_at)) await app.ctx.dbConsole.backends[row.backend]?.drop(instanceDbOf(app.ctx.dbConsole, row));
  await app.close();
  if (saved === undefined) delete process.env.MYSQL_URL;
  else process.env.MYSQL_URL = saved;
});

const URL = '/api/v1/migrations';
const req = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: Json, client = c) => client.req({ method, url, payload });
const ok = async (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: Json) => {
  const res = await req(method, url, payload);
  expect(res.statusCode, res.body).toBeLessThan(300);
  return res.json() as Json;
};
const refused = async (p: Promise<{ statusCode: number; body: string }>, status: number, text?: string) => {
  const res = await p;
  expect(res.statusCode, res.body).toBe(status);
  if (text) expect(JSON.parse(res.body).description).toContain(text);
};
let seq = 0;
const task = (body: Json = {}) => ok('POST', URL, { name: `t-${Date.now().toString(36)}-${seq++}`, source_id: source, target_id: target, ...body });
const sql = async (id: string, statement: string) => {
  const res = await req('POST', `/api/v1/dbinstances/${id}/sql`, { sql: statement });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as { rows: unknown[][] };
};
const check = (t: Json, item: string) => t.checks.find((k: Json) => k.item === item) as Json;
async function until(id: string, done: (t: Json) => boolean): Promise<Json> {
  const end = Date.now() + 10_000;
  for (;;) {
    const t = await ok('GET', `${URL}/${id}`);
    if (done(t) || Date.now() > end) return t;
    await new Promise((r) => setTimeout(r, 30));
  }
}

describe('data migration tasks', () => {
  it('refuses a bad or taken name, the same instance, and another tenant’s instance', async () => {
    await refused(req('POST', URL, { name: '-bad', source_id: source, target_id: target }), 400);
    await refused(req('POST', URL, { name: 'x'.repeat(65), source_id: source, target_id: target }), 400);
    await refused(req('POST', URL, { name: 'same', source_id: source, target_id: source }), 409, '源实例和目标实例不能相同');
    const t = await task();
    await refused(req('POST', URL, { name: t.name, source_id: source, target_id: target }), 409, '任务名称重复');
    await refused(req('POST', URL, { name: 'theirs', source_id: source, target_id: target }, other), 404);
    await refused(req('POST', URL, { name: 'tbl', source_id: source, target_id: target, level: 'table' }), 400);
    expect((await ok('GET', URL)).data.some((x: Json) => x.id === t.id)).toBe(true);
    expect((await req('GET', URL, undefined, other)).json().data.some((x: Json) => x.id === t.id)).toBe(false);
    await refused(req('GET', `${URL}/${t.id}`, undefined, other), 404);
    await refused(req('DELETE', `${URL}/${t.id}`, undefined, other), 404);
    await refused(req('POST', `${URL}/${t.id}/start`, undefined, other), 404);
  });

  it('pre-checks for real: engines, missing tables, primary keys of a sync; a failed check blocks starting', async () => {
    const engines = await ok('POST', URL, { name: `eng-${seq++}`, source_id: source, target_id: otherEngine });
    const e = await ok('POST', `${URL}/${engines.id}/precheck`);
    expect([e.precheck, check(e, 'engine').ok]).toEqual(['failed', false]);
    await refused(req('POST', `${URL}/${engines.id}/start`), 409, '预检查未通过');
    const tables = (await ok('GET', `/api/v1/dbinstances/${source}/migration-tables`)).data as Json[];
    expect(tables.find((x) => x.name === FIRST)).toEqual({ name: FIRST, primary_key: true });
    await refused(req('GET', `/api/v1/dbinstances/${source}/migration-tables`, undefined, other), 404);
    const missing = await task({ level: 'table', objects: [FIRST, 'no_such_table'] });
    const m = await ok('POST', `${URL}/${missing.id}/precheck`);
    expect([m.precheck, check(m, 'objects').names]).toEqual(['failed', ['no_such_table']]);
    await refused(req('POST', `${URL}/${missing.id}/start`), 409);
    // going back after a failed check is allowed
    const back = await ok('PUT', `${URL}/${missing.id}`, { objects: [FIRST] });
    expect(back.precheck).toBe('none');
    await sql(source, 'create table dts_nokey (v int)');
    try {
      const sync = await task({ type: 'sync', level: 'table', objects: ['dts_nokey'] });
      const s = await ok('POST', `${URL}/${sync.id}/precheck`);
      expect([s.precheck, check(s, 'primary_key').names]).toEqual(['failed', ['dts_nokey']]);
    } finally {
      await sql(source, 'drop table dts_nokey');
    }
  });

  it('migrates tables with their rows and the accounts to the target; migrating blocks deleting; then the target conflicts', async () => {
    const dbs = (await ok('GET', `/api/v1/dbinstances/${source}/databases`)).data as Json[];
    const account = { name: 'dtsreader', password: 'Shop2026xyz', confirm_password: 'Shop2026xyz', privilege: 'readonly', databases: [dbs[0]!.name] };
    await ok('POST', `/api/v1/dbinstances/${source}/accounts`, account);
    const t = await task({ level: 'user', objects: [FIRST] });
    const p = await ok('POST', `${URL}/${t.id}/precheck`);
    expect(p.checks.filter((k: Json) => !k.ok)).toEqual([]);
    expect(p.precheck).toBe('passed');
    await refused(req('PUT', `${URL}/${t.id}`, { objects: [SECOND] }), 409, '预检查已通过');
    const started = await ok('POST', `${URL}/${t.id}/start`);
    expect(started.status).toBe('migrating');
    await refused(req('DELETE', `${URL}/${t.id}`), 409, '迁移中或同步中的任务不能删除');
    const done = await until(t.id, (x) => x.status !== 'migrating');
    expect([done.status, done.table_count, done.row_count, done.progress]).toEqual(['completed', 1, 3, 100]);
    const rows = await sql(target, `select name from ${FIRST} order by id`);
    expect(rows.rows.map((r) => r[0])).toEqual(NAMES);
    const accounts = (await ok('GET', `/api/v1/dbinstances/${target}/accounts`)).data as Json[];
    expect(accounts.map((a) => a.name)).toContain('dtsreader');
    // the table is there now: a second migration of it fails its pre-check
    const again = await task({ level: 'table', objects: [FIRST] });
    const a = await ok('POST', `${URL}/${again.id}/precheck`);
    expect([a.precheck, check(a, 'conflicts').names]).toEqual(['failed', [FIRST]]);
    expect((await ok('DELETE', `${URL}/${t.id}`)).ok).toBe(true);
  });

  it('pauses a migration not yet taken back to 待迁移', async () => {
    const t = await task({ level: 'table', objects: [SECOND] });
    expect((await ok('POST', `${URL}/${t.id}/precheck`)).precheck).toBe('passed');
    await ok('POST', `${URL}/${t.id}/start`);
    const paused = await ok('POST', `${URL}/${t.id}/pause`);
    expect([paused.status, paused.precheck]).toEqual(['pending', 'passed']);
    await refused(req('POST', `${URL}/${t.id}/pause`), 409);
    expect((await ok('DELETE', `${URL}/${t.id}`)).ok).toBe(true);
    await refused(req('GET', `${URL}/${t.id}`), 404);
  });
});
