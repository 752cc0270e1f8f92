// Cloud accounts through the API (issue 15, cloudAccountManage/cloudAccountDetail): an AccessKey of
// the vendor's shape, registered once per tenant, its secret sealed at rest and never answered,
// the ID shown masked; region sync through the engine (at least one region, only the account's
// vendor's); edit needs a change; another tenant sees nothing; the demo has accounts of every vendor.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { build, type Client } from './helper.ts';
import { act, actSettled, createSettled, expect400, expect409 } from './kinds-helpers.ts';

let app: Awaited<ReturnType<typeof build>>;
let c: Client;
let n = 0;
beforeAll(async () => {
  app = await build();
  c = await app.as('tenant_admin');
});
afterAll(async () => {
  await app.close();
});

const SECRET = 'Zx9pQ2mW7vK4sT8yB3nR6cH1';
const aliKey = () => `LTAI5tTest${Date.now().toString(36)}${String(n++).padStart(4, '0')}`.slice(0, 28);
const post = (payload: Record<string, unknown>, client = c) => client.req({ method: 'POST', url: '/api/cloud-accounts', payload });
const regionsOf = async (vendor: string) =>
  (await app.ctx.db.selectFrom('regions').select(['id', 'name']).where('public_cloud_provider', '=', vendor).orderBy('sort_value').execute()).map((r) => r);

describe('cloud accounts', () => {
  it('registers an AccessKey of the vendor once, seals its secret and never answers it', async () => {
    const keyId = aliKey();
    const acc = await createSettled(c, 'cloud-accounts', {
      name: `acc-${n}`,
      vendor: 'ali',
      access_key_id: keyId,
      access_key_secret: SECRET,
      cn_name: '测试账号',
    });
    expect(acc.status).toBe('available');
    expect(acc.vendor).toBe('ali');
    expect(acc.region_id).toBeNull();
    expect(acc.spec).toMatchObject({
      access_key_mask: `${keyId.slice(0, 6)}****${keyId.slice(-4)}`,
      secret_state: 'set',
      region_count: 0,
      cn_name: '测试账号',
    });
    expect(JSON.stringify(acc)).not.toContain(SECRET);
    const list = await c.req({ method: 'GET', url: '/api/cloud-accounts?__limit=100' });
    expect(list.body).not.toContain(SECRET);
    const row = await app.ctx.db.selectFrom('resources').select(['secrets', 'spec']).where('id', '=', acc.id).executeTakeFirstOrThrow();
    expect(row.secrets).toMatch(/^v1:/);
    expect(row.secrets).not.toContain(SECRET);
    expect(JSON.stringify(row.spec)).not.toContain(SECRET);
    expect(app.ctx.secrets.open(row.secrets!)).toEqual({ access_key_secret: SECRET });
    // the same key again, in the same tenant
    expect400(await post({ name: `acc-${n++}`, vendor: 'ali', access_key_id: keyId, access_key_secret: SECRET }), 'access_key_id');
  });

  it('refuses keys of the wrong shape, private clouds and empty secrets, in the caller language, changing nothing', async () => {
    const before = (
      await app.ctx.db.selectFrom('resources').select(app.ctx.db.fn.countAll<number>().as('n')).where('kind', '=', 'cloud_account').executeTakeFirstOrThrow()
    ).n;
    const tencentShaped = await post({ name: 'wrong-vendor', vendor: 'ali', access_key_id: 'AKIDabcdefghijklmnopqrstuvwxyz012345', access_key_secret: SECRET });
    expect400(tencentShaped, 'access_key_id');
    expect(tencentShaped.json().description).toContain('阿里云以 LTAI 开头');
    expect400(await post({ name: 'private', vendor: 'openstack', access_key_id: aliKey(), access_key_secret: SECRET }), 'vendor');
    expect400(await post({ name: 'no-secret', vendor: 'ali', access_key_id: aliKey(), access_key_secret: '' }), 'access_key_secret');
    const tw = await c.req({
      method: 'POST',
      url: '/api/cloud-accounts',
      payload: { name: 'tw', vendor: 'hwyun', access_key_id: 'lowercase-not-huawei', access_key_secret: SECRET },
      headers: { 'accept-language': 'zh-TW' },
    });
    expect(tw.statusCode).toBe(400);
    expect(tw.json().title).toBeTruthy();
    expect(tw.json().description).toMatch(/AccessKey ID|須為/);
    const after = (
      await app.ctx.db.selectFrom('resources').select(app.ctx.db.fn.countAll<number>().as('n')).where('kind', '=', 'cloud_account').executeTakeFirstOrThrow()
    ).n;
    expect(Number(after)).toBe(Number(before));
  });

  it('syncs at least one region of its own vendor and keeps their names; edit needs a change', async () => {
    const acc = await createSettled(c, 'cloud-accounts', { name: `sync-${n++}`, vendor: 'ali', access_key_id: aliKey(), access_key_secret: SECRET });
    expect400(await act(c, 'cloud-accounts', acc.id, { action: 'sync_regions', region_ids: [] }), 'region_ids');
    const [tencent] = await regionsOf('tencent');
    expect400(await act(c, 'cloud-accounts', acc.id, { action: 'sync_regions', region_ids: [tencent!.id] }), 'region_ids');
    const ali = await regionsOf('ali');
    const synced = await actSettled(c, 'cloud-accounts', acc.id, { action: 'sync_regions', region_ids: ali.map((r) => r.id) });
    expect(synced.status).toBe('available');
    expect(synced.spec).toMatchObject({ region_count: ali.length, region_names: ali.map((r) => r.name).join('、') });
    expect(new Date(synced.spec.synced_at).getTime()).toBeGreaterThan(Date.now() - 60_000);
    const empty = await act(c, 'cloud-accounts', acc.id, { action: 'modify' });
    expect400(empty, '(body)');
    expect(empty.json().description).toContain('请至少修改一项后再提交');
    const edited = await act(c, 'cloud-accounts', acc.id, { action: 'modify', cn_name: '生产账号', description: '纳管杭州资源' });
    expect(edited.statusCode).toBe(200);
    expect(edited.json().spec).toMatchObject({ cn_name: '生产账号', description: '纳管杭州资源' });
  });

  it('is invisible to another tenant, and the demo has an account of every public vendor', async () => {
    const acc = await createSettled(c, 'cloud-accounts', { name: `iso-${n++}`, vendor: 'ali', access_key_id: aliKey(), access_key_secret: SECRET });
    const other = await app.as('fin_admin');
    expect((await other.req({ method: 'GET', url: `/api/cloud-accounts/${acc.id}` })).statusCode).toBe(404);
    expect((await act(other, 'cloud-accounts', acc.id, { action: 'sync_regions', region_ids: [(await regionsOf('ali'))[0]!.id] })).statusCode).toBe(404);
    expect((await other.req({ method: 'DELETE', url: `/api/cloud-accounts/${acc.id}` })).statusCode).toBe(404);
    const theirs = (await other.req({ method: 'GET', url: '/api/cloud-accounts?__limit=100' })).json();
    expect(theirs.data.some((r: { id: string }) => r.id === acc.id)).toBe(false);
    const mine = (await c.req({ method: 'GET', url: '/api/cloud-accounts?__limit=100' })).json();
    const demoVendors = new Set(mine.data.filter((r: { name: string }) => r.name.startsWith('demo-')).map((r: { vendor: string }) => r.vendor));
    expect([...demoVendors].sort()).toEqual(['ali', 'ctyun', 'hwyun', 'tencent']);
    const demo = mine.data.find((r: { name: string }) => r.name.startsWith('demo-'));
    expect(demo.spec.region_count).toBeGreaterThan(0);
    expect(
      app.ctx.secrets.open((await app.ctx.db.selectFrom('resources').select('secrets').where('id', '=', demo.id).executeTakeFirstOrThrow()).secrets!),
    ).toHaveProperty('access_key_secret');
    // deleting: no sync while the cloud removes it
    expect((await c.req({ method: 'DELETE', url: `/api/cloud-accounts/${acc.id}` })).statusCode).toBe(200);
    const sync = await act(c, 'cloud-accounts', acc.id, { action: 'sync_regions', region_ids: [(await regionsOf('ali'))[0]!.id] });
    expect409(sync, '当前状态不允许同步区域，请等待账号验证通过');
  });
});

// Vendor AccessKeys are the tenant administrators' (entity cloud_account, ADR 0021 addendum): project
// roles neither list nor register them, the security administrator reads them, operations keep their
// regions in sync; the engine's own checks (create through approvals, tags, export, events) agree.
describe('who administers cloud accounts', () => {
  const refusedByGuard = (res: { statusCode: number; headers: Record<string, unknown> }) => {
    expect(res.statusCode).toBe(403);
    expect(res.headers['x-denied-by']).toBe('guard');
  };
  const body = () => ({ name: `perm-${n}`, vendor: 'ali', access_key_id: aliKey(), access_key_secret: SECRET });

  it('project roles (member, approver, owner) can neither list, read, register, change, tag nor export one', async () => {
    const acc = await createSettled(c, 'cloud-accounts', body());
    for (const account of ['member', 'approver', 'owner_zheng']) {
      const u = await app.as(account);
      refusedByGuard(await u.req({ method: 'GET', url: '/api/cloud-accounts' }));
      refusedByGuard(await u.req({ method: 'GET', url: `/api/cloud-accounts/${acc.id}` }));
      refusedByGuard(await post(body(), u));
      refusedByGuard(await act(u, 'cloud-accounts', acc.id, { action: 'modify', description: 'x' }));
      refusedByGuard(await u.req({ method: 'DELETE', url: `/api/cloud-accounts/${acc.id}` }));
      const menus = (await u.req({ method: 'GET', url: '/api/v1/menus' })).json().data as { menus: { menuUrl: string }[] }[];
      expect(menus.flatMap((g) => g.menus.map((m) => m.menuUrl))).not.toContain('/cloudAccountManage');
    }
    const member = await app.as('member');
    const { name, vendor, ...spec } = body();
    const asked = await member.req({
      method: 'POST',
      url: '/api/v1/approvals',
      payload: { type: 'resource_purchase', payload: { kind: 'cloud_account', name, vendor, spec } },
    });
    expect(asked.statusCode, asked.body).toBe(403);
    expect((await member.req({ method: 'GET', url: `/api/tag-resources?resource_type=cloud_account&resource_id=${acc.id}` })).statusCode).toBe(403);
    expect((await member.req({ method: 'GET', url: '/api/v1/export/resource/cloud_account?export_field_list=name' })).statusCode).toBe(403);
  });

  it('the security administrator reads them; operations read and sync but never register or delete', async () => {
    const acc = await createSettled(c, 'cloud-accounts', body());
    const ids = await app.ctx.db
      .selectFrom('memberships')
      .select(['tenant_id'])
      .innerJoin('users', 'users.id', 'memberships.user_id')
      .where('users.account', '=', 'tenant_admin')
      .executeTakeFirstOrThrow();
    const userId = await app.ctx.users.insertUser({ account: `ca_security_${n++}`, nickname: '安全管理员', password_hash: 'x' });
    await app.ctx.users.addMembership(userId, 'security_admin', ids.tenant_id, null);
    const security = { 'x-auth-token': await app.ctx.users.createSession(userId, 12), 'x-tenant-id': ids.tenant_id! };
    const listed = await app.inject({ method: 'GET', url: '/api/cloud-accounts?__limit=100', headers: security });
    expect(listed.statusCode).toBe(200);
    expect(listed.body).not.toContain(SECRET);
    refusedByGuard(await app.inject({ method: 'POST', url: '/api/cloud-accounts', headers: security, payload: body() }));
    const oncall = await app.as('oncall');
    const scope = { tenant: ids.tenant_id, project: acc.project_id as string };
    expect((await oncall.req({ method: 'GET', url: `/api/cloud-accounts/${acc.id}`, ...scope })).statusCode).toBe(200);
    refusedByGuard(await oncall.req({ method: 'POST', url: '/api/cloud-accounts', ...scope, payload: body() }));
    refusedByGuard(await oncall.req({ method: 'DELETE', url: `/api/cloud-accounts/${acc.id}`, ...scope }));
    const synced = await oncall.req({
      method: 'POST',
      url: `/api/cloud-accounts/${acc.id}/actions`,
      ...scope,
      payload: { action: 'sync_regions', region_ids: [(await regionsOf('ali'))[0]!.id] },
    });
    expect(synced.statusCode, synced.body).toBe(200);
  });
});
