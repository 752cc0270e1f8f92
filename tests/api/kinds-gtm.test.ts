// GTM through the API: instances with global settings (TTL 1-86400, alarm, health check), address
// pools (IPv4 addresses, weights 0-100, not all zero), access policies (one per line, pools of the
// same instance, backup never the primary), refusals in the caller's language, the operation log
// written by the changes themselves, and another tenant's 404.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { build, type Client } from './helper.ts';
import { act, create, createSettled, expect400, expect409, placement, settle, uniq, type Row } from './kinds-helpers.ts';

let app: Awaited<ReturnType<typeof build>>;
let c: Client;
beforeAll(async () => {
  app = await build();
  c = await app.as('tenant_admin');
});
afterAll(async () => {
  await app.close();
});

const post = (collection: string, payload: Record<string, unknown>) => c.req({ method: 'POST', url: `/api/${collection}`, payload });
const instance = async () => createSettled(c, 'gtm-instances', { name: uniq('gtm'), ...(await placement(app)) });
const pool = (
  gtmId: string,
  addresses = [
    { ip: '47.1.1.1', weight: 50 },
    { ip: '47.1.1.2', weight: 0 },
  ],
) => createSettled(c, 'gtm-pools', { gtm_id: gtmId, name: uniq('pool'), addresses });
const logs = async (id: string, client = c) => client.req({ method: 'GET', url: `/api/gtm-instances/${id}/logs` });

describe('GTM', () => {
  it('an instance has its CNAME and default settings; global settings are checked and saved', async () => {
    const g = await instance();
    expect(g).toMatchObject({
      status: 'enabled',
      spec: { ttl: 60, alarm_enabled: true, health_protocol: 'tcp', health_port: 80, health_interval: 60, pool_count: 0, policy_count: 0 },
    });
    expect(g.spec.cname).toMatch(/\.gtm\.yunshu-dns\.cn$/);
    const set = (body: Record<string, unknown>) => act(c, 'gtm-instances', g.id, { action: 'set_global', ...body });
    expect400(await set({ ttl: 0 }), 'ttl');
    expect400(await set({ ttl: 86401 }), 'ttl');
    expect400(await set({ ttl: 60, health_protocol: 'http' }), 'health_port');
    expect400(await set({ ttl: 60, health_protocol: 'tcp', health_port: 80, health_interval: 45 }), 'health_interval');
    const ok = await set({ ttl: 300, alarm_enabled: false, health_protocol: 'ping', health_interval: 30 });
    expect(ok.statusCode).toBe(200);
    expect(ok.json().spec).toMatchObject({ ttl: 300, alarm_enabled: false, health_protocol: 'ping', health_interval: 30 });
  });

  it('pools take IPv4 addresses with weights 0-100, not all zero, named once per instance', async () => {
    const g = await instance();
    const body = (addresses: unknown, name = uniq('pool')) => post('gtm-pools', { gtm_id: g.id, name, addresses });
    expect400(await body([{ ip: '47.1.1.300', weight: 10 }]), 'addresses.0.ip');
    expect400(await body([{ ip: '47.1.1.1', weight: 101 }]), 'addresses.0.weight');
    expect400(await body([{ ip: '47.1.1.1', weight: 0 }]), 'addresses');
    expect400(
      await body([
        { ip: '47.1.1.1', weight: 10 },
        { ip: '47.1.1.1', weight: 20 },
      ]),
      'addresses.1.ip',
    );
    expect400(await body([]), 'addresses');
    const p = await pool(g.id);
    expect(p.spec).toMatchObject({ address_count: 2, health_check: true });
    const dup = await body([{ ip: '47.1.1.9', weight: 1 }], p.name);
    expect(dup.statusCode).toBe(400);
    expect(dup.json().description).toContain('该实例下已有同名地址池');
    expect((await c.req({ method: 'GET', url: `/api/gtm-instances/${g.id}` })).json().spec.pool_count).toBe(1);
    expect409(await c.req({ method: 'DELETE', url: `/api/gtm-instances/${g.id}` }), '实例下仍有地址池，请先删除访问策略和地址池');
  });

  it('a policy sends one line to a primary pool of the same instance with an optional, different backup; pools in use stay', async () => {
    const g = await instance();
    const other = await instance();
    const a = await pool(g.id);
    const b = await pool(g.id);
    const foreign = await pool(other.id);
    expect400(await post('gtm-policies', { gtm_id: g.id, line: 'telecom', primary_pool_id: a.id, backup_pool_id: a.id }), 'backup_pool_id');
    expect400(await post('gtm-policies', { gtm_id: g.id, line: 'telecom', primary_pool_id: foreign.id }), 'primary_pool_id');
    expect400(await post('gtm-policies', { gtm_id: g.id, line: 'mars', primary_pool_id: a.id }), 'line');
    const pol = await createSettled(c, 'gtm-policies', { gtm_id: g.id, line: 'telecom', primary_pool_id: a.id, backup_pool_id: b.id });
    expect(pol).toMatchObject({ name: 'telecom', status: 'enabled', spec: { failover: true, primary_pool_id: a.id, backup_pool_id: b.id } });
    const again = await post('gtm-policies', { gtm_id: g.id, line: 'telecom', primary_pool_id: b.id });
    expect(again.statusCode).toBe(400);
    expect(again.json()).toMatchObject({ field: 'line' });
    expect(again.json().description).toContain('该线路已配置访问策略');
    expect409(await c.req({ method: 'DELETE', url: `/api/gtm-pools/${b.id}` }), '地址池正被访问策略使用，不允许删除');
    expect409(await act(c, 'gtm-pools', a.id, { action: 'disable' }), '地址池是启用中访问策略的主地址池，不允许停用');
    expect((await act(c, 'gtm-policies', pol.id, { action: 'modify', primary_pool_id: b.id, failover: false })).statusCode).toBe(200);
    expect((await act(c, 'gtm-pools', a.id, { action: 'disable' })).json().status).toBe('disabled');
    expect400(await act(c, 'gtm-policies', pol.id, { action: 'modify', primary_pool_id: a.id, failover: true }), 'primary_pool_id');
    expect((await c.req({ method: 'DELETE', url: `/api/gtm-pools/${a.id}` })).statusCode).toBe(200);
    expect(await settle(c, 'gtm-pools', a.id)).toBeNull();
    expect((await c.req({ method: 'GET', url: `/api/gtm-instances/${g.id}` })).json().spec).toMatchObject({ pool_count: 1, policy_count: 1 });
  });

  it('the operation log records each change as it happens, newest first, and nothing for a refused one', async () => {
    const g = await instance();
    expect((await logs(g.id)).json()).toMatchObject({ count: 1, data: [{ operation: 'create', target_kind: 'gtm_instance', target_name: g.name }] });
    expect400(await act(c, 'gtm-instances', g.id, { action: 'set_global', ttl: 0 }), 'ttl');
    expect((await logs(g.id)).json().count).toBe(1);
    const p = await pool(g.id, [{ ip: '47.2.2.2', weight: 80 }]);
    await act(c, 'gtm-instances', g.id, { action: 'set_global', ttl: 120, health_protocol: 'http', health_port: 8080, health_interval: 15 });
    const pol = await createSettled(c, 'gtm-policies', { gtm_id: g.id, line: 'default', primary_pool_id: p.id });
    await act(c, 'gtm-policies', pol.id, { action: 'disable' });
    await c.req({ method: 'DELETE', url: `/api/gtm-policies/${pol.id}` });
    await settle(c, 'gtm-policies', pol.id);
    const body = (await logs(g.id)).json();
    expect(body.data.map((l: Row) => `${l.target_kind}.${l.operation}`)).toEqual([
      'gtm_policy.delete',
      'gtm_policy.disable',
      'gtm_policy.create',
      'gtm_instance.set_global',
      'gtm_pool.create',
      'gtm_instance.create',
    ]);
    expect(body.data[3].detail).toMatchObject({ ttl: 120, health_protocol: 'http', health_port: 8080, health_interval: 15 });
    expect(body.data[4].detail).toMatchObject({ addresses: '47.2.2.2(80)' });
    expect(body.data[2].detail).toMatchObject({ line: 'default', primary_pool: p.name, backup_pool: null });
    const paged = (await c.req({ method: 'GET', url: `/api/gtm-instances/${g.id}/logs?__limit=2&__offset=1` })).json();
    expect(paged.data.map((l: Row) => l.operation)).toEqual(['disable', 'create']);
  });

  it('refuses in Traditional Chinese too, and another tenant gets 404 for instances, pools, policies and the log', async () => {
    const g = await instance();
    const p = await pool(g.id);
    const pol = await create(c, 'gtm-policies', { gtm_id: g.id, line: 'unicom', primary_pool_id: p.id });
    const tw = await c.req({ method: 'DELETE', url: `/api/gtm-pools/${p.id}`, headers: { 'accept-language': 'zh-TW' } });
    expect(tw.statusCode).toBe(409);
    expect(tw.json().description).toBe('位址池正被存取策略使用，不允許刪除');
    const fin = await app.as('fin_admin');
    for (const url of [`/api/gtm-instances/${g.id}`, `/api/gtm-pools/${p.id}`, `/api/gtm-policies/${pol.id}`, `/api/gtm-instances/${g.id}/logs`]) {
      expect((await fin.req({ method: 'GET', url })).statusCode, url).toBe(404);
    }
    expect(
      (await fin.req({ method: 'POST', url: '/api/gtm-pools', payload: { gtm_id: g.id, name: 'x-pool', addresses: [{ ip: '47.1.1.1', weight: 1 }] } }))
        .statusCode,
    ).toBe(404);
    expect(
      (await fin.req({ method: 'POST', url: `/api/gtm-instances/${g.id}/actions`, payload: { action: 'set_global', ttl: 30, health_protocol: 'ping' } }))
        .statusCode,
    ).toBe(404);
    expect((await logs(g.id, fin)).statusCode).toBe(404);
  });
});
