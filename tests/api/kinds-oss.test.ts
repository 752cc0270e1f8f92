// Object storage kinds through the engine (issue 30): capacity packages (sizes, price, a package with
// buckets cannot be deleted) and buckets (name rules, unique on the whole platform, a deleted name free
// again only after 30 minutes, a package of the project with room, referers at most 10, a bucket with
// objects deleted only when forced), and tenant isolation of both.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { build, type Client } from './helper.ts';
import { act, create, createSettled, expect400, expect409, placement, settle, uniq, type Row } from './kinds-helpers.ts';

let app: Awaited<ReturnType<typeof build>>;
let c: Client;
let other: Client;
let pkg: Row;
beforeAll(async () => {
  app = await build();
  c = await app.as('tenant_admin');
  other = await app.as('fin_admin');
  // The other tenant's demo project approves purchases; these tests buy there directly.
  await app.ctx.db
    .updateTable('approval_processes')
    .set({ request_types: JSON.stringify(['quota_change']) })
    .execute();
  pkg = await createSettled(c, 'oss-packages', { name: uniq('pk'), ...(await placement(app)), capacity_gb: 100 });
});
afterAll(async () => {
  await app.close();
});

let n = 0;
const bucketName = () => `yk-${Date.now().toString(36)}-${n++}`;
const count = async (kind: string) =>
  Number(
    (
      await app.ctx.db
        .selectFrom('resources')
        .select((e) => e.fn.countAll().as('n'))
        .where('kind', '=', kind)
        .executeTakeFirstOrThrow()
    ).n,
  );

async function refused(payload: Record<string, unknown>, field: string) {
  const before = await count('oss_bucket');
  const res = await c.req({ method: 'POST', url: '/api/oss-buckets', payload: { package_id: pkg.id, ...payload } });
  expect400(res, field);
  expect(res.json().title).toBeTruthy();
  expect(await count('oss_bucket')).toBe(before);
  return res.json().description as string;
}

/** Puts an object row straight into the table (the object REST and S3 API have their own tests). */
async function putRow(bucketId: string, key: string) {
  await sql`insert into oss_objects (id, tenant_id, bucket_id, key, blob_id, size, content_type, etag, created_at, updated_at)
    select md5(random()::text), tenant_id, id, ${key}, md5(random()::text), 3, 'text/plain', 'x', now(), now() from resources where id = ${bucketId}`.execute(
    app.ctx.db,
  );
}

describe('capacity packages', () => {
  it('are sold in the offered sizes and storage types, priced by the GB', async () => {
    const row = await create(c, 'oss-packages', {
      name: uniq('pk'),
      ...(await placement(app)),
      capacity_gb: 500,
      storage_type: 'infrequent',
      charging_code: 'year',
      duration: 12,
    });
    // 12 months are priced as 10
    expect(row.price.sum_price).toBe(12 * 500 * 10);
    expect((await settle(c, 'oss-packages', row.id))!).toMatchObject({ status: 'available', spec: { capacity_gb: 500, storage_type: 'infrequent' } });
    const bad = await c.req({ method: 'POST', url: '/api/oss-packages', payload: { name: uniq('pk'), ...(await placement(app)), capacity_gb: 300 } });
    expect400(bad, 'capacity_gb');
    const badType = await c.req({ method: 'POST', url: '/api/oss-packages', payload: { name: uniq('pk'), ...(await placement(app)), storage_type: 'cold' } });
    expect400(badType, 'storage_type');
  });

  it('cannot be deleted while it has buckets; can once they are gone', async () => {
    const p = await createSettled(c, 'oss-packages', { name: uniq('pk'), ...(await placement(app)) });
    const b = await createSettled(c, 'oss-buckets', { name: bucketName(), package_id: p.id });
    expect((await settle(c, 'oss-packages', p.id))!.spec.bucket_count).toBe(1);
    expect409(await c.req({ method: 'DELETE', url: `/api/oss-packages/${p.id}` }), '容量包下仍有存储桶，请先删除存储桶再删除容量包');
    expect((await c.req({ method: 'DELETE', url: `/api/oss-buckets/${b.id}` })).statusCode).toBe(200);
    expect(await settle(c, 'oss-buckets', b.id)).toBeNull();
    expect((await settle(c, 'oss-packages', p.id))!.spec.bucket_count).toBe(0);
    expect((await c.req({ method: 'DELETE', url: `/api/oss-packages/${p.id}` })).statusCode).toBe(200);
    expect(await settle(c, 'oss-packages', p.id)).toBeNull();
  });
});

describe('buckets', () => {
  it('take a name of 3-63 lowercase letters, digits, hyphens and dots, not IP-like; bad input creates nothing', async () => {
    expect(await refused({ name: 'ab' }, 'name')).toContain('3-63');
    expect(await refused({ name: 'a'.repeat(64) }, 'name')).toContain('3-63');
    expect(await refused({ name: 'My-Bucket' }, 'name')).toContain('小写字母');
    expect(await refused({ name: '-abc' }, 'name')).toContain('开头');
    expect(await refused({ name: 'a..b' }, 'name')).toContain('连续的点');
    expect(await refused({ name: '192.168.1.10' }, 'name')).toContain('IP');
    expect(await refused({ name: bucketName(), referers: Array.from({ length: 11 }, (_, i) => `a${i}.example.com`) }, 'referers')).toContain('10');
    expect(await refused({ name: bucketName(), acl: 'everyone' }, 'acl')).toBeTruthy();
    const ok = await createSettled(c, 'oss-buckets', {
      name: `${bucketName()}.logs`,
      package_id: pkg.id,
      acl: 'public-read',
      referer_type: 'white',
      referers: ['*.example.com'],
    });
    expect(ok).toMatchObject({
      status: 'available',
      spec: { acl: 'public-read', storage_class: 'standard', package_name: pkg.name, used_bytes: 0, object_count: 0 },
    });
    expect(ok.region_id).toBe(pkg.region_id);
  });

  it('names are unique on the whole platform, and a deleted name is free again only after 30 minutes', async () => {
    const name = bucketName();
    const b = await createSettled(c, 'oss-buckets', { name, package_id: pkg.id });
    // Another tenant cannot take it either (its own package).
    const otherPkg = await createSettled(other, 'oss-packages', { name: uniq('pk'), ...(await placement(app)) });
    const taken = await other.req({ method: 'POST', url: '/api/oss-buckets', payload: { name, package_id: otherPkg.id } });
    expect409(taken, `存储桶名称「${name}」已被使用，请换一个名称`);
    expect((await c.req({ method: 'DELETE', url: `/api/oss-buckets/${b.id}` })).statusCode).toBe(200);
    expect(await settle(c, 'oss-buckets', b.id)).toBeNull();
    const cooling = await c.req({ method: 'POST', url: '/api/oss-buckets', payload: { name, package_id: pkg.id } });
    expect409(cooling, `存储桶名称「${name}」刚被删除，30 分钟后才能再次使用`);
    const tw = await c.req({ method: 'POST', url: '/api/oss-buckets', payload: { name, package_id: pkg.id }, headers: { 'accept-language': 'zh-TW' } });
    expect(tw.json().description).toBe(`儲存貯體名稱「${name}」剛被刪除，30 分鐘後才能再次使用`);
    await sql`update oss_released_names set released_at = now() - interval '31 minutes' where name = ${name}`.execute(app.ctx.db);
    expect((await createSettled(other, 'oss-buckets', { name, package_id: otherPkg.id })).name).toBe(name);
  });

  it('needs an available package of its own project with room left', async () => {
    const foreign = await createSettled(other, 'oss-packages', { name: uniq('pk'), ...(await placement(app)) });
    expect((await c.req({ method: 'POST', url: '/api/oss-buckets', payload: { name: bucketName(), package_id: foreign.id } })).statusCode).toBe(404);
    const full = await createSettled(c, 'oss-packages', { name: uniq('pk'), ...(await placement(app)) });
    const b = await createSettled(c, 'oss-buckets', { name: bucketName(), package_id: full.id });
    await putRow(b.id, 'big.bin');
    await sql`update oss_objects set size = ${100 * 1024 ** 3} where bucket_id = ${b.id}`.execute(app.ctx.db);
    const res = await c.req({ method: 'POST', url: '/api/oss-buckets', payload: { name: bucketName(), package_id: full.id } });
    expect409(res, `容量包「${full.name}」已用满，请选择其他容量包或购买新的容量包`);
  });

  it('change ACL and referers; a bucket with objects is deleted only when forced, its objects with it', async () => {
    const b = await createSettled(c, 'oss-buckets', { name: bucketName(), package_id: pkg.id });
    expect((await act(c, 'oss-buckets', b.id, { action: 'set_acl', acl: 'public-read-write' })).statusCode).toBe(200);
    expect400(await act(c, 'oss-buckets', b.id, { action: 'set_referer', referer_type: 'black', referers: ['a', 'a'] }), 'referers');
    expect(
      (await act(c, 'oss-buckets', b.id, { action: 'set_referer', referer_type: 'black', referers: ['bad.example.com'], allow_empty_referer: false }))
        .statusCode,
    ).toBe(200);
    expect((await settle(c, 'oss-buckets', b.id))!.spec).toMatchObject({
      acl: 'public-read-write',
      referer_type: 'black',
      referers: ['bad.example.com'],
      allow_empty_referer: false,
    });
    await putRow(b.id, 'a.txt');
    expect409(await c.req({ method: 'DELETE', url: `/api/oss-buckets/${b.id}` }), `存储桶「${b.name}」不为空，删除失败；如需连同文件一起删除，请选择强制删除`);
    expect409(await act(c, 'oss-buckets', b.id, { action: 'delete' }), `存储桶「${b.name}」不为空，删除失败；如需连同文件一起删除，请选择强制删除`);
    expect((await act(c, 'oss-buckets', b.id, { action: 'delete', force: true })).statusCode).toBe(200);
    expect(await settle(c, 'oss-buckets', b.id)).toBeNull();
    const left = await sql<{ n: string }>`select count(*) as n from oss_objects where bucket_id = ${b.id}`.execute(app.ctx.db);
    expect(Number(left.rows[0]!.n)).toBe(0);
  });

  it('another tenant cannot see, act on or delete them (404)', async () => {
    const b = await createSettled(c, 'oss-buckets', { name: bucketName(), package_id: pkg.id });
    for (const [collection, id] of [
      ['oss-buckets', b.id],
      ['oss-packages', pkg.id],
    ] as const) {
      expect((await other.req({ method: 'GET', url: `/api/${collection}/${id}` })).statusCode).toBe(404);
      expect((await act(other, collection, id, { action: 'delete' })).statusCode).toBe(404);
      expect((await other.req({ method: 'DELETE', url: `/api/${collection}/${id}` })).statusCode).toBe(404);
      expect((await other.req({ method: 'GET', url: `/api/${collection}` })).json().data.some((r: Row) => r.id === id)).toBe(false);
    }
  });
});
