// NAT gateways and their SNAT, DNAT and IPv6 rules through the API: EIPs bound to the gateway,
// rules issued / disabled / enabled, the approvals' port and address rules (count equality, any
// alone, port and IP not both any, 4789/udp), one mapping per EIP port, deletes and isolation.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { build, demoIds, type Client } from './helper.ts';
import { act, actSettled, create, createSettled, expect400, expect409, network, placement, settle, uniq, type Row } from './kinds-helpers.ts';

let app: Awaited<ReturnType<typeof build>>;
let c: Client;
let vpc: Row;
beforeAll(async () => {
  app = await build();
  c = await app.as('tenant_admin');
  vpc = (await network(app, c)).vpc;
});
afterAll(async () => {
  await app.close();
});

const post = (collection: string, payload: Record<string, unknown>) => c.req({ method: 'POST', url: `/api/${collection}`, payload });
const gateway = () => createSettled(c, 'nat_gateways', { name: uniq('nat'), vpc_id: vpc.id });
const eip = async (vendor = 'openstack') => createSettled(c, 'eips', { name: uniq('eip'), ...(await placement(app, vendor)), bandwidth: 5 });
async function gatewayWithEip() {
  const g = await gateway();
  const e = await eip();
  expect((await act(c, 'nat_gateways', g.id, { action: 'bind_eip', eip_id: e.id })).statusCode).toBe(200);
  return { g, e };
}
const dnat = (g: Row, e: Row, extra: Record<string, unknown> = {}) => ({
  name: uniq('dnat'),
  nat_gateway_id: g.id,
  eip_id: e.id,
  internal_ip: '10.0.1.10',
  internal_ports: '80',
  eip_ports: '8080',
  protocol: 'tcp',
  ...extra,
});

describe('NAT gateway', () => {
  it('goes creating → available in its VPC, priced, validated; the VPC keeps it from being deleted', async () => {
    const bare = await createSettled(c, 'vpcs', { name: uniq('vpc'), ...(await placement(app)), cidr: '10.201.0.0/16' });
    const row = await create(c, 'nat_gateways', { name: uniq('nat'), vpc_id: bare.id, flavor: 'large' });
    expect(row.status).toBe('creating');
    expect(row.price.sum_price).toBeGreaterThan(0);
    const g = (await settle(c, 'nat_gateways', row.id))!;
    expect(g).toMatchObject({
      status: 'available',
      vendor: bare.vendor,
      region_id: bare.region_id,
      spec: { vpc_id: bare.id, flavor: 'large', eip_count: 0, rule_count: 0 },
    });
    expect409(await c.req({ method: 'DELETE', url: `/api/vpcs/${bare.id}` }), '私有网络下存在 NAT 网关，不允许删除');
    expect400(await post('nat_gateways', { name: uniq('nat'), vpc_id: bare.id, flavor: 'mega' }), 'flavor');
    expect400(await post('nat_gateways', { name: 'n', vpc_id: bare.id }), 'name');
    expect400(await post('nat_gateways', { name: uniq('nat') }), 'vpc_id');
    expect((await post('nat_gateways', { name: uniq('nat'), vpc_id: '0'.repeat(32) })).statusCode).toBe(404);
    const ctyunVpc = (await network(app, c, 'ctyun')).vpc;
    expect400(await post('nat_gateways', { name: uniq('nat'), vpc_id: ctyunVpc.id, charging_code: 'year', duration: 1 }), 'charging_code');
    expect((await c.req({ method: 'DELETE', url: `/api/nat_gateways/${g.id}` })).json().status).toBe('deleting');
    expect(await settle(c, 'nat_gateways', g.id)).toBeNull();
    expect((await c.req({ method: 'DELETE', url: `/api/vpcs/${bare.id}` })).json().status).toBe('deleting');
  });

  it('binds EIPs of its region (then allocated), unbinds them, and releases them when deleted', async () => {
    const g = await gateway();
    const e = await eip();
    expect409(await act(c, 'nat_gateways', g.id, { action: 'unbind_eip', eip_id: e.id }), '该弹性IP未绑定到此 NAT 网关');
    const bound = await act(c, 'nat_gateways', g.id, { action: 'bind_eip', eip_id: e.id });
    expect(bound.json()).toMatchObject({ status: 'available', spec: { eip_count: 1 } });
    expect((await c.req({ method: 'GET', url: `/api/eips/${e.id}` })).json()).toMatchObject({ status: 'allocated', spec: { nat_gateway_id: g.id } });
    expect409(await act(c, 'nat_gateways', g.id, { action: 'bind_eip', eip_id: e.id }), '已分配的弹性IP不允许绑定');
    expect409(await c.req({ method: 'DELETE', url: `/api/eips/${e.id}` }), '已分配的弹性IP不允许删除');
    expect409(await act(c, 'nat_gateways', g.id, { action: 'bind_eip', eip_id: (await eip('ali')).id }), '弹性IP与 NAT 网关不在同一区域');
    expect((await act(c, 'nat_gateways', g.id, { action: 'bind_eip', eip_id: '0'.repeat(32) })).statusCode).toBe(404);
    expect400(await act(c, 'nat_gateways', g.id, { action: 'bind_eip' }), 'eip_id');
    const unbound = await act(c, 'nat_gateways', g.id, { action: 'unbind_eip', eip_id: e.id });
    expect(unbound.json().spec.eip_count).toBe(0);
    expect((await c.req({ method: 'GET', url: `/api/eips/${e.id}` })).json().status).toBe('available');
    // Deleting the gateway gives its EIPs back.
    await act(c, 'nat_gateways', g.id, { action: 'bind_eip', eip_id: e.id });
    await c.req({ method: 'DELETE', url: `/api/nat_gateways/${g.id}` });
    expect(await settle(c, 'nat_gateways', g.id)).toBeNull();
    const freed = (await c.req({ method: 'GET', url: `/api/eips/${e.id}` })).json();
    expect(freed.status).toBe('available');
    expect(freed.spec.nat_gateway_id).toBeUndefined();
  });

  it('refuses actions while creating', async () => {
    const e = await eip();
    await app.engine.scheduler.stop();
    try {
      const pending = await create(c, 'nat_gateways', { name: uniq('nat'), vpc_id: vpc.id });
      expect409(await act(c, 'nat_gateways', pending.id, { action: 'bind_eip', eip_id: e.id }), '当前状态不允许绑定');
      expect409(await act(c, 'nat_gateways', pending.id, { action: 'unbind_eip', eip_id: e.id }), '当前状态不允许解绑');
      expect409(await c.req({ method: 'DELETE', url: `/api/nat_gateways/${pending.id}` }), '当前状态不允许删除');
      expect409(await post('dnat-rules', dnat(pending, e)), '当前状态不允许新增');
    } finally {
      app.engine.scheduler.start();
    }
  });
});

describe('SNAT rule', () => {
  it('is issued through an EIP of the gateway, disabled, enabled again, and deleted', async () => {
    const { g, e } = await gatewayWithEip();
    const body = { name: uniq('snat'), nat_gateway_id: g.id, eip_id: e.id, source_cidr: '10.0.1.0/24' };
    const row = await create(c, 'snat-rules', body);
    expect(row.status).toBe('issuing');
    const r = (await settle(c, 'snat-rules', row.id))!;
    expect(r).toMatchObject({ status: 'issued', spec: { eip_address: e.spec.address, source_cidr: '10.0.1.0/24' } });
    expect((await c.req({ method: 'GET', url: `/api/nat_gateways/${g.id}` })).json().spec.rule_count).toBe(1);
    const taken = await post('snat-rules', { ...body, name: uniq('snat') });
    expect400(taken, 'source_cidr');
    expect(taken.json().rule).toBe('snat_source_taken');
    expect400(await post('snat-rules', { ...body, source_cidr: '10.0.2.0/33' }), 'source_cidr');
    const v6 = await post('snat-rules', { ...body, source_cidr: 'fd00::/64' });
    expect400(v6, 'source_cidr');
    // 源网段 takes IPv4 only, and says so (not the shared 「IPv4/IPv6」 wording).
    expect(v6.json()).toMatchObject({ rule: 'ip_invalid', description: 'source_cidr：须为 IPv4 地址或网段（如 192.168.1.0/24）' });
    const v6tw = await c.req({ method: 'POST', url: '/api/snat-rules', payload: { ...body, source_cidr: 'fd00::/64' }, lang: 'zh-TW' });
    expect(v6tw.json().description).toBe('source_cidr：須為 IPv4 位址或網段（如 192.168.1.0/24）');
    expect((await post('snat-rules', { ...body, name: uniq('snat'), source_cidr: '10.0.2.5' })).statusCode).toBe(201);
    const other = await eip();
    expect409(await post('snat-rules', { ...body, eip_id: other.id, source_cidr: '10.0.3.0/24' }), '弹性IP须已绑定到此 NAT 网关');
    expect409(await act(c, 'snat-rules', r.id, { action: 'enable' }), '当前状态不允许启用/禁用');
    expect((await act(c, 'snat-rules', r.id, { action: 'disable' })).json().status).toBe('inactive');
    expect409(await act(c, 'snat-rules', r.id, { action: 'disable' }), '当前状态不允许启用/禁用');
    const enabling = await act(c, 'snat-rules', r.id, { action: 'enable' });
    expect(enabling.json().status).toBe('issuing');
    expect((await settle(c, 'snat-rules', r.id))!.status).toBe('issued');
    // A gateway that does not answer leaves the rule 无响应; it is enabled again from there.
    const original = app.engine.provider.complete;
    app.engine.provider.complete = () => ({ ok: false, reason: 'api_timeout' });
    try {
      await act(c, 'snat-rules', r.id, { action: 'disable' });
      expect((await actSettled(c, 'snat-rules', r.id, { action: 'enable' })).status).toBe('no_response');
    } finally {
      app.engine.provider.complete = original;
    }
    expect((await actSettled(c, 'snat-rules', r.id, { action: 'enable' })).status).toBe('issued');
    expect((await c.req({ method: 'DELETE', url: `/api/snat-rules/${r.id}` })).json().status).toBe('deleting');
    expect(await settle(c, 'snat-rules', r.id)).toBeNull();
  });
});

describe('DNAT rule', () => {
  it('applies the port and address rules of the approvals and names the field', async () => {
    const { g, e } = await gatewayWithEip();
    const bad = async (extra: Record<string, unknown>, field: string, rule?: string) => {
      const res = await post('dnat-rules', dnat(g, e, extra));
      expect400(res, field);
      if (rule) expect(res.json().rule).toBe(rule);
    };
    await bad({ internal_ports: '80,443', eip_ports: '8080' }, 'eip_ports', 'port_count_mismatch');
    await bad({ internal_ports: 'any', eip_ports: '8080' }, 'eip_ports', 'port_count_mismatch');
    await bad({ internal_ports: '80,any', eip_ports: '80,81' }, 'internal_ports', 'port_any_alone');
    await bad({ internal_ip: 'any', internal_ports: 'any', eip_ports: 'any' }, 'internal_ports', 'any_port_and_ip');
    await bad({ internal_ports: '4789', eip_ports: '4789', protocol: 'udp' }, 'eip_ports', 'port_vxlan_udp');
    await bad({ internal_ports: '0', eip_ports: '80' }, 'internal_ports', 'port_invalid');
    await bad({ internal_ports: '80', eip_ports: '65536' }, 'eip_ports', 'port_invalid');
    await bad({ internal_ports: '80,80', eip_ports: '81,82' }, 'internal_ports', 'port_repeated');
    const many = Array.from({ length: 1025 }, (_, i) => i + 1);
    await bad({ internal_ports: many, eip_ports: many }, 'internal_ports', 'port_too_many');
    await bad({ internal_ip: '10.0.1.300' }, 'internal_ip', 'ip_invalid');
    await bad({ protocol: 'icmp' }, 'protocol');
    await bad({ eip_ports: '' }, 'eip_ports');
    // Valid edges: 1024 ports each, any with a specific IP, 4789 over TCP, a port list as an array.
    const ok = (extra: Record<string, unknown>) => post('dnat-rules', dnat(g, e, extra));
    const full = Array.from({ length: 1024 }, (_, i) => i + 1);
    expect((await ok({ internal_ports: full, eip_ports: full.map((p) => p + 30000) })).statusCode).toBe(201);
    expect((await ok({ internal_ports: '4789', eip_ports: '4789' })).statusCode).toBe(201);
    expect((await ok({ internal_ports: [65535], eip_ports: [65535] })).statusCode).toBe(201);
    // All ports of a second EIP to one internal address; an EIP of another gateway is refused.
    const e2 = await eip();
    await act(c, 'nat_gateways', g.id, { action: 'bind_eip', eip_id: e2.id });
    expect((await ok({ eip_id: e2.id, internal_ports: 'any', eip_ports: 'any' })).statusCode).toBe(201);
    expect409(await ok({ eip_id: (await gatewayWithEip()).e.id }), '弹性IP须已绑定到此 NAT 网关');
  });

  it('maps an EIP port once (per protocol), normalises port lists, blocks unbinding and deleting while in use', async () => {
    const { g, e } = await gatewayWithEip();
    const r = await createSettled(c, 'dnat-rules', dnat(g, e, { internal_ports: ' 80, 443 ', eip_ports: [8080, 8443] }));
    expect(r).toMatchObject({ status: 'issued', spec: { internal_ports: '80,443', eip_ports: '8080,8443', eip_address: e.spec.address } });
    expect409(await post('dnat-rules', dnat(g, e, { internal_ports: '22', eip_ports: '8443' })), '相同 IP 的相同端口已存在规则，不允许重复');
    expect409(await post('dnat-rules', dnat(g, e, { internal_ports: '22', eip_ports: '8443', protocol: 'any' })), '相同 IP 的相同端口已存在规则，不允许重复');
    const udp = await post('dnat-rules', dnat(g, e, { internal_ports: '53', eip_ports: '8443', protocol: 'udp' }));
    expect(udp.statusCode).toBe(201);
    // Let it be issued: a rule still issuing cannot be deleted below.
    expect((await settle(c, 'dnat-rules', udp.json().id))!.status).toBe('issued');
    expect409(await act(c, 'nat_gateways', g.id, { action: 'unbind_eip', eip_id: e.id }), '弹性IP正被 SNAT/DNAT 规则使用，不允许解绑');
    expect409(await act(c, 'eips', e.id, { action: 'unbind' }), '弹性IP正被 SNAT/DNAT 规则使用，不允许解绑');
    expect409(await c.req({ method: 'DELETE', url: `/api/nat_gateways/${g.id}` }), 'NAT 网关下存在 SNAT/DNAT 规则，不允许删除');
    const rules = (await c.req({ method: 'GET', url: `/api/dnat-rules?nat_gateway_id=${g.id}` })).json();
    expect(rules.count).toBe(2);
    for (const x of rules.data) await c.req({ method: 'DELETE', url: `/api/dnat-rules/${x.id}` });
    for (const x of rules.data) expect(await settle(c, 'dnat-rules', x.id)).toBeNull();
    expect((await c.req({ method: 'GET', url: `/api/nat_gateways/${g.id}` })).json().spec.rule_count).toBe(0);
    // With no rule left the EIP's own unbind works and the gateway counts one EIP less.
    expect((await actSettled(c, 'eips', e.id, { action: 'unbind' })).status).toBe('available');
    expect((await c.req({ method: 'GET', url: `/api/nat_gateways/${g.id}` })).json().spec.eip_count).toBe(0);
    expect((await c.req({ method: 'DELETE', url: `/api/nat_gateways/${g.id}` })).json().status).toBe('deleting');
  });
});

describe('IPv6 rule', () => {
  it('translates an IPv6 address and ports to an internal IPv4 address', async () => {
    const g = await gateway();
    const body = (extra: Record<string, unknown> = {}) => ({
      name: uniq('v6'),
      nat_gateway_id: g.id,
      ipv6_address: '240e:1::10',
      internal_ip: '10.0.1.10',
      internal_ports: '443',
      ipv6_ports: '443',
      protocol: 'tcp',
      ...extra,
    });
    const row = await create(c, 'nat-ipv6-rules', body());
    expect(row.status).toBe('issuing');
    expect((await settle(c, 'nat-ipv6-rules', row.id))!).toMatchObject({ status: 'issued', spec: { ipv6_ports: '443', internal_ports: '443' } });
    const v4 = await post('nat-ipv6-rules', body({ ipv6_address: '203.0.113.9' }));
    expect400(v4, 'ipv6_address');
    expect(v4.json().rule).toBe('ip_version_six');
    expect400(await post('nat-ipv6-rules', body({ internal_ip: 'fd00::1' })), 'internal_ip');
    const mismatch = await post('nat-ipv6-rules', body({ internal_ports: '80,443' }));
    expect400(mismatch, 'ipv6_ports');
    expect(mismatch.json().rule).toBe('port_count_mismatch');
    expect(mismatch.json().description).toBe('ipv6_ports：数量须与内网端口数量一致');
    expect400(await post('nat-ipv6-rules', body({ internal_ports: '4789', ipv6_ports: '4789', protocol: 'udp' })), 'ipv6_ports');
    expect409(await post('nat-ipv6-rules', body({ ipv6_address: '240E:1:0::10' })), '相同 IP 的相同端口已存在规则，不允许重复');
    expect((await post('nat-ipv6-rules', body({ ipv6_ports: '8443' }))).statusCode).toBe(201);
    expect((await act(c, 'nat-ipv6-rules', row.id, { action: 'disable' })).json().status).toBe('inactive');
    expect((await c.req({ method: 'DELETE', url: `/api/nat-ipv6-rules/${row.id}` })).json().status).toBe('deleting');
  });
});

describe('NAT isolation', () => {
  it("refuses another tenant's gateway, rules and EIPs with 404", async () => {
    const { g, e } = await gatewayWithEip();
    const r = await createSettled(c, 'dnat-rules', dnat(g, e));
    const ids = await demoIds(app.ctx.db);
    const fin = await app.as('fin_admin');
    for (const scope of [
      { tenant: ids.finance, project: ids.project('core-trading') },
      { tenant: ids.huadong, project: null },
    ]) {
      for (const [col, id, action] of [
        ['nat_gateways', g.id, 'unbind_eip'],
        ['dnat-rules', r.id, 'disable'],
      ] as const) {
        expect((await fin.req({ method: 'GET', url: `/api/${col}/${id}`, ...scope })).statusCode).toBe(404);
        expect((await fin.req({ method: 'POST', url: `/api/${col}/${id}/actions`, payload: { action, eip_id: e.id }, ...scope })).statusCode).toBe(404);
        expect((await fin.req({ method: 'DELETE', url: `/api/${col}/${id}`, ...scope })).statusCode).toBe(404);
      }
    }
    const own = { tenant: ids.finance, project: ids.project('core-trading') };
    expect(
      (await fin.req({ method: 'POST', url: '/api/dnat-rules', payload: dnat(g, e, { eip_ports: '9999', internal_ports: '9999' }), ...own })).statusCode,
    ).toBe(404);
    const finEip = (await fin.req({ method: 'GET', url: '/api/eips?status=available&__limit=1', ...own })).json().data[0];
    expect((await act(c, 'nat_gateways', g.id, { action: 'bind_eip', eip_id: finEip.id })).statusCode).toBe(404);
  });
});
