// Bare-metal hosts (private clouds only: start, stop, reboot) and dedicated hosts (cloud hosts
// placed on them while CPU and memory last) through the API.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { build, demoIds, type Client } from './helper.ts';
import { act, actSettled, create, createSettled, expect400, expect409, host, network, placement, settle, uniq, type Row } from './kinds-helpers.ts';

let app: Awaited<ReturnType<typeof build>>;
let c: Client;
let subnet: Row;
beforeAll(async () => {
  app = await build();
  c = await app.as('tenant_admin');
  // The demo's approved quota changes cap rnd-test's cores and memory near what its random demo hosts
  // already use; these tests are about dedicated hosts and bare metal, not quotas (approvals tests cover those).
  await app.ctx.db
    .deleteFrom('project_quotas')
    .where('project_id', '=', (await demoIds(app.ctx.db)).project('rnd-test'))
    .where('measure', 'in', ['cpu', 'memory'])
    .execute();
  subnet = (await network(app, c)).subnet;
});
afterAll(async () => {
  await app.close();
});

const post = (collection: string, payload: Record<string, unknown>) => c.req({ method: 'POST', url: `/api/${collection}`, payload });
const bms = async (extra: Record<string, unknown> = {}, vendor = 'openstack') => ({
  name: uniq('bms'),
  ...(await placement(app, vendor)),
  flavor: 'bms.s3.large',
  image: 'kylin-v10',
  subnet_id: subnet.id,
  password: 'Passw0rd2025',
  ...extra,
});

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

describe('bare-metal host', () => {
  it('is bought on a private cloud: creating → running with an address, without storing the password', async () => {
    const used = (await c.req({ method: 'GET', url: `/api/subnets/${subnet.id}` })).json().spec.used_ips;
    const row = await create(c, 'phyhosts', await bms({ raid: 'raid5' }));
    expect(row.status).toBe('creating');
    expect(row.price.sum_price).toBeGreaterThan(0);
    expect(row.spec.password).toBeUndefined();
    const done = (await settle(c, 'phyhosts', row.id))!;
    expect(done).toMatchObject({ status: 'running', spec: { cpu: 32, memory: 128, raid: 'raid5', billing: 'active' } });
    expect(done.spec.private_ip).toMatch(/^10\.\d+\.1\.\d+$/);
    expect((await c.req({ method: 'GET', url: `/api/subnets/${subnet.id}` })).json().spec.used_ips).toBe(used + 1);
    const vmware = await network(app, c, 'vmware');
    expect((await post('phyhosts', await bms({ subnet_id: vmware.subnet.id }, 'vmware'))).statusCode).toBe(201);
    expect409(await post('phyhosts', await bms({}, 'ali')), '公有云不支持该操作');
    expect409(await post('phyhosts', await bms({}, 'hwyun')), '公有云不支持该操作');
    await c.req({ method: 'DELETE', url: `/api/phyhosts/${done.id}` });
    expect(await settle(c, 'phyhosts', done.id)).toBeNull();
    expect((await c.req({ method: 'GET', url: `/api/subnets/${subnet.id}` })).json().spec.used_ips).toBe(used);
  });

  it('validates the purchase and names the field', async () => {
    expect400(await post('phyhosts', await bms({ flavor: 's6.large.2' })), 'flavor');
    expect400(await post('phyhosts', await bms({ image: 'freedos' })), 'image');
    expect400(await post('phyhosts', await bms({ raid: 'raid6' })), 'raid');
    const pw = await post('phyhosts', await bms({ password: 'alllowercase1' }));
    expect400(pw, 'password');
    expect(pw.json().rule).toBe('password_mix');
    expect400(await post('phyhosts', await bms({ password: 'Passw0rd中文' })), 'password');
    expect400(await post('phyhosts', await bms({ name: 'b' })), 'name');
    expect400(await post('phyhosts', await bms({ charging_code: 'year', duration: 7 })), 'duration');
    expect((await post('phyhosts', await bms({ subnet_id: '0'.repeat(32) }))).statusCode).toBe(404);
    expect((await post('phyhosts', await bms({ charging_code: 'year', duration: 36 }))).statusCode).toBe(201);
  });

  it('stops, starts and reboots only from the states that allow it; public clouds refuse', async () => {
    const b = await createSettled(c, 'phyhosts', await bms());
    expect409(await act(c, 'phyhosts', b.id, { action: 'start' }), '当前状态不允许开机');
    const stopping = await act(c, 'phyhosts', b.id, { action: 'stop' });
    expect(stopping.json().status).toBe('stopping');
    expect409(await act(c, 'phyhosts', b.id, { action: 'reboot' }), '当前状态不允许重启');
    expect((await settle(c, 'phyhosts', b.id))!.status).toBe('stopped');
    expect409(await act(c, 'phyhosts', b.id, { action: 'stop' }), '当前状态不允许关机');
    expect409(await act(c, 'phyhosts', b.id, { action: 'reboot' }), '当前状态不允许重启');
    expect((await actSettled(c, 'phyhosts', b.id, { action: 'start' })).status).toBe('running');
    const rebooting = await act(c, 'phyhosts', b.id, { action: 'reboot' });
    expect(rebooting.json().status).toBe('rebooting');
    expect((await settle(c, 'phyhosts', b.id))!.status).toBe('running');
    await refusedElsewhere('phyhosts', b.id, { action: 'stop' });
    // A row of a public cloud (none can be bought; this one is planted) refuses every action.
    await app.ctx.db.updateTable('resources').set({ vendor: 'ali' }).where('id', '=', b.id).execute();
    expect409(await act(c, 'phyhosts', b.id, { action: 'stop' }), '公有云不支持该操作');
    expect409(await act(c, 'phyhosts', b.id, { action: 'reboot' }), '公有云不支持该操作');
    await app.ctx.db.updateTable('resources').set({ vendor: 'openstack' }).where('id', '=', b.id).execute();
    await app.engine.scheduler.stop();
    try {
      const pending = await create(c, 'phyhosts', await bms());
      expect409(await c.req({ method: 'DELETE', url: `/api/phyhosts/${pending.id}` }), '当前状态不允许删除');
    } finally {
      app.engine.scheduler.start();
    }
    expect((await c.req({ method: 'DELETE', url: `/api/phyhosts/${b.id}` })).json().status).toBe('deleting');
    expect(await settle(c, 'phyhosts', b.id)).toBeNull();
  });
});

describe('dedicated host', () => {
  const dh = async (host_type = 'dh.s6', extra: Record<string, unknown> = {}) =>
    createSettled(c, 'dedicated_hosts', { name: uniq('dh'), ...(await placement(app)), host_type, ...extra });

  it('goes creating → available with its capacity; hosts are placed and removed', async () => {
    const row = await create(c, 'dedicated_hosts', { name: uniq('dh'), ...(await placement(app)), host_type: 'dh.s6', charging_code: 'year', duration: 12 });
    expect(row.status).toBe('creating');
    expect(row.price.sum_price).toBeGreaterThan(0);
    const d = (await settle(c, 'dedicated_hosts', row.id))!;
    expect(d).toMatchObject({ status: 'available', spec: { cpu: 64, memory: 256, free_cpu: 64, free_memory: 256, instance_count: 0 } });
    const h = await host(app, c, { subnetId: subnet.id });
    expect409(await act(c, 'dedicated_hosts', d.id, { action: 'remove', instance_id: h.id }), '该云主机不在此专属宿主机上');
    const placed = await act(c, 'dedicated_hosts', d.id, { action: 'place', instance_id: h.id });
    expect(placed.json().spec).toMatchObject({ used_cpu: 2, used_memory: 4, free_cpu: 62, free_memory: 252, instance_count: 1 });
    expect((await c.req({ method: 'GET', url: `/api/instances/${h.id}` })).json().spec.dedicated_host_id).toBe(d.id);
    expect409(await act(c, 'dedicated_hosts', d.id, { action: 'place', instance_id: h.id }), '该云主机已放置在专属宿主机上');
    const other = await dh();
    expect409(await act(c, 'dedicated_hosts', other.id, { action: 'place', instance_id: h.id }), '该云主机已放置在专属宿主机上');
    expect409(await c.req({ method: 'DELETE', url: `/api/dedicated_hosts/${d.id}` }), '专属宿主机上存在云主机，不允许删除');
    await refusedElsewhere('dedicated_hosts', d.id, { action: 'remove', instance_id: h.id });
    const removed = await act(c, 'dedicated_hosts', d.id, { action: 'remove', instance_id: h.id });
    expect(removed.json().spec).toMatchObject({ used_cpu: 0, instance_count: 0, free_cpu: 64 });
    expect((await c.req({ method: 'GET', url: `/api/instances/${h.id}` })).json().spec.dedicated_host_id).toBeUndefined();
    expect((await c.req({ method: 'DELETE', url: `/api/dedicated_hosts/${d.id}` })).json().status).toBe('deleting');
    expect(await settle(c, 'dedicated_hosts', d.id)).toBeNull();
    expect400(await post('dedicated_hosts', { name: uniq('dh'), ...(await placement(app)), host_type: 'dh.x9' }), 'host_type');
    expect400(await post('dedicated_hosts', { name: 'd', ...(await placement(app)), host_type: 'dh.s6' }), 'name');
    expect400(
      await post('dedicated_hosts', { name: uniq('dh'), ...(await placement(app, 'ctyun')), host_type: 'dh.s6', charging_code: 'year' }),
      'charging_code',
    );
  });

  it('takes hosts of its zone while CPU and memory last; a destroyed host frees its share', async () => {
    const d = await dh('dh.c6');
    const big = { flavor: 'm6.4xlarge.8' };
    const a = await host(app, c, { subnetId: subnet.id, extra: big });
    const b = await host(app, c, { subnetId: subnet.id, extra: big });
    expect((await act(c, 'dedicated_hosts', d.id, { action: 'place', instance_id: a.id })).json().spec).toMatchObject({
      used_cpu: 16,
      used_memory: 128,
      free_memory: 64,
    });
    expect409(await act(c, 'dedicated_hosts', d.id, { action: 'place', instance_id: b.id }), '专属宿主机的可用 CPU 或内存不足');
    const far = await host(app, c, { vendor: 'ali' });
    expect409(await act(c, 'dedicated_hosts', d.id, { action: 'place', instance_id: far.id }), '没有可放置的云主机（须为同一可用区运行中或已关机的云主机）');
    expect((await act(c, 'dedicated_hosts', d.id, { action: 'place', instance_id: '0'.repeat(32) })).statusCode).toBe(404);
    expect400(await act(c, 'dedicated_hosts', d.id, { action: 'place' }), 'instance_id');
    await c.req({ method: 'DELETE', url: `/api/instances/${a.id}` });
    await settle(c, 'instances', a.id);
    await act(c, 'instances', a.id, { action: 'destroy' });
    expect(await settle(c, 'instances', a.id)).toBeNull();
    expect((await c.req({ method: 'GET', url: `/api/dedicated_hosts/${d.id}` })).json().spec).toMatchObject({ used_cpu: 0, used_memory: 0, instance_count: 0 });
    expect((await act(c, 'dedicated_hosts', d.id, { action: 'place', instance_id: b.id })).statusCode).toBe(200);
  });

  it('refuses placing, removing and deleting while creating', async () => {
    const h = await host(app, c, { subnetId: subnet.id });
    await app.engine.scheduler.stop();
    try {
      const pending = await create(c, 'dedicated_hosts', { name: uniq('dh'), ...(await placement(app)), host_type: 'dh.m6' });
      expect409(await act(c, 'dedicated_hosts', pending.id, { action: 'place', instance_id: h.id }), '当前状态不允许放置云主机');
      expect409(await act(c, 'dedicated_hosts', pending.id, { action: 'remove', instance_id: h.id }), '当前状态不允许移出云主机');
      expect409(await c.req({ method: 'DELETE', url: `/api/dedicated_hosts/${pending.id}` }), '当前状态不允许删除');
    } finally {
      app.engine.scheduler.start();
    }
  });
});
