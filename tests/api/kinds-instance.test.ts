// Cloud hosts through the API: purchase, every action allowed and refused, lock rules, rebuild and
// resize, recycle bin, failures of the simulated cloud, quota, roles and tenant isolation.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { build, demoIds, type Client } from './helper.ts';
import { act, actSettled, create, createSettled, expect400, expect409, host, network, placement, settle, uniq } from './kinds-helpers.ts';

let app: Awaited<ReturnType<typeof build>>;
let c: Client;
let subnetId: string;
beforeAll(async () => {
  app = await build();
  c = await app.as('tenant_admin');
  subnetId = (await network(app, c)).subnet.id;
});
afterAll(async () => {
  await app.close();
});

const buy = async (extra: Record<string, unknown> = {}, vendor = 'openstack') => ({
  name: uniq('host'),
  ...(await placement(app, vendor)),
  image: 'centos-7.9',
  flavor: 's6.large.2',
  subnet_id: subnetId,
  password: 'Passw0rd2025',
  ...extra,
});

describe('cloud host purchase', () => {
  it('goes creating → running, priced, without storing the password, taking an address from the subnet', async () => {
    const body = await buy({ data_disks: [{ size: 100 }], public_ip_type: 'bgp', bandwidth: 5 });
    const row = await create(c, 'instances', body);
    expect(row.status).toBe('creating');
    expect(row.in_between).toBe(true);
    expect(row.price.sum_price).toBeGreaterThan(0);
    expect(row.spec.password).toBeUndefined();
    expect(row.spec.private_ip).toMatch(/^10\.\d+\.1\.\d+$/);
    const done = (await settle(c, 'instances', row.id))!;
    expect(done.status).toBe('running');
    expect(done.spec).toMatchObject({ cpu: 2, memory: 4, billing: 'active' });
    const rel = done.relations.map((r: { relation: string; kind: string }) => `${r.relation}:${r.kind}`).sort();
    expect(rel).toEqual(['bound_to:eip', 'in_subnet:subnet', 'mounted_on:volume']);
    const disk = done.relations.find((r: { kind: string }) => r.kind === 'volume');
    expect((await settle(c, 'volumes', disk.id))!.status).toBe('mounted');
    const subnet = (await c.req({ method: 'GET', url: `/api/subnets/${subnetId}` })).json();
    expect(subnet.spec.used_ips).toBeGreaterThanOrEqual(1);
    expect(subnet.spec.free_ips).toBe(subnet.spec.total_ips - subnet.spec.used_ips);
  });

  it('validates every purchase field and names it', async () => {
    expect400(await c.req({ method: 'POST', url: '/api/instances', payload: await buy({ name: 'a' }) }), 'name');
    expect400(await c.req({ method: 'POST', url: '/api/instances', payload: await buy({ name: 'x'.repeat(61) }) }), 'name');
    const http = await c.req({ method: 'POST', url: '/api/instances', payload: await buy({ name: 'http://evil' }) });
    expect400(http, 'name');
    expect(http.json().description).toBe('name：不能以 http:// 或 https:// 开头');
    expect400(await c.req({ method: 'POST', url: '/api/instances', payload: await buy({ description: 'https://x.example' }) }), 'description');
    const pw = await c.req({ method: 'POST', url: '/api/instances', payload: await buy({ password: 'password2025' }) });
    expect400(pw, 'password');
    expect(pw.json().rule).toBe('password_mix');
    expect400(await c.req({ method: 'POST', url: '/api/instances', payload: await buy({ password: 'Passw0rd中文字' }) }), 'password');
    const spaced = await c.req({ method: 'POST', url: '/api/instances', payload: await buy({ password: 'Passw0rd 2025' }) });
    expect400(spaced, 'password');
    expect(spaced.json()).toMatchObject({ rule: 'no_spaces', description: 'password：不能包含空格' });
    expect400(await c.req({ method: 'POST', url: '/api/instances', payload: await buy({ password: 'Pa0' }) }), 'password');
    expect400(await c.req({ method: 'POST', url: '/api/instances', payload: await buy({ flavor: 'huge' }) }), 'flavor');
    expect400(await c.req({ method: 'POST', url: '/api/instances', payload: await buy({ system_disk_size: 39 }) }), 'system_disk_size');
    expect400(await c.req({ method: 'POST', url: '/api/instances', payload: await buy({ public_ip_type: 'bgp' }) }), 'bandwidth');
    expect400(await c.req({ method: 'POST', url: '/api/instances', payload: await buy({ public_ip_type: 'bgp', bandwidth: 201 }) }), 'bandwidth');
    expect400(await c.req({ method: 'POST', url: '/api/instances', payload: await buy({ charging_code: 'year', duration: 7 }) }), 'duration');
    expect400(await c.req({ method: 'POST', url: '/api/instances', payload: { ...(await buy()), az_id: (await placement(app, 'ali')).az_id } }), 'az_id');
    const ctyun = await c.req({ method: 'POST', url: '/api/instances', payload: await buy({ charging_code: 'year', duration: 12 }, 'ctyun') });
    expect400(ctyun, 'charging_code');
    expect(ctyun.json().description).toContain('天翼云不支持包年包月');
    expect400(await c.req({ method: 'POST', url: '/api/instances', payload: await buy({ data_disks: [{ size: 9 }] }) }), 'data_disks.0.size');
    // Valid edges: 2-character name, 60 characters, a yearly package for 36 months.
    expect((await c.req({ method: 'POST', url: '/api/instances', payload: await buy({ name: 'ab' }) })).statusCode).toBe(201);
    expect(
      (await c.req({ method: 'POST', url: '/api/instances', payload: await buy({ name: 'y'.repeat(60), charging_code: 'year', duration: 36 }) })).statusCode,
    ).toBe(201);
  });

  it('refuses a purchase when the subnet has no free address or the quota is used up', async () => {
    const { subnet } = await network(app, c);
    await app.ctx.db
      .updateTable('resources')
      .set({ spec: JSON.stringify({ ...subnet.spec, used_ips: subnet.spec.total_ips }) })
      .where('id', '=', subnet.id)
      .execute();
    expect409(await c.req({ method: 'POST', url: '/api/instances', payload: await buy({ subnet_id: subnet.id }) }), '子网可用IP不足');
    const project = subnet.project_id as string;
    await app.ctx.db.insertInto('project_quotas').values({ project_id: project, kind: 'instance', max_count: 1 }).execute();
    expect409(await c.req({ method: 'POST', url: '/api/instances', payload: await buy() }), '可用数量不足，请联系管理员');
    await app.ctx.db.deleteFrom('project_quotas').where('project_id', '=', project).execute();
  });

  it('ends in error with a reason when the simulated cloud fails the job', async () => {
    const original = app.engine.provider.complete;
    app.engine.provider.complete = () => ({ ok: false, reason: 'insufficient_capacity' });
    try {
      const row = await createSettled(c, 'instances', await buy());
      expect(row.status).toBe('error');
      expect(row.spec.error_reason).toBe('insufficient_capacity');
    } finally {
      app.engine.provider.complete = original;
    }
  });
});

describe('cloud host actions', () => {
  it('starts, stops and reboots only from the states that allow it', async () => {
    const h = await host(app, c, { subnetId });
    expect409(await act(c, 'instances', h.id, { action: 'start' }), '当前状态不允许开机');
    // In between (the scheduler held), nothing else is allowed.
    await app.engine.scheduler.stop();
    try {
      const stopping = await act(c, 'instances', h.id, { action: 'stop' });
      expect(stopping.json()).toMatchObject({ status: 'stopping', message: '操作指令已下发，请关注状态' });
      expect409(await act(c, 'instances', h.id, { action: 'start' }), '当前状态不允许开机');
    } finally {
      app.engine.scheduler.start();
    }
    expect((await settle(c, 'instances', h.id))!.status).toBe('stopped');
    expect409(await act(c, 'instances', h.id, { action: 'stop' }), '当前状态不允许关机');
    expect409(await act(c, 'instances', h.id, { action: 'reboot' }), '当前状态不允许重启');
    expect((await actSettled(c, 'instances', h.id, { action: 'start' })).status).toBe('running');
    const rebooting = await act(c, 'instances', h.id, { action: 'reboot' });
    expect(rebooting.json().status).toBe('rebooting');
    expect((await settle(c, 'instances', h.id))!.status).toBe('running');
    expect400(await act(c, 'instances', h.id, { action: 'fly' }), 'action');
  });

  it('locks and unlocks once each; a locked host cannot be deleted or destroyed', async () => {
    const h = await host(app, c, { subnetId });
    const locked = await act(c, 'instances', h.id, { action: 'lock' });
    expect(locked.json()).toMatchObject({ locked: true, status: 'running' });
    expect(locked.json().available_actions).not.toContain('lock');
    expect409(await act(c, 'instances', h.id, { action: 'lock' }), '云主机已锁定，不能重复锁定');
    expect409(await c.req({ method: 'DELETE', url: `/api/instances/${h.id}` }), '已锁定的云主机不允许销毁');
    const unlocked = await act(c, 'instances', h.id, { action: 'unlock' });
    expect(unlocked.json().locked).toBe(false);
    expect409(await act(c, 'instances', h.id, { action: 'unlock' }), '云主机已解锁，不能重复解锁');
    const tw = await c.req({ method: 'POST', url: `/api/instances/${h.id}/actions`, payload: { action: 'unlock' }, lang: 'zh-TW' });
    expect(tw.json()).toEqual({ title: '錯誤', description: '雲端主機已解鎖，不能重複解鎖' });
  });

  it('refuses a rebuild while data disks are mounted, rebuilds without them', async () => {
    const withDisk = await host(app, c, { subnetId, extra: { data_disks: [{ size: 50 }] } });
    const r = await act(c, 'instances', withDisk.id, { action: 'rebuild', image: 'ubuntu-22.04', password: 'NewPassw0rd1' });
    expect409(r, '云主机已挂载数据盘，不允许重建');
    const h = await host(app, c, { subnetId });
    expect400(await act(c, 'instances', h.id, { action: 'rebuild', image: 'ubuntu-22.04', password: 'weak' }), 'password');
    const rebuilt = await actSettled(c, 'instances', h.id, { action: 'rebuild', image: 'ubuntu-22.04', password: 'NewPassw0rd1' });
    expect(rebuilt).toMatchObject({ status: 'running', spec: { image: 'ubuntu-22.04' } });
    expect(rebuilt.spec.password).toBeUndefined();
  });

  it('changes the flavor and restarts the host (a stopped host comes back running)', async () => {
    const h = await host(app, c, { subnetId });
    await actSettled(c, 'instances', h.id, { action: 'stop' });
    const r = await act(c, 'instances', h.id, { action: 'resize', flavor: 's6.xlarge.2' });
    expect(r.json().status).toBe('resizing');
    const done = (await settle(c, 'instances', h.id))!;
    expect(done).toMatchObject({ status: 'running', spec: { flavor: 's6.xlarge.2', cpu: 4, memory: 8 } });
    expect400(await act(c, 'instances', h.id, { action: 'resize', flavor: 'nope' }), 'flavor');
  });

  it('mounts an ISO on a private cloud only', async () => {
    const h = await host(app, c, { subnetId });
    const ok = await act(c, 'instances', h.id, { action: 'mount_iso', iso: 'kylin-v10-install.iso' });
    expect(ok.json().spec.iso).toBe('kylin-v10-install.iso');
    const ali = await host(app, c, { vendor: 'ali' });
    expect409(await act(c, 'instances', ali.id, { action: 'mount_iso', iso: 'x.iso' }), '公有云不支持该操作');
  });

  it('edits the name and description, refusing while in between', async () => {
    const h = await host(app, c, { subnetId });
    const res = await c.req({ method: 'PATCH', url: `/api/instances/${h.id}`, payload: { name: 'renamed-host', description: '生产前置机' } });
    expect(res.json()).toMatchObject({ name: 'renamed-host', spec: { description: '生产前置机' } });
    expect400(await c.req({ method: 'PATCH', url: `/api/instances/${h.id}`, payload: { name: 'x' } }), 'name');
    await app.engine.scheduler.stop();
    try {
      await act(c, 'instances', h.id, { action: 'stop' });
      expect409(await c.req({ method: 'PATCH', url: `/api/instances/${h.id}`, payload: { name: 'again' } }), '当前状态不允许编辑');
    } finally {
      app.engine.scheduler.start();
    }
    await settle(c, 'instances', h.id);
  });

  it('runs batch actions with a result per id', async () => {
    const a = await host(app, c, { subnetId });
    const b = await host(app, c, { subnetId });
    await actSettled(c, 'instances', b.id, { action: 'stop' });
    const res = await c.req({ method: 'POST', url: '/api/instances/actions', payload: { action: 'stop', ids: [a.id, b.id, '0'.repeat(32)] } });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toEqual([
      { id: a.id, ok: true, status: 'stopping', locked: false },
      { id: b.id, ok: false, code: 409, description: '当前状态不允许关机' },
      { id: '0'.repeat(32), ok: false, code: 404, description: '资源未找到' },
    ]);
    expect400(await c.req({ method: 'POST', url: '/api/instances/actions', payload: { action: 'rebuild', ids: [a.id] } }), 'action');
    expect400(await c.req({ method: 'POST', url: '/api/instances/actions', payload: { action: 'stop', ids: [] } }), 'ids');
    await settle(c, 'instances', a.id);
  });
});

describe('recycle bin', () => {
  it('deletes to the recycle bin with the mounted disks, recovers them together, then destroys', async () => {
    const h = await host(app, c, { subnetId, extra: { data_disks: [{ size: 80 }] } });
    const diskId = h.relations.find((r: { kind: string }) => r.kind === 'volume').id;
    await settle(c, 'volumes', diskId);
    const del = await c.req({ method: 'DELETE', url: `/api/instances/${h.id}?delayed_days=30` });
    expect(del.json().status).toBe('deleting');
    const deleted = (await settle(c, 'instances', h.id))!;
    expect(deleted).toMatchObject({ status: 'deleted', spec: { billing: 'suspended', delayed_days: 30 } });
    expect((await c.req({ method: 'GET', url: `/api/volumes/${diskId}` })).json().status).toBe('deleted');
    const list = await c.req({ method: 'GET', url: '/api/instances?__limit=1000' });
    expect(list.json().data.some((r: { id: string }) => r.id === h.id)).toBe(false);
    const bin = await c.req({ method: 'GET', url: '/api/recyclebin?resource_type=instance&__limit=1000' });
    expect(bin.json().data.some((r: { id: string }) => r.id === h.id)).toBe(true);
    const disks = await c.req({ method: 'GET', url: '/api/v1/recyclebin?resource_type=volume&__limit=1000' });
    expect(disks.json().data.some((r: { id: string }) => r.id === diskId)).toBe(true);
    expect409(await act(c, 'instances', h.id, { action: 'start' }), '当前状态不允许开机');

    const rec = await c.req({ method: 'POST', url: `/api/recyclebin/${h.id}/recover` });
    expect(rec.json().status).toBe('recovering');
    expect((await settle(c, 'instances', h.id))!).toMatchObject({ status: 'stopped', spec: { billing: 'active' } });
    expect((await c.req({ method: 'GET', url: `/api/volumes/${diskId}` })).json()).toMatchObject({ status: 'mounted', spec: { billing: 'active' } });
    expect409(await c.req({ method: 'POST', url: `/api/recyclebin/${h.id}/recover` }), '当前状态不允许恢复');

    const before = (await c.req({ method: 'GET', url: `/api/subnets/${subnetId}` })).json().spec.used_ips;
    await c.req({ method: 'DELETE', url: `/api/instances/${h.id}` });
    await settle(c, 'instances', h.id);
    const destroy = await c.req({ method: 'POST', url: `/api/recyclebin/${h.id}/destroy` });
    expect(destroy.json().status).toBe('destroying');
    expect(await settle(c, 'instances', h.id)).toBeNull();
    expect((await c.req({ method: 'GET', url: `/api/volumes/${diskId}` })).statusCode).toBe(404);
    expect((await c.req({ method: 'GET', url: `/api/subnets/${subnetId}` })).json().spec.used_ips).toBe(before - 1);
    expect400(await c.req({ method: 'DELETE', url: `/api/instances/${h.id}?delayed_days=6` }), 'delayed_days');
  });
});

describe('cloud host access', () => {
  it('refuses another tenant with 404 and a read-only role with 403', async () => {
    const h = await host(app, c, { subnetId });
    const ids = await demoIds(app.ctx.db);
    const fin = await app.as('fin_admin');
    const own = { tenant: ids.finance, project: ids.project('core-trading') };
    const foreign = { tenant: ids.huadong, project: ids.project('smart-factory-mes') };
    for (const scope of [own, foreign]) {
      expect((await fin.req({ method: 'GET', url: `/api/instances/${h.id}`, ...scope })).statusCode).toBe(404);
      expect((await fin.req({ method: 'POST', url: `/api/instances/${h.id}/actions`, payload: { action: 'stop' }, ...scope })).statusCode).toBe(404);
      expect((await fin.req({ method: 'DELETE', url: `/api/instances/${h.id}`, ...scope })).statusCode).toBe(404);
      expect((await fin.req({ method: 'PATCH', url: `/api/instances/${h.id}`, payload: { name: 'mine' }, ...scope })).statusCode).toBe(404);
    }
    const batch = await fin.req({ method: 'POST', url: '/api/instances/actions', payload: { action: 'stop', ids: [h.id] }, ...own });
    expect(batch.json().data[0]).toMatchObject({ ok: false, code: 404 });
    const list = await fin.req({ method: 'GET', url: `/api/instances?tenant_id=${ids.huadong}`, ...own });
    expect(list.json()).toMatchObject({ count: 0, data: [] });
    const approver = await app.as('approver');
    expect((await approver.req({ method: 'GET', url: `/api/instances/${h.id}` })).statusCode).toBe(200);
    expect((await approver.req({ method: 'POST', url: `/api/instances/${h.id}/actions`, payload: { action: 'stop' } })).statusCode).toBe(403);
    expect((await approver.req({ method: 'POST', url: '/api/instances', payload: await buy() })).statusCode).toBe(403);
    expect((await (await app.as('fin_admin')).req({ method: 'GET', url: `/api/instances/${h.id}`, tenant: ids.finance, project: null })).statusCode).toBe(404);
  });
});

describe('finding a host by its address', () => {
  it('the name search matches the private IP and the public IP of a bound EIP', async () => {
    const hosts = (await c.req({ method: 'GET', url: '/api/instances?__limit=100' })).json().data as { id: string; spec: { private_ip?: string } }[];
    const withIp = hosts.find((h) => h.spec.private_ip)!;
    const ids = async (term: string) =>
      ((await c.req({ method: 'GET', url: `/api/instances?name=${encodeURIComponent(term)}&__limit=100` })).json().data as { id: string }[]).map((h) => h.id);
    expect(await ids(withIp.spec.private_ip!)).toContain(withIp.id);
    const eips = (await c.req({ method: 'GET', url: '/api/eips?__limit=100' })).json().data as { spec: { address?: string; instance_id?: string } }[];
    const bound = eips.find((e) => e.spec.instance_id && e.spec.address && hosts.some((h) => h.id === e.spec.instance_id))!;
    expect(bound).toBeTruthy();
    expect(await ids(bound.spec.address!)).toEqual([bound.spec.instance_id]);
    // Still a search by name, and an address nobody has finds nothing.
    expect(await ids('203.0.113.254')).toEqual([]);
  });
});
