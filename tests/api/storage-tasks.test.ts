// The storage console's tasks (issue 30, ADR 0064): file transfer (≤ 5 target groups, one host and
// one directory each, the overwrite and create-directory flags), file migration (one target), whole-
// machine move (source and standby host, sync and excluded items, compression, a sealed key whose
// length is a multiple of 16 and at most 64) — the host tasks of the data-protection pages, moved by
// the scheduler and never by a read; snapshot chains and consistency groups (a consistency snapshot on
// every disk's chain, rollback only while every disk is unmounted, as a disk's own rollback); disk
// expansion by at least 50 GB; another tenant's ids answering 404.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newId } from '../../src/domain/ids.ts';
import { advanceDueHostTasks } from '../../src/server/dataprotect/host-tasks.service.ts';
import { protectRepository } from '../../src/server/dataprotect/protect.repository.ts';
import { build, demoIds, type Client } from './helper.ts';
import { act, actSettled, createSettled, expect400, expect409, host, network, placement, settle, uniq } from './kinds-helpers.ts';

type Json = Record<string, any>;
let app: Awaited<ReturnType<typeof build>>;
let c: Client;
let fin: Client;
let hosts: string[];
const HOST = '/api/v1/host-tasks';

beforeAll(async () => {
  app = await build({ config: { cloudSimDelayMs: 100 } });
  c = await app.as('tenant_admin');
  const list = (await c.req({ method: 'GET', url: '/api/instances?__limit=100' })).json().data as Json[];
  const first = list.find((h) => h.status === 'running')!.id as string;
  const row = await app.ctx.db.selectFrom('resources').selectAll().where('id', '=', first).executeTakeFirstOrThrow();
  const twins = [1, 2, 3, 4, 5, 6].map(() => newId());
  await app.ctx.db
    .insertInto('resources')
    .values(twins.map((id, i) => ({ ...row, id, name: `st-host-${i + 1}`, spec: JSON.stringify(row.spec) }) as never))
    .execute();
  hosts = [first, ...twins];
  const demo = await demoIds(app.ctx.db);
  const other = await app.as('fin_admin');
  fin = { ...other, req: (o) => other.req({ ...o, tenant: demo.finance, project: null }) };
});
afterAll(async () => {
  await app.close();
});

const send = (method: 'GET' | 'POST' | 'DELETE', url: string, payload?: unknown, client = c) =>
  client.req({ method, url, ...(payload === undefined ? {} : { payload: payload as Json }) });
async function refused(res: Awaited<ReturnType<typeof send>>, status: number, text: string | RegExp) {
  expect(res.statusCode, res.body).toBe(status);
  expect(res.json()).toMatchObject({ title: expect.any(String), description: expect.any(String) });
  expect(res.json().description).toMatch(text);
}
const taskCount = async () =>
  Number(
    (
      await app.ctx.db
        .selectFrom('host_tasks' as never)
        .select((eb) => eb.fn.countAll().as('n'))
        .executeTakeFirstOrThrow()
    ).n,
  );
const transfer = (n: number, over: Json = {}) => ({
  type: 'file_transfer',
  name: uniq('ft'),
  source_id: hosts[0],
  source_path: '/var/log/app',
  targets: hosts.slice(1, n + 1).map((h) => ({ host_id: h, path: '/data/in' })),
  overwrite: true,
  create_dir: false,
  ...over,
});
const whole = (over: Json = {}) => ({
  type: 'whole_copy',
  name: uniq('wm'),
  source_id: hosts[0],
  standby_id: hosts[1],
  sync_items: ['/', '/data'],
  excluded_items: ['/tmp'],
  compression: 'zstd',
  encryption: 'sm4',
  key: 'K'.repeat(32),
  ...over,
});

describe('file transfer (fireTransferManage)', () => {
  it('takes at most 5 target groups, each one host and one directory, no host twice; nothing made when refused', async () => {
    const before = await taskCount();
    await refused(await send('POST', HOST, transfer(6)), 400, /targets/);
    await refused(await send('POST', HOST, transfer(0)), 400, /targets/);
    await refused(
      await send(
        'POST',
        HOST,
        transfer(2, {
          targets: [
            { host_id: hosts[1], path: '/a' },
            { host_id: hosts[1], path: '/b' },
          ],
        }),
      ),
      400,
      '源主机和目标主机不能重复',
    );
    await refused(await send('POST', HOST, transfer(1, { targets: [{ host_id: hosts[0], path: '/a' }] })), 400, '源主机和目标主机不能重复');
    await refused(await send('POST', HOST, transfer(1, { targets: [{ host_id: hosts[1], path: 'relative' }] })), 400, /绝对路径/);
    await refused(await send('POST', HOST, transfer(1, { targets: [{ host_id: hosts[1], path: ['/a', '/b'] }] })), 400, /path/);
    await refused(await send('POST', HOST, transfer(1, { targets: [{ host_id: [hosts[1], hosts[2]], path: '/a' }] })), 400, /host_id/);
    expect(await taskCount()).toBe(before);
    const res = await send('POST', HOST, transfer(5));
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toMatchObject({ type: 'file_transfer', overwrite: true, create_dir: false, status: 'not_started' });
    expect(res.json().targets.map((t: Json) => t.name)).toEqual(['st-host-1', 'st-host-2', 'st-host-3', 'st-host-4', 'st-host-5']);
  });

  it('moves 未开始 → 传输中 → 成功 on the scheduler only; a read never moves it; busy tasks are not deleted', async () => {
    await app.engine.scheduler.stop();
    try {
      const task = (await send('POST', HOST, transfer(1))).json();
      await new Promise((r) => setTimeout(r, 250));
      expect((await send('GET', `${HOST}/${task.id}`)).json().status).toBe('not_started');
      expect((await send('GET', `${HOST}?type=file_transfer`)).json().data.find((t: Json) => t.id === task.id).status).toBe('not_started');
      // one step of the scheduler's worker (a whole drain may take two on a slow machine)
      const step = () => advanceDueHostTasks({ repo: protectRepository(app.ctx.db), delayMs: 100, now: () => new Date() });
      expect(await step()).toBeGreaterThanOrEqual(1);
      expect((await send('GET', `${HOST}/${task.id}`)).json().status).toBe('running');
      await refused(await send('DELETE', `${HOST}/${task.id}`), 409, /不能删除/);
      await new Promise((r) => setTimeout(r, 150));
      await step();
      expect((await send('GET', `${HOST}/${task.id}`)).json().status).toBe('succeeded');
      expect((await send('DELETE', `${HOST}/${task.id}`)).statusCode).toBe(200);
    } finally {
      app.engine.scheduler.start();
    }
  });
});

describe('file migration (cloudMoveFile)', () => {
  it('moves one directory to one target; listed as 文件迁移 only', async () => {
    const base = { type: 'file_move', name: uniq('fm'), source_id: hosts[0], source_path: '/data/app' };
    await refused(await send('POST', HOST, { ...base, targets: [] }), 400, /targets/);
    await refused(
      await send('POST', HOST, {
        ...base,
        targets: [
          { host_id: hosts[1], path: '/a' },
          { host_id: hosts[2], path: '/b' },
        ],
      }),
      400,
      /targets/,
    );
    const res = await send('POST', HOST, { ...base, targets: [{ host_id: hosts[2], path: '/data/app' }] });
    expect(res.statusCode, res.body).toBe(201);
    await refused(await send('POST', HOST, { ...base, targets: [{ host_id: hosts[2], path: '/data/app' }] }), 409, '任务名称重复');
    const moves = (await send('GET', `${HOST}?type=file_move`)).json().data as Json[];
    expect(moves.map((t) => t.id)).toContain(res.json().id);
    expect(moves.every((t) => t.type === 'file_move')).toBe(true);
    expect((await send('GET', `${HOST}?type=file_copy`)).json().data.map((t: Json) => t.id)).not.toContain(res.json().id);
  });
});

describe('whole-machine move (cloudMoveInstance)', () => {
  it('refuses a key not a multiple of 16 or over 64, a missing key, the same host; seals a good key', async () => {
    const before = await taskCount();
    await refused(await send('POST', HOST, whole({ key: 'k'.repeat(20) })), 400, /16 的倍数/);
    await refused(await send('POST', HOST, whole({ key: 'k'.repeat(80) })), 400, /key/);
    await refused(await send('POST', HOST, whole({ key: undefined })), 400, /须填写密钥/);
    await refused(await send('POST', HOST, whole({ standby_id: hosts[0] })), 400, '源主机与备主机不能相同');
    await refused(await send('POST', HOST, whole({ sync_items: [] })), 400, /sync_items/);
    await refused(await send('POST', HOST, whole({ compression: 'rar' })), 400, /compression/);
    expect(await taskCount()).toBe(before);
    const key = 'Ab3$'.repeat(16);
    const res = await send('POST', HOST, whole({ key }));
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toMatchObject({ has_key: true, encryption: 'sm4', compression: 'zstd', sync_items: ['/', '/data'], excluded_items: ['/tmp'] });
    expect(res.body).not.toContain(key);
    expect((await send('GET', `${HOST}/${res.json().id}`)).body).not.toContain(key);
    const plain = await send('POST', HOST, whole({ encryption: 'none', key: undefined }));
    expect(plain.json()).toMatchObject({ has_key: false, encryption: 'none' });
  });

  it('is another tenant’s 404, and another tenant cannot name tenant_admin’s hosts', async () => {
    const task = (await send('POST', HOST, whole({ encryption: 'none', key: undefined }))).json();
    expect((await send('GET', `${HOST}/${task.id}`, undefined, fin)).statusCode).toBe(404);
    expect((await send('DELETE', `${HOST}/${task.id}`, undefined, fin)).statusCode).toBe(404);
    expect((await send('GET', `${HOST}?type=whole_copy,file_transfer,file_move`, undefined, fin)).json().data.map((t: Json) => t.id)).not.toContain(task.id);
    await refused(await send('POST', HOST, whole({ encryption: 'none', key: undefined }), fin), 404, /.+/);
    await refused(await send('POST', HOST, transfer(1), fin), 404, /.+/);
  });
});

describe('snapshot chains and consistency groups (volumeSnapshot)', () => {
  let disks: Json[];
  let mountedOn: Json;
  beforeAll(async () => {
    const subnetId = (await network(app, c)).subnet.id;
    mountedOn = await host(app, c, { subnetId });
    mountedOn = (await settle(c, 'instances', mountedOn.id))!;
    const where = await placement(app);
    disks = await Promise.all([1, 2].map(() => createSettled(c, 'volumes', { name: uniq('grp-disk'), ...where, size: 100 })));
  });

  it('refuses a group across zones, a disk twice, another tenant’s disk; nothing made', async () => {
    // a disk of the same cloud in another zone
    const zones = await app.ctx.db
      .selectFrom('azs')
      .innerJoin('regions', 'regions.id', 'azs.region_id')
      .select(['azs.id as az_id', 'regions.id as region_id'])
      .where('regions.public_cloud_provider', '=', 'openstack')
      .where('azs.id', '<>', disks[0]!.az_id)
      .execute();
    const far = await createSettled(c, 'volumes', { name: uniq('far-disk'), vendor: 'openstack', ...zones[0]!, size: 100 });
    const before = (await send('GET', '/api/snapshot-groups?__limit=100')).json().count;
    expect409(
      await send('POST', '/api/snapshot-groups', { name: uniq('grp'), volume_id: disks[0]!.id, volumes: [{ volume_id: far.id }] }),
      `云硬盘「${far.name}」与一致性组不在同一可用区`,
    );
    expect400(await send('POST', '/api/snapshot-groups', { name: uniq('grp'), volume_id: disks[0]!.id, volumes: [{ volume_id: disks[0]!.id }] }), 'volumes');
    expect400(await send('POST', '/api/snapshot-groups', { name: uniq('grp'), volume_id: disks[0]!.id, volumes: [] }), 'volumes');
    // in a project of its own another tenant still cannot name tenant_admin's disks
    const finProject = await app.as('fin_admin');
    const finGroup = await send(
      'POST',
      '/api/snapshot-groups',
      { name: uniq('grp'), volume_id: disks[0]!.id, volumes: [{ volume_id: disks[1]!.id }] },
      finProject,
    );
    expect(finGroup.statusCode, finGroup.body).toBe(404);
    expect((await send('GET', '/api/snapshot-groups?__limit=100')).json().count).toBe(before);
  });

  it('takes a consistency snapshot of every disk onto its chain; rolls back only while every disk is unmounted', async () => {
    const made = await createSettled(c, 'snapshot-groups', { name: uniq('grp'), volume_id: disks[0]!.id, volumes: [{ volume_id: disks[1]!.id }] });
    expect(made).toMatchObject({ status: 'available', spec: { volume_count: 2, point_count: 0 } });
    expect409(await act(c, 'snapshot-groups', made.id, { action: 'rollback' }), '一致性组还没有一致性快照，不能回滚');
    const snapped = await act(c, 'snapshot-groups', made.id, { action: 'snapshot', snapshot_name: 'point-one' });
    expect(snapped.statusCode, snapped.body).toBe(200);
    for (const d of disks) {
      const chain = (await send('GET', `/api/snapshots?volume_id=${d.id}`)).json().data as Json[];
      expect(chain).toHaveLength(1);
      expect(chain[0]).toMatchObject({ status: 'available', spec: { group_point: 'point-one', volume_id: d.id, volume_name: d.name } });
    }
    const group = (await send('GET', `/api/snapshot-groups/${made.id}`)).json();
    expect(group.spec).toMatchObject({ point_count: 1, last_point_name: 'point-one' });
    // one disk mounted: the group's rollback and the disk's own are refused in words
    await actSettled(c, 'volumes', disks[1]!.id, { action: 'mount', instance_id: mountedOn.id });
    expect409(await act(c, 'snapshot-groups', made.id, { action: 'rollback' }), `回滚快照需先卸载云硬盘：「${disks[1]!.name}」仍挂载在云主机上`);
    const own = (await send('GET', `/api/snapshots?volume_id=${disks[1]!.id}`)).json().data[0];
    expect409(await act(c, 'volumes', disks[1]!.id, { action: 'rollback', snapshot_id: own.id }), '回滚快照需先卸载云硬盘');
    await actSettled(c, 'volumes', disks[1]!.id, { action: 'unmount' });
    const back = await act(c, 'snapshot-groups', made.id, { action: 'rollback' });
    expect(back.statusCode, back.body).toBe(200);
    expect((await settle(c, 'snapshot-groups', made.id))!.status).toBe('available');
    // a disk rolls back to a snapshot of its own chain only
    const other = (await send('GET', `/api/snapshots?volume_id=${disks[0]!.id}`)).json().data[0];
    expect((await act(c, 'volumes', disks[1]!.id, { action: 'rollback', snapshot_id: other.id })).statusCode).toBe(404);
    expect((await actSettled(c, 'volumes', disks[1]!.id, { action: 'rollback', snapshot_id: own.id })).status).toBe('unmounted');
  });

  it('names the disk on a snapshot taken by the disk’s own action, as lists show it', async () => {
    expect((await act(c, 'volumes', disks[0]!.id, { action: 'snapshot', snapshot_name: 'own-snap' })).statusCode).toBe(200);
    const own = ((await send('GET', `/api/snapshots?volume_id=${disks[0]!.id}`)).json().data as Json[]).find((s) => s.name === 'own-snap')!;
    expect(own.spec.volume_name).toBe(disks[0]!.name);
  });

  it('expands a disk by at least 50 GB', async () => {
    const small = await act(c, 'volumes', disks[0]!.id, { action: 'expand', size: 149 });
    expect400(small, 'size');
    expect(small.json().description).toBe('size：扩容后容量须比当前容量至少大 50GB');
    expect((await actSettled(c, 'volumes', disks[0]!.id, { action: 'expand', size: 150 })).spec.size).toBe(150);
  });

  it('is another tenant’s 404', async () => {
    const group = (await send('GET', '/api/snapshot-groups?__limit=1')).json().data[0];
    expect((await send('GET', `/api/snapshot-groups/${group.id}`, undefined, fin)).statusCode).toBe(404);
    expect((await send('POST', `/api/snapshot-groups/${group.id}/actions`, { action: 'snapshot', snapshot_name: 'steal' }, fin)).statusCode).toBe(404);
    expect((await send('DELETE', `/api/snapshot-groups/${group.id}`, undefined, fin)).statusCode).toBe(404);
    expect((await send('GET', '/api/snapshot-groups?__limit=100', undefined, fin)).json().data.map((g: Json) => g.id)).not.toContain(group.id);
  });

  it('shows the demo: a consistency group of two disks with one point on both chains', async () => {
    const demo = (await send('GET', '/api/snapshot-groups?name=demo-app-consistency')).json().data[0];
    expect(demo).toMatchObject({ status: 'available', spec: { point_count: 1, volume_count: 2 } });
    for (const id of demo.spec.volume_ids as string[]) {
      const chain = (await send('GET', `/api/snapshots?volume_id=${id}`)).json().data as Json[];
      expect(chain.length).toBeGreaterThanOrEqual(3);
    }
  });
});
