// A host bought with data disks (issue 4, list-type wizard fields): each disk becomes a volume of
// the same tenant, project and zone, created with the host and mounted on it; the price counts the
// disks; a bad disk refuses the whole purchase with a 400 naming the row and creates nothing; the
// disks stay invisible to another tenant.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { build, demoIds, type Client } from './helper.ts';
import { countActive } from '../../src/server/engine/engine.repository.ts';
import { setQuota } from '../../src/server/platform/quotas/quotas.repository.ts';
import { create, expect400, network, placement, settle, uniq, type Row } from './kinds-helpers.ts';

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

const buy = async (extra: Record<string, unknown> = {}) => ({
  name: uniq('host'),
  ...(await placement(app)),
  image: 'centos-7.9',
  flavor: 's6.large.2',
  subnet_id: subnetId,
  password: 'Passw0rd2025',
  ...extra,
});

/** Resources of the tenant in the database, and the subnet's used addresses. */
async function footprint() {
  const rows = await app.ctx.db
    .selectFrom('resources')
    .select(['kind'])
    .where('tenant_id', '=', (await demoIds(app.ctx.db)).huadong)
    .execute();
  const subnet = (await c.req({ method: 'GET', url: `/api/subnets/${subnetId}` })).json() as Row;
  return {
    total: rows.length,
    volumes: rows.filter((r) => r.kind === 'volume').length,
    instances: rows.filter((r) => r.kind === 'instance').length,
    usedIps: subnet.spec.used_ips,
  };
}

describe('a host with data disks', () => {
  it("creates one mounted volume per disk in the host's tenant, project and zone", async () => {
    const body = await buy({
      data_disks: [
        { type: 'ssd', size: 100 },
        { type: 'sata', size: 500 },
      ],
    });
    const row = await create(c, 'instances', body);
    const host = (await settle(c, 'instances', row.id))!;
    expect(host.status).toBe('running');
    const diskIds = host.relations
      .filter((r: { relation: string; kind: string }) => r.relation === 'mounted_on' && r.kind === 'volume')
      .map((r: { id: string }) => r.id);
    expect(diskIds).toHaveLength(2);
    const disks = await Promise.all(diskIds.map(async (id: string) => (await settle(c, 'volumes', id))!));
    for (const d of disks) {
      expect(d.status).toBe('mounted');
      expect(d).toMatchObject({ tenant_id: host.tenant_id, project_id: host.project_id, vendor: host.vendor, region_id: host.region_id, az_id: host.az_id });
      expect(d.spec.instance_id).toBe(host.id);
      // A mounted disk refuses a second mount and a delete (seed 001 §4).
      expect(d.available_actions).not.toContain('mount');
      expect(d.available_actions).not.toContain('delete');
    }
    expect(disks.map((d) => [d.spec.volume_type, d.spec.size]).sort()).toEqual([
      ['sata', 500],
      ['ssd', 100],
    ]);
    // The host's disk list filters by the host.
    const listed = (await c.req({ method: 'GET', url: `/api/volumes?instance_id=${host.id}` })).json();
    expect(listed.count).toBe(2);
  });

  it('prices the disks with the host', async () => {
    const bare = await create(c, 'instances', await buy());
    const withDisks = await create(c, 'instances', await buy({ data_disks: [{ size: 100 }, { size: 100 }] }));
    expect(withDisks.price.sum_price).toBeGreaterThan(bare.price.sum_price);
    const inquiry = async (spec: Record<string, unknown>) =>
      (
        await c.req({
          method: 'POST',
          url: '/api/price/inquiry',
          payload: { product_code: 'instance', charging_code: 'quantity', count: 1, spec: { flavor: 's6.large.2', ...spec } },
        })
      ).json().sum_price as number;
    const none = await inquiry({});
    const one = await inquiry({ data_disks: [{ type: 'ssd', size: 100 }] });
    const two = await inquiry({
      data_disks: [
        { type: 'ssd', size: 100 },
        { type: 'ssd', size: 100 },
      ],
    });
    expect(one).toBeGreaterThan(none);
    expect(two - one).toBe(one - none);
    expect(withDisks.price.sum_price).toBe(two);
  });

  it('refuses a bad disk with a 400 naming the row, and creates nothing', async () => {
    const before = await footprint();
    const small = await c.req({ method: 'POST', url: '/api/instances', payload: await buy({ data_disks: [{ size: 100 }, { size: 9 }] }) });
    expect400(small, 'data_disks.1.size');
    expect(small.json().description).toBe('data_disks.1.size：长度或数值不能小于 10');
    expect400(await c.req({ method: 'POST', url: '/api/instances', payload: await buy({ data_disks: [{ size: 32769 }] }) }), 'data_disks.0.size');
    expect400(await c.req({ method: 'POST', url: '/api/instances', payload: await buy({ data_disks: [{ size: 50.5 }] }) }), 'data_disks.0.size');
    expect400(await c.req({ method: 'POST', url: '/api/instances', payload: await buy({ data_disks: [{ size: 50, type: 'nvme' }] }) }), 'data_disks.0.type');
    expect400(await c.req({ method: 'POST', url: '/api/instances', payload: await buy({ data_disks: [{ type: 'ssd' }] }) }), 'data_disks.0.size');
    const nine = await c.req({ method: 'POST', url: '/api/instances', payload: await buy({ data_disks: Array.from({ length: 9 }, () => ({ size: 20 })) }) });
    expect400(nine, 'data_disks');
    expect(nine.json().description).toBe('data_disks：最多添加 8 块');
    const tw = await c.req({
      method: 'POST',
      url: '/api/instances',
      payload: await buy({ data_disks: Array.from({ length: 9 }, () => ({ size: 20 })) }),
      lang: 'zh-TW',
    });
    expect(tw.json().description).toBe('data_disks：最多新增 8 顆');
    expect(await footprint()).toEqual(before);
    // Eight is the most and is accepted.
    const eight = await create(c, 'instances', await buy({ data_disks: Array.from({ length: 8 }, () => ({ size: 20 })) }));
    expect((await footprint()).volumes).toBe(before.volumes + 8);
    await settle(c, 'instances', eight.id);
  });

  it('keeps the disks from another tenant, and another tenant cannot buy on this subnet', async () => {
    const row = await create(c, 'instances', await buy({ data_disks: [{ size: 40 }] }));
    const host = (await settle(c, 'instances', row.id))!;
    const diskId = host.relations.find((r: { kind: string }) => r.kind === 'volume').id as string;
    const ids = await demoIds(app.ctx.db);
    const fin = await app.as('fin_admin');
    const own = { tenant: ids.finance, project: ids.project('core-trading') };
    expect((await fin.req({ method: 'GET', url: `/api/volumes/${diskId}`, ...own })).statusCode).toBe(404);
    expect((await fin.req({ method: 'GET', url: `/api/volumes?instance_id=${host.id}`, ...own })).json().count).toBe(0);
    const before = await footprint();
    const foreign = await fin.req({ method: 'POST', url: '/api/instances', payload: { ...(await buy({ data_disks: [{ size: 40 }] })) }, ...own });
    expect(foreign.statusCode).toBe(404);
    expect(await footprint()).toEqual(before);
  });

  it("counts the data disks against the project's volume quota: refused (nothing created) when N more do not fit", async () => {
    const probe = await create(c, 'instances', await buy());
    const projectId = String(probe.project_id);
    await settle(c, 'instances', probe.id);
    const volumes = await countActive(app.ctx.db, projectId, 'volume');
    await setQuota(app.ctx.db, projectId, 'volume', volumes + 1);
    try {
      const before = await footprint();
      const two = await c.req({ method: 'POST', url: '/api/instances', payload: await buy({ data_disks: [{ size: 40 }, { size: 40 }] }) });
      expect(two.statusCode).toBe(409);
      expect(two.json().description).toBe('可用数量不足，请联系管理员');
      expect(await footprint()).toEqual(before);
      // One disk still fits, and the host with it is created.
      const one = await create(c, 'instances', await buy({ data_disks: [{ size: 40 }] }));
      expect((await footprint()).volumes).toBe(before.volumes + 1);
      await settle(c, 'instances', one.id);
      // Now full: even a single disk is refused, a host without disks is not.
      expect((await c.req({ method: 'POST', url: '/api/instances', payload: await buy({ data_disks: [{ size: 40 }] }) })).statusCode).toBe(409);
      await settle(c, 'instances', (await create(c, 'instances', await buy())).id);
    } finally {
      await setQuota(app.ctx.db, projectId, 'volume', 200);
    }
  });
});
