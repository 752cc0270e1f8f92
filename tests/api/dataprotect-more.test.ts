// DR templates and associations, host protection tasks (file copy and comparison, whole-machine copy,
// file transfer), the protected instances and DR comparison tasks (issue 29, ADR 0062): every rule
// and refusal (400/409 with nothing created), the sealed key never answered, states that move on the
// simulated cloud's delay, another tenant's ids answering 404, and a comparison that sees a row
// inserted on one side in the real engine (PGlite here; MariaDB when MYSQL_URL names one is not used).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newId } from '../../src/domain/ids.ts';
import { instanceDbOf } from '../../src/server/dbconsole/dbconsole.service.ts';
import { build, demoIds, type Client } from './helper.ts';

type Json = Record<string, any>;
let app: Awaited<ReturnType<typeof build>>;
let c: Client;
let fin: Client;
let pg: string;
let pg2: string;
let hosts: string[];
let stoppedHost: string;
const saved = process.env.MYSQL_URL;
const DELAY = 300;

async function twin(id: string, status: string, name: string): Promise<string> {
  const row = await app.ctx.db.selectFrom('resources').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
  const copy = newId();
  await app.ctx.db
    .insertInto('resources')
    .values({ ...row, id: copy, name, status, spec: JSON.stringify(row.spec) } as never)
    .execute();
  return copy;
}

beforeAll(async () => {
  delete process.env.MYSQL_URL;
  app = await build({ config: { cloudSimDelayMs: DELAY } });
  c = await app.as('tenant_admin');
  const dbs = (await c.req({ method: 'GET', url: '/api/v1/dbinstances?__limit=100&name=demo-' })).json().data as Json[];
  pg = dbs.find((r) => r.spec.engine === 'postgresql')!.id;
  pg2 = await twin(pg, 'running', 'pg-dr-standby');
  const host = (await c.req({ method: 'GET', url: '/api/instances?__limit=100' })).json().data as Json[];
  const first = host.find((h) => h.status === 'running')!.id as string;
  hosts = [first, ...(await Promise.all([1, 2, 3, 4, 5, 6].map((i) => twin(first, 'running', `dp-host-${i}`))))];
  stoppedHost = await twin(first, 'stopped', 'dp-host-stopped');
  const demo = await demoIds(app.ctx.db);
  const other = await app.as('fin_admin');
  fin = { ...other, req: (o) => other.req({ ...o, tenant: demo.finance, project: null }) };
});

afterAll(async () => {
  const rows = await app.ctx.dbConsole.repo.allBackends();
  for (const row of rows.filter((r) => r.provisioned_at)) await app.ctx.dbConsole.backends[row.backend]?.drop(instanceDbOf(app.ctx.dbConsole, row));
  await app.close();
  if (saved !== undefined) process.env.MYSQL_URL = saved;
});

const send = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: unknown, client = c) =>
  client.req({ method, url, ...(payload === undefined ? {} : { payload: payload as Json }) });
async function refused(res: Awaited<ReturnType<typeof send>>, status: number, text: string | RegExp) {
  expect(res.statusCode, res.body).toBe(status);
  expect(res.json()).toMatchObject({ title: expect.any(String), description: expect.any(String) });
  expect(res.json().description).toMatch(text);
}
const count = async (table: string) =>
  Number(
    (
      await app.ctx.db
        .selectFrom(table as never)
        .select((eb) => eb.fn.countAll().as('n'))
        .executeTakeFirstOrThrow()
    ).n,
  );
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
/** A host task as the scheduler leaves it once it is past `from` (reads never move it, ADR 0064). */
async function until(id: string, from: string): Promise<Json> {
  const end = Date.now() + 10_000;
  for (;;) {
    const t = (await send('GET', `/api/v1/host-tasks/${id}`)).json();
    if (t.status !== from || Date.now() > end) return t;
    await sleep(30);
  }
}

describe('DR templates and associations', () => {
  const tpl = (over: Json = {}) => ({
    name: 'tpl-pg-gold',
    engine: 'postgre',
    sync_mode: 'full_incremental',
    frequency_min: 15,
    retention_days: 7,
    placement: 'cross_az',
    ...over,
  });

  it('refuses bad templates and creates nothing', async () => {
    const before = await count('dr_templates');
    expect((await send('POST', '/api/v1/dr/templates', tpl({ frequency_min: 20 }))).statusCode).toBe(400);
    expect((await send('POST', '/api/v1/dr/templates', tpl({ engine: 'db2' }))).statusCode).toBe(400);
    expect((await send('POST', '/api/v1/dr/templates', tpl({ retention_days: 0 }))).statusCode).toBe(400);
    await refused(await send('POST', '/api/v1/dr/templates', tpl({ name: '_bad' })), 400, /name/);
    expect(await count('dr_templates')).toBe(before);
  });

  it('associates a template with instances through the DR rules; a template in use cannot be deleted', async () => {
    const made = await send('POST', '/api/v1/dr/templates', tpl());
    expect(made.statusCode, made.body).toBe(201);
    const t = made.json();
    expect(t).toMatchObject({ engine: 'postgre', frequency_min: 15, associations: 0 });
    await refused(await send('POST', '/api/v1/dr/templates', tpl()), 409, '模板名称重复');
    const tasks = await count('dr_tasks');
    // the DR task service's own checks: same instance, wrong engine for the template
    await refused(
      await send('POST', '/api/v1/dr/associations', { template_id: t.id, pairs: [{ source_id: pg, standby_id: pg }] }),
      400,
      '源实例与备实例不能相同',
    );
    const mysqlTpl = (await send('POST', '/api/v1/dr/templates', tpl({ name: 'tpl-my', engine: 'mysql' }))).json();
    await refused(
      await send('POST', '/api/v1/dr/associations', { template_id: mysqlTpl.id, pairs: [{ source_id: pg, standby_id: pg2 }] }),
      400,
      /类型与容灾类型不一致/,
    );
    // a NAS template pairs file systems (ADR 0074; tests/api/dr-nas.test.ts): database instances are not found as NAS
    const nas = (await send('POST', '/api/v1/dr/templates', tpl({ name: 'tpl-nas', engine: 'nas' }))).json();
    expect((await send('POST', '/api/v1/dr/associations', { template_id: nas.id, pairs: [{ source_id: pg, standby_id: pg2 }] })).statusCode).toBe(404);
    const twice = await send('POST', '/api/v1/dr/associations', {
      template_id: t.id,
      pairs: [
        { source_id: pg, standby_id: pg2 },
        { source_id: pg2, standby_id: pg },
      ],
    });
    await refused(twice, 400, '同一实例不能在一次关联中出现两次');
    // a later pair's refusal leaves the earlier pair uncreated
    const stoppedPg = await twin(pg, 'stopped', 'pg-dr-stopped');
    const bad = await send('POST', '/api/v1/dr/associations', {
      template_id: t.id,
      pairs: [
        { source_id: pg, standby_id: pg2 },
        { source_id: stoppedPg, standby_id: newId() },
      ],
    });
    expect(bad.statusCode).toBe(404);
    expect(await count('dr_tasks')).toBe(tasks);
    const ok = await send('POST', '/api/v1/dr/associations', { template_id: t.id, pairs: [{ source_id: pg, standby_id: pg2 }] });
    expect(ok.statusCode, ok.body).toBe(201);
    const [link] = ok.json().data;
    expect(link).toMatchObject({
      template_name: 'tpl-pg-gold',
      source_name: 'demo-pg-inventory',
      standby_name: 'pg-dr-standby',
      task_status: expect.stringMatching(/^(initializing|syncing)$/),
    });
    expect(await count('dr_tasks')).toBe(tasks + 1);
    expect((await send('GET', `/api/v1/dr/templates/${t.id}`)).json()).toMatchObject({ associations: 1, links: [{ id: link.id }] });
    await refused(await send('DELETE', `/api/v1/dr/templates/${t.id}`), 409, /已关联 1 个容灾任务/);
    await refused(await send('PUT', `/api/v1/dr/templates/${t.id}`, { engine: 'mysql' }), 409, /不能修改源端类型/);
    const edited = await send('PUT', `/api/v1/dr/templates/${t.id}`, { frequency_min: 30, placement: 'cross_region' });
    expect(edited.json()).toMatchObject({ frequency_min: 30, placement: 'cross_region' });
    expect((await send('DELETE', `/api/v1/dr/associations/${link.id}`)).statusCode).toBe(200);
    expect((await send('GET', `/api/v1/dr/tasks/${link.task_id}`)).statusCode).toBe(200);
    expect((await send('DELETE', `/api/v1/dr/templates/${t.id}`)).statusCode).toBe(200);
    expect((await send('DELETE', `/api/v1/dr/templates/${mysqlTpl.id}`)).statusCode).toBe(200);
  });
});

describe('host protection tasks', () => {
  const whole = (over: Json = {}) => ({
    type: 'whole_copy',
    name: 'wm-web-01',
    source_id: hosts[0],
    standby_id: hosts[1],
    sync_items: ['/'],
    excluded_items: ['/tmp'],
    compression: 'lz4',
    encryption: 'aes',
    key: 'k'.repeat(32),
    ...over,
  });
  const transfer = (n: number, over: Json = {}) => ({
    type: 'file_transfer',
    name: 'ft-logs',
    source_id: hosts[0],
    source_path: '/var/log/app',
    targets: hosts.slice(1, 1 + n).map((h) => ({ host_id: h, path: '/data/in' })),
    overwrite: true,
    create_dir: true,
    ...over,
  });

  it('refuses whole-machine copies by the key rules, same host, missing key; nothing created', async () => {
    const before = await count('host_tasks');
    await refused(await send('POST', '/api/v1/host-tasks', whole({ key: 'k'.repeat(20) })), 400, /16 的倍数/);
    await refused(await send('POST', '/api/v1/host-tasks', whole({ key: 'k'.repeat(80) })), 400, /key/);
    await refused(await send('POST', '/api/v1/host-tasks', whole({ key: undefined })), 400, /须填写密钥/);
    await refused(await send('POST', '/api/v1/host-tasks', whole({ standby_id: hosts[0] })), 400, '源主机与备主机不能相同');
    await refused(await send('POST', '/api/v1/host-tasks', whole({ sync_items: ['relative'] })), 400, /绝对路径/);
    expect((await send('POST', '/api/v1/host-tasks', { ...whole(), type: 'teleport' })).statusCode).toBe(400);
    expect(await count('host_tasks')).toBe(before);
  });

  it('seals the key, never answers it, and moves 未开始 → 复制中 → 成功 on the delay', async () => {
    const key = 'Zq7!'.repeat(16);
    const res = await send('POST', '/api/v1/host-tasks', whole({ key }));
    expect(res.statusCode, res.body).toBe(201);
    const task = res.json();
    expect(task).toMatchObject({ status: 'not_started', has_key: true, encryption: 'aes', targets: [{ host_id: hosts[1], name: 'dp-host-1' }] });
    expect(res.body).not.toContain(key);
    const stored = await app.ctx.db
      .selectFrom('host_tasks' as never)
      .select('key_sealed' as never)
      .where('id' as never, '=', task.id as never)
      .executeTakeFirstOrThrow();
    expect(JSON.stringify(stored)).not.toContain(key);
    await refused(await send('POST', '/api/v1/host-tasks', whole({ key })), 409, '任务名称重复');
    expect((await until(task.id, 'not_started')).status).toBe('running');
    await refused(await send('DELETE', `/api/v1/host-tasks/${task.id}`), 409, /不能删除/);
    expect((await until(task.id, 'running')).status).toBe('succeeded');
    const list = await send('GET', '/api/v1/host-tasks?type=whole_copy');
    expect(list.json().data.find((t: Json) => t.id === task.id).status).toBe('succeeded');
    expect(list.body).not.toContain(key);
    expect((await send('DELETE', `/api/v1/host-tasks/${task.id}`)).statusCode).toBe(200);
  });

  it('fails a copy whose standby stopped meanwhile', async () => {
    const task = (await send('POST', '/api/v1/host-tasks', whole({ name: 'wm-fail', standby_id: stoppedHost, encryption: 'none', key: undefined }))).json();
    expect(task.has_key).toBe(false);
    await until(task.id, 'not_started');
    expect((await until(task.id, 'running')).status).toBe('failed');
  });

  it('takes at most 5 file-transfer targets, no host twice, and keeps the flags', async () => {
    const before = await count('host_tasks');
    await refused(await send('POST', '/api/v1/host-tasks', transfer(6)), 400, /targets/);
    await refused(
      await send(
        'POST',
        '/api/v1/host-tasks',
        transfer(2, {
          targets: [
            { host_id: hosts[1], path: '/a' },
            { host_id: hosts[1], path: '/b' },
          ],
        }),
      ),
      400,
      '源主机和目标主机不能重复',
    );
    await refused(await send('POST', '/api/v1/host-tasks', transfer(1, { source_path: 'relative/path' })), 400, /绝对路径/);
    expect(await count('host_tasks')).toBe(before);
    const res = await send('POST', '/api/v1/host-tasks', transfer(5));
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toMatchObject({ type: 'file_transfer', overwrite: true, create_dir: true, status: 'not_started' });
    expect(res.json().targets).toHaveLength(5);
    const copy = await send('POST', '/api/v1/host-tasks', {
      type: 'file_copy',
      name: 'fc-1',
      source_id: hosts[0],
      source_path: '/etc',
      targets: [{ host_id: hosts[2], path: '/backup/etc' }],
    });
    expect(copy.statusCode, copy.body).toBe(201);
    const both = (await send('GET', '/api/v1/host-tasks?type=file_copy,file_compare')).json().data.map((t: Json) => t.type);
    expect(both).toContain('file_copy');
    expect(both).not.toContain('file_transfer');
  });

  it('lists the CDP tasks of every instance on the protection page, made by the instance’s own rules', async () => {
    await refused(await send('POST', `/api/v1/data-protect/instances/${pg}/cdp`, { name: 'cdp-tiny', retention_days: 3, space_gb: 0.000001 }), 400, /2.5 倍/);
    await refused(await send('POST', `/api/v1/data-protect/instances/${pg}/cdp`, { name: 'cdp-long', retention_days: 8, space_gb: 1 }), 400, /retention_days/);
    expect((await send('POST', `/api/v1/data-protect/instances/${pg}/cdp`, { name: 'cdp-inv', retention_days: 3, space_gb: 1 })).statusCode).toBe(201);
    const list = (await send('GET', '/api/v1/data-protect/instances')).json().data as Json[];
    expect(list.find((t) => t.name === 'cdp-inv')).toMatchObject({ instance_name: 'demo-pg-inventory', retention_days: 3 });
  });
});

describe('DR comparison tasks', () => {
  const sqlOn = async (id: string, sql: string) => {
    const res = await send('POST', `/api/v1/dbinstances/${id}/sql`, { sql });
    expect(res.statusCode, res.body).toBe(200);
  };

  it('compares the source and standby table by table and sees a row inserted on one side', async () => {
    const dr = (await send('POST', '/api/v1/dr/tasks', { name: 'dr-cmp', engine: 'postgre', source_id: pg, standby_id: pg2, threads: 2 })).json();
    for (const id of [pg, pg2]) {
      await sqlOn(id, 'create table cmp_items (id int primary key, label text)');
      await sqlOn(id, "insert into cmp_items values (1, 'a'), (2, 'b')");
    }
    const same = await send('POST', '/api/v1/dr/comparisons', { name: 'cmp-1', dr_task_id: dr.id });
    expect(same.statusCode, same.body).toBe(201);
    const first = same.json().tables.find((t: Json) => t.table === 'cmp_items');
    expect(first).toMatchObject({ source_rows: 2, target_rows: 2, equal: true });
    await sqlOn(pg2, "insert into cmp_items values (3, 'c')");
    const again = (await send('POST', '/api/v1/dr/comparisons', { name: 'cmp-2', dr_task_id: dr.id })).json();
    expect(again.status).toBe('different');
    expect(again.tables.find((t: Json) => t.table === 'cmp_items')).toMatchObject({ source_rows: 2, target_rows: 3, equal: false });
    // the demo tables exist only on the source: reported, not hidden
    expect(again.tables.find((t: Json) => t.table === 'products')).toMatchObject({ target_rows: null, equal: false });
    expect((await send('GET', `/api/v1/dr/comparisons?dr_task_id=${dr.id}`)).json().count).toBe(2);
    expect((await send('POST', '/api/v1/dr/comparisons', { name: 'cmp-bad', dr_task_id: newId() })).statusCode).toBe(404);
  });
});

describe('tenant isolation', () => {
  it('answers 404 for another tenant’s templates, tasks, hosts and comparisons', async () => {
    const t = (
      await send('POST', '/api/v1/dr/templates', {
        name: 'tpl-iso',
        engine: 'postgre',
        sync_mode: 'incremental',
        frequency_min: 30,
        retention_days: 3,
        placement: 'same_az',
      })
    ).json();
    const h = (
      await send('POST', '/api/v1/host-tasks', {
        type: 'file_compare',
        name: 'fcmp-iso',
        source_id: hosts[0],
        source_path: '/etc',
        targets: [{ host_id: hosts[3], path: '/etc' }],
      })
    ).json();
    const cmp = (await send('GET', '/api/v1/dr/comparisons')).json().data[0];
    expect((await send('GET', `/api/v1/dr/templates/${t.id}`, undefined, fin)).statusCode).toBe(404);
    expect((await send('PUT', `/api/v1/dr/templates/${t.id}`, { frequency_min: 15 }, fin)).statusCode).toBe(404);
    expect((await send('DELETE', `/api/v1/dr/templates/${t.id}`, undefined, fin)).statusCode).toBe(404);
    expect((await send('GET', '/api/v1/dr/templates', undefined, fin)).json().data.map((x: Json) => x.id)).not.toContain(t.id);
    expect((await send('GET', `/api/v1/host-tasks/${h.id}`, undefined, fin)).statusCode).toBe(404);
    expect((await send('DELETE', `/api/v1/host-tasks/${h.id}`, undefined, fin)).statusCode).toBe(404);
    expect((await send('GET', `/api/v1/dr/comparisons/${cmp.id}`, undefined, fin)).statusCode).toBe(404);
    expect((await send('GET', '/api/v1/data-protect/instances', undefined, fin)).json().count).toBe(0);
    // another tenant's own template cannot reach tenant_admin's hosts or instances
    await refused(
      await send(
        'POST',
        '/api/v1/host-tasks',
        { type: 'file_copy', name: 'steal', source_id: hosts[0], source_path: '/etc', targets: [{ host_id: hosts[1], path: '/x' }] },
        fin,
      ),
      404,
      /./,
    );
    const ft = (
      await send(
        'POST',
        '/api/v1/dr/templates',
        { name: 'tpl-fin', engine: 'postgre', sync_mode: 'incremental', frequency_min: 30, retention_days: 3, placement: 'same_az' },
        fin,
      )
    ).json();
    expect((await send('POST', '/api/v1/dr/associations', { template_id: ft.id, pairs: [{ source_id: pg, standby_id: pg2 }] }, fin)).statusCode).toBe(404);
    expect((await send('POST', '/api/v1/dr/associations', { template_id: ft.id, pairs: [{ source_id: pg, standby_id: pg2 }] })).statusCode).toBe(404);
  });
});
