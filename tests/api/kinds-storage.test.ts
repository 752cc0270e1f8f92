// Storage kinds through the API (issue 30): NAS (protocol, mount path rules, file system and mount point
// together, authorised hosts at most 10 at once and of the same project, sync and backup policies),
// shared disks (authorised to several hosts, no unauthorising a host it is mounted on), SAN volumes
// and the FTP gateway (account 3-16, password 6-8, sealed and never answered); purchase prices and
// tenant isolation for each.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { build, type Client } from './helper.ts';
import { act, create, createSettled, expect400, expect409, host, network, placement, settle, uniq, type Row } from './kinds-helpers.ts';

let app: Awaited<ReturnType<typeof build>>;
let c: Client;
let other: Client;
let hosts: Row[];
beforeAll(async () => {
  app = await build();
  c = await app.as('tenant_admin');
  other = await app.as('fin_admin');
  const subnetId = (await network(app, c)).subnet.id;
  hosts = [await host(app, c, { subnetId }), await host(app, c, { subnetId })];
});
afterAll(async () => {
  await app.close();
});

const body = async (extra: Record<string, unknown> = {}) => ({ name: uniq('st'), ...(await placement(app)), ...extra });
const count = async (kind: string) =>
  Number(
    (
      await app.ctx.db
        .selectFrom('resources')
        .select((e) => e.fn.countAll().as('n'))
        .where('kind', '=', kind)
        .executeTakeFirstOrThrow()
    ).n,
  );

/** A 400 with a title and a description, nothing of `kind` created. */
async function refusedCreate(collection: string, kind: string, payload: Record<string, unknown>, field: string, description?: string) {
  const before = await count(kind);
  const res = await c.req({ method: 'POST', url: `/api/${collection}`, payload });
  expect400(res, field);
  expect(res.json().title).toBeTruthy();
  if (description) expect(res.json().description).toContain(description);
  expect(await count(kind)).toBe(before);
}

/** Another tenant's administrator cannot see, act on or delete the resource (404). */
async function isolated(collection: string, id: string, action: Record<string, unknown>) {
  expect((await other.req({ method: 'GET', url: `/api/${collection}/${id}` })).statusCode).toBe(404);
  expect((await act(other, collection, id, action)).statusCode).toBe(404);
  expect((await other.req({ method: 'DELETE', url: `/api/${collection}/${id}` })).statusCode).toBe(404);
  expect((await other.req({ method: 'GET', url: `/api/${collection}` })).json().data.some((r: Row) => r.id === id)).toBe(false);
}

describe('NAS', () => {
  it('is bought by the GB with protocol nfs or cifs, priced, and refuses bad input without creating anything', async () => {
    const row = await create(c, 'nas', await body({ protocol: 'cifs', size: 500, charging_code: 'year', duration: 12 }));
    expect(row.price.sum_price).toBe(35 * 500 * 10);
    expect((await settle(c, 'nas', row.id))!).toMatchObject({ status: 'available', spec: { protocol: 'cifs', size: 500, host_count: 0 } });
    await refusedCreate('nas', 'nas', await body({ protocol: 'smb' }), 'protocol');
    await refusedCreate('nas', 'nas', await body({ size: 99 }), 'size');
    await refusedCreate('nas', 'nas', await body({ file_system: 'share' }), 'mount_path', '文件系统与挂载点须同时填写');
    await refusedCreate('nas', 'nas', await body({ file_system: 'share', mount_path: 'mnt/share' }), 'mount_path', '绝对路径');
    await refusedCreate('nas', 'nas', await body({ file_system: 'share', mount_path: '/mnt/../etc' }), 'mount_path', '..');
    await refusedCreate('nas', 'nas', await body({ file_system: 'share', mount_path: '/mnt//share' }), 'mount_path', '//');
    const ok = await createSettled(c, 'nas', await body({ file_system: 'share', mount_path: '/mnt/share' }));
    expect(ok.spec).toMatchObject({ protocol: 'nfs', size: 100, file_system: 'share', mount_path: '/mnt/share' });
  });

  it('authorises hosts of its project, at most 10 at once, each once; unauthorises; delete waits for it', async () => {
    const nas = await createSettled(c, 'nas', await body());
    const eleven = Array.from({ length: 11 }, (_, i) => ({ instance_id: `${'0'.repeat(30)}${String(i).padStart(2, '0')}` }));
    const tooMany = await act(c, 'nas', nas.id, { action: 'authorize', hosts: eleven });
    expect400(tooMany, 'hosts');
    expect(tooMany.json().description).toContain('一次最多授权 10 台主机');
    expect400(await act(c, 'nas', nas.id, { action: 'authorize', hosts: [] }), 'hosts');
    // Another tenant's host is not found, and nothing is authorised.
    const foreign = await app.ctx.db
      .selectFrom('resources')
      .select('id')
      .where('kind', '=', 'instance')
      .where('tenant_id', '!=', hosts[0]!.tenant_id)
      .where('status', '=', 'running')
      .executeTakeFirstOrThrow();
    expect((await act(c, 'nas', nas.id, { action: 'authorize', hosts: [{ instance_id: hosts[0]!.id }, { instance_id: foreign.id }] })).statusCode).toBe(404);
    expect((await settle(c, 'nas', nas.id))!.spec.host_count).toBe(0);
    const done = await act(c, 'nas', nas.id, { action: 'authorize', hosts: hosts.map((h) => ({ instance_id: h.id })) });
    expect(done.statusCode).toBe(200);
    const row = (await settle(c, 'nas', nas.id))!;
    expect(row.spec.host_count).toBe(2);
    expect(
      row.relations
        .filter((r: { relation: string }) => r.relation === 'nas_authorized')
        .map((r: { id: string }) => r.id)
        .sort(),
    ).toEqual(hosts.map((h) => h.id).sort());
    expect409(await act(c, 'nas', nas.id, { action: 'authorize', hosts: [{ instance_id: hosts[0]!.id }] }), `主机「${hosts[0]!.name}」已授权，无需重复授权`);
    expect409(await c.req({ method: 'DELETE', url: `/api/nas/${nas.id}` }), '文件存储仍有授权主机，请先取消授权再删除');
    for (const h of hosts) expect((await act(c, 'nas', nas.id, { action: 'unauthorize', instance_id: h.id })).statusCode).toBe(200);
    expect409(await act(c, 'nas', nas.id, { action: 'unauthorize', instance_id: hosts[0]!.id }), '该主机未授权访问此文件存储');
    expect((await settle(c, 'nas', nas.id))!.spec.host_count).toBe(0);
    expect((await c.req({ method: 'DELETE', url: `/api/nas/${nas.id}` })).statusCode).toBe(200);
  });

  it('keeps a sync policy (15 or 30 minutes, another NAS of the same protocol) and a backup policy with the seed retentions', async () => {
    const a = await createSettled(c, 'nas', await body());
    const b = await createSettled(c, 'nas', await body());
    const cifs = await createSettled(c, 'nas', await body({ protocol: 'cifs' }));
    expect400(await act(c, 'nas', a.id, { action: 'sync_policy', sync_target_id: b.id, sync_frequency: '20' }), 'sync_frequency');
    expect400(await act(c, 'nas', a.id, { action: 'sync_policy' }), 'sync_target_id');
    expect409(await act(c, 'nas', a.id, { action: 'sync_policy', sync_target_id: a.id }), '同步目标不能是文件存储自身');
    expect409(await act(c, 'nas', a.id, { action: 'sync_policy', sync_target_id: cifs.id }), '同步目标须与本文件存储协议相同');
    expect((await act(c, 'nas', a.id, { action: 'sync_policy', sync_target_id: b.id, sync_frequency: '15' })).statusCode).toBe(200);
    expect((await settle(c, 'nas', a.id))!.spec).toMatchObject({ sync_enabled: true, sync_target_name: b.name, sync_frequency: '15' });
    expect((await act(c, 'nas', a.id, { action: 'sync_off' })).statusCode).toBe(200);
    const off = (await settle(c, 'nas', a.id))!.spec;
    expect(off.sync_enabled).toBe(false);
    expect(off.sync_target_name).toBeUndefined();
    expect400(await act(c, 'nas', a.id, { action: 'backup_policy', backup_retention: '2year' }), 'backup_retention');
    expect400(await act(c, 'nas', a.id, { action: 'backup_policy', backup_time: '25:00' }), 'backup_time');
    for (const [retention, cycle] of [
      ['1month', 'weekly'],
      ['permanent', 'monthly'],
    ]) {
      expect((await act(c, 'nas', a.id, { action: 'backup_policy', backup_time: '03:30', backup_retention: retention })).statusCode).toBe(200);
      expect((await settle(c, 'nas', a.id))!.spec).toMatchObject({
        backup_enabled: true,
        backup_time: '03:30',
        backup_retention: retention,
        backup_cycle: cycle,
      });
    }
    expect((await act(c, 'nas', a.id, { action: 'backup_off' })).statusCode).toBe(200);
    expect((await settle(c, 'nas', a.id))!.spec.backup_enabled).toBe(false);
    await isolated('nas', a.id, { action: 'authorize', hosts: [{ instance_id: hosts[0]!.id }] });
  });
});

describe('shared disk', () => {
  it('authorises several hosts, mounts only where authorised, and refuses to unauthorise a host it is mounted on', async () => {
    const row = await create(c, 'shared-disks', await body({ size: 200, charging_code: 'year', duration: 12 }));
    expect(row.price.sum_price).toBe(60 * 200 * 10);
    const d = (await settle(c, 'shared-disks', row.id))!;
    expect(d.status).toBe('available');
    await refusedCreate('shared-disks', 'shared_disk', await body({ size: 9 }), 'size');
    expect409(await act(c, 'shared-disks', d.id, { action: 'mount', instance_id: hosts[0]!.id }), '请先将共享云硬盘授权给该主机再挂载');
    expect((await act(c, 'shared-disks', d.id, { action: 'authorize', hosts: hosts.map((h) => ({ instance_id: h.id })) })).statusCode).toBe(200);
    expect400(await act(c, 'shared-disks', d.id, { action: 'mount', instance_id: hosts[0]!.id, mount_path: '/data' }), 'file_system');
    expect400(await act(c, 'shared-disks', d.id, { action: 'mount', instance_id: hosts[0]!.id, mount_path: '/data/../x', file_system: 'xfs' }), 'mount_path');
    expect((await act(c, 'shared-disks', d.id, { action: 'mount', instance_id: hosts[0]!.id, mount_path: '/data', file_system: 'xfs' })).statusCode).toBe(200);
    expect((await settle(c, 'shared-disks', d.id))!).toMatchObject({ status: 'in_use', spec: { host_count: 2, mount_count: 1, mount_path: '/data' } });
    expect409(await act(c, 'shared-disks', d.id, { action: 'mount', instance_id: hosts[0]!.id }), '共享云硬盘已挂载在该主机上，不能重复挂载');
    const refused = await act(c, 'shared-disks', d.id, { action: 'unauthorize', instance_id: hosts[0]!.id });
    expect409(refused, '共享云硬盘正挂载在该主机上，不能取消授权，请先卸载');
    expect(refused.json().title).toBeTruthy();
    expect409(await c.req({ method: 'DELETE', url: `/api/shared-disks/${d.id}` }), '共享云硬盘仍挂载在主机上，请先卸载再删除');
    // The other host is authorised but not mounted: it may go.
    expect((await act(c, 'shared-disks', d.id, { action: 'unauthorize', instance_id: hosts[1]!.id })).statusCode).toBe(200);
    expect((await act(c, 'shared-disks', d.id, { action: 'unmount', instance_id: hosts[0]!.id })).statusCode).toBe(200);
    expect((await settle(c, 'shared-disks', d.id))!).toMatchObject({ status: 'available', spec: { host_count: 1, mount_count: 0 } });
    expect((await act(c, 'shared-disks', d.id, { action: 'unauthorize', instance_id: hosts[0]!.id })).statusCode).toBe(200);
    await isolated('shared-disks', d.id, { action: 'authorize', hosts: [{ instance_id: hosts[0]!.id }] });
  });
});

describe('SAN volume', () => {
  it('is bought by the GB (100 or more), priced, expanded by at least 50 GB', async () => {
    const row = await create(c, 'san-volumes', await body({ protocol: 'fc', size: 1000, charging_code: 'year', duration: 12 }));
    expect(row.price.sum_price).toBe(80 * 1000 * 10);
    const san = (await settle(c, 'san-volumes', row.id))!;
    expect(san).toMatchObject({ status: 'available', spec: { protocol: 'fc', disk_type: 'ssd', size: 1000 } });
    await refusedCreate('san-volumes', 'san_volume', await body({ size: 50 }), 'size');
    await refusedCreate('san-volumes', 'san_volume', await body({ protocol: 'nvme' }), 'protocol');
    expect400(await act(c, 'san-volumes', san.id, { action: 'expand', size: 1049 }), 'size');
    expect((await act(c, 'san-volumes', san.id, { action: 'expand', size: 1050 })).statusCode).toBe(200);
    expect((await settle(c, 'san-volumes', san.id))!.spec.size).toBe(1050);
    await isolated('san-volumes', san.id, { action: 'expand', size: 2000 });
  });
});

describe('FTP gateway', () => {
  it('takes an account of 3-16 and a password of 6-8, never answers the password, and shows it as set', async () => {
    const secret = 'Ftp#2026';
    const res = await c.req({
      method: 'POST',
      url: '/api/ftp-servers',
      payload: await body({ account: 'exchange01', password: secret, charging_code: 'year', duration: 12 }),
    });
    expect(res.statusCode).toBe(201);
    expect(res.json().price.sum_price).toBe(5000 * 10);
    expect(res.body).not.toContain(secret);
    const ftp = (await settle(c, 'ftp-servers', res.json().id))!;
    expect(ftp).toMatchObject({ status: 'running', spec: { account: 'exchange01', password_state: 'set', port: 21 } });
    expect(JSON.stringify(ftp)).not.toContain(secret);
    const list = await c.req({ method: 'GET', url: '/api/ftp-servers?__limit=100' });
    expect(list.body).not.toContain(secret);
    const stored = await app.ctx.db.selectFrom('resources').selectAll().where('id', '=', ftp.id).executeTakeFirstOrThrow();
    expect(JSON.stringify(stored)).not.toContain(secret);
    await refusedCreate('ftp-servers', 'ftp_server', await body({ account: 'ab', password: secret }), 'account');
    await refusedCreate('ftp-servers', 'ftp_server', await body({ account: 'a'.repeat(17), password: secret }), 'account');
    await refusedCreate('ftp-servers', 'ftp_server', await body({ account: 'exchange', password: '12345' }), 'password');
    await refusedCreate('ftp-servers', 'ftp_server', await body({ account: 'exchange', password: '123456789' }), 'password');
    const reset = await act(c, 'ftp-servers', ftp.id, { action: 'reset_password', password: 'New#2027' });
    expect(reset.statusCode).toBe(200);
    expect(reset.body).not.toContain('New#2027');
    expect(JSON.stringify(await settle(c, 'ftp-servers', ftp.id))).not.toContain('New#2027');
    await isolated('ftp-servers', ftp.id, { action: 'stop' });
  });
});
