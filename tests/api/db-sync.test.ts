// Database object-storage sync (issue 29, ADR 0071; seed 000 syncInstanceManage, syncTaskManage): a
// sync instance pairs one source — a MySQL or PostgreSQL instance or a bucket — with a target bucket
// of the project; 立即同步 queues a task the scheduler runs, writing the database's logical dump (or
// the bucket's objects) into the target bucket through object storage's own write path. Refusals are
// localised and change nothing; a task under way blocks another and the instance's deletion; a GET
// writes nothing; another tenant sees none of it. The dump is read back from the bucket: real bytes.
import mysql from 'mysql2/promise';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { build, type Client } from './helper.ts';
import { act, createSettled, settle, type Row } from './kinds-helpers.ts';
import { instanceDbOf } from '../../src/server/dbconsole/dbconsole.service.ts';
import { insertTask } from '../../src/server/engine/kinds/sync-instance/sync-tasks.repository.ts';

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
/** the demo instance of the engine this machine runs, its first table and a name its rows hold */
const [SOURCE, TABLE, NAME] = hasMysql ? ['demo-mysql-orders', 'customers', '华东精密制造'] : ['demo-pg-inventory', 'products', '通用型服务器'];
const saved = process.env.MYSQL_URL;
type Json = Record<string, any>;
let app: Awaited<ReturnType<typeof build>>;
let c: Client;
let other: Client;
let source: string;
let assets: Row;

beforeAll(async () => {
  if (hasMysql) process.env.MYSQL_URL = MYSQL_URL;
  else delete process.env.MYSQL_URL;
  app = await build({ config: { cloudSimDelayMs: 150 } });
  c = await app.as('tenant_admin');
  other = await app.as('fin_admin');
  source = (await app.ctx.db.selectFrom('resources').select('id').where('name', '=', SOURCE).executeTakeFirstOrThrow()).id;
  assets = (await c.req({ method: 'GET', url: '/api/oss-buckets?name=demo-assets' })).json().data[0];
});

afterAll(async () => {
  const rows = await app.ctx.dbConsole.repo.allBackends();
  for (const row of rows.filter((r) => r.provisioned_at)) await app.ctx.dbConsole.backends[row.backend]?.drop(instanceDbOf(app.ctx.dbConsole, row));
  await app.close();
  if (saved === undefined) delete process.env.MYSQL_URL;
  else process.env.MYSQL_URL = saved;
});

const SI = 'sync-instances';
const TASKS = '/api/v1/sync-tasks';
let seq = 0;
const nm = (p: string) => `${p}-${Date.now().toString(36)}-${seq++}`;
const body = (extra: Json = {}) => ({ name: nm('sync'), target_bucket_id: assets.id, target_prefix: 'test-sync/', ...extra });
const state = async () =>
  JSON.stringify([
    await app.ctx.db.selectFrom('resources').select(['id', 'status', 'spec']).where('kind', '=', 'sync_instance').orderBy('id').execute(),
    await app.ctx.db.selectFrom('sync_tasks').selectAll().orderBy('id').execute(),
    await app.ctx.db.selectFrom('oss_objects').select(['bucket_id', 'key', 'etag']).orderBy('bucket_id').orderBy('key').execute(),
  ]);
/** The refusal (status and, where given, its text), with nothing changed. */
async function refused(run: () => Promise<{ statusCode: number; body: string }>, status: number, text?: string) {
  const before = await state();
  const res = await run();
  expect(res.statusCode, res.body).toBe(status);
  const json = JSON.parse(res.body);
  expect(json.title).toBeTruthy();
  if (text) expect(json.description).toBe(text);
  expect(await state()).toBe(before);
  return json;
}
const post = (payload: Json, who = c, lang?: string) => who.req({ method: 'POST', url: `/api/${SI}`, payload, ...(lang ? { lang } : {}) });
async function until(instanceId: string, done: (t: Json) => boolean): Promise<Json> {
  const end = Date.now() + 20_000;
  for (;;) {
    const t = (await c.req({ method: 'GET', url: `${TASKS}?instance_id=${instanceId}` })).json().data[0] as Json | undefined;
    if (t && done(t)) return t;
    if (Date.now() > end) throw new Error(`task of ${instanceId}: ${JSON.stringify(t)}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}
const download = (bucketId: string, key: string) =>
  c.req({ method: 'GET', url: `/api/v1/oss/buckets/${bucketId}/objects/download?key=${encodeURIComponent(key)}` });
async function bucket(): Promise<Row> {
  return createSettled(c, 'oss-buckets', { name: nm('syncb'), package_id: assets.spec.package_id });
}

describe('database object-storage sync', () => {
  it('refuses a missing or double source, a bad prefix, the same bucket and what is not the caller’s, creating nothing', async () => {
    await refused(() => post(body()), 400);
    await refused(() => post(body({ source_db_id: source, source_bucket_id: assets.id })), 400);
    await refused(() => post(body({ source_db_id: source, target_prefix: 'no-slash' })), 400);
    await refused(() => post(body({ source_bucket_id: assets.id })), 409, '源存储桶与目标存储桶不能相同');
    await refused(() => post(body({ source_bucket_id: assets.id }), c, 'zh-TW'), 409, '來源儲存桶與目標儲存桶不能相同');
    await refused(() => post(body({ source_db_id: source }), other), 404);
    await refused(() => post(body({ source_db_id: 'f'.repeat(32) })), 404);
    await refused(() => post(body({ source_db_id: assets.id })), 404);
  });

  it('runs a database sync to completion: the logical dump is an object of the target bucket', async () => {
    const si = await createSettled(c, SI, body({ source_db_id: source, target_prefix: 'test-dump/' }));
    expect(si).toMatchObject({ status: 'available', region_id: assets.region_id, spec: { source_type: 'db_instance', source_name: SOURCE, task_count: 0 } });
    const res = await act(c, SI, si.id, { action: 'sync' });
    expect(res.statusCode, res.body).toBe(200);
    const task = await until(si.id, (t) => t.status === 'succeeded' || t.status === 'failed');
    expect(task, JSON.stringify(task)).toMatchObject({
      status: 'succeeded',
      objects: 1,
      source_type: 'db_instance',
      target_bucket_name: 'demo-assets',
      error: null,
    });
    expect(task.first_key).toMatch(new RegExp(`^test-dump/${SOURCE}-\\d{8}-\\d{6}\\.json$`));
    const file = await download(assets.id, task.first_key);
    expect(file.statusCode).toBe(200);
    expect(file.rawPayload.length).toBe(task.bytes);
    const dump = JSON.parse(file.rawPayload.toString('utf8'));
    expect(dump.instance).toBe(SOURCE);
    expect(dump.tables.map((t: Json) => t.name)).toContain(TABLE);
    expect(file.rawPayload.toString('utf8')).toContain(NAME);
    expect((await settle(c, SI, si.id))!.spec.task_count).toBe(1);
    // Reading the tasks changes nothing.
    const before = await state();
    await c.req({ method: 'GET', url: TASKS });
    await c.req({ method: 'GET', url: `${TASKS}/${task.id}` });
    expect(await state()).toBe(before);
  });

  it('copies a bucket’s objects byte for byte under the target prefix', async () => {
    const target = await bucket();
    const si = await createSettled(c, SI, { name: nm('copy'), source_bucket_id: assets.id, target_bucket_id: target.id, target_prefix: 'copy/' });
    expect((await act(c, SI, si.id, { action: 'sync' })).statusCode).toBe(200);
    const task = await until(si.id, (t) => t.status === 'succeeded' || t.status === 'failed');
    const objects = await app.ctx.db.selectFrom('oss_objects').select(['key', 'size']).where('bucket_id', '=', assets.id).execute();
    expect(task).toMatchObject({ status: 'succeeded', objects: objects.length, bytes: objects.reduce((n, o) => n + Number(o.size), 0) });
    const original = await download(assets.id, 'readme.txt');
    const copy = await download(target.id, 'copy/readme.txt');
    expect(copy.statusCode).toBe(200);
    expect(copy.rawPayload.equals(original.rawPayload)).toBe(true);
    expect((await settle(c, 'oss-buckets', target.id))!.spec.object_count).toBe(objects.length);
  });

  it('keeps one task at a time: a task under way refuses another sync, the instance’s deletion and its own', async () => {
    const si = await createSettled(c, SI, body({ source_db_id: source }));
    const scope = c.territories[0]!;
    const now = new Date();
    // A task waiting for its turn (due tomorrow, so the scheduler leaves it queued).
    const queued = await insertTask(app.ctx.db, {
      tenant_id: scope.tenant_id,
      project_id: scope.projects[0]!.project_id,
      instance_id: si.id,
      instance_name: si.name,
      source_type: 'db_instance',
      source_id: source,
      source_name: SOURCE,
      target_bucket_id: assets.id,
      target_bucket_name: 'demo-assets',
      target_prefix: 'test-sync/',
      created_by: null,
      created_at: now,
      due_at: new Date(now.getTime() + 86_400_000),
    });
    await refused(() => act(c, SI, si.id, { action: 'sync' }), 409, `同步实例 ${si.name} 有正在进行的同步任务`);
    await refused(() => act(c, SI, si.id, { action: 'delete' }), 409, `同步实例 ${si.name} 有正在进行的同步任务`);
    await refused(() => c.req({ method: 'DELETE', url: `${TASKS}/${queued}` }), 409, '排队中或同步中的任务不能删除');
    await refused(() => c.req({ method: 'DELETE', url: `${TASKS}/${queued}`, lang: 'zh-TW' }), 409, '排隊中或同步中的任務不能刪除');
    const list = (await c.req({ method: 'GET', url: `${TASKS}?status=queued` })).json();
    expect(list.data.map((t: Json) => t.id)).toContain(queued);
    await app.ctx.db.deleteFrom('sync_tasks').where('id', '=', queued).execute();
    expect((await act(c, SI, si.id, { action: 'delete' })).statusCode).toBe(200);
    expect(await settle(c, SI, si.id)).toBeNull();
  });

  it('records a failed run when the target bucket is gone, and deletes a finished record', async () => {
    const target = await bucket();
    const si = await createSettled(c, SI, { name: nm('gone'), source_bucket_id: assets.id, target_bucket_id: target.id, target_prefix: 'x/' });
    expect((await act(c, 'oss-buckets', target.id, { action: 'delete' })).statusCode).toBe(200);
    expect(await settle(c, 'oss-buckets', target.id)).toBeNull();
    expect((await act(c, SI, si.id, { action: 'sync' })).statusCode).toBe(200);
    const task = await until(si.id, (t) => t.status === 'failed' || t.status === 'succeeded');
    expect(task).toMatchObject({ status: 'failed', error: 'target_unavailable', objects: 0, bytes: 0 });
    expect((await c.req({ method: 'DELETE', url: `${TASKS}/${task.id}` })).statusCode).toBe(200);
    expect((await c.req({ method: 'GET', url: `${TASKS}/${task.id}` })).statusCode).toBe(404);
  });

  it('shows another tenant none of it and lets it change nothing', async () => {
    const si = (await c.req({ method: 'GET', url: `/api/${SI}?name=demo-mysql-to-oss` })).json().data[0] as Row;
    expect(si.spec).toMatchObject({ source_type: 'db_instance', target_prefix: 'dbsync/mysql/' });
    const mine = (await c.req({ method: 'GET', url: TASKS })).json().data as Json[];
    expect(mine.length).toBeGreaterThan(0);
    expect((await other.req({ method: 'GET', url: TASKS })).json().data.some((t: Json) => mine.some((m) => m.id === t.id))).toBe(false);
    await refused(() => other.req({ method: 'GET', url: `${TASKS}/${mine[0]!.id}` }), 404);
    await refused(() => other.req({ method: 'DELETE', url: `${TASKS}/${mine[0]!.id}` }), 404);
    await refused(() => other.req({ method: 'GET', url: `/api/${SI}/${si.id}` }), 404);
    await refused(() => act(other, SI, si.id, { action: 'sync' }), 404);
  });
});
