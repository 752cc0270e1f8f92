// Backups of managed database instances (issue 29, ADR 0056): the one policy and its states, backup
// runs (进行中, 成功, 部分成功, 失败, 已暂停), log backups every 2 hours, retention, restores to a time
// point, refusals and tenant isolation — and the round trip through the SQL console on PostgreSQL
// (PGlite, or Yunshu's PostgreSQL under TEST_DB=postgres) and on MariaDB through MYSQL_URL: create a
// table with rows, back up, drop it, restore, and the rows are back.
import mysql from 'mysql2/promise';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { build, demoIds, type Client } from './helper.ts';
import { actSettled, create, expect409, placement, settle } from './kinds-helpers.ts';
import { instanceDbOf } from '../../src/server/dbconsole/dbconsole.service.ts';
import { lastSlot } from '../../src/server/dbbackups/dbbackups.jobs.ts';

const MYSQL_URL = process.env.MYSQL_URL || 'mysql://root@127.0.0.1:3306/test';

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
/** The rules run on MariaDB where it answers (no embedded engine's thread to start), else on PostgreSQL. */
const RULES_ENGINE = hasMysql ? 'mysql' : 'postgresql';
let app: Awaited<ReturnType<typeof build>>;
let c: Client;
const saved = process.env.MYSQL_URL;
let seq = 0;

beforeAll(async () => {
  if (hasMysql) process.env.MYSQL_URL = MYSQL_URL;
  else delete process.env.MYSQL_URL;
  app = await build();
  c = await app.as('tenant_admin');
});

afterAll(async () => {
  const rows = await app.ctx.dbConsole.repo.allBackends();
  for (const row of rows.filter((r) => r.provisioned_at)) await app.ctx.dbConsole.backends[row.backend]?.drop(instanceDbOf(app.ctx.dbConsole, row));
  await app.close();
  if (saved === undefined) delete process.env.MYSQL_URL;
  else process.env.MYSQL_URL = saved;
});

type Json = Record<string, any>;
const base = (id: string) => `/api/v1/dbinstances/${id}`;
const get = async (url: string, client = c) => {
  const res = await client.req({ method: 'GET', url });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as Json;
};
const post = (url: string, payload: unknown, client = c, headers: Record<string, string> = {}) =>
  client.req({ method: 'POST', url, payload: payload as Json, headers });
const sql = async (id: string, statement: string) => {
  const res = await post(`${base(id)}/sql`, { sql: statement });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as { rows: unknown[][] };
};

/** Polls until `done` holds (the scheduler runs on its own timer). */
async function until<T>(read: () => Promise<T>, done: (v: T) => boolean, ms = 20_000): Promise<T> {
  const end = Date.now() + ms;
  for (;;) {
    const v = await read();
    if (done(v)) return v;
    if (Date.now() > end) throw new Error(`still ${JSON.stringify(v)}`);
    await new Promise((r) => setTimeout(r, 20));
  }
}
const backupSettled = (id: string, backupId: string) =>
  until(
    () => get(`${base(id)}/backups/${backupId}`),
    (b) => b.status !== 'running',
  );
const restoreSettled = (id: string, restoreId: string) =>
  until(
    async () => (await get(`${base(id)}/restores`)).data.find((r: Json) => r.id === restoreId) as Json,
    (r) => r.status !== 'restoring',
  );

async function instance(engine: 'mysql' | 'postgresql' | 'redis') {
  const version = { mysql: '8.0', postgresql: '16', redis: '7.0' }[engine];
  const row = await create(c, 'dbinstances', {
    name: `bk${Date.now().toString(36)}${seq++}`,
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

const DDL = {
  postgresql: 'create table notes (id serial primary key, body varchar(40) not null, price numeric(8,2), at timestamptz, note text)',
  mysql: 'create table notes (id int auto_increment primary key, body varchar(40) not null, price decimal(8,2), at datetime, note text)',
};

describe.each(['postgresql', 'mysql'] as const)('a backup and restore round trip on %s', (engine) => {
  const onEngine = engine === 'mysql' && !hasMysql ? it.skip : it;
  onEngine('brings the dropped table and its rows back', async () => {
    const id = await instance(engine);
    await sql(id, DDL[engine]);
    await sql(id, "insert into notes (body, price, at, note) values ('你好', 12.5, '2026-11-23 14:05:00', null), ('it''s \\ fine', 0.1, null, 'x')");
    const before = (await sql(id, 'select id, body, price, note from notes order by id')).rows;
    const started = await post(`${base(id)}/backups`, { name: 'before-drop' });
    expect(started.statusCode, started.body).toBe(201);
    expect(started.json()).toMatchObject({ status: 'running', type: 'full', trigger: 'manual' });
    const done = await backupSettled(id, started.json().id);
    expect(done).toMatchObject({ status: 'success', progress: 100, table_count: 1, row_count: 2 });
    expect(done.size_bytes).toBeGreaterThan(0);
    // one month's retention without a policy
    expect(new Date(done.expires_at).getTime() - new Date(done.snapshot_at).getTime()).toBeGreaterThan(27 * 86400_000);

    await sql(id, 'drop table notes');
    expect((await post(`${base(id)}/sql`, { sql: 'select * from notes' })).statusCode).toBe(400);
    const restore = await post(`${base(id)}/restores`, { point_in_time: new Date().toISOString() });
    expect(restore.statusCode, restore.body).toBe(201);
    expect(restore.json()).toMatchObject({ status: 'restoring', backup_id: done.id });
    expect(await restoreSettled(id, restore.json().id)).toMatchObject({ status: 'complete', progress: 100, table_count: 1 });
    expect((await sql(id, 'select id, body, price, note from notes order by id')).rows).toEqual(before);
    // the counter goes on after the restored rows
    await sql(id, "insert into notes (body) values ('third')");
    expect((await sql(id, "select id from notes where body = 'third'")).rows).toEqual([[3]]);
  });
});

describe('the data backup policy', () => {
  let id: string;
  const policy = (over: Json = {}) => ({
    name: '每日备份',
    retention: '3month',
    start_time: '02:00',
    backup_days: [1, 15, 'last_day'],
    log_backup: true,
    ...over,
  });
  const policyOf = async () => (await get(`${base(id)}/backup-policy`)).policy as Json | null;
  const settledPolicy = () => until(policyOf, (p) => p !== null && ['created', 'create_failed', 'install_failed', 'issue_failed'].includes(p.status));

  beforeAll(async () => {
    id = await instance(RULES_ENGINE);
  });

  it('is one per instance, follows the retention’s cycle, and its states block edits and deletes', async () => {
    expect(await policyOf()).toBeNull();
    // one month's retention: a weekly full backup (weekdays 1–7); longer: monthly (days 1–28, last_day)
    expect((await post(`${base(id)}/backup-policy`, policy({ retention: '1month', backup_days: [15] }))).statusCode).toBe(400);
    expect((await post(`${base(id)}/backup-policy`, policy({ retention: 'forever' }))).statusCode).toBe(400);
    expect((await post(`${base(id)}/backup-policy`, policy({ start_time: '25:00' }))).statusCode).toBe(400);
    const made = await post(`${base(id)}/backup-policy`, policy());
    expect(made.statusCode, made.body).toBe(201);
    expect(made.json()).toMatchObject({ status: 'creating', cycle: 'month', retention: '3month' });
    expect409(await post(`${base(id)}/backup-policy`, policy({ name: '第二个' })), '每个实例只能有一个数据备份策略，请编辑现有策略');
    expect409(await c.req({ method: 'PUT', url: `${base(id)}/backup-policy`, payload: policy() }), '备份策略正在创建、安装或下发中，暂不能编辑，请稍后再试');
    expect409(await c.req({ method: 'DELETE', url: `${base(id)}/backup-policy` }), '备份策略正在创建、安装或下发中，暂不能删除，请稍后再试');
    expect((await settledPolicy())!.status).toBe('created');
    const edited = await c.req({
      method: 'PUT',
      url: `${base(id)}/backup-policy`,
      payload: policy({ retention: '1month', backup_days: [1, 2, 3, 4, 5, 6, 7] }),
    });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(edited.json()).toMatchObject({ status: 'issuing', cycle: 'week' });
    expect((await settledPolicy())!.status).toBe('created');
  });

  it('takes a log backup every 2 hours, and full backups at the start time on its days', async () => {
    const deps = app.ctx.dbBackups;
    const real = deps.now;
    deps.now = () => new Date(real().getTime() + 2 * 3600_000 + 60_000);
    try {
      const log = await until(
        async () => (await get(`${base(id)}/backups?type=log`)).data as Json[],
        (rows) => rows.some((b) => b.status === 'success'),
      );
      expect(log[0]).toMatchObject({ type: 'log', trigger: 'policy', status: 'success' });
      expect(log[0]!.name).toMatch(/^每日备份 \d{4}-\d\d-\d\d \d\d:\d\d$/);
    } finally {
      deps.now = real;
    }
    // Monday 02:00 in Shanghai is Sunday 18:00 UTC; from Wednesday the last slot is that Monday's.
    const weekly = { retention: '1month', start_time: '02:00', backup_days: [1] };
    expect(lastSlot(weekly, new Date('2026-11-25T10:00:00Z'))!.toISOString()).toBe('2026-11-22T18:00:00.000Z');
    expect(lastSlot({ ...weekly, retention: '1year', backup_days: ['last_day'] }, new Date('2026-12-02T00:00:00Z'))!.toISOString()).toBe(
      '2026-11-29T18:00:00.000Z',
    );
    expect(await c.req({ method: 'DELETE', url: `${base(id)}/backup-policy` }).then((r) => r.statusCode)).toBe(200);
    expect(await policyOf()).toBeNull();
  });
});

describe('backup runs and restores', () => {
  let id: string;
  beforeAll(async () => {
    id = await instance(RULES_ENGINE);
    await sql(id, 'create table t (n int)');
    await sql(id, 'insert into t values (1), (2)');
  });

  it('runs are 进行中 with progress, can be paused and resumed, and one at a time', async () => {
    const deps = app.ctx.dbBackups;
    const runMs = deps.timing.runMs;
    deps.timing.runMs = 60_000;
    try {
      const key = { 'idempotency-key': `bk-${Date.now()}` };
      const first = await post(`${base(id)}/backups`, { name: 'slow' }, c, key);
      expect(first.statusCode, first.body).toBe(201);
      // the same key and body replay the answer: still one run
      expect((await post(`${base(id)}/backups`, { name: 'slow' }, c, key)).json().id).toBe(first.json().id);
      const b = first.json();
      expect(b).toMatchObject({ status: 'running' });
      expect(b.progress).toBeLessThan(100);
      expect409(await post(`${base(id)}/backups`, { name: 'another' }), '该实例有备份正在进行，请等待完成后再试');
      expect409(await post(`${base(id)}/restores`, { point_in_time: new Date().toISOString() }), '该实例有备份正在进行，请等待完成后再试');
      const paused = await post(`${base(id)}/backups/${b.id}/pause`, {});
      expect(paused.statusCode, paused.body).toBe(200);
      expect(paused.json().status).toBe('paused');
      expect409(await post(`${base(id)}/backups/${b.id}/pause`, {}), '只有进行中的备份可以暂停');
      const resumed = await post(`${base(id)}/backups/${b.id}/resume`, {});
      expect(resumed.json().status).toBe('running');
      expect409(await post(`${base(id)}/backups/${b.id}/resume`, {}), '只有已暂停的备份可以继续');
      // the instance stops while the run waits: the run fails
      await actSettled(c, 'dbinstances', id, { action: 'stop' });
      await app.ctx.db.updateTable('db_backups').set({ due_at: new Date() }).where('id', '=', b.id).execute();
      expect(await backupSettled(id, b.id)).toMatchObject({ status: 'failed', error: 'instance_not_running' });
      expect409(await post(`${base(id)}/backups`, { name: 'stopped' }), '数据库实例未运行，无法备份或恢复');
      expect409(await post(`${base(id)}/restores`, { point_in_time: new Date().toISOString() }), '数据库实例未运行，无法备份或恢复');
    } finally {
      deps.timing.runMs = runMs;
    }
    await actSettled(c, 'dbinstances', id, { action: 'start' });
  });

  it('is 部分成功 when a table has more rows than a backup keeps, and refuses a time with no restorable backup', async () => {
    const before = new Date(Date.now() - 1000).toISOString();
    const deps = app.ctx.dbBackups;
    deps.limits.maxRows = 1;
    try {
      const b = (await post(`${base(id)}/backups`, { name: 'capped' })).json();
      expect(await backupSettled(id, b.id)).toMatchObject({ status: 'partial', error: 'rows_capped', row_count: 1 });
    } finally {
      deps.limits.maxRows = 100_000;
    }
    expect409(await post(`${base(id)}/restores`, { point_in_time: before }), '所选时间没有可恢复的时间点，请选择有成功备份之后的时间');
    expect409(
      await post(`${base(id)}/restores`, { point_in_time: new Date(Date.now() + 3600_000).toISOString() }),
      '所选时间没有可恢复的时间点，请选择有成功备份之后的时间',
    );
    expect((await post(`${base(id)}/restores`, { point_in_time: 'yesterday' })).statusCode).toBe(400);
    const list = await get(`${base(id)}/backups?__limit=10`);
    expect(list.data.map((r: Json) => r.status)).toEqual(['partial', 'failed']);
    expect(list.data[0]).not.toHaveProperty('dump');
  });

  it('restores one at a time, and a restore fails when the instance is not running', async () => {
    const deps = app.ctx.dbBackups;
    const runMs = deps.timing.runMs;
    deps.timing.runMs = 60_000;
    try {
      const r = await post(`${base(id)}/restores`, { point_in_time: new Date().toISOString() });
      expect(r.statusCode, r.body).toBe(201);
      expect(r.json()).toMatchObject({ status: 'restoring' });
      expect(r.json().progress).toBeLessThan(100);
      expect409(await post(`${base(id)}/backups`, { name: 'during' }), '该实例正在恢复，请等待完成后再试');
      expect409(await post(`${base(id)}/restores`, { point_in_time: new Date().toISOString() }), '该实例正在恢复，请等待完成后再试');
      await actSettled(c, 'dbinstances', id, { action: 'stop' });
      await app.ctx.db.updateTable('db_restores').set({ due_at: new Date() }).where('id', '=', r.json().id).execute();
      expect(await restoreSettled(id, r.json().id)).toMatchObject({ status: 'failed', error: 'instance_not_running', progress: 100 });
    } finally {
      deps.timing.runMs = runMs;
    }
    await actSettled(c, 'dbinstances', id, { action: 'start' });
  });

  it('answers 404 to another tenant and refuses an engine without SQL', async () => {
    const ids = await demoIds(app.ctx.db);
    const other = await app.as('fin_admin');
    const fin: Client = { ...other, req: (o) => other.req({ ...o, tenant: ids.finance, project: null }) };
    for (const path of ['backups', 'backup-policy', 'restores']) expect((await fin.req({ method: 'GET', url: `${base(id)}/${path}` })).statusCode).toBe(404);
    expect((await post(`${base(id)}/backups`, { name: 'x' }, fin)).statusCode).toBe(404);
    expect((await post(`${base(id)}/restores`, { point_in_time: new Date().toISOString() }, fin)).statusCode).toBe(404);
    expect((await post(`${base(id)}/backup-policy`, { name: 'x', retention: '1year', start_time: '01:00', backup_days: [1] }, fin)).statusCode).toBe(404);
    expect((await get(`${base(id)}/backups`)).count).toBe(2);
    expect((await c.req({ method: 'GET', url: `${base('f'.repeat(32))}/backups` })).statusCode).toBe(404);
    const redis = await instance('redis');
    expect409(await post(`${base(redis)}/backups`, { name: 'x' }), '该数据库类型暂不支持备份与恢复');
    // the refusals in Traditional Chinese too
    const tw = await c.req({ method: 'POST', url: `${base(redis)}/backups`, payload: { name: 'x' }, lang: 'zh-TW' });
    expect(tw.json().description).toBe('此資料庫類型暫不支援備份與還原');
  });
});
