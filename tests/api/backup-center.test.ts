// The backup centre (issue 29, ADR 0073): every product's strategy add, list, detail, records and
// recovery round trip at /api/v1/backup-center/:product; the refusals (a second policy on a target, an
// edit or delete while the policy is between states, a recovery without a restorable point, an
// unknown product, another tenant's or project's target, a read-only role); the mysql product shows
// the same policy and runs the instance's own backup tab shows; a bucket's recovery writes the backed-
// up object back into the bucket.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { build, demoIds, usersPerRole, type Client } from './helper.ts';
import { runBackups } from '../../src/server/oss/oss.jobs.ts';

type Json = Record<string, any>;
let app: Awaited<ReturnType<typeof build>>;
let c: Client;
let other: Client;
const BC = '/api/v1/backup-center';

beforeAll(async () => {
  app = await build({ config: { cloudSimDelayMs: 40 } });
  c = await app.as('tenant_admin');
  other = await app.as('fin_admin');
});
afterAll(async () => app.close());

const get = async (url: string, client = c) => {
  const res = await client.req({ method: 'GET', url });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as Json;
};
const send = (method: 'POST' | 'PUT' | 'DELETE', url: string, payload?: unknown, client = c) => client.req({ method, url, payload: payload as Json });

async function until<T>(read: () => Promise<T>, done: (v: T) => boolean, ms = 15_000): Promise<T> {
  const end = Date.now() + ms;
  for (;;) {
    const v = await read();
    if (done(v)) return v;
    if (Date.now() > end) throw new Error(`still ${JSON.stringify(v)}`);
    await new Promise((r) => setTimeout(r, 25));
  }
}

/** A target of the kind in tenant_admin's first project that has no strategy yet (a fresh row of the demo's). */
async function freshTarget(kind: string, spec: Record<string, unknown>, name: string) {
  const scope = c.territories[0]!;
  const near = await app.ctx.db
    .selectFrom('resources')
    .select(['vendor', 'region_id', 'az_id'])
    .where('project_id', '=', scope.projects[0]!.project_id)
    .executeTakeFirstOrThrow();
  const id = (await import('../../src/domain/ids.ts')).newId();
  const at = new Date();
  await app.ctx.db
    .insertInto('resources')
    .values({
      id,
      kind,
      tenant_id: scope.tenant_id,
      project_id: scope.projects[0]!.project_id,
      ...near,
      name,
      status: 'running',
      locked: false,
      spec: JSON.stringify(spec),
      created_at: at,
      updated_at: at,
    })
    .execute();
  return id;
}

const policy = { name: '每周备份', retention: '1month', start_time: '02:00', backup_days: [1, 3], log_backup: true };

describe.each([
  { product: 'files', kind: 'instance', spec: { system_disk_size: 40, data_disks: [{ size: 100 }] }, extra: { directories: ['/etc', '/data'] } },
  { product: 'nas', kind: 'nas', spec: { size: 500, protocol: 'nfs' }, extra: {} },
  { product: 'mongo', kind: 'doc_instance', spec: { storage: 100, engine: 'mongodb' }, extra: {} },
  { product: 'oracle', kind: 'db_instance', spec: { engine: 'oracle', data_disk: 200 }, extra: {} },
])('the $product product (the simulated cloud)', ({ product, kind, spec, extra }) => {
  it('adds the strategy, moves it to 已创建, takes runs sized from the target, refuses a second and recovers to a time point', async () => {
    const target = await freshTarget(kind, spec, `bc-${product}-${Date.now() % 100000}`);
    const made = await send('POST', `${BC}/${product}/strategies`, { ...policy, ...extra, target_id: target });
    expect(made.statusCode, made.body).toBe(201);
    const s = made.json() as Json;
    expect(s).toMatchObject({ product, target_id: target, status: 'creating', cycle: 'week' });
    if (product === 'files') expect(s.directories).toEqual(['/etc', '/data']);
    // between states: no edit, no delete
    expect((await send('PUT', `${BC}/${product}/strategies/${s.id}`, policy)).statusCode).toBe(409);
    expect((await send('DELETE', `${BC}/${product}/strategies/${s.id}`)).statusCode).toBe(409);
    // one strategy per target
    const second = await send('POST', `${BC}/${product}/strategies`, { ...policy, target_id: target });
    expect(second.statusCode).toBe(409);
    expect(second.json().description).toMatch(/只能有一个/);
    // no run yet: nothing to restore
    const early = await send('POST', `${BC}/${product}/recoveries`, { target_id: target, point_in_time: new Date().toISOString() });
    expect(early.statusCode).toBe(409);
    expect(early.json().description).toMatch(/没有可恢复的时间点/);
    await until(
      () => get(`${BC}/${product}/strategies/${s.id}`),
      (x) => x.status === 'created',
    );
    // the scheduler takes a log backup (mongo, oracle) or waits for the slot: age the strategy so a run is due
    await app.ctx.db
      .updateTable('bc_strategies')
      .set({ updated_at: new Date(Date.now() - 40 * 86_400_000) })
      .where('id', '=', s.id)
      .execute();
    const runs = await until(
      () => get(`${BC}/${product}/records?target_id=${target}`),
      (x) => x.data.some((r: Json) => r.status === 'success'),
    );
    const run = runs.data.find((r: Json) => r.status === 'success');
    expect(run.size_bytes).toBeGreaterThan(0);
    expect(run.snapshot_at).toBeTruthy();
    expect(runs.count).toBeGreaterThan(0);
    const rec = await send('POST', `${BC}/${product}/recoveries`, { target_id: target, point_in_time: new Date().toISOString() });
    expect(rec.statusCode, rec.body).toBe(201);
    expect(rec.json()).toMatchObject({ status: 'restoring', target_id: target });
    const done = await until(
      () => get(`${BC}/${product}/recoveries?target_id=${target}`),
      (x) => x.data[0]?.status !== 'restoring',
    );
    expect(done.data[0]).toMatchObject({ status: 'complete', backup_id: expect.any(String) });
    // settled now: edit and delete
    const edited = await send('PUT', `${BC}/${product}/strategies/${s.id}`, { ...policy, name: '改名', retention: '3month', backup_days: [1] });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(edited.json()).toMatchObject({ name: '改名', status: 'issuing', cycle: 'month' });
    // another tenant sees none of it
    expect((await other.req({ method: 'GET', url: `${BC}/${product}/strategies/${s.id}` })).statusCode).toBe(404);
    expect((await other.req({ method: 'POST', url: `${BC}/${product}/strategies`, payload: { ...policy, target_id: target } })).statusCode).toBe(404);
    expect((await other.req({ method: 'GET', url: `${BC}/${product}/records` })).json().data.some((r: Json) => r.target_id === target)).toBe(false);
  });
});

describe('the mysql and pg products (the instance backups)', () => {
  it('shows the same policy and runs the instance’s own backup tab shows', async () => {
    const inst = await app.ctx.db.selectFrom('resources').select('id').where('name', '=', 'demo-mysql-orders').executeTakeFirstOrThrow();
    const own = await get(`/api/v1/dbinstances/${inst.id}/backup-policy`);
    const list = await get(`${BC}/mysql/strategies`);
    const mine = list.data.find((s: Json) => s.target_id === inst.id);
    expect(mine).toMatchObject({ id: own.policy.id, name: own.policy.name, product: 'mysql', target_name: 'demo-mysql-orders' });
    expect(await get(`${BC}/mysql/strategies/${mine.id}`)).toMatchObject({ id: own.policy.id, status: own.policy.status });
    const runs = await get(`/api/v1/dbinstances/${inst.id}/backups`);
    const centre = await get(`${BC}/mysql/records?target_id=${inst.id}`);
    expect(centre.data.map((r: Json) => r.id)).toEqual(runs.data.map((r: Json) => r.id));
    expect(centre.data[0]).toMatchObject({ status: runs.data[0].status, size_bytes: runs.data[0].size_bytes, target_name: 'demo-mysql-orders' });
    // a pg instance is not a mysql strategy
    const pg = (await get(`${BC}/pg/strategies`)).data[0];
    expect(pg.target_name).toBe('demo-pg-inventory');
    expect((await c.req({ method: 'GET', url: `${BC}/mysql/strategies/${pg.id}` })).statusCode).toBe(404);
  });

  it('refuses a second policy, an edit or delete between states, and a recovery without a restorable point', async () => {
    const inst = await app.ctx.db.selectFrom('resources').select('id').where('name', '=', 'demo-pg-inventory').executeTakeFirstOrThrow();
    const second = await send('POST', `${BC}/pg/strategies`, { ...policy, target_id: inst.id });
    expect(second.statusCode).toBe(409);
    expect(second.json().description).toMatch(/只能有一个数据备份策略/);
    // the demo's runs are past their retention: nothing to restore
    const none = await send('POST', `${BC}/pg/recoveries`, { target_id: inst.id, point_in_time: new Date().toISOString() });
    expect(none.statusCode).toBe(409);
    const pol = (await get(`${BC}/pg/strategies`)).data.find((s: Json) => s.target_id === inst.id);
    const edited = await send('PUT', `${BC}/pg/strategies/${pol.id}`, { ...policy, log_backup: false });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(edited.json().status).toBe('issuing');
    expect((await send('PUT', `${BC}/pg/strategies/${pol.id}`, policy)).statusCode).toBe(409);
    expect((await send('DELETE', `${BC}/pg/strategies/${pol.id}`)).statusCode).toBe(409);
    expect((await get(`${BC}/pg/recoveries`)).data).toEqual([]);
  });
});

describe('the oss product (the buckets’ backup strategies)', () => {
  it('adds a strategy, and a recovery writes the backed-up object back into the bucket', async () => {
    const bucket = (await get('/api/oss-buckets?name=demo-assets')).data[0] as Json;
    const made = await send('POST', `${BC}/oss/strategies`, { target_id: bucket.id, name: '午夜备份', cycle: 'daily', time: '00:00', retention_days: 7 });
    expect(made.statusCode, made.body).toBe(201);
    expect(made.json()).toMatchObject({ product: 'oss', target_name: 'demo-assets', status: 'created', retention_days: 7 });
    expect((await get(`${BC}/oss/strategies`)).data.some((s: Json) => s.id === made.json().id)).toBe(true);
    expect(await runBackups(app.ctx.oss, new Date())).toBeGreaterThan(0);
    const recs = await get(`${BC}/oss/records?strategy_id=${made.json().id}`);
    expect(recs.data[0]).toMatchObject({ status: 'success', target_name: 'demo-assets' });
    expect(recs.data[0].objects).toBeGreaterThan(0);
    const objects = (await get(`/api/v1/oss/buckets/${bucket.id}/objects?prefix=`)).data as Json[];
    const file = objects.find((o) => !o.key.endsWith('/') && o.size > 0)!;
    expect((await send('DELETE', `/api/v1/oss/buckets/${bucket.id}/objects?key=${encodeURIComponent(file.key)}`)).statusCode).toBeLessThan(300);
    const rec = await send('POST', `${BC}/oss/recoveries`, { target_id: bucket.id, point_in_time: new Date().toISOString() });
    expect(rec.statusCode, rec.body).toBe(201);
    await until(
      () => get(`${BC}/oss/recoveries`),
      (x) => x.data[0]?.status === 'complete',
    );
    const back = (await get(`/api/v1/oss/buckets/${bucket.id}/objects?prefix=`)).data as Json[];
    expect(back.find((o) => o.key === file.key)).toMatchObject({ size: file.size });
    // a time before any backup
    const before = await send('POST', `${BC}/oss/recoveries`, { target_id: bucket.id, point_in_time: '2020-01-01T00:00:00Z' });
    expect(before.statusCode).toBe(409);
    const del = await send('DELETE', `${BC}/oss/strategies/${made.json().id}`);
    expect(del.statusCode).toBe(200);
  });
});

describe('refusals', () => {
  it('answers 404 for an unknown product and for another project’s target', async () => {
    expect((await c.req({ method: 'GET', url: `${BC}/tape/strategies` })).statusCode).toBe(404);
    const demo = await demoIds(app.ctx.db);
    const scope = c.territories[0]!;
    const elsewhere = scope.projects.find((p) => p.project_id !== scope.projects[0]!.project_id)!.project_id;
    const nas = await app.ctx.db
      .selectFrom('resources')
      .select('id')
      .where('project_id', '=', scope.projects[0]!.project_id)
      .where('kind', '=', 'nas')
      .executeTakeFirstOrThrow();
    const res = await c.req({ method: 'POST', url: `${BC}/nas/strategies`, project: elsewhere, payload: { ...policy, target_id: nas.id } });
    expect(res.statusCode).toBe(404);
    expect(demo.huadong).toBe(scope.tenant_id);
  });

  it('refuses every write to a read-only role and lets it read', async () => {
    const scope = c.territories[0]!;
    const tokens = await usersPerRole(app, ['counterpart_tenant_admin'], `bcr${Date.now() % 100000}`, scope.tenant_id, scope.projects[0]!.project_id);
    const headers = { 'x-auth-token': tokens.get('counterpart_tenant_admin')!, 'x-tenant-id': scope.tenant_id };
    expect((await app.inject({ method: 'GET', url: `${BC}/nas/strategies`, headers })).statusCode).toBe(200);
    const nas = (await get(`${BC}/nas/strategies`)).data[0] as Json;
    for (const w of [
      { method: 'POST' as const, url: `${BC}/nas/strategies`, payload: { ...policy, target_id: nas.target_id } },
      { method: 'PUT' as const, url: `${BC}/nas/strategies/${nas.id}`, payload: policy },
      { method: 'DELETE' as const, url: `${BC}/nas/strategies/${nas.id}` },
      { method: 'POST' as const, url: `${BC}/nas/recoveries`, payload: { target_id: nas.target_id, point_in_time: new Date().toISOString() } },
    ])
      expect((await app.inject({ ...w, headers })).statusCode).toBe(403);
  });

  it('shows the demo’s strategies and runs of every product', async () => {
    const products = (await get(`${BC}/products`)).data as Json[];
    expect(products.map((p) => p.product)).toEqual(['files', 'mysql', 'pg', 'mongo', 'nas', 'oss', 'oracle']);
    expect(products.every((p) => p.strategies > 0)).toBe(true);
    for (const product of ['files', 'mysql', 'pg', 'mongo', 'nas', 'oss', 'oracle']) {
      expect((await get(`${BC}/${product}/strategies`)).data.length, product).toBeGreaterThan(0);
      expect((await get(`${BC}/${product}/records`)).data.length, product).toBeGreaterThan(0);
    }
  });
});
