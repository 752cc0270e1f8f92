// The admin tag editor across tenants and the batch delete with one SMS code (seed 000 §3–§7),
// through the real app: admin lists, the admin tag calls naming tenant_id/project_id, and
// POST /api/{collection}/batch-delete.
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { build, demoIds, type Client } from './helper.ts';
import { act, actSettled, expect400, host, network, settle, type Row } from './kinds-helpers.ts';

let app: Awaited<ReturnType<typeof build>>;
let ids: Awaited<ReturnType<typeof demoIds>>;
let admin: Client;
let hd: Client;
let fin: Client;
/** a host of 鑫泰金融控股 (the demo seed's), with its tenant and project */
let finHost: { id: string; tenant_id: string; project_id: string; name: string };

beforeAll(async () => {
  app = await build({ config: { smsDeleteVerification: true } });
  ids = await demoIds(app.ctx.db);
  admin = await app.as('admin');
  hd = await app.as('tenant_admin');
  fin = await app.as('fin_admin');
  finHost = await app.ctx.db
    .selectFrom('resources')
    .select(['id', 'tenant_id', 'project_id', 'name'])
    .where('tenant_id', '=', ids.finance)
    .where('kind', '=', 'instance')
    .where('status', '!=', 'deleted')
    .orderBy('name')
    .executeTakeFirstOrThrow();
});
afterAll(async () => {
  await app.close();
});

const tagsOfRow = async (resourceId: string) =>
  await app.ctx.db
    .selectFrom('tag_resources')
    .innerJoin('tags', 'tags.id', 'tag_resources.tag_id')
    .select(['tags.tag_key', 'tags.tag_value', 'tags.tenant_id', 'tags.project_id'])
    .where('tag_resources.resource_id', '=', resourceId)
    .orderBy('tags.tag_key')
    .execute();

describe('admin lists across tenants', () => {
  it("lists every tenant's hosts with tenant, project and tags for platform roles only", async () => {
    const res = await admin.req({ method: 'GET', url: '/api/v1/manage/instances?__limit=1000' });
    expect(res.statusCode).toBe(200);
    const rows = res.json().data as (Row & { tenant_name: string; project_name: string; tags: unknown[] })[];
    expect(new Set(rows.map((r) => r.tenant_id)).size).toBeGreaterThanOrEqual(2);
    const row = rows.find((r) => r.id === finHost.id)!;
    expect(row).toMatchObject({ tenant_name: '鑫泰金融控股', tags: [] });
    expect(row.project_name).not.toBe('');
    const filtered = (await admin.req({ method: 'GET', url: `/api/v1/manage/instances?__limit=1000&tenant_id=${ids.finance}` })).json();
    expect(filtered.count).toBeGreaterThan(0);
    expect(filtered.data.every((r: Row) => r.tenant_id === ids.finance)).toBe(true);
    // ops_admin reads too; tenant roles never get the cross-tenant list.
    expect((await (await app.as('oncall')).req({ method: 'GET', url: '/api/v1/manage/volumes' })).statusCode).toBe(200);
    expect((await hd.req({ method: 'GET', url: '/api/v1/manage/instances' })).statusCode).toBe(403);
    expect((await fin.req({ method: 'GET', url: `/api/v1/manage/instances?tenant_id=${ids.finance}` })).statusCode).toBe(403);
  });
});

describe('row actions in the admin lists', () => {
  // The admin list's row runs the kind's action through the engine's own route, named in the row's
  // tenant and project (the admin's headers name 华东制造集团): the same guards and refusals as the
  // tenant's list.
  const inRow = (c: Client, action: string) =>
    c.req({
      method: 'POST',
      url: `/api/instances/${finHost.id}/actions`,
      tenant: finHost.tenant_id,
      project: finHost.project_id,
      payload: { action },
    });
  const statusOf = async () => (await app.ctx.db.selectFrom('resources').select('status').where('id', '=', finHost.id).executeTakeFirstOrThrow()).status;

  it("lets the super administrator stop and start another tenant's host from its row, with the kind's state rules", async () => {
    expect(admin.territories[0]!.tenant_id).not.toBe(finHost.tenant_id);
    const before = await statusOf();
    expect(before).toBe('running');
    // the kind's state rule: a running host cannot be started — refused, nothing changed
    const refused = await inRow(admin, 'start');
    expect(refused.statusCode).toBe(409);
    expect(refused.json().description).toBeTruthy();
    expect(await statusOf()).toBe('running');
    const stop = await inRow(admin, 'stop');
    expect(stop.statusCode, stop.body).toBe(200);
    const scoped = { ...admin, req: (o: Parameters<Client['req']>[0]) => admin.req({ tenant: finHost.tenant_id, project: finHost.project_id, ...o }) };
    expect((await settle(scoped, 'instances', finHost.id))!.status).toBe('stopped');
    expect((await actSettled(scoped, 'instances', finHost.id, { action: 'start' })).status).toBe('running');
  });

  it("refuses a tenant role naming another tenant's row, with nothing changed", async () => {
    const other = await inRow(hd, 'stop');
    expect([403, 404]).toContain(other.statusCode);
    expect(await statusOf()).toBe('running');
  });
});

describe('admin tag editor', () => {
  const manage = (
    c: Client,
    tags: unknown,
    named: Record<string, unknown> = { tenant_id: finHost.tenant_id, project_id: finHost.project_id },
    rid = finHost.id,
  ) => c.req({ method: 'POST', url: '/api/tag-manage', payload: { resources: [{ type: 'instance', rids: [rid] }], tags, ...named } });

  it("lets the super administrator tag another tenant's host in that host's tenant and project, with full-width brackets", async () => {
    // The admin's headers name 华东制造集团 (its first territory); the call names the host's own scope.
    expect(admin.territories[0]!.tenant_id).not.toBe(finHost.tenant_id);
    const ok = await manage(admin, [
      { tag_key: 'owner', tag_value: '运维（二线）' },
      { tag_key: 'env.stage', tag_value: 'prod_v1-a' },
    ]);
    expect(ok.statusCode).toBe(200);
    expect(ok.json().message).toBe('标签修改成功');
    const stored = await tagsOfRow(finHost.id);
    expect(stored.map((t) => `${t.tag_key}=${t.tag_value}`)).toEqual(['env.stage=prod_v1-a', 'owner=运维（二线）']);
    expect(stored.every((t) => t.tenant_id === finHost.tenant_id && t.project_id === finHost.project_id)).toBe(true);
    // Read back in the admin variant and by the tenant itself through the user editor.
    const listed = await admin.req({
      method: 'GET',
      url: `/api/tag-resources?resource_type=instance&resource_id=${finHost.id}&tenant_id=${finHost.tenant_id}&project_id=${finHost.project_id}`,
    });
    expect(listed.statusCode).toBe(200);
    expect(listed.json().count).toBe(2);
    const own = await fin.req({
      method: 'GET',
      url: `/api/tag-resources?resource_type=instance&resource_id=${finHost.id}`,
      tenant: finHost.tenant_id,
      project: finHost.project_id,
    });
    expect(
      own
        .json()
        .data.map((d: { tag: { tag_value: string } }) => d.tag.tag_value)
        .sort(),
    ).toEqual(['prod_v1-a', '运维（二线）']);
    // The tag set is replaced in the admin variant too.
    const keep = listed
      .json()
      .data.filter((d: { tag: { tag_key: string } }) => d.tag.tag_key === 'owner')
      .map((d: { tag_id: string }) => d.tag_id);
    const set = await admin.req({
      method: 'POST',
      url: '/api/tag-resources',
      payload: { resource_type: 'instance', resource_id: finHost.id, tag_ids: keep, tenant_id: finHost.tenant_id, project_id: finHost.project_id },
    });
    expect(set.statusCode).toBe(200);
    expect((await tagsOfRow(finHost.id)).map((t) => t.tag_key)).toEqual(['owner']);
  });

  it('refuses invalid keys and values with the field named, and changes nothing', async () => {
    const before = await tagsOfRow(finHost.id);
    const empty = await manage(admin, [{ tag_key: '', tag_value: 'x' }]);
    expect400(empty, 'tags.0.tag_key');
    expect(empty.json().description).toBe('tags.0.tag_key：请先填写键');
    expect400(await manage(admin, [{ tag_key: 'env_x', tag_value: 'x' }]), 'tags.0.tag_key');
    const long = await manage(admin, [{ tag_key: 'k'.repeat(33), tag_value: 'x' }]);
    expect400(long, 'tags.0.tag_key');
    expect(long.json().description).toBe('tags.0.tag_key：键只能包含字母、数字和点，长度 1-32');
    expect400(await manage(admin, [{ tag_key: 'env', tag_value: 'v'.repeat(61) }]), 'tags.0.tag_value');
    // Half-width brackets and spaces stay refused; only the full-width ones are the admin's extra.
    const half = await manage(admin, [{ tag_key: 'owner', tag_value: '运维(二线)' }]);
    expect400(half, 'tags.0.tag_value');
    expect(half.json().description).toBe('tags.0.tag_value：值只能包含字母、数字、点、下划线、中划线、中文和全角括号，长度 0-60');
    expect400(await manage(admin, [{ tag_key: 'owner', tag_value: 'a b' }]), 'tags.0.tag_value');
    // A host names its project; a zh-TW caller reads the rule in Traditional Chinese.
    expect400(await manage(admin, [{ tag_key: 'owner', tag_value: 'x' }], { tenant_id: finHost.tenant_id }), 'project_id');
    const tw = await admin.req({
      method: 'POST',
      url: '/api/tag-manage',
      lang: 'zh-TW',
      payload: {
        resources: [{ type: 'instance', rids: [finHost.id] }],
        tags: [{ tag_key: '', tag_value: '' }],
        tenant_id: finHost.tenant_id,
        project_id: finHost.project_id,
      },
    });
    expect(tw.statusCode).toBe(400);
    expect(tw.json().description).toMatch(/請先填寫鍵/);
    expect(await tagsOfRow(finHost.id)).toEqual(before);
  });

  it('keeps the named scope honest: the host must lie in it', async () => {
    const other = ids.projects.find((p) => p.tenant_id === finHost.tenant_id && p.id !== finHost.project_id)!;
    expect((await manage(admin, [{ tag_key: 'x', tag_value: 'y' }], { tenant_id: finHost.tenant_id, project_id: other.id })).statusCode).toBe(404);
    expect((await manage(admin, [{ tag_key: 'x', tag_value: 'y' }], { tenant_id: ids.huadong, project_id: finHost.project_id })).statusCode).toBe(404);
    expect((await manage(admin, [{ tag_key: 'x', tag_value: 'y' }], { tenant_id: '0'.repeat(32), project_id: finHost.project_id })).statusCode).toBe(404);
    expect((await tagsOfRow(finHost.id)).map((t) => t.tag_key)).toEqual(['owner']);
  });

  it('never lets a tenant role reach another tenant, whatever it names', async () => {
    const before = await tagsOfRow(finHost.id);
    const named = { tenant_id: finHost.tenant_id, project_id: finHost.project_id };
    const refused = await manage(hd, [{ tag_key: 'x', tag_value: 'y' }], named);
    expect(refused.statusCode).toBe(404);
    expect(refused.body).not.toContain(finHost.name);
    expect(
      (
        await hd.req({
          method: 'GET',
          url: `/api/tag-resources?resource_type=instance&resource_id=${finHost.id}&tenant_id=${named.tenant_id}&project_id=${named.project_id}`,
        })
      ).statusCode,
    ).toBe(404);
    expect(
      (await hd.req({ method: 'GET', url: `/api/tag-resources?resource_type=instance&tenant_id=${named.tenant_id}&project_id=${named.project_id}` }))
        .statusCode,
    ).toBe(404);
    const tagId = (await app.ctx.db.selectFrom('tags').select('id').where('tenant_id', '=', finHost.tenant_id).executeTakeFirstOrThrow()).id;
    expect(
      (await hd.req({ method: 'POST', url: '/api/tag-resources', payload: { resource_type: 'instance', resource_id: finHost.id, tag_ids: [], ...named } }))
        .statusCode,
    ).toBe(404);
    // Its own host, but another tenant's tag: refused as well.
    const own = (await hd.req({ method: 'GET', url: '/api/instances?__limit=1', project: null })).json().data[0] as Row;
    expect(
      (
        await hd.req({
          method: 'POST',
          url: '/api/tag-resources',
          payload: { resource_type: 'instance', resource_id: own.id, tag_ids: [tagId], tenant_id: own.tenant_id, project_id: own.project_id },
        })
      ).statusCode,
    ).toBe(404);
    // The ops administrator may read everything but edits no tags; a project member is no tag admin.
    const oncall = await app.as('oncall');
    expect((await manage(oncall, [{ tag_key: 'x', tag_value: 'y' }], named)).statusCode).toBe(403);
    const member = await app.as('member');
    const mine = (await member.req({ method: 'GET', url: '/api/instances?__limit=1' })).json().data[0] as Row;
    expect((await manage(member, [{ tag_key: 'x', tag_value: 'y' }], { tenant_id: mine.tenant_id, project_id: mine.project_id }, mine.id)).statusCode).toBe(
      403,
    );
    expect(await tagsOfRow(finHost.id)).toEqual(before);
    // A tenant administrator uses the admin editor inside its own tenant.
    const ok = await manage(hd, [{ tag_key: 'team', tag_value: '制造（一部）' }], { tenant_id: own.tenant_id, project_id: own.project_id }, own.id);
    expect(ok.statusCode).toBe(200);
  });

  it('tags a project itself without a project_id (resource type project)', async () => {
    const res = await admin.req({
      method: 'POST',
      url: '/api/tag-manage',
      payload: {
        resources: [{ type: 'project', rids: [finHost.project_id] }],
        tags: [{ tag_key: 'cost.center', tag_value: '交易（核心）' }],
        tenant_id: finHost.tenant_id,
      },
    });
    expect(res.statusCode).toBe(200);
    const listed = (
      await admin.req({ method: 'GET', url: `/api/tag-resources?resource_type=project&resource_id=${finHost.project_id}&tenant_id=${finHost.tenant_id}` })
    ).json();
    expect(listed.data.map((d: { tag: { tag_value: string } }) => d.tag.tag_value)).toEqual(['交易（核心）']);
    // A project of another tenant is not a project of the named tenant.
    const hdProject = ids.projects.find((p) => p.tenant_id === ids.huadong)!;
    expect(
      (
        await admin.req({
          method: 'POST',
          url: '/api/tag-manage',
          payload: { resources: [{ type: 'project', rids: [hdProject.id] }], tags: [{ tag_key: 'x', tag_value: '' }], tenant_id: finHost.tenant_id },
        })
      ).statusCode,
    ).toBe(404);
  });
});

describe('batch delete with one SMS code', () => {
  let subnetId: string;
  beforeAll(async () => {
    subnetId = (await network(app, hd)).subnet.id;
  });

  /** Lets the next code be sent at once (the gateway allows one send per 60 s). */
  const unthrottle = () => sql`update sms_codes set created_at = created_at - interval '2 minutes'`.execute(app.ctx.db);
  const sendCode = async () => {
    await unthrottle();
    const sent = await hd.req({ method: 'POST', url: '/api/v1/sms/sms-codes', payload: { operate_type: 'delete_instance' } });
    expect(sent.statusCode).toBe(200);
    return app.engine.smsGateway.lastCode('13900000003')!;
  };
  const batchDelete = (payload: Record<string, unknown>, c: Client = hd, project?: string) =>
    c.req({
      method: 'POST',
      url: '/api/instances/batch-delete',
      payload: { sms_necessity_flag: 1, sms_operate_type: 'delete_instance', ...payload },
      ...(project ? { project } : {}),
    });
  const statusOf = async (id: string) => (await app.ctx.db.selectFrom('resources').select('status').where('id', '=', id).executeTakeFirst())?.status;
  const stoppedHost = async () => {
    const h = await host(app, hd, { subnetId });
    return actSettled(hd, 'instances', h.id, { action: 'stop' });
  };

  it('verifies once and deletes every allowed host, reporting the ones their state refuses', async () => {
    const a = await stoppedHost();
    const b = await stoppedHost();
    const locked = await host(app, hd, { subnetId });
    expect((await act(hd, 'instances', locked.id, { action: 'lock' })).statusCode).toBe(200);
    const code = await sendCode();
    const res = await batchDelete({ ids: [a.id, b.id, locked.id], sms_code: code, delayed_days: 30 }, hd, a.project_id);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.data).toEqual([
      { id: a.id, name: a.name, ok: true, status: 'deleting' },
      { id: b.id, name: b.name, ok: true, status: 'deleting' },
      { id: locked.id, name: locked.name, ok: false, code: 409, description: expect.stringMatching(/锁定/) },
    ]);
    expect(body.message).toBe('已提交删除 2 个，未能删除 1 个');
    const settledA = (await settle(hd, 'instances', a.id))!;
    expect(settledA.status).toBe('deleted');
    expect(settledA.spec.delayed_days).toBe(30);
    expect((await settle(hd, 'instances', b.id))!.status).toBe('deleted');
    expect(await statusOf(locked.id)).toBe('running');
    // Retention defaults to 60 days and stays within 7–60.
    const c = await stoppedHost();
    expect400(await batchDelete({ ids: [c.id], sms_code: await sendCode(), delayed_days: 6 }, hd, c.project_id), 'delayed_days');
    expect400(await batchDelete({ ids: [c.id], sms_code: '123456', delayed_days: 61 }, hd, c.project_id), 'delayed_days');
    const ok = await batchDelete({ ids: [c.id], sms_code: app.engine.smsGateway.lastCode('13900000003')! }, hd, c.project_id);
    expect(ok.json().data[0].ok).toBe(true);
    expect((await settle(hd, 'instances', c.id))!.spec.delayed_days).toBe(60);
  });

  it('refuses a wrong, reused or missing code and deletes nothing', async () => {
    const a = await stoppedHost();
    const b = await stoppedHost();
    const code = await sendCode();
    const wrong = code === '000000' ? '111111' : '000000';
    const bad = await batchDelete({ ids: [a.id, b.id], sms_code: wrong }, hd, a.project_id);
    expect400(bad, 'sms_code');
    expect(bad.json().description).toBe('sms_code：验证码不正确');
    // Without the flag the server still wants the code: the operation needs one.
    expect400(await hd.req({ method: 'POST', url: '/api/instances/batch-delete', payload: { ids: [a.id, b.id] }, project: a.project_id }), 'sms_code');
    expect(await statusOf(a.id)).toBe('stopped');
    expect(await statusOf(b.id)).toBe('stopped');
    // The right code once…
    expect((await batchDelete({ ids: [a.id], sms_code: code }, hd, a.project_id)).statusCode).toBe(200);
    // …and never again, not even for another set.
    expect400(await batchDelete({ ids: [b.id], sms_code: code }, hd, a.project_id), 'sms_code');
    expect(await statusOf(b.id)).toBe('stopped');
    // A code of another operation does not count, nor does naming another operation type.
    await unthrottle();
    expect((await hd.req({ method: 'POST', url: '/api/v1/sms/sms-codes', payload: { operate_type: 'delete_volume' } })).statusCode).toBe(200);
    const volumeCode = app.engine.smsGateway.lastCode('13900000003')!;
    expect400(await batchDelete({ ids: [b.id], sms_code: volumeCode }, hd, a.project_id), 'sms_code');
    expect400(await batchDelete({ ids: [b.id], sms_code: volumeCode, sms_operate_type: 'delete_volume' }, hd, a.project_id), 'sms_operate_type');
    expect(await statusOf(b.id)).toBe('stopped');
    // The old batch action path cannot delete without a code either.
    expect400(await hd.req({ method: 'POST', url: '/api/instances/actions', payload: { action: 'delete', ids: [b.id] }, project: a.project_id }), 'sms_code');
    expect(await statusOf(b.id)).toBe('stopped');
  });

  it("refuses a batch holding another tenant's id without deleting anything or spending the code", async () => {
    const a = await stoppedHost();
    const code = await sendCode();
    const mixed = await batchDelete({ ids: [a.id, finHost.id], sms_code: code }, hd, a.project_id);
    expect(mixed.statusCode).toBe(404);
    expect(mixed.body).not.toContain(finHost.name);
    expect(await statusOf(a.id)).toBe('stopped');
    expect(await statusOf(finHost.id)).not.toMatch(/delet/);
    // fin_admin cannot reach 华东制造集团's host either, in its own scope or in the other one.
    expect((await batchDelete({ ids: [a.id], sms_code: code }, fin, undefined)).statusCode).toBe(404);
    expect(
      (
        await fin.req({
          method: 'POST',
          url: '/api/instances/batch-delete',
          payload: { ids: [a.id], sms_code: code },
          tenant: ids.huadong,
          project: a.project_id,
        })
      ).statusCode,
    ).toBe(404);
    expect(await statusOf(a.id)).toBe('stopped');
    // Duplicates and malformed ids are validation errors.
    expect400(await batchDelete({ ids: [a.id, a.id], sms_code: code }, hd, a.project_id), 'ids');
    expect400(await batchDelete({ ids: [], sms_code: code }, hd, a.project_id), 'ids');
    // The code was not spent by the refused calls.
    expect((await batchDelete({ ids: [a.id], sms_code: code }, hd, a.project_id)).json().data[0].ok).toBe(true);
  });

  it('lets only roles that may delete use it', async () => {
    const approver = await app.as('approver');
    const a = await stoppedHost();
    expect(
      (await approver.req({ method: 'POST', url: '/api/instances/batch-delete', payload: { ids: [a.id], sms_code: '123456' }, project: a.project_id }))
        .statusCode,
    ).toBe(403);
    expect(await statusOf(a.id)).toBe('stopped');
  });
});
