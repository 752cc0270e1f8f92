// Backup plans of hosts and disks through the real app: create, list, update, delete; every rule
// of seed 000 §3–§5 valid and invalid (CTyun rules taken from the resource's vendor, whatever the
// client sends); roles; and another tenant or project refused with 404 and nothing changed.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { build, demoIds, seedResources, type Client, type TestApp } from './helper.ts';

let app: TestApp & Awaited<ReturnType<typeof build>>;
let ids: Awaited<ReturnType<typeof demoIds>>;
let admin: Client;
let fin: Client;

type Target = { id: string; project_id: string; vendor: string };
let aliHost: Target; // any vendor but CTyun
let ctyunHost: Target;
let disk: Target;
let vpc: Target;

const weekly = (over: Record<string, unknown> = {}) => ({
  name: 'nightly-full',
  schedule_type: 'full_backup',
  start_time: '02:30:00',
  backup_freq: 'week',
  backup_days: [1, 3, 5],
  retention_time: '3month',
  device_type: 'any',
  ...over,
});
const ctyunPlan = (over: Record<string, unknown> = {}) => weekly({ schedule_type: 'incre_backup', retention_time: 30, ...over });

async function pick(kind: string, where: (vendor: string) => boolean): Promise<Target> {
  const rows = await app.ctx.db
    .selectFrom('resources')
    .select(['id', 'project_id', 'vendor'])
    .where('tenant_id', '=', ids.huadong)
    .where('kind', '=', kind)
    .where('status', 'not in', ['deleted', '__removed'])
    .orderBy('name')
    .execute();
  const row = rows.find((r) => where(r.vendor));
  if (!row) throw new Error(`no ${kind} in 华东制造集团`);
  return row;
}

/** As 华东制造集团's tenant administrator, scoped to the target's project. */
function post(t: Target, body: Record<string, unknown>, lang?: string) {
  return admin.req({ method: 'POST', url: '/api/v1/backup-policies', project: t.project_id, payload: { resource_id: t.id, ...body }, lang });
}

/** Polls a plan until it has left creating/installing/issuing; answers it settled. */
async function settled(t: Target, id: string, timeoutMs = 8000): Promise<Record<string, any>> {
  const end = Date.now() + timeoutMs;
  for (;;) {
    const res = await admin.req({ method: 'GET', url: `/api/v1/backup-policies/${id}`, project: t.project_id });
    if (res.statusCode !== 200) throw new Error(`plan ${id}: ${res.statusCode}`);
    if (!res.json().in_between) return res.json();
    if (Date.now() > end) throw new Error(`plan ${id} still ${res.json().status}`);
    await new Promise((r) => setTimeout(r, 25));
  }
}

beforeAll(async () => {
  app = await build();
  ids = await demoIds(app.ctx.db);
  admin = await app.as('tenant_admin');
  fin = await app.as('fin_admin');
  aliHost = await pick('instance', (v) => v !== 'ctyun');
  ctyunHost = await pick('instance', (v) => v === 'ctyun');
  disk = await pick('volume', (v) => v !== 'ctyun');
  vpc = await pick('vpc', () => true);
}, 60_000);
afterAll(async () => {
  await app.close();
});

describe('backup plans: create, list, update, delete', () => {
  it('goes through the whole life of a host plan', async () => {
    const created = await post(aliHost, weekly({ backup_days: [5, 1, 3] }));
    expect(created.statusCode).toBe(201);
    const plan = created.json();
    expect(plan).toMatchObject({
      name: 'nightly-full',
      schedule_type: 'full_backup',
      start_time: '02:30:00',
      backup_freq: 'week',
      backup_days: [1, 3, 5],
      retention_time: '3month',
      device_type: 'any',
      resource_id: aliHost.id,
      resource_type: 'instance',
      vendor: aliHost.vendor,
      message: '备份策略已添加',
    });
    expect(plan.id).toMatch(/^[0-9a-f]{32}$/);

    const got = await admin.req({ method: 'GET', url: `/api/v1/backup-policies/${plan.id}`, project: aliHost.project_id });
    expect(got.statusCode).toBe(200);
    expect(got.json().name).toBe('nightly-full');

    const list = await admin.req({ method: 'GET', url: `/api/v1/backup-policies?resource_id=${aliHost.id}`, project: aliHost.project_id });
    expect(list.statusCode).toBe(200);
    expect(list.json().data.map((p: { id: string }) => p.id)).toContain(plan.id);
    expect(list.json().data.every((p: { resource_id: string }) => p.resource_id === aliHost.id)).toBe(true);

    const ofHost = await admin.req({ method: 'GET', url: `/api/instances/${aliHost.id}/backup-policies`, project: aliHost.project_id });
    expect(ofHost.statusCode).toBe(200);
    expect(ofHost.json().count).toBe(ofHost.json().data.length);
    expect(ofHost.json().data.map((p: { id: string }) => p.id)).toContain(plan.id);

    expect((await settled(aliHost, plan.id)).status).toBe('created');
    const put = await admin.req({
      method: 'PUT',
      url: `/api/v1/backup-policies/${plan.id}`,
      project: aliHost.project_id,
      payload: weekly({ name: 'monthly-archive', backup_freq: 'month', backup_days: [15, 1], retention_time: '1year' }),
    });
    expect(put.statusCode).toBe(200);
    expect(put.json()).toMatchObject({
      name: 'monthly-archive',
      backup_freq: 'month',
      backup_days: [1, 15],
      retention_time: '1year',
      message: '备份策略已修改',
    });
    expect((await settled(aliHost, plan.id)).status).toBe('created');

    const del = await admin.req({ method: 'DELETE', url: `/api/v1/backup-policies/${plan.id}`, project: aliHost.project_id });
    expect(del.statusCode).toBe(200);
    expect(del.json().message).toBe('备份策略已删除');
    expect((await admin.req({ method: 'GET', url: `/api/v1/backup-policies/${plan.id}`, project: aliHost.project_id })).statusCode).toBe(404);
    expect((await admin.req({ method: 'DELETE', url: `/api/v1/backup-policies/${plan.id}`, project: aliHost.project_id })).statusCode).toBe(404);
  });

  it('takes plans on disks and filters the list by resource type', async () => {
    const created = await post(disk, weekly({ name: 'disk-plan' }));
    expect(created.statusCode).toBe(201);
    expect(created.json().resource_type).toBe('volume');
    const ofDisk = await admin.req({ method: 'GET', url: `/api/volumes/${disk.id}/backup-policies`, project: disk.project_id });
    expect(ofDisk.json().data.map((p: { id: string }) => p.id)).toContain(created.json().id);
    const volumes = await admin.req({ method: 'GET', url: '/api/v1/backup-policies?resource_type=volume&__limit=100', project: disk.project_id });
    expect(volumes.statusCode).toBe(200);
    expect(volumes.json().data.length).toBeGreaterThan(0);
    expect(volumes.json().data.every((p: { resource_type: string }) => p.resource_type === 'volume')).toBe(true);
    // A disk is not a host: the host path does not list it.
    expect((await admin.req({ method: 'GET', url: `/api/instances/${disk.id}/backup-policies`, project: disk.project_id })).statusCode).toBe(404);
  });

  it('refuses resources that take no plans and resources in the recycle bin', async () => {
    const res = await post(vpc, weekly());
    expect(res.statusCode).toBe(400);
    expect(res.json().description).toBe('只有云主机和云硬盘可以设置备份策略');

    const [gone] = await seedResources(app.ctx.db, { tenantId: ids.huadong, projectId: aliHost.project_id, count: 1, kind: 'instance', prefix: 'bk-gone' });
    await app.ctx.db.updateTable('resources').set({ status: 'deleted' }).where('id', '=', gone!).execute();
    const refused = await post({ ...aliHost, id: gone! }, weekly());
    expect(refused.statusCode).toBe(409);
    expect(refused.json().description).toBe('资源已删除，不能设置备份策略');
    expect(await app.ctx.db.selectFrom('backup_plans').select('id').where('resource_id', '=', gone!).execute()).toEqual([]);
  });

  it("seeds demo plans that follow their vendor's rules", async () => {
    const rows = await app.ctx.db
      .selectFrom('backup_plans')
      .innerJoin('resources', 'resources.id', 'backup_plans.resource_id')
      .select(['backup_plans.schedule_type', 'backup_plans.backup_freq', 'backup_plans.retention_time', 'resources.vendor'])
      .where('backup_plans.created_by', 'is', null)
      .execute();
    expect(rows.length).toBeGreaterThan(5);
    for (const r of rows.filter((x) => x.vendor === 'ctyun'))
      expect(r).toMatchObject({ schedule_type: 'incre_backup', backup_freq: 'week', retention_time: expect.stringMatching(/^\d+$/) });
    expect(rows.some((r) => r.vendor !== 'ctyun' && r.backup_freq === 'month')).toBe(true);
  });
});

describe('backup plans: validation (400 names the field, nothing stored)', () => {
  const expect400 = async (res: Promise<{ statusCode: number; json: () => any }>, field: string, description?: string) => {
    const r = await res;
    expect(r.statusCode).toBe(400);
    expect(r.json().field).toBe(field);
    if (description) expect(r.json().description).toBe(description);
  };

  it('name: required, at most 60', async () => {
    await expect400(post(aliHost, weekly({ name: '   ' })), 'name', 'name：不能为空');
    await expect400(post(aliHost, weekly({ name: undefined })), 'name');
    await expect400(post(aliHost, weekly({ name: 'n'.repeat(61) })), 'name', 'name：长度或数值不能大于 60');
    expect((await post(aliHost, weekly({ name: '备'.repeat(60) }))).statusCode).toBe(201);
  });

  it('start time: required, HH:mm:ss', async () => {
    await expect400(post(aliHost, weekly({ start_time: undefined })), 'start_time');
    await expect400(post(aliHost, weekly({ start_time: '25:00:00' })), 'start_time', 'start_time：开始时间格式须为 HH:mm:ss');
    expect((await post(aliHost, weekly({ start_time: '00:00:00' }))).statusCode).toBe(201);
  });

  it('CTyun (from the resource, not the body): only incremental and weekly', async () => {
    await expect400(post(ctyunHost, ctyunPlan({ schedule_type: 'full_backup', vendor: 'ali' })), 'schedule_type', 'schedule_type：天翼云仅支持增量备份');
    await expect400(post(ctyunHost, ctyunPlan({ backup_freq: 'month', backup_days: [1] })), 'backup_freq', 'backup_freq：天翼云仅支持每周备份');
    const ok = await post(ctyunHost, ctyunPlan());
    expect(ok.statusCode).toBe(201);
    expect(ok.json()).toMatchObject({ schedule_type: 'incre_backup', retention_time: 30, vendor: 'ctyun' });
  });

  it('CTyun retention: whole days 1–99999', async () => {
    await expect400(post(ctyunHost, ctyunPlan({ retention_time: 0 })), 'retention_time', 'retention_time：保留天数须为 1-99999 的整数');
    await expect400(post(ctyunHost, ctyunPlan({ retention_time: 100_000 })), 'retention_time');
    await expect400(post(ctyunHost, ctyunPlan({ retention_time: '1month' })), 'retention_time');
    const max = await post(ctyunHost, ctyunPlan({ retention_time: 99_999 }));
    expect(max.statusCode).toBe(201);
    expect(max.json().retention_time).toBe(99_999);
  });

  it('other vendors: a retention option; permanent only when the device type is not any', async () => {
    await expect400(post(aliHost, weekly({ retention_time: 30 })), 'retention_time');
    await expect400(
      post(aliHost, weekly({ retention_time: 'permanent', device_type: 'any' })),
      'retention_time',
      'retention_time：设备类型为“不限”时不能永久保留',
    );
    expect((await post(aliHost, weekly({ retention_time: 'permanent', device_type: 'nbu' }))).statusCode).toBe(201);
  });

  it('days: weekdays 1–7; month days 1–28 or last_day, last day alone unless nbu', async () => {
    await expect400(post(aliHost, weekly({ backup_days: [] })), 'backup_days', 'backup_days：请至少选择一个备份日期');
    await expect400(post(aliHost, weekly({ backup_days: [8] })), 'backup_days');
    await expect400(post(aliHost, weekly({ backup_days: [1, 1] })), 'backup_days');
    await expect400(post(aliHost, weekly({ backup_freq: 'month', backup_days: [29] })), 'backup_days');
    await expect400(
      post(aliHost, weekly({ backup_freq: 'month', backup_days: [1, 'last_day'] })),
      'backup_days',
      'backup_days：“最后一天”不能与其他日期同时选择',
    );
    expect((await post(aliHost, weekly({ backup_freq: 'month', backup_days: ['last_day'] }))).statusCode).toBe(201);
    const mixed = await post(aliHost, weekly({ backup_freq: 'month', backup_days: ['last_day', 28, 1], device_type: 'nbu' }));
    expect(mixed.statusCode).toBe(201);
    expect(mixed.json().backup_days).toEqual([1, 28, 'last_day']);
  });

  it('answers in Traditional Chinese when asked', async () => {
    const res = await post(aliHost, weekly({ backup_freq: 'month', backup_days: [2, 'last_day'] }), 'zh-TW');
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      title: expect.any(String),
      description: 'backup_days：「最後一天」不能與其他日期同時選擇',
      field: 'backup_days',
      rule: 'backup_last_day_alone',
    });
  });

  it('an update that breaks a rule changes nothing', async () => {
    const plan = (await post(aliHost, weekly({ name: 'keep-me' }))).json();
    await settled(aliHost, plan.id);
    const bad = await admin.req({
      method: 'PUT',
      url: `/api/v1/backup-policies/${plan.id}`,
      project: aliHost.project_id,
      payload: weekly({ name: '', start_time: '09:00:00' }),
    });
    expect(bad.statusCode).toBe(400);
    const now = (await admin.req({ method: 'GET', url: `/api/v1/backup-policies/${plan.id}`, project: aliHost.project_id })).json();
    expect(now).toMatchObject({ name: 'keep-me', start_time: '02:30:00', status: 'created', in_between: false });
    // CTyun rules follow the resource on update too.
    const ct = (await post(ctyunHost, ctyunPlan())).json();
    await settled(ctyunHost, ct.id);
    const toFull = await admin.req({
      method: 'PUT',
      url: `/api/v1/backup-policies/${ct.id}`,
      project: ctyunHost.project_id,
      payload: ctyunPlan({ schedule_type: 'full_backup' }),
    });
    expect(toFull.statusCode).toBe(400);
    expect(toFull.json().field).toBe('schedule_type');
  });
});

describe('backup plans: roles and isolation', () => {
  let plan: { id: string };
  beforeAll(async () => {
    plan = (await post(aliHost, weekly({ name: 'hd-isolated-plan' }))).json();
  });

  it('another tenant gets 404 for every id and sees none of the plans', async () => {
    const own = { tenant: ids.finance, project: ids.project('core-trading') };
    for (const method of ['GET', 'PUT', 'DELETE'] as const) {
      const res = await fin.req({ method, url: `/api/v1/backup-policies/${plan.id}`, ...own, ...(method === 'PUT' ? { payload: weekly() } : {}) });
      expect(res.statusCode, method).toBe(404);
      expect(res.body).not.toContain('hd-isolated-plan');
    }
    const create = await fin.req({ method: 'POST', url: '/api/v1/backup-policies', ...own, payload: { resource_id: aliHost.id, ...weekly() } });
    expect(create.statusCode).toBe(404);
    expect((await fin.req({ method: 'GET', url: `/api/instances/${aliHost.id}/backup-policies`, ...own })).statusCode).toBe(404);
    const list = await fin.req({ method: 'GET', url: `/api/v1/backup-policies?resource_id=${aliHost.id}&__limit=100`, ...own });
    expect(list.statusCode).toBe(200);
    expect(list.json().count).toBe(0);
    // The other tenant's headers themselves are refused.
    const hd = await fin.req({ method: 'GET', url: '/api/v1/backup-policies', tenant: ids.huadong, project: aliHost.project_id });
    expect(hd.statusCode).toBe(404);
    const still = await admin.req({ method: 'GET', url: `/api/v1/backup-policies/${plan.id}`, project: aliHost.project_id });
    expect(still.json().name).toBe('hd-isolated-plan');
  });

  it("a project member sees only its own project's plans", async () => {
    const member = await app.as('member');
    const mes = ids.project('smart-factory-mes');
    const other = [aliHost, ctyunHost, disk].find((t) => t.project_id !== mes);
    if (other) {
      const p = (await post(other, other.vendor === 'ctyun' ? ctyunPlan() : weekly())).json();
      expect((await member.req({ method: 'GET', url: `/api/v1/backup-policies/${p.id}`, project: mes })).statusCode).toBe(404);
      expect((await member.req({ method: 'GET', url: `/api/v1/backup-policies/${p.id}`, project: other.project_id })).statusCode).toBe(404);
    }
    const list = await member.req({ method: 'GET', url: '/api/v1/backup-policies?__limit=100', project: mes });
    expect(list.statusCode).toBe(200);
    expect(list.json().data.every((p: { project_id: string }) => p.project_id === mes)).toBe(true);
  });

  it('read-only roles may list but not write (403)', async () => {
    const approver = await app.as('approver');
    const scope = { project: aliHost.project_id };
    expect((await approver.req({ method: 'GET', url: `/api/v1/backup-policies/${plan.id}`, ...scope })).statusCode).toBe(200);
    expect(
      (await approver.req({ method: 'POST', url: '/api/v1/backup-policies', ...scope, payload: { resource_id: aliHost.id, ...weekly() } })).statusCode,
    ).toBe(403);
    expect((await approver.req({ method: 'PUT', url: `/api/v1/backup-policies/${plan.id}`, ...scope, payload: weekly({ name: 'changed' }) })).statusCode).toBe(
      403,
    );
    expect((await approver.req({ method: 'DELETE', url: `/api/v1/backup-policies/${plan.id}`, ...scope })).statusCode).toBe(403);
    const oncall = await app.as('oncall');
    const ops = await oncall.req({
      method: 'POST',
      url: '/api/v1/backup-policies',
      tenant: ids.huadong,
      ...scope,
      payload: { resource_id: aliHost.id, ...weekly() },
    });
    expect(ops.statusCode).toBe(403);
    expect(ops.json().description).toBe('您没有该权限，请联系管理员获取权限！');
    expect((await admin.req({ method: 'GET', url: `/api/v1/backup-policies/${plan.id}`, ...scope })).json().name).toBe('hd-isolated-plan');
  });
});
