// Cloud disks and snapshots through the API: mount rules, expansion by at least 50 GB, snapshot
// rollback only when unmounted, snapshot records deleted first, recycle bin, isolation.
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

const disk = async (extra: Record<string, unknown> = {}) => ({ name: uniq('disk'), ...(await placement(app)), size: 100, ...extra });

describe('cloud disk', () => {
  it('goes creating → unmounted and validates size and type', async () => {
    const row = await create(c, 'volumes', await disk());
    expect(row.status).toBe('creating');
    expect((await settle(c, 'volumes', row.id))!.status).toBe('unmounted');
    expect400(await c.req({ method: 'POST', url: '/api/volumes', payload: await disk({ size: 9 }) }), 'size');
    expect400(await c.req({ method: 'POST', url: '/api/volumes', payload: await disk({ size: 32769 }) }), 'size');
    expect400(await c.req({ method: 'POST', url: '/api/volumes', payload: await disk({ volume_type: 'floppy' }) }), 'volume_type');
    expect((await c.req({ method: 'POST', url: '/api/volumes', payload: await disk({ size: 10 }) })).statusCode).toBe(201);
  });

  it('mounts once, unmounts, and checks the mount path with its file system', async () => {
    const h = await host(app, c, { subnetId });
    const d = await createSettled(c, 'volumes', await disk());
    expect400(await act(c, 'volumes', d.id, { action: 'mount', instance_id: h.id, mount_path: '/data' }), 'file_system');
    expect400(await act(c, 'volumes', d.id, { action: 'mount', instance_id: h.id, mount_path: 'data', file_system: 'ext4' }), 'mount_path');
    const mounting = await act(c, 'volumes', d.id, { action: 'mount', instance_id: h.id, mount_path: '/data', file_system: 'xfs' });
    expect(mounting.json().status).toBe('mounting');
    const mounted = (await settle(c, 'volumes', d.id))!;
    expect(mounted).toMatchObject({ status: 'mounted', spec: { instance_id: h.id, mount_path: '/data', file_system: 'xfs' } });
    expect409(await act(c, 'volumes', d.id, { action: 'mount', instance_id: h.id }), '该云硬盘已挂载，不能重复挂载');
    // The host now has a data disk: rebuild is refused.
    expect409(await act(c, 'instances', h.id, { action: 'rebuild', image: 'uos-20', password: 'Passw0rd2025' }), '云主机已挂载数据盘，不允许重建');
    const unmounted = await actSettled(c, 'volumes', d.id, { action: 'unmount' });
    expect(unmounted.status).toBe('unmounted');
    expect(unmounted.spec.instance_id).toBeUndefined();
    expect409(await act(c, 'volumes', d.id, { action: 'unmount' }), '当前状态不允许卸载');
    // A host on another zone is not a mount target.
    const far = await host(app, c, { vendor: 'ali' });
    expect409(await act(c, 'volumes', d.id, { action: 'mount', instance_id: far.id }), '没有可挂载的云主机');
  });

  it('expands by at least 50 GB and keeps its status; a failed expansion is expansion_failed', async () => {
    const d = await createSettled(c, 'volumes', await disk({ size: 100 }));
    const small = await act(c, 'volumes', d.id, { action: 'expand', size: 149 });
    expect400(small, 'size');
    expect(small.json().description).toBe('size：扩容后容量须比当前容量至少大 50GB');
    const ok = await act(c, 'volumes', d.id, { action: 'expand', size: 150 });
    expect(ok.json().status).toBe('expanding');
    expect((await settle(c, 'volumes', d.id))!).toMatchObject({ status: 'unmounted', spec: { size: 150 } });
    const original = app.engine.provider.complete;
    app.engine.provider.complete = () => ({ ok: false, reason: 'api_timeout' });
    try {
      expect((await actSettled(c, 'volumes', d.id, { action: 'expand', size: 300 })).status).toBe('expansion_failed');
    } finally {
      app.engine.provider.complete = original;
    }
    expect409(await act(c, 'volumes', d.id, { action: 'expand', size: 400 }), '当前状态不允许扩容');
  });

  it('snapshots, rolls back only when unmounted, and needs snapshots deleted before the disk', async () => {
    const h = await host(app, c, { subnetId });
    const d = await createSettled(c, 'volumes', await disk());
    const snapRes = await act(c, 'volumes', d.id, { action: 'snapshot', snapshot_name: 'before-upgrade' });
    expect(snapRes.statusCode).toBe(200);
    const list = await c.req({ method: 'GET', url: `/api/snapshots?volume_id=${d.id}` });
    expect(list.json().count).toBe(1);
    const snap = (await settle(c, 'snapshots', list.json().data[0].id))!;
    expect(snap).toMatchObject({ status: 'available', spec: { volume_id: d.id, size: 100 } });
    expect400(await act(c, 'volumes', d.id, { action: 'snapshot', snapshot_name: 'x' }), 'snapshot_name');

    await actSettled(c, 'volumes', d.id, { action: 'mount', instance_id: h.id });
    expect409(await act(c, 'volumes', d.id, { action: 'rollback', snapshot_id: snap.id }), '回滚快照需先卸载云硬盘');
    expect409(await c.req({ method: 'DELETE', url: `/api/volumes/${d.id}` }), '已挂载的云硬盘不允许删除，请先卸载');
    await actSettled(c, 'volumes', d.id, { action: 'unmount' });
    const rb = await act(c, 'volumes', d.id, { action: 'rollback', snapshot_id: snap.id });
    expect(rb.json().status).toBe('rolling_back');
    expect((await settle(c, 'volumes', d.id))!.status).toBe('unmounted');
    // A snapshot of another disk is not this disk's.
    const other = await createSettled(c, 'volumes', await disk());
    expect((await act(c, 'volumes', other.id, { action: 'rollback', snapshot_id: snap.id })).statusCode).toBe(404);

    expect409(await c.req({ method: 'DELETE', url: `/api/volumes/${d.id}` }), '请先删除快照记录');
    expect((await c.req({ method: 'DELETE', url: `/api/snapshots/${snap.id}` })).json().status).toBe('deleting');
    expect(await settle(c, 'snapshots', snap.id)).toBeNull();
    const del = await c.req({ method: 'DELETE', url: `/api/volumes/${d.id}` });
    expect(del.json().status).toBe('deleting');
    expect((await settle(c, 'volumes', d.id))!).toMatchObject({ status: 'deleted', spec: { billing: 'suspended', delayed_days: 60 } });
    expect((await actSettled(c, 'volumes', d.id, { action: 'recover' })).status).toBe('unmounted');
    await c.req({ method: 'DELETE', url: `/api/volumes/${d.id}` });
    await settle(c, 'volumes', d.id);
    expect409(await act(c, 'volumes', d.id, { action: 'mount', instance_id: h.id }), '当前状态不允许挂载');
    await act(c, 'volumes', d.id, { action: 'destroy' });
    expect(await settle(c, 'volumes', d.id)).toBeNull();
  });

  it("creates a snapshot through POST /api/snapshots in the disk's place", async () => {
    const d = await createSettled(c, 'volumes', await disk());
    const s = await createSettled(c, 'snapshots', { name: 'nightly-1', volume_id: d.id });
    expect(s).toMatchObject({ status: 'available', vendor: d.vendor, az_id: d.az_id });
    expect400(await c.req({ method: 'POST', url: '/api/snapshots', payload: { name: 'n', volume_id: d.id } }), 'name');
    expect((await c.req({ method: 'POST', url: '/api/snapshots', payload: { name: 'nightly-2', volume_id: '0'.repeat(32) } })).statusCode).toBe(404);
    // While creating (scheduler held), a snapshot cannot be deleted.
    await app.engine.scheduler.stop();
    try {
      const pending = await create(c, 'snapshots', { name: 'nightly-3', volume_id: d.id });
      expect409(await c.req({ method: 'DELETE', url: `/api/snapshots/${pending.id}` }), '当前状态不允许删除');
    } finally {
      app.engine.scheduler.start();
    }
    expect((await c.req({ method: 'DELETE', url: `/api/snapshots/${s.id}` })).json().status).toBe('deleting');
    expect(await settle(c, 'snapshots', s.id)).toBeNull();
  });

  it('refuses another tenant with 404', async () => {
    const d = await createSettled(c, 'volumes', await disk());
    const ids = await demoIds(app.ctx.db);
    const fin = await app.as('fin_admin');
    for (const scope of [
      { tenant: ids.finance, project: ids.project('core-trading') },
      { tenant: ids.huadong, project: null },
    ]) {
      expect((await fin.req({ method: 'GET', url: `/api/volumes/${d.id}`, ...scope })).statusCode).toBe(404);
      expect((await fin.req({ method: 'POST', url: `/api/volumes/${d.id}/actions`, payload: { action: 'expand', size: 500 }, ...scope })).statusCode).toBe(404);
      expect((await fin.req({ method: 'DELETE', url: `/api/volumes/${d.id}`, ...scope })).statusCode).toBe(404);
      expect((await fin.req({ method: 'POST', url: `/api/recyclebin/${d.id}/recover`, ...scope })).statusCode).toBe(404);
    }
    // Mounting on another tenant's host answers 404 too.
    const finHost = await fin.req({ method: 'GET', url: '/api/instances?__limit=1&status=running', tenant: ids.finance, project: ids.project('core-trading') });
    const foreignHost = finHost.json().data[0].id;
    expect((await act(c, 'volumes', d.id, { action: 'mount', instance_id: foreignHost })).statusCode).toBe(404);
  });
});
