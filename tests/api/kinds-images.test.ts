// Images (public, custom, ISO) and automatic snapshot policies through the API: upload and review
// states, public images read-only, ISO mounted on private-cloud hosts, policy schedule rules,
// binding disks, every action allowed and refused, validation and isolation.
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

const image = async (extra: Record<string, unknown> = {}, vendor = 'openstack') => ({
  name: uniq('img'),
  ...(await placement(app, vendor)),
  image_type: 'custom',
  os_type: 'linux',
  os_version: 'Kylin V10',
  format: 'qcow2',
  file_url: 'obs://images/app.qcow2',
  ...extra,
});
const iso = (extra: Record<string, unknown> = {}, vendor = 'openstack') =>
  image({ image_type: 'iso', format: 'iso', file_url: 'https://mirror.example.cn/uos.iso', ...extra }, vendor);
const post = async (collection: string, payload: Record<string, unknown>) => c.req({ method: 'POST', url: `/api/${collection}`, payload });

async function uploaded(body: Record<string, unknown>) {
  const row = await createSettled(c, 'images', body);
  expect(row.status).toBe('pending_review');
  return actSettled(c, 'images', row.id, { action: 'approve' });
}

async function refusedElsewhere(collection: string, id: string, action: Record<string, unknown>) {
  const ids = await demoIds(app.ctx.db);
  const fin = await app.as('fin_admin');
  for (const scope of [
    { tenant: ids.finance, project: ids.project('core-trading') },
    { tenant: ids.huadong, project: null },
  ]) {
    expect((await fin.req({ method: 'GET', url: `/api/${collection}/${id}`, ...scope })).statusCode).toBe(404);
    expect((await fin.req({ method: 'PATCH', url: `/api/${collection}/${id}`, payload: { name: 'taken-over' }, ...scope })).statusCode).toBe(404);
    expect((await fin.req({ method: 'POST', url: `/api/${collection}/${id}/actions`, payload: action, ...scope })).statusCode).toBe(404);
    expect((await fin.req({ method: 'DELETE', url: `/api/${collection}/${id}`, ...scope })).statusCode).toBe(404);
  }
}

describe('custom image', () => {
  it('goes uploading → pending review → review passed (importing) → upload success', async () => {
    const row = await create(c, 'images', await image());
    expect(row).toMatchObject({ status: 'uploading', in_between: true });
    const pending = (await settle(c, 'images', row.id))!;
    expect(pending.status).toBe('pending_review');
    expect(pending.available_actions.sort()).toEqual(['approve', 'delete', 'reject']);
    const approving = await act(c, 'images', row.id, { action: 'approve' });
    expect(approving.json()).toMatchObject({ status: 'review_success', in_between: true });
    expect((await settle(c, 'images', row.id))!.status).toBe('upload_success');
    expect409(await act(c, 'images', row.id, { action: 'approve' }), '当前状态不允许审核');
    expect409(await act(c, 'images', row.id, { action: 'reject', review_reason: '不合规' }), '当前状态不允许审核');
    expect409(await act(c, 'images', row.id, { action: 'reupload', file_url: 'obs://images/b.qcow2' }), '当前状态不允许重新上传');
    await refusedElsewhere('images', row.id, { action: 'approve' });
    const del = await c.req({ method: 'DELETE', url: `/api/images/${row.id}` });
    expect(del.json().status).toBe('deleting');
    expect(await settle(c, 'images', row.id)).toBeNull();
  });

  it('is rejected with a reason, uploaded again, and ends upload_failed when the cloud fails', async () => {
    const row = await createSettled(c, 'images', await image());
    expect400(await act(c, 'images', row.id, { action: 'reject' }), 'review_reason');
    const rejected = await act(c, 'images', row.id, { action: 'reject', review_reason: '镜像未安装云初始化组件' });
    expect(rejected.json()).toMatchObject({ status: 'review_failed', spec: { review_reason: '镜像未安装云初始化组件' } });
    expect400(await act(c, 'images', row.id, { action: 'reupload', file_url: 'ftp://x/y.qcow2' }), 'file_url');
    const again = await act(c, 'images', row.id, { action: 'reupload', file_url: 'obs://images/fixed.qcow2' });
    expect(again.json().status).toBe('uploading');
    const back = (await settle(c, 'images', row.id))!;
    expect(back).toMatchObject({ status: 'pending_review', spec: { file_url: 'obs://images/fixed.qcow2' } });
    expect(back.spec.review_reason).toBeUndefined();
    const original = app.engine.provider.complete;
    app.engine.provider.complete = () => ({ ok: false, reason: 'api_timeout' });
    try {
      expect((await actSettled(c, 'images', row.id, { action: 'approve' })).status).toBe('upload_failed');
      expect((await createSettled(c, 'images', await image())).status).toBe('upload_failed');
    } finally {
      app.engine.provider.complete = original;
    }
    expect((await actSettled(c, 'images', row.id, { action: 'reupload', file_url: 'obs://images/third.qcow2' })).status).toBe('pending_review');
  });

  it('refuses every action while uploading', async () => {
    await app.engine.scheduler.stop();
    try {
      const row = await create(c, 'images', await image());
      expect409(await act(c, 'images', row.id, { action: 'approve' }), '当前状态不允许审核');
      expect409(await c.req({ method: 'DELETE', url: `/api/images/${row.id}` }), '当前状态不允许删除');
      expect409(await c.req({ method: 'PATCH', url: `/api/images/${row.id}`, payload: { name: 'renamed' } }), '当前状态不允许编辑');
    } finally {
      app.engine.scheduler.start();
    }
  });

  it('validates every upload field and names it', async () => {
    expect400(await post('images', await image({ name: 'a' })), 'name');
    expect400(await post('images', await image({ name: 'http://img' })), 'name');
    expect400(await post('images', await image({ image_type: 'public' })), 'image_type');
    const fmt = await post('images', await image({ format: 'iso' }));
    expect400(fmt, 'format');
    expect(fmt.json().rule).toBe('iso_format');
    expect400(await post('images', await iso({ format: 'qcow2' })), 'format');
    expect400(await post('images', await image({ format: 'exe' })), 'format');
    expect400(await post('images', await image({ os_type: 'macos' })), 'os_type');
    expect400(await post('images', await image({ os_version: '' })), 'os_version');
    expect400(await post('images', await image({ file_url: 'C:\\images\\a.qcow2' })), 'file_url');
    // Minimum disk and memory: integers only.
    expect400(await post('images', await image({ min_disk: 1.5 })), 'min_disk');
    expect400(await post('images', await image({ min_disk: 0 })), 'min_disk');
    expect400(await post('images', await image({ min_memory: 2.5 })), 'min_memory');
    expect((await post('images', await image({ name: 'ab', min_disk: 1024, min_memory: 0 }))).statusCode).toBe(201);
    expect((await post('images', await iso())).statusCode).toBe(201);
  });
});

describe('public image', () => {
  it('is read-only for tenants: no actions offered, every action and edit refused', async () => {
    const list = (await c.req({ method: 'GET', url: '/api/images?image_type=public&__limit=5' })).json();
    expect(list.count).toBeGreaterThan(0);
    const pub = list.data[0];
    expect(pub).toMatchObject({ status: 'upload_success', available_actions: [], spec: { image_type: 'public' } });
    expect409(await c.req({ method: 'DELETE', url: `/api/images/${pub.id}` }), '公共镜像为只读，不允许操作');
    expect409(await c.req({ method: 'PATCH', url: `/api/images/${pub.id}`, payload: { name: 'mine-now' } }), '公共镜像为只读，不允许操作');
    const tw = await c.req({ method: 'POST', url: `/api/images/${pub.id}/actions`, payload: { action: 'approve' }, lang: 'zh-TW' });
    expect(tw.json().description).toBe('公用映像檔為唯讀，不允許操作');
  });
});

describe('ISO image', () => {
  it('mounts on a host of its private cloud, once, and must be unmounted before it is deleted', async () => {
    const h = await host(app, c, { subnetId });
    const other = await host(app, c, { subnetId });
    const img = await uploaded(await iso());
    expect409(await act(c, 'images', img.id, { action: 'unmount', instance_id: h.id }), '该 ISO 镜像未挂载到此云主机');
    const mounted = await act(c, 'images', img.id, { action: 'mount', instance_id: h.id });
    expect(mounted.statusCode).toBe(200);
    expect(mounted.json().status).toBe('upload_success');
    expect((await c.req({ method: 'GET', url: `/api/instances/${h.id}` })).json().spec).toMatchObject({ iso: img.name, iso_image_id: img.id });
    expect409(await act(c, 'images', img.id, { action: 'mount', instance_id: h.id }), '该 ISO 镜像已挂载到此云主机');
    const second = await uploaded(await iso());
    expect409(await act(c, 'images', second.id, { action: 'mount', instance_id: h.id }), '该云主机已挂载 ISO 镜像，请先卸载');
    expect((await act(c, 'images', img.id, { action: 'mount', instance_id: other.id })).statusCode).toBe(200);
    expect409(await c.req({ method: 'DELETE', url: `/api/images/${img.id}` }), '镜像已挂载到云主机，请先卸载');
    expect((await act(c, 'images', img.id, { action: 'unmount', instance_id: h.id })).statusCode).toBe(200);
    expect((await c.req({ method: 'GET', url: `/api/instances/${h.id}` })).json().spec.iso).toBeUndefined();
    await act(c, 'images', img.id, { action: 'unmount', instance_id: other.id });
    expect((await c.req({ method: 'DELETE', url: `/api/images/${img.id}` })).json().status).toBe('deleting');
    expect(await settle(c, 'images', img.id)).toBeNull();
  });

  it('refuses custom images, public clouds, hosts elsewhere and unmountable states', async () => {
    const h = await host(app, c, { subnetId });
    const custom = await uploaded(await image());
    expect409(await act(c, 'images', custom.id, { action: 'mount', instance_id: h.id }), '仅 ISO 镜像可以挂载到云主机');
    const ali = await uploaded(await iso({}, 'ali'));
    expect409(await act(c, 'images', ali.id, { action: 'mount', instance_id: h.id }), '公有云不支持该操作');
    const vmwareIso = await uploaded(await iso({}, 'vmware'));
    expect409(await act(c, 'images', vmwareIso.id, { action: 'mount', instance_id: h.id }), '没有可挂载的云主机');
    const pending = await createSettled(c, 'images', await iso());
    expect409(await act(c, 'images', pending.id, { action: 'mount', instance_id: h.id }), '当前状态不允许挂载');
    expect409(await act(c, 'images', pending.id, { action: 'unmount', instance_id: h.id }), '当前状态不允许卸载');
    const img = await uploaded(await iso());
    expect400(await act(c, 'images', img.id, { action: 'mount' }), 'instance_id');
    expect((await act(c, 'images', img.id, { action: 'mount', instance_id: '0'.repeat(32) })).statusCode).toBe(404);
    await c.req({ method: 'DELETE', url: `/api/instances/${h.id}` });
    await settle(c, 'instances', h.id);
    expect409(await act(c, 'images', img.id, { action: 'mount', instance_id: h.id }), '没有可挂载的云主机');
    // Another tenant's host is not found.
    const ids = await demoIds(app.ctx.db);
    const fin = await app.as('fin_admin');
    const foreign = (
      await fin.req({ method: 'GET', url: '/api/instances?__limit=1&status=running', tenant: ids.finance, project: ids.project('core-trading') })
    ).json().data[0].id;
    expect((await act(c, 'images', img.id, { action: 'mount', instance_id: foreign })).statusCode).toBe(404);
  });
});

describe('automatic snapshot policy', () => {
  const policy = async (extra: Record<string, unknown> = {}) => ({
    name: uniq('policy'),
    ...(await placement(app)),
    weekdays: [1, 3, 5],
    times: ['02:00', '14:30'],
    retention_days: 7,
    ...extra,
  });
  const disk = async () => createSettled(c, 'volumes', { name: uniq('disk'), ...(await placement(app)), size: 20 });

  it('goes creating → enabled, is disabled and enabled, rescheduled and deleted', async () => {
    const row = await create(c, 'snapshot-policies', await policy());
    expect(row.status).toBe('creating');
    const p = (await settle(c, 'snapshot-policies', row.id))!;
    expect(p).toMatchObject({ status: 'enabled', spec: { weekdays: [1, 3, 5], times: ['02:00', '14:30'], retention_days: 7, volume_count: 0 } });
    expect409(await act(c, 'snapshot-policies', p.id, { action: 'enable' }), '当前状态不允许启用/禁用');
    expect((await act(c, 'snapshot-policies', p.id, { action: 'disable' })).json().status).toBe('disabled');
    expect409(await act(c, 'snapshot-policies', p.id, { action: 'disable' }), '当前状态不允许启用/禁用');
    expect((await act(c, 'snapshot-policies', p.id, { action: 'enable' })).json().status).toBe('enabled');
    const resched = await act(c, 'snapshot-policies', p.id, { action: 'schedule', weekdays: [7], times: ['23:59'], retention_days: 30 });
    expect(resched.json().spec).toMatchObject({ weekdays: [7], times: ['23:59'], retention_days: 30 });
    expect400(await act(c, 'snapshot-policies', p.id, { action: 'schedule', weekdays: [7], times: ['24:00'], retention_days: 30 }), 'times.0');
    await refusedElsewhere('snapshot-policies', p.id, { action: 'disable' });
    expect((await c.req({ method: 'DELETE', url: `/api/snapshot-policies/${p.id}` })).json().status).toBe('deleting');
    expect(await settle(c, 'snapshot-policies', p.id)).toBeNull();
  });

  it('binds a disk to one policy at a time and counts its disks', async () => {
    const p = await createSettled(c, 'snapshot-policies', await policy());
    const q = await createSettled(c, 'snapshot-policies', await policy());
    const d = await disk();
    expect409(await act(c, 'snapshot-policies', p.id, { action: 'unbind', volume_id: d.id }), '该云硬盘未绑定此策略');
    const bound = await act(c, 'snapshot-policies', p.id, { action: 'bind', volume_id: d.id });
    expect(bound.json().spec.volume_count).toBe(1);
    const rel = (await c.req({ method: 'GET', url: `/api/volumes/${d.id}` })).json().relations;
    expect(rel).toContainEqual(expect.objectContaining({ relation: 'policy_of', id: p.id, direction: 'in' }));
    expect409(await act(c, 'snapshot-policies', p.id, { action: 'bind', volume_id: d.id }), '该云硬盘已绑定此策略');
    expect409(await act(c, 'snapshot-policies', q.id, { action: 'bind', volume_id: d.id }), '该云硬盘已绑定其他自动快照策略');
    expect((await act(c, 'snapshot-policies', p.id, { action: 'unbind', volume_id: d.id })).json().spec.volume_count).toBe(0);
    expect((await act(c, 'snapshot-policies', q.id, { action: 'bind', volume_id: d.id })).statusCode).toBe(200);
    // A disk in the recycle bin is no bind target; a missing one is not found.
    const gone = await disk();
    await c.req({ method: 'DELETE', url: `/api/volumes/${gone.id}` });
    await settle(c, 'volumes', gone.id);
    expect409(await act(c, 'snapshot-policies', p.id, { action: 'bind', volume_id: gone.id }), '没有可绑定的云硬盘');
    expect((await act(c, 'snapshot-policies', p.id, { action: 'bind', volume_id: '0'.repeat(32) })).statusCode).toBe(404);
    // While creating nothing is allowed.
    await app.engine.scheduler.stop();
    try {
      const pending = await create(c, 'snapshot-policies', await policy());
      expect409(await act(c, 'snapshot-policies', pending.id, { action: 'bind', volume_id: d.id }), '当前状态不允许绑定');
      expect409(await act(c, 'snapshot-policies', pending.id, { action: 'unbind', volume_id: d.id }), '当前状态不允许解绑');
      expect409(
        await act(c, 'snapshot-policies', pending.id, { action: 'schedule', weekdays: [1], times: ['01:00'], retention_days: 1 }),
        '当前状态不允许编辑',
      );
      expect409(await c.req({ method: 'DELETE', url: `/api/snapshot-policies/${pending.id}` }), '当前状态不允许删除');
    } finally {
      app.engine.scheduler.start();
    }
  });

  it('validates weekdays 1–7, times of day and retention 1–99999 days', async () => {
    const bad = async (extra: Record<string, unknown>, field: string, rule?: string) => {
      const res = await post('snapshot-policies', await policy(extra));
      expect400(res, field);
      if (rule) expect(res.json().rule).toBe(rule);
    };
    await bad({ weekdays: [] }, 'weekdays');
    await bad({ weekdays: [0] }, 'weekdays.0');
    await bad({ weekdays: [8] }, 'weekdays.0');
    await bad({ weekdays: [1, 1] }, 'weekdays', 'weekday_repeated');
    await bad({ times: [] }, 'times');
    await bad({ times: ['2:00'] }, 'times.0', 'time_of_day');
    await bad({ times: ['02:60'] }, 'times.0');
    await bad({ times: ['02:00', '02:00'] }, 'times', 'time_repeated');
    await bad({ retention_days: 0 }, 'retention_days');
    await bad({ retention_days: 100000 }, 'retention_days');
    await bad({ retention_days: 1.5 }, 'retention_days');
    await bad({ name: 'https://p' }, 'name');
    expect(
      (await post('snapshot-policies', await policy({ weekdays: [1, 2, 3, 4, 5, 6, 7], times: ['00:00', '23:59'], retention_days: 99999 }))).statusCode,
    ).toBe(201);
    expect((await post('snapshot-policies', await policy({ retention_days: 1 }))).statusCode).toBe(201);
  });
});
