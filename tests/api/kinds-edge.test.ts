// Firewall policies (rule statuses, the approvals' address and port rules, recycle bin), endpoint
// services and endpoints, SD-WAN branches and routing templates through the API.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { build, demoIds, type Client } from './helper.ts';
import { act, actSettled, create, createSettled, expect400, expect409, host, network, rulesWithoutApproval, settle, uniq, type Row } from './kinds-helpers.ts';

let app: Awaited<ReturnType<typeof build>>;
let c: Client;
let net: Awaited<ReturnType<typeof network>>;
beforeAll(async () => {
  app = await build();
  c = await app.as('tenant_admin');
  await rulesWithoutApproval(app);
  net = await network(app, c);
});
afterAll(async () => {
  await app.close();
});

const post = (collection: string, payload: Record<string, unknown>) => c.req({ method: 'POST', url: `/api/${collection}`, payload });
async function refusedElsewhere(collection: string, id: string, action: Record<string, unknown>) {
  const ids = await demoIds(app.ctx.db);
  const fin = await app.as('fin_admin');
  for (const scope of [
    { tenant: ids.finance, project: ids.project('core-trading') },
    { tenant: ids.huadong, project: null },
  ]) {
    expect((await fin.req({ method: 'GET', url: `/api/${collection}/${id}`, ...scope })).statusCode).toBe(404);
    expect((await fin.req({ method: 'POST', url: `/api/${collection}/${id}/actions`, payload: action, ...scope })).statusCode).toBe(404);
    expect((await fin.req({ method: 'DELETE', url: `/api/${collection}/${id}`, ...scope })).statusCode).toBe(404);
  }
}

describe('firewall policy', () => {
  const fw = (extra: Record<string, unknown> = {}) => ({
    name: uniq('fw'),
    ...net.p,
    source_system: 'MES 应用',
    target_system: '核心数据库',
    source_ips: '10.1.1.0/24, 10.1.2.5',
    target_ips: ['10.2.1.10'],
    target_ports: '3306,6379',
    protocol: 'tcp',
    reason: '应用访问数据库',
    approval_number: 'FW-2025-0001',
    ...extra,
  });

  it('is issued (issuing → issued), confirmed, disabled and enabled; lists are normalised', async () => {
    const row = await create(c, 'firewall-policies', fw());
    expect(row.status).toBe('issuing');
    const p = (await settle(c, 'firewall-policies', row.id))!;
    expect(p).toMatchObject({
      status: 'issued',
      spec: { source_ips: ['10.1.1.0/24', '10.1.2.5'], target_ips: ['10.2.1.10'], target_ports: '3306,6379', temporary: false },
    });
    expect((await act(c, 'firewall-policies', p.id, { action: 'confirm' })).json().status).toBe('completed');
    expect409(await act(c, 'firewall-policies', p.id, { action: 'confirm' }), '当前状态不允许确认下发完成');
    expect409(await act(c, 'firewall-policies', p.id, { action: 'enable' }), '当前状态不允许启用/禁用');
    expect((await act(c, 'firewall-policies', p.id, { action: 'disable' })).json().status).toBe('inactive');
    expect409(await act(c, 'firewall-policies', p.id, { action: 'disable' }), '当前状态不允许启用/禁用');
    expect((await act(c, 'firewall-policies', p.id, { action: 'enable' })).json().status).toBe('issuing');
    expect((await settle(c, 'firewall-policies', p.id))!.status).toBe('issued');
    const original = app.engine.provider.complete;
    app.engine.provider.complete = () => ({ ok: false, reason: 'api_timeout' });
    try {
      expect((await createSettled(c, 'firewall-policies', fw())).status).toBe('no_response');
    } finally {
      app.engine.provider.complete = original;
    }
    await refusedElsewhere('firewall-policies', p.id, { action: 'disable' });
  });

  it('goes to the recycle bin (firewallRecycle), is recovered inactive or destroyed', async () => {
    const p = await createSettled(c, 'firewall-policies', fw());
    const del = await c.req({ method: 'DELETE', url: `/api/firewall-policies/${p.id}` });
    expect(del.json().status).toBe('deleting');
    expect((await settle(c, 'firewall-policies', p.id))!).toMatchObject({ status: 'deleted', spec: { delayed_days: 60 } });
    const list = (await c.req({ method: 'GET', url: '/api/firewall-policies?__limit=500' })).json();
    expect(list.data.some((r: Row) => r.id === p.id)).toBe(false);
    const bin = (await c.req({ method: 'GET', url: '/api/recyclebin?resource_type=firewall_policy&__limit=500' })).json();
    expect(bin.data.some((r: Row) => r.id === p.id)).toBe(true);
    expect409(await act(c, 'firewall-policies', p.id, { action: 'disable' }), '当前状态不允许启用/禁用');
    expect409(await c.req({ method: 'DELETE', url: `/api/firewall-policies/${p.id}` }), '当前状态不允许删除');
    const rec = await c.req({ method: 'POST', url: `/api/recyclebin/${p.id}/recover` });
    expect(rec.json().status).toBe('recovering');
    expect((await settle(c, 'firewall-policies', p.id))!.status).toBe('inactive');
    expect409(await act(c, 'firewall-policies', p.id, { action: 'recover' }), '当前状态不允许恢复');
    await c.req({ method: 'DELETE', url: `/api/firewall-policies/${p.id}` });
    await settle(c, 'firewall-policies', p.id);
    await c.req({ method: 'POST', url: `/api/recyclebin/${p.id}/destroy` });
    expect(await settle(c, 'firewall-policies', p.id)).toBeNull();
  });

  it("refuses actions while approving (the approvals' path) and while issuing", async () => {
    const p = await createSettled(c, 'firewall-policies', fw());
    await app.ctx.db.updateTable('resources').set({ status: 'approving' }).where('id', '=', p.id).execute();
    expect409(await c.req({ method: 'DELETE', url: `/api/firewall-policies/${p.id}` }), '当前状态不允许删除');
    expect409(await act(c, 'firewall-policies', p.id, { action: 'enable' }), '当前状态不允许启用/禁用');
    await app.ctx.db.updateTable('resources').set({ status: 'rejected' }).where('id', '=', p.id).execute();
    expect((await c.req({ method: 'DELETE', url: `/api/firewall-policies/${p.id}` })).json().status).toBe('deleting');
    await app.engine.scheduler.stop();
    try {
      const pending = await create(c, 'firewall-policies', fw());
      expect409(await act(c, 'firewall-policies', pending.id, { action: 'disable' }), '当前状态不允许启用/禁用');
      expect409(await c.req({ method: 'DELETE', url: `/api/firewall-policies/${pending.id}` }), '当前状态不允许删除');
    } finally {
      app.engine.scheduler.start();
    }
  });

  it("checks addresses, ports, protocol and times with the approvals' rules", async () => {
    const bad = async (extra: Record<string, unknown>, field: string, rule?: string) => {
      const res = await post('firewall-policies', fw(extra));
      expect400(res, field);
      if (rule) expect(res.json().rule).toBe(rule);
    };
    await bad({ target_ips: '10.1.2.5' }, 'target_ips', 'ip_same_as_source');
    await bad({ source_ips: '10.1.1.1,10.1.1.1' }, 'source_ips', 'ip_repeated');
    await bad({ source_ips: Array.from({ length: 11 }, (_, i) => `10.9.0.${i + 1}`) }, 'source_ips', 'ip_too_many');
    await bad({ target_ips: '10.2.1.256' }, 'target_ips', 'ip_invalid');
    await bad({ target_ports: '0' }, 'target_ports', 'port_invalid');
    await bad({ target_ports: '80,80' }, 'target_ports', 'port_repeated');
    await bad({ target_ports: 'any,80' }, 'target_ports', 'port_any_alone');
    await bad({ protocol: 'icmp' }, 'target_ports', 'port_icmp_any');
    await bad({ protocol: 'gre' }, 'protocol');
    await bad({ temporary: true }, 'end_time', 'required');
    await bad({ start_time: '2025-06-02T08:00:00+08:00', end_time: '2025-06-01T08:00:00+08:00' }, 'end_time', 'end_before_start');
    await bad({ start_time: 'tomorrow' }, 'start_time');
    await bad({ reason: '' }, 'reason');
    await bad({ reason: 'x'.repeat(1001) }, 'reason');
    await bad({ source_system: '' }, 'source_system');
    await bad({ approval_number: 'x'.repeat(65) }, 'approval_number');
    await bad({ name: 'http://fw' }, 'name');
    const ok = async (extra: Record<string, unknown>) => expect((await post('firewall-policies', fw(extra))).statusCode).toBe(201);
    await ok({ protocol: 'icmp', target_ports: 'any' });
    await ok({ source_ips: Array.from({ length: 10 }, (_, i) => `10.9.0.${i + 1}`), target_ports: '1,65535' });
    await ok({ temporary: true, start_time: '2025-06-01T08:00:00+08:00', end_time: '2025-06-02T08:00:00+08:00', reason: 'x'.repeat(1000) });
    await ok({ source_ips: 'fd00::1', target_ips: 'fd00::2/128' });
  });
});

describe('endpoint service and endpoint', () => {
  it('publishes a host of the VPC, connects an endpoint with an address, refuses deleting a service in use', async () => {
    const h = await host(app, c, { subnetId: net.subnet.id });
    const svcBody = (extra: Record<string, unknown> = {}) => ({
      name: uniq('svc'),
      vpc_id: net.vpc.id,
      backend_type: 'instance',
      backend_id: h.id,
      port_mappings: [
        { service_port: 443, terminal_port: 8443 },
        { protocol: 'udp', service_port: 443, terminal_port: 8443 },
      ],
      ...extra,
    });
    const row = await create(c, 'vpcep-services', svcBody());
    expect(row.status).toBe('creating');
    const svc = (await settle(c, 'vpcep-services', row.id))!;
    expect(svc).toMatchObject({ status: 'available', spec: { endpoint_count: 0 } });
    expect(svc.spec.service_name).toMatch(/^com\.yunshu\.openstack\./);
    expect400(await post('vpcep-services', svcBody({ port_mappings: [] })), 'port_mappings');
    expect400(await post('vpcep-services', svcBody({ port_mappings: [{ service_port: 0, terminal_port: 80 }] })), 'port_mappings.0.service_port');
    expect400(await post('vpcep-services', svcBody({ port_mappings: [{ service_port: 80, terminal_port: 65536 }] })), 'port_mappings.0.terminal_port');
    const dup = await post(
      'vpcep-services',
      svcBody({
        port_mappings: [
          { service_port: 80, terminal_port: 80 },
          { service_port: 80, terminal_port: 81 },
        ],
      }),
    );
    expect400(dup, 'port_mappings.1.service_port');
    expect(dup.json().rule).toBe('port_repeated');
    expect400(await post('vpcep-services', svcBody({ backend_type: 'bucket' })), 'backend_type');
    expect((await post('vpcep-services', svcBody({ backend_id: '0'.repeat(32) }))).statusCode).toBe(404);
    const other = await network(app, c);
    expect409(await post('vpcep-services', svcBody({ vpc_id: other.vpc.id })), '后端资源须在同一私有网络中且处于可用状态');

    const used = (await c.req({ method: 'GET', url: `/api/subnets/${other.subnet.id}` })).json().spec.used_ips;
    const ep = await create(c, 'vpcep', { name: uniq('ep'), service_id: svc.id, subnet_id: other.subnet.id });
    expect(ep.status).toBe('creating');
    const e = (await settle(c, 'vpcep', ep.id))!;
    expect(e).toMatchObject({ status: 'accepted', spec: { service_name: svc.spec.service_name, vpc_id: other.vpc.id } });
    expect(e.spec.ip_address).toMatch(/^10\.\d+\.1\.\d+$/);
    expect((await c.req({ method: 'GET', url: `/api/subnets/${other.subnet.id}` })).json().spec.used_ips).toBe(used + 1);
    expect((await c.req({ method: 'GET', url: `/api/vpcep-services/${svc.id}` })).json().spec.endpoint_count).toBe(1);
    expect409(await act(c, 'vpcep', e.id, { action: 'accept' }), '当前状态不允许审批连接');
    expect((await act(c, 'vpcep', e.id, { action: 'reject' })).json().status).toBe('rejected');
    expect409(await act(c, 'vpcep', e.id, { action: 'reject' }), '当前状态不允许审批连接');
    expect((await act(c, 'vpcep', e.id, { action: 'accept' })).json().status).toBe('accepted');
    expect409(await c.req({ method: 'DELETE', url: `/api/vpcep-services/${svc.id}` }), '终端节点服务下存在终端节点，不允许删除');
    const ports = await act(c, 'vpcep-services', svc.id, { action: 'set_ports', port_mappings: [{ service_port: 80, terminal_port: 8080 }] });
    expect(ports.json().spec.port_mappings).toEqual([{ protocol: 'tcp', service_port: 80, terminal_port: 8080 }]);
    await refusedElsewhere('vpcep', e.id, { action: 'reject' });
    await refusedElsewhere('vpcep-services', svc.id, { action: 'delete' });
    expect((await c.req({ method: 'DELETE', url: `/api/vpcep/${e.id}` })).json().status).toBe('deleting');
    expect(await settle(c, 'vpcep', e.id)).toBeNull();
    expect((await c.req({ method: 'GET', url: `/api/subnets/${other.subnet.id}` })).json().spec.used_ips).toBe(used);
    expect((await c.req({ method: 'DELETE', url: `/api/vpcep-services/${svc.id}` })).json().status).toBe('deleting');
    expect(await settle(c, 'vpcep-services', svc.id)).toBeNull();
    expect400(await post('vpcep', { name: uniq('ep'), subnet_id: other.subnet.id }), 'service_id');
    expect((await post('vpcep', { name: uniq('ep'), service_id: '0'.repeat(32), subnet_id: other.subnet.id })).statusCode).toBe(404);
  });

  it('refuses endpoints to a service still creating', async () => {
    const h = await host(app, c, { subnetId: net.subnet.id });
    await app.engine.scheduler.stop();
    try {
      const svc = await create(c, 'vpcep-services', {
        name: uniq('svc'),
        vpc_id: net.vpc.id,
        backend_type: 'instance',
        backend_id: h.id,
        port_mappings: [{ service_port: 80, terminal_port: 80 }],
      });
      expect409(await post('vpcep', { name: uniq('ep'), service_id: svc.id, subnet_id: net.subnet.id }), '当前状态不允许新增');
      expect409(await c.req({ method: 'DELETE', url: `/api/vpcep-services/${svc.id}` }), '当前状态不允许删除');
      expect409(
        await act(c, 'vpcep-services', svc.id, { action: 'set_ports', port_mappings: [{ service_port: 81, terminal_port: 81 }] }),
        '当前状态不允许编辑',
      );
    } finally {
      app.engine.scheduler.start();
    }
  });
});

describe('SD-WAN', () => {
  let seq = 0;
  const branch = (extra: Record<string, unknown> = {}) => ({
    name_suffix: `site-${Date.now().toString(36).slice(-5)}${seq++}`,
    ...net.p,
    device_model: 'sdw-500',
    device_sn: `SN${Date.now().toString(36).toUpperCase().slice(-6)}${seq++}X`,
    access_password: 'Branch2025ok',
    access_password_confirm: 'Branch2025ok',
    deployment_location: { province: '江苏省', city: '苏州市', district: '工业园区', address: '星湖街 328 号' },
    ...extra,
  });
  const template = (extra: Record<string, unknown> = {}) => ({
    name: uniq('tpl'),
    ...net.p,
    routes: [
      { destination: '10.0.0.0/8', next_hop: 'hub' },
      { destination: '0.0.0.0/0', next_hop: 'internet', priority: 100 },
    ],
    ...extra,
  });

  it('creates a branch named by its suffix (creating → online) without storing the password', async () => {
    const body = branch();
    const row = await create(c, 'sdwan-branches', body);
    expect(row).toMatchObject({ status: 'creating', name: `branch-${body.name_suffix}` });
    expect(row.spec.access_password).toBeUndefined();
    expect(row.spec.access_password_confirm).toBeUndefined();
    const b = (await settle(c, 'sdwan-branches', row.id))!;
    expect(b).toMatchObject({ status: 'online', spec: { device_model: 'sdw-500', deployment_location: { city: '苏州市' } } });
    const taken = await post('sdwan-branches', branch({ name_suffix: body.name_suffix }));
    expect400(taken, 'name_suffix');
    expect(taken.json().rule).toBe('name_suffix_taken');
    expect400(await post('sdwan-branches', branch({ device_sn: body.device_sn })), 'device_sn');
    const bad = async (extra: Record<string, unknown>, field: string, rule?: string) => {
      const res = await post('sdwan-branches', branch(extra));
      expect400(res, field);
      if (rule) expect(res.json().rule).toBe(rule);
    };
    await bad({ name_suffix: 'a' }, 'name_suffix', 'name_suffix');
    await bad({ name_suffix: 'x'.repeat(21) }, 'name_suffix');
    await bad({ name_suffix: 'bad_suffix' }, 'name_suffix');
    await bad({ device_sn: 'sn-lower-1' }, 'device_sn', 'device_sn');
    await bad({ device_model: 'sdw-9' }, 'device_model');
    await bad({ access_password: 'weakpass', access_password_confirm: 'weakpass' }, 'access_password', 'password_mix');
    await bad({ access_password: 'Branch2025中文', access_password_confirm: 'Branch2025中文' }, 'access_password', 'no_chinese');
    await bad({ access_password_confirm: 'Branch2025no' }, 'access_password_confirm', 'password_confirm');
    await bad({ deployment_location: { province: '江苏省', city: '', address: '星湖街' } }, 'deployment_location.city');
    await bad({ deployment_location: { province: '江苏省', city: '苏州市', address: 'x'.repeat(101) } }, 'deployment_location.address');
    expect((await post('sdwan-branches', branch({ name_suffix: '苏州-园区' }))).statusCode).toBe(201);
    expect(
      (await act(c, 'sdwan-branches', b.id, { action: 'reset_password', access_password: 'NewBranch2026', access_password_confirm: 'NewBranch2026' }))
        .statusCode,
    ).toBe(200);
    expect400(
      await act(c, 'sdwan-branches', b.id, { action: 'reset_password', access_password: 'NewBranch2026', access_password_confirm: 'x' }),
      'access_password_confirm',
    );
    await refusedElsewhere('sdwan-branches', b.id, { action: 'reset_password', access_password: 'NewBranch2026', access_password_confirm: 'NewBranch2026' });
  });

  it('applies a routing template to an online branch; a template in use is not deleted', async () => {
    const t = await createSettled(c, 'routing-templates', template());
    expect(t).toMatchObject({
      status: 'available',
      spec: { branch_count: 0, routes: [{ destination: '10.0.0.0/8', next_hop: 'hub', priority: 50 }, { priority: 100 }] },
    });
    const t2 = await createSettled(c, 'routing-templates', template());
    const b = await createSettled(c, 'sdwan-branches', branch());
    const applying = await act(c, 'sdwan-branches', b.id, { action: 'apply_template', template_id: t.id });
    expect(applying.json().status).toBe('updating');
    expect409(await act(c, 'sdwan-branches', b.id, { action: 'apply_template', template_id: t.id }), '当前状态不允许应用路由模板');
    expect((await settle(c, 'sdwan-branches', b.id))!).toMatchObject({ status: 'online', spec: { template_id: t.id } });
    expect((await c.req({ method: 'GET', url: `/api/routing-templates/${t.id}` })).json().spec.branch_count).toBe(1);
    expect409(await c.req({ method: 'DELETE', url: `/api/routing-templates/${t.id}` }), '路由模板正被分支使用，不允许删除');
    await actSettled(c, 'sdwan-branches', b.id, { action: 'apply_template', template_id: t2.id });
    expect((await c.req({ method: 'GET', url: `/api/routing-templates/${t.id}` })).json().spec.branch_count).toBe(0);
    expect((await c.req({ method: 'GET', url: `/api/routing-templates/${t2.id}` })).json().spec.branch_count).toBe(1);
    // An offline branch cannot take a template.
    await app.ctx.db.updateTable('resources').set({ status: 'offline' }).where('id', '=', b.id).execute();
    expect409(await act(c, 'sdwan-branches', b.id, { action: 'apply_template', template_id: t.id }), '分支设备离线，不能应用路由模板');
    await app.ctx.db.updateTable('resources').set({ status: 'online' }).where('id', '=', b.id).execute();
    expect((await act(c, 'sdwan-branches', b.id, { action: 'apply_template', template_id: '0'.repeat(32) })).statusCode).toBe(404);
    // Routes: CIDRs, next hops, priorities 1–100, no destination twice.
    expect400(await post('routing-templates', template({ routes: [] })), 'routes');
    expect400(await post('routing-templates', template({ routes: [{ destination: '10.0.0.1/8', next_hop: 'hub' }] })), 'routes.0.destination');
    expect400(await post('routing-templates', template({ routes: [{ destination: '10.0.0.0/8', next_hop: 'moon' }] })), 'routes.0.next_hop');
    expect400(await post('routing-templates', template({ routes: [{ destination: '10.0.0.0/8', next_hop: 'hub', priority: 101 }] })), 'routes.0.priority');
    const dup = await post(
      'routing-templates',
      template({
        routes: [
          { destination: '10.0.0.0/8', next_hop: 'hub' },
          { destination: '10.0.0.0/8', next_hop: 'local' },
        ],
      }),
    );
    expect400(dup, 'routes.1.destination');
    expect(dup.json().rule).toBe('route_repeated');
    const edited = await actSettled(c, 'routing-templates', t.id, {
      action: 'set_routes',
      routes: [{ destination: '192.168.0.0/16', next_hop: 'local', priority: 1 }],
    });
    expect(edited.spec.routes).toEqual([{ destination: '192.168.0.0/16', next_hop: 'local', priority: 1 }]);
    await refusedElsewhere('routing-templates', t.id, { action: 'delete' });
    // Deleting the branch frees the template.
    await c.req({ method: 'DELETE', url: `/api/sdwan-branches/${b.id}` });
    expect(await settle(c, 'sdwan-branches', b.id)).toBeNull();
    expect((await c.req({ method: 'GET', url: `/api/routing-templates/${t2.id}` })).json().spec.branch_count).toBe(0);
    expect((await c.req({ method: 'DELETE', url: `/api/routing-templates/${t2.id}` })).json().status).toBe('deleting');
    expect(await settle(c, 'routing-templates', t2.id)).toBeNull();
  });

  it('refuses branch and template actions while creating', async () => {
    const t = await createSettled(c, 'routing-templates', template());
    await app.engine.scheduler.stop();
    try {
      const b = await create(c, 'sdwan-branches', branch());
      expect409(
        await act(c, 'sdwan-branches', b.id, { action: 'reset_password', access_password: 'NewBranch2026', access_password_confirm: 'NewBranch2026' }),
        '当前状态不允许重置密码',
      );
      expect409(await act(c, 'sdwan-branches', b.id, { action: 'apply_template', template_id: t.id }), '当前状态不允许应用路由模板');
      expect409(await c.req({ method: 'DELETE', url: `/api/sdwan-branches/${b.id}` }), '当前状态不允许删除');
      const pending = await create(c, 'routing-templates', template());
      expect409(
        await act(c, 'routing-templates', pending.id, { action: 'set_routes', routes: [{ destination: '10.0.0.0/8', next_hop: 'hub' }] }),
        '当前状态不允许编辑',
      );
      expect409(await c.req({ method: 'DELETE', url: `/api/routing-templates/${pending.id}` }), '当前状态不允许删除');
    } finally {
      app.engine.scheduler.start();
    }
  });
});
