// The SQL console (issue 29, ADR 0054): POST /api/v1/dbinstances/:id/sql and its history. MySQL
// instances run on the local MariaDB through MYSQL_URL (databases of this run's own, dropped at the
// end); PostgreSQL instances on Yunshu's PostgreSQL under TEST_DB=postgres, else on an embedded
// PGlite of their own. Statements run as the instance's own user: nothing of Yunshu's is in sight.
import mysql from 'mysql2/promise';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { build, demoIds, type Client } from './helper.ts';
import { create, expect409, placement, settle, actSettled } from './kinds-helpers.ts';
import { instanceDbOf } from '../../src/server/dbconsole/dbconsole.service.ts';

const MYSQL_URL = process.env.MYSQL_URL || 'mysql://root@127.0.0.1:3306/test';
const TIMEOUT_MS = 1000;

/** Whether MariaDB answers at MYSQL_URL (the MySQL cases are skipped, with the reason printed, when not). */
async function reachable(url: string): Promise<boolean> {
  try {
    const conn = await mysql.createConnection({ uri: url, connectTimeout: 2000 });
    await conn.end();
    return true;
  } catch (err) {
    console.warn(`MySQL cases skipped: no MySQL-compatible server at ${url} (${(err as Error).message})`);
    return false;
  }
}

const hasMysql = await reachable(MYSQL_URL);
let app: Awaited<ReturnType<typeof build>>;
let c: Client;
const saved = { url: process.env.MYSQL_URL, timeout: process.env.SQL_CONSOLE_TIMEOUT_MS };
let seq = 0;

beforeAll(async () => {
  if (hasMysql) process.env.MYSQL_URL = MYSQL_URL;
  else delete process.env.MYSQL_URL;
  process.env.SQL_CONSOLE_TIMEOUT_MS = String(TIMEOUT_MS);
  app = await build();
  c = await app.as('tenant_admin');
});

afterAll(async () => {
  // Every backing database this run made is dropped (the demo instances' too).
  const rows = await app.ctx.dbConsole.repo.allBackends();
  for (const row of rows.filter((r) => r.provisioned_at)) await app.ctx.dbConsole.backends[row.backend]?.drop(instanceDbOf(app.ctx.dbConsole, row));
  await app.close();
  process.env.MYSQL_URL = saved.url;
  process.env.SQL_CONSOLE_TIMEOUT_MS = saved.timeout;
  if (saved.url === undefined) delete process.env.MYSQL_URL;
  if (saved.timeout === undefined) delete process.env.SQL_CONSOLE_TIMEOUT_MS;
});

type Answer = { columns: string[]; rows: unknown[][]; row_count: number; elapsed_ms: number; truncated: boolean };
const sql = (id: string, statement: string, extra: Record<string, unknown> = {}, client = c) =>
  client.req({ method: 'POST', url: `/api/v1/dbinstances/${id}/sql`, payload: { sql: statement, ...extra } });
const ok = async (id: string, statement: string, extra: Record<string, unknown> = {}) => {
  const res = await sql(id, statement, extra);
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as Answer;
};

async function instance(engine: 'mysql' | 'postgresql') {
  const version = engine === 'mysql' ? '8.0' : '16';
  const row = await create(c, 'dbinstances', {
    name: `console${Date.now().toString(36)}${seq++}`,
    ...(await placement(app)),
    engine,
    version,
    flavor: '2c4g',
    data_disk: 70,
    archive_disk: 30,
  });
  expect((await settle(c, 'dbinstances', row.id))!.status).toBe('running');
  return row.id;
}

async function demo(engine: 'mysql' | 'postgresql') {
  const list = (await c.req({ method: 'GET', url: '/api/v1/dbinstances?__limit=100&name=demo-' })).json().data as { id: string; spec: { engine: string } }[];
  return list.find((r) => r.spec.engine === engine)!.id;
}

const SERIES = { mysql: 'select seq as n from seq_1_to_1500', postgresql: 'select n from generate_series(1, 1500) as n' };
const SLEEP = { mysql: 'select sleep(5)', postgresql: 'select pg_sleep(5)' };
const OWN_TABLES = {
  mysql:
    "select table_schema, table_name from information_schema.tables where table_schema not in ('information_schema', 'performance_schema', 'mysql', 'sys')",
  postgresql: "select table_schema, table_name from information_schema.tables where table_schema not in ('pg_catalog', 'information_schema')",
};

describe.each(['mysql', 'postgresql'] as const)('the SQL console on %s', (engine) => {
  const onEngine = engine === 'mysql' && !hasMysql ? it.skip : it;
  let id: string;
  beforeAll(async () => {
    if (engine === 'mysql' && !hasMysql) return;
    id = await instance(engine);
  });

  onEngine('shows the demo tables of the seeded instance', async () => {
    const table = engine === 'mysql' ? 'orders' : 'products';
    const demoId = await demo(engine);
    const res = await ok(demoId, `select * from ${table} order by 1`);
    expect(res.columns[0]).toBe('id');
    expect(res.row_count).toBeGreaterThanOrEqual(3);
    // Made under names drawn now, not the seed's: the files sharing one seeded copy on one server do not make (and drop) one database.
    const made = await app.ctx.db.selectFrom('db_console_backends').select('db_name').where('resource_id', '=', demoId).executeTakeFirstOrThrow();
    expect(made.db_name).toMatch(/^yunshu_db_[0-9a-f]{12}$/);
  });

  onEngine('creates a table, inserts and selects it back', async () => {
    expect((await ok(id, 'create table notes (id int primary key, body varchar(40))')).columns).toEqual([]);
    expect((await ok(id, "insert into notes (id, body) values (1, '你好'), (2, 'world')")).row_count).toBe(2);
    const res = await ok(id, 'select id, body from notes order by id');
    expect(res).toMatchObject({
      columns: ['id', 'body'],
      rows: [
        [1, '你好'],
        [2, 'world'],
      ],
      row_count: 2,
      truncated: false,
    });
    expect(res.elapsed_ms).toBeGreaterThanOrEqual(0);
  });

  onEngine('answers at most 1,000 rows and says it cut the rest', async () => {
    const res = await ok(id, SERIES[engine]);
    expect(res.rows).toHaveLength(1000);
    expect(res).toMatchObject({ row_count: 1000, truncated: true });
  });

  onEngine('refuses writes in a read-only request and still reads', async () => {
    const refused = await sql(id, "insert into notes (id, body) values (3, 'no')", { readonly: true });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().description).toBe('只读账号不允许执行写操作');
    expect((await sql(id, 'drop table notes', { readonly: true })).statusCode).toBe(403);
    expect((await ok(id, 'select count(*) as n from notes', { readonly: true })).rows).toEqual([[2]]);
  });

  onEngine('sees nothing of Yunshu’s database', async () => {
    // The instance's database is where ADR 0054 puts it: MariaDB, Yunshu's PostgreSQL, or a PGlite of its own.
    const where = engine === 'mysql' ? 'mysql' : process.env.TEST_DB === 'postgres' ? 'postgres' : 'pglite';
    expect((await app.ctx.dbConsole.repo.backendOf(id))!.backend).toBe(where);
    const users = await sql(id, 'select * from users');
    expect(users.statusCode).toBe(400);
    expect(users.json().description).toMatch(/^SQL 执行出错/);
    const tables = (await ok(id, OWN_TABLES[engine])).rows.map((r) => String(r[1]));
    expect(tables).toEqual(['notes']);
    for (const yunshu of ['users', 'resources', 'sessions', 'db_console_backends']) expect(tables).not.toContain(yunshu);
    // No file of the server's machine: MySQL's client refuses LOCAL INFILE, PGlite sees only its own directory.
    const file = engine === 'mysql' ? "load data local infile '/etc/hostname' into table notes" : "select pg_read_file('/etc/hostname')";
    expect((await sql(id, file)).statusCode).toBe(400);
    if (engine === 'mysql')
      expect((await ok(id, 'show databases')).rows.map((r) => r[0]).sort()).toEqual(['information_schema', expect.stringMatching(/^yunshu_db_[0-9a-f]{12}$/)]);
  });

  onEngine('keeps each statement in the history, newest first', async () => {
    await ok(id, "select 'last' as marker");
    const res = await c.req({ method: 'GET', url: `/api/v1/dbinstances/${id}/sql/history?__limit=100` });
    expect(res.statusCode).toBe(200);
    const { count, data } = res.json() as { count: number; data: { statement: string; ok: boolean; readonly: boolean; created_at: string }[] };
    expect(count).toBeGreaterThanOrEqual(8);
    expect(data[0]!.statement).toBe("select 'last' as marker");
    expect(data.some((h) => !h.ok && h.readonly && h.statement.startsWith('insert'))).toBe(true);
    expect(data.some((h) => h.ok && h.statement.startsWith('create table notes'))).toBe(true);
    const failed = (await c.req({ method: 'GET', url: `/api/v1/dbinstances/${id}/sql/history?ok=false` })).json().data as { ok: boolean }[];
    expect(failed.length).toBeGreaterThan(0);
    expect(failed.every((h) => !h.ok)).toBe(true);
  });

  onEngine('ends a statement past the time limit', async () => {
    const res = await sql(id, SLEEP[engine]);
    expect409(res, `SQL 执行超过 ${TIMEOUT_MS / 1000} 秒，已终止`);
    // The instance answers again afterwards.
    expect((await ok(id, 'select 1 as one')).rows).toEqual([[1]]);
  });
});

describe('who may use the console', () => {
  it('answers 404 to another tenant and refuses a stopped or non-SQL instance', async () => {
    // MySQL: on MariaDB its database is made at once (an embedded PostgreSQL takes a thread's start).
    const id = await instance('mysql');
    const ids = await demoIds(app.ctx.db);
    const other = await app.as('fin_admin');
    expect((await sql(id, 'select 1', {}, { ...other, req: (o) => other.req({ ...o, tenant: ids.finance, project: null }) })).statusCode).toBe(404);
    expect((await other.req({ method: 'GET', url: `/api/v1/dbinstances/${id}/sql/history`, tenant: ids.finance, project: null })).statusCode).toBe(404);
    expect((await sql('f'.repeat(32), 'select 1')).statusCode).toBe(404);
    expect((await sql(id, '   ')).statusCode).toBe(400);
    await actSettled(c, 'dbinstances', id, { action: 'stop' });
    expect409(await sql(id, 'select 1'), '数据库实例未运行，无法执行 SQL');
    const redis = await create(c, 'dbinstances', {
      name: `cache${seq++}`,
      ...(await placement(app)),
      engine: 'redis',
      version: '7.0',
      flavor: '2c4g',
      data_disk: 70,
      archive_disk: 30,
    });
    await settle(c, 'dbinstances', redis.id);
    expect409(await sql(redis.id, 'select 1'), '该数据库类型暂不支持 SQL 控制台');
  });

  it.skipIf(!hasMysql)('drops the MySQL database and users when the instance is destroyed', async () => {
    const id = await instance('mysql');
    await ok(id, 'create table t (id int)');
    const backend = (await app.ctx.dbConsole.repo.backendOf(id))!;
    expect(backend.backend).toBe('mysql');
    const admin = await mysql.createConnection({ uri: MYSQL_URL });
    try {
      const [before] = await admin.query('show databases like ?', [backend.db_name]);
      expect(before).toHaveLength(1);
      await actSettled(c, 'dbinstances', id, { action: 'delete' });
      const destroyed = await c.req({ method: 'POST', url: `/api/dbinstances/${id}/actions`, payload: { action: 'destroy' } });
      expect(destroyed.statusCode, destroyed.body).toBe(200);
      // The database goes first, then its users, then the record: wait for the last.
      await expect.poll(async () => app.ctx.dbConsole.repo.backendOf(id), { timeout: 8000 }).toBeUndefined();
      const [dbs] = await admin.query('show databases like ?', [backend.db_name]);
      expect(dbs).toHaveLength(0);
      const [users] = await admin.query('select user from mysql.user where user in (?, ?)', [backend.user_name, backend.ro_user_name]);
      expect(users).toHaveLength(0);
    } finally {
      await admin.end();
    }
  });
});
