// VPCs, subnets and elastic IPs through the API: CIDR rules, free addresses, bind rules of EIPs,
// deletes refused while in use, and isolation.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { build, demoIds, type Client } from './helper.ts';
import { act, actSettled, create, createSettled, expect400, expect409, host, placement, settle, uniq } from './kinds-helpers.ts';

let app: Awaited<ReturnType<typeof build>>;
let c: Client;
beforeAll(async () => {
  app = await build();
  c = await app.as('tenant_admin');
});
afterAll(async () => {
  await app.close();
});

let octet = 100;
const vpcBody = async (extra: Record<string, unknown> = {}) => ({ name: uniq('vpc'), ...(await placement(app)), cidr: `10.${octet++}.0.0/16`, ...extra });

describe('VPC', () => {
  it('goes creating → available; private CIDRs of /8–/24 only', async () => {
    const row = await create(c, 'vpcs', await vpcBody());
    expect(row.status).toBe('creating');
    expect((await settle(c, 'vpcs', row.id))!.status).toBe('available');
    const pub = await c.req({ method: 'POST', url: '/api/vpcs', payload: await vpcBody({ cidr: '8.8.0.0/16' }) });
    expect400(pub, 'cidr');
    expect(pub.json().rule).toBe('private_cidr');
    expect400(await c.req({ method: 'POST', url: '/api/vpcs', payload: await vpcBody({ cidr: '10.0.0.1/16' }) }), 'cidr');
    expect400(await c.req({ method: 'POST', url: '/api/vpcs', payload: await vpcBody({ cidr: '10.0.0.0/25' }) }), 'cidr');
    expect400(await c.req({ method: 'POST', url: '/api/vpcs', payload: await vpcBody({ cidr: '300.1.0.0/16' }) }), 'cidr');
    expect((await c.req({ method: 'POST', url: '/api/vpcs', payload: await vpcBody({ cidr: '192.168.0.0/24' }) })).statusCode).toBe(201);
    expect((await c.req({ method: 'POST', url: '/api/vpcs', payload: await vpcBody({ cidr: '172.16.0.0/12' }) })).statusCode).toBe(201);
  });

  it('refuses deleting a VPC with subnets, deletes an empty one', async () => {
    const vpc = await createSettled(c, 'vpcs', await vpcBody());
    const sub = await createSettled(c, 'subnets', { name: uniq('sub'), vpc_id: vpc.id, cidr: vpc.spec.cidr.replace('0.0/16', '1.0/24') });
    expect409(await c.req({ method: 'DELETE', url: `/api/vpcs/${vpc.id}` }), '私有网络下存在子网，不允许删除');
    await c.req({ method: 'DELETE', url: `/api/subnets/${sub.id}` });
    expect(await settle(c, 'subnets', sub.id)).toBeNull();
    const del = await c.req({ method: 'DELETE', url: `/api/vpcs/${vpc.id}` });
    expect(del.json().status).toBe('deleting');
    expect(await settle(c, 'vpcs', vpc.id)).toBeNull();
  });
});

describe('subnet', () => {
  it('lies inside its VPC, overlaps no sibling, counts free addresses', async () => {
    const vpc = await createSettled(c, 'vpcs', await vpcBody());
    const base = vpc.spec.cidr.split('.').slice(0, 2).join('.');
    const outside = await c.req({ method: 'POST', url: '/api/subnets', payload: { name: uniq('sub'), vpc_id: vpc.id, cidr: '10.250.1.0/24' } });
    expect400(outside, 'cidr');
    expect(outside.json().description).toBe('cidr：子网网段须在私有网络网段内');
    expect400(await c.req({ method: 'POST', url: '/api/subnets', payload: { name: uniq('sub'), vpc_id: vpc.id, cidr: `${base}.1.0/30` } }), 'cidr');
    const sub = await createSettled(c, 'subnets', { name: uniq('sub'), vpc_id: vpc.id, cidr: `${base}.1.0/24` });
    expect(sub.spec).toMatchObject({ gateway: `${base}.1.1`, total_ips: 251, used_ips: 0, free_ips: 251 });
    expect(sub).toMatchObject({ vendor: vpc.vendor, az_id: vpc.az_id });
    const overlap = await c.req({ method: 'POST', url: '/api/subnets', payload: { name: uniq('sub'), vpc_id: vpc.id, cidr: `${base}.1.128/25` } });
    expect400(overlap, 'cidr');
    expect(overlap.json().rule).toBe('cidr_overlap');
    const h = await host(app, c, { subnetId: sub.id });
    expect((await c.req({ method: 'GET', url: `/api/subnets/${sub.id}` })).json().spec).toMatchObject({ used_ips: 1, free_ips: 250 });
    // Ref fields are answered with the names people know: the subnet's VPC, the host's subnet, in the list and the detail.
    expect((await c.req({ method: 'GET', url: `/api/subnets/${sub.id}` })).json().ref_names).toEqual({ vpc_id: vpc.name });
    const listed = (await c.req({ method: 'GET', url: `/api/instances?name=${h.name}` })).json().data;
    expect(listed.map((r: { ref_names?: unknown }) => r.ref_names)).toEqual([{ subnet_id: sub.name }]);
    expect(h.spec.private_ip).toBe(`${base}.1.4`);
    expect409(await c.req({ method: 'DELETE', url: `/api/subnets/${sub.id}` }), '子网中存在云主机，不允许删除');
    // A /29 has three usable addresses; the fourth host finds none.
    const tiny = await createSettled(c, 'subnets', { name: uniq('sub'), vpc_id: vpc.id, cidr: `${base}.9.0/29` });
    expect(tiny.spec.free_ips).toBe(3);
    for (let i = 0; i < 3; i++)
      await create(c, 'instances', {
        name: uniq('h'),
        ...(await placement(app)),
        image: 'uos-20',
        flavor: 's6.small.1',
        subnet_id: tiny.id,
        password: 'Passw0rd2025',
      });
    const full = await c.req({
      method: 'POST',
      url: '/api/instances',
      payload: { name: uniq('h'), ...(await placement(app)), image: 'uos-20', flavor: 's6.small.1', subnet_id: tiny.id, password: 'Passw0rd2025' },
    });
    expect409(full, '子网可用IP不足');
  });

  it('needs an available VPC of the scope', async () => {
    expect((await c.req({ method: 'POST', url: '/api/subnets', payload: { name: uniq('sub'), vpc_id: '0'.repeat(32), cidr: '10.1.1.0/24' } })).statusCode).toBe(
      404,
    );
    await app.engine.scheduler.stop();
    try {
      const vpc = await create(c, 'vpcs', await vpcBody());
      expect409(
        await c.req({ method: 'POST', url: '/api/subnets', payload: { name: uniq('sub'), vpc_id: vpc.id, cidr: vpc.spec.cidr.replace('0.0/16', '1.0/24') } }),
        '当前状态不允许新增',
      );
      expect409(await c.req({ method: 'DELETE', url: `/api/vpcs/${vpc.id}` }), '当前状态不允许删除');
    } finally {
      app.engine.scheduler.start();
    }
  });
});

describe('elastic IP', () => {
  const eipBody = async (extra: Record<string, unknown> = {}, vendor = 'openstack') => ({
    name: uniq('eip'),
    ...(await placement(app, vendor)),
    bandwidth: 10,
    ...extra,
  });

  it('goes creating → available with an address; bandwidth 1–200', async () => {
    const e = await createSettled(c, 'eips', await eipBody());
    expect(e.status).toBe('available');
    expect(e.spec.address).toMatch(/^\d+\.\d+\.\d+\.\d+$/);
    expect400(await c.req({ method: 'POST', url: '/api/eips', payload: await eipBody({ bandwidth: 0 }) }), 'bandwidth');
    expect400(await c.req({ method: 'POST', url: '/api/eips', payload: await eipBody({ bandwidth: 201 }) }), 'bandwidth');
    expect((await c.req({ method: 'POST', url: '/api/eips', payload: await eipBody({ bandwidth: 200 }) })).statusCode).toBe(201);
    expect((await c.req({ method: 'POST', url: '/api/eips', payload: await eipBody({ charging_code: 'year', duration: 6 }, 'tencent') })).statusCode).toBe(201);
    expect400(await c.req({ method: 'POST', url: '/api/eips', payload: await eipBody({ charging_code: 'year' }, 'ctyun') }), 'charging_code');
  });

  it('binds to a host once; an allocated EIP can be neither bound nor deleted', async () => {
    const h = await host(app, c);
    const e = await createSettled(c, 'eips', await eipBody());
    expect409(await act(c, 'eips', e.id, { action: 'unbind' }), '当前状态不允许解绑');
    const binding = await act(c, 'eips', e.id, { action: 'bind', instance_id: h.id });
    expect(binding.json().status).toBe('binding');
    expect((await settle(c, 'eips', e.id))!).toMatchObject({ status: 'allocated', spec: { instance_id: h.id } });
    expect409(await act(c, 'eips', e.id, { action: 'bind', instance_id: h.id }), '已分配的弹性IP不允许绑定');
    expect409(await c.req({ method: 'DELETE', url: `/api/eips/${e.id}` }), '已分配的弹性IP不允许删除');
    const unbound = await actSettled(c, 'eips', e.id, { action: 'unbind' });
    expect(unbound.status).toBe('available');
    expect(unbound.spec.instance_id).toBeUndefined();
    // A stopped-and-deleted host is no bind target.
    await c.req({ method: 'DELETE', url: `/api/instances/${h.id}` });
    await settle(c, 'instances', h.id);
    expect409(await act(c, 'eips', e.id, { action: 'bind', instance_id: h.id }), '没有可绑定的弹性IP或主机');
    const del = await c.req({ method: 'DELETE', url: `/api/eips/${e.id}` });
    expect(del.json().status).toBe('deleting');
    expect(await settle(c, 'eips', e.id)).toBeNull();
  });

  it('is released when its host is destroyed', async () => {
    const h = await host(app, c, { extra: { public_ip_type: 'bgp', bandwidth: 3 } });
    const eipId = h.relations.find((r: { kind: string }) => r.kind === 'eip').id;
    expect((await settle(c, 'eips', eipId))!.status).toBe('allocated');
    await c.req({ method: 'DELETE', url: `/api/instances/${h.id}` });
    await settle(c, 'instances', h.id);
    await act(c, 'instances', h.id, { action: 'destroy' });
    expect(await settle(c, 'instances', h.id)).toBeNull();
    expect((await c.req({ method: 'GET', url: `/api/eips/${eipId}` })).json().status).toBe('available');
  });
});

describe('network isolation', () => {
  it("refuses another tenant's VPC, subnet and EIP with 404", async () => {
    const vpc = await createSettled(c, 'vpcs', await vpcBody());
    const sub = await createSettled(c, 'subnets', { name: uniq('sub'), vpc_id: vpc.id, cidr: vpc.spec.cidr.replace('0.0/16', '3.0/24') });
    const e = await createSettled(c, 'eips', { name: uniq('eip'), ...(await placement(app)), bandwidth: 2 });
    const ids = await demoIds(app.ctx.db);
    const fin = await app.as('fin_admin');
    const own = { tenant: ids.finance, project: ids.project('core-trading') };
    for (const [col, id] of [
      ['vpcs', vpc.id],
      ['subnets', sub.id],
      ['eips', e.id],
    ] as const) {
      expect((await fin.req({ method: 'GET', url: `/api/${col}/${id}`, ...own })).statusCode).toBe(404);
      expect((await fin.req({ method: 'DELETE', url: `/api/${col}/${id}`, ...own })).statusCode).toBe(404);
      expect((await fin.req({ method: 'GET', url: `/api/${col}/${id}`, tenant: ids.huadong, project: null })).statusCode).toBe(404);
    }
    // Building on another tenant's VPC or subnet answers 404.
    expect((await fin.req({ method: 'POST', url: '/api/subnets', payload: { name: uniq('x'), vpc_id: vpc.id, cidr: '10.9.9.0/24' }, ...own })).statusCode).toBe(
      404,
    );
    expect(
      (
        await fin.req({
          method: 'POST',
          url: '/api/instances',
          payload: { name: uniq('x'), ...(await placement(app)), image: 'uos-20', flavor: 's6.small.1', subnet_id: sub.id, password: 'Passw0rd2025' },
          ...own,
        })
      ).statusCode,
    ).toBe(404);
  });
});
