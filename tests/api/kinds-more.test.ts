// Virtual IPs, shared bandwidth and deployment units through the API.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { build, demoIds, type Client } from './helper.ts';
import { act, actSettled, create, createSettled, expect400, expect409, host, network, placement, rulesWithoutApproval, settle, uniq } from './kinds-helpers.ts';

let app: Awaited<ReturnType<typeof build>>;
let c: Client;
beforeAll(async () => {
  app = await build();
  c = await app.as('tenant_admin');
  await rulesWithoutApproval(app);
});
afterAll(async () => {
  await app.close();
});

async function refusedElsewhere(collection: string, id: string) {
  const ids = await demoIds(app.ctx.db);
  const fin = await app.as('fin_admin');
  for (const scope of [
    { tenant: ids.finance, project: ids.project('core-trading') },
    { tenant: ids.huadong, project: null },
  ]) {
    expect((await fin.req({ method: 'GET', url: `/api/${collection}/${id}`, ...scope })).statusCode).toBe(404);
    expect((await fin.req({ method: 'DELETE', url: `/api/${collection}/${id}`, ...scope })).statusCode).toBe(404);
    expect((await fin.req({ method: 'POST', url: `/api/${collection}/${id}/actions`, payload: { action: 'delete' }, ...scope })).statusCode).toBe(404);
  }
}

describe('virtual IP', () => {
  it('takes an address of its subnet, binds once, frees the address when deleted', async () => {
    const { subnet } = await network(app, c);
    const base = subnet.spec.cidr.replace(/\.0\/24$/, '');
    const row = await create(c, 'vips', { name: uniq('vip'), subnet_id: subnet.id });
    expect(row.status).toBe('creating');
    const vip = (await settle(c, 'vips', row.id))!;
    expect(vip).toMatchObject({ status: 'available', vendor: subnet.vendor, spec: { ip_address: `${base}.4` } });
    expect((await c.req({ method: 'GET', url: `/api/subnets/${subnet.id}` })).json().spec.used_ips).toBe(1);
    const fixed = await createSettled(c, 'vips', { name: uniq('vip'), subnet_id: subnet.id, ip_address: `${base}.200` });
    expect(fixed.spec.ip_address).toBe(`${base}.200`);
    expect400(await c.req({ method: 'POST', url: '/api/vips', payload: { name: uniq('vip'), subnet_id: subnet.id, ip_address: '192.168.9.9' } }), 'ip_address');
    expect400(await c.req({ method: 'POST', url: '/api/vips', payload: { name: uniq('vip'), subnet_id: subnet.id, ip_address: '10.1.1.300' } }), 'ip_address');
    const h = await host(app, c, { subnetId: subnet.id });
    expect409(await act(c, 'vips', vip.id, { action: 'unbind' }), '当前状态不允许解绑');
    expect((await actSettled(c, 'vips', vip.id, { action: 'bind', instance_id: h.id })).status).toBe('allocated');
    expect409(await act(c, 'vips', vip.id, { action: 'bind', instance_id: h.id }), '已绑定的虚拟IP不允许再次绑定');
    expect409(await c.req({ method: 'DELETE', url: `/api/vips/${vip.id}` }), '已绑定的虚拟IP不允许删除');
    await refusedElsewhere('vips', vip.id);
    expect((await actSettled(c, 'vips', vip.id, { action: 'unbind' })).status).toBe('available');
    const used = (await c.req({ method: 'GET', url: `/api/subnets/${subnet.id}` })).json().spec.used_ips;
    await c.req({ method: 'DELETE', url: `/api/vips/${vip.id}` });
    expect(await settle(c, 'vips', vip.id)).toBeNull();
    expect((await c.req({ method: 'GET', url: `/api/subnets/${subnet.id}` })).json().spec.used_ips).toBe(used - 1);
    await app.ctx.db
      .updateTable('resources')
      .set({ spec: JSON.stringify({ ...subnet.spec, total_ips: 251, used_ips: 251 }) })
      .where('id', '=', subnet.id)
      .execute();
    expect409(await c.req({ method: 'POST', url: '/api/vips', payload: { name: uniq('vip'), subnet_id: subnet.id } }), '子网可用IP不足');
  });
});

describe('shared bandwidth', () => {
  it('is bought by the Mbps (5–2000), resized while available, deleted', async () => {
    const p = await placement(app, 'hwyun');
    const row = await create(c, 'shared-bandwidths', { name: uniq('pool'), ...p, bandwidth: 50, charging_code: 'year', duration: 12 });
    expect(row.price.sum_price).toBe(2000 * 50 * 10);
    const pool = (await settle(c, 'shared-bandwidths', row.id))!;
    expect(pool.status).toBe('available');
    expect400(await c.req({ method: 'POST', url: '/api/shared-bandwidths', payload: { name: uniq('pool'), ...p, bandwidth: 4 } }), 'bandwidth');
    expect400(await c.req({ method: 'POST', url: '/api/shared-bandwidths', payload: { name: uniq('pool'), ...p, bandwidth: 2001 } }), 'bandwidth');
    const resizing = await act(c, 'shared-bandwidths', pool.id, { action: 'resize', bandwidth: 100 });
    expect(resizing.json().status).toBe('updating');
    expect409(await act(c, 'shared-bandwidths', pool.id, { action: 'resize', bandwidth: 200 }), '当前状态不允许调整带宽');
    expect((await settle(c, 'shared-bandwidths', pool.id))!).toMatchObject({ status: 'available', spec: { bandwidth: 100 } });
    await refusedElsewhere('shared-bandwidths', pool.id);
    await c.req({ method: 'DELETE', url: `/api/shared-bandwidths/${pool.id}` });
    expect(await settle(c, 'shared-bandwidths', pool.id)).toBeNull();
  });
});

describe('deployment unit', () => {
  it('is created in a zone, validated, refused while creating, deleted', async () => {
    const p = await placement(app);
    await app.engine.scheduler.stop();
    let id: string;
    try {
      const row = await create(c, 'deploy_units', { name: uniq('unit'), description: '核心交易部署单元', ...p });
      id = row.id;
      expect409(await c.req({ method: 'DELETE', url: `/api/deploy_units/${id}` }), '当前状态不允许删除');
    } finally {
      app.engine.scheduler.start();
    }
    expect((await settle(c, 'deploy_units', id))!.status).toBe('available');
    expect400(await c.req({ method: 'POST', url: '/api/deploy_units', payload: { name: uniq('unit'), description: 'x', ...p } }), 'description');
    expect400(await c.req({ method: 'POST', url: '/api/deploy_units', payload: { name: uniq('unit'), ...p, vendor: 'ali' } }), 'region_id');
    await refusedElsewhere('deploy_units', id);
    await c.req({ method: 'DELETE', url: `/api/deploy_units/${id}` });
    expect(await settle(c, 'deploy_units', id)).toBeNull();
  });
});
