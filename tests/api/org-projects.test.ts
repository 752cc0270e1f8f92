// Projects and quotas through the API (issue 15): a tenant administrator creates a project with
// owners (field rules, at most 3 owners, owners of the tenant only), edits it and its members,
// grants a user up to 10 projects at once, sets private and public quotas that the engine then
// enforces on a host purchase, the tenant's quota switches ('quota status unchanged', 'tenant quota
// not enabled'), refuses to delete a project holding resources, and never reaches another tenant.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { build, demoIds, type Client } from './helper.ts';
import { expect400, expect409, host } from './kinds-helpers.ts';

let app: Awaited<ReturnType<typeof build>>;
let admin: Client;
let ids: Awaited<ReturnType<typeof demoIds>>;
let users: Record<string, string>;

beforeAll(async () => {
  app = await build();
  admin = await app.as('tenant_admin');
  ids = await demoIds(app.ctx.db);
  const rows = await app.ctx.db.selectFrom('users').select(['id', 'account']).execute();
  users = Object.fromEntries(rows.map((r) => [r.account, r.id]));
});
afterAll(async () => {
  await app.close();
});

const T = () => ({ tenant: ids.huadong, project: null });
const projectCount = async () => (await app.ctx.db.selectFrom('projects').select('id').execute()).length;
const body = (over: Record<string, unknown> = {}) => ({
  name: '数据中台',
  name_en: 'data-platform',
  name_zh: '数据中台项目',
  remark: '统一数据底座',
  owner_ids: [],
  ...over,
});

/** A client of `c` whose calls run in `projectId`. */
const inProject = (c: Client, projectId: string): Client => ({ ...c, req: (o) => c.req({ project: projectId, ...o }) });

describe('projects', () => {
  let created: string;

  it('a tenant administrator creates a project with owners; it is listed with them and reachable at once', async () => {
    const res = await admin.req({ method: 'POST', url: '/api/v1/manage/projects', ...T(), payload: body({ owner_ids: [users.approver, users.member] }) });
    expect(res.statusCode).toBe(201);
    created = res.json().id;
    const list = await admin.req({ method: 'GET', url: '/api/v1/manage/projects?name=data-platform', ...T() });
    expect(list.statusCode).toBe(200);
    const row = list.json().data.find((p: { id: string }) => p.id === created);
    expect(row).toMatchObject({ name: '数据中台', name_en: 'data-platform', name_zh: '数据中台项目', remark: '统一数据底座', resource_count: 0 });
    expect(row.owners.map((o: { account: string }) => o.account).sort()).toEqual(['approver', 'member']);
    // the owner now works in it (memberships are read fresh: the access cache was told)
    const owner = await app.as('member', { fresh: true });
    const terr = owner.territories.flatMap((t) => t.projects.map((p) => p.project_id));
    expect(terr).toContain(created);
  });

  it('field rules answer 400 naming the field, and nothing is created', async () => {
    const before = await projectCount();
    // seed 000 §5's "no spaces" rule, worded as such (not as the general English-name format), in both scripts
    const spaced = await admin.req({ method: 'POST', url: '/api/v1/manage/projects', ...T(), payload: body({ name_en: 'data platform' }) });
    expect400(spaced, 'name_en');
    expect(spaced.json()).toMatchObject({ rule: 'no_spaces' });
    expect(spaced.json().description).toContain('不能包含空格');
    const spacedTw = await admin.req({
      method: 'POST',
      url: '/api/v1/manage/projects',
      ...T(),
      lang: 'zh-TW',
      payload: body({ name_en: 'data\u3000platform' }),
    });
    expect(spacedTw.json()).toMatchObject({ field: 'name_en', rule: 'no_spaces' });
    expect(spacedTw.json().description).toContain('不能包含空白');
    expect400(await admin.req({ method: 'POST', url: '/api/v1/manage/projects', ...T(), payload: body({ name_en: 'a'.repeat(61) }) }), 'name_en');
    expect400(await admin.req({ method: 'POST', url: '/api/v1/manage/projects', ...T(), payload: body({ name: '项'.repeat(62) }) }), 'name');
    expect400(await admin.req({ method: 'POST', url: '/api/v1/manage/projects', ...T(), payload: body({ name_zh: '项'.repeat(65) }) }), 'name_zh');
    expect400(await admin.req({ method: 'POST', url: '/api/v1/manage/projects', ...T(), payload: body({ remark: '备'.repeat(65) }) }), 'remark');
    const four = [users.approver, users.member, users.tenant_admin, users.fin_admin];
    const res = await admin.req({ method: 'POST', url: '/api/v1/manage/projects', ...T(), payload: body({ name: '四人项目', owner_ids: four }) });
    expect400(res, 'owner_ids');
    expect(res.json().description).toContain('最多 3 位');
    // the largest lengths pass
    const ok = await admin.req({
      method: 'POST',
      url: '/api/v1/manage/projects',
      ...T(),
      payload: body({ name: '项'.repeat(61), name_en: 'a'.repeat(60), name_zh: '项'.repeat(64), remark: '备'.repeat(64) }),
    });
    expect(ok.statusCode).toBe(201);
    expect(await projectCount()).toBe(before + 1);
  });

  it('an owner from another tenant is refused (404), a repeated name is a conflict', async () => {
    const before = await projectCount();
    const res = await admin.req({
      method: 'POST',
      url: '/api/v1/manage/projects',
      ...T(),
      payload: body({ name: '外人项目', owner_ids: [users.fin_approver] }),
    });
    expect(res.statusCode).toBe(404);
    expect409(await admin.req({ method: 'POST', url: '/api/v1/manage/projects', ...T(), payload: body() }), '该租户下已有同名项目');
    expect(await projectCount()).toBe(before);
  });

  it('a project member cannot create, edit or delete projects (403)', async () => {
    const member = await app.as('member');
    const p = member.territories[0]!.projects[0]!.project_id;
    expect(
      (await member.req({ method: 'POST', url: '/api/v1/manage/projects', tenant: ids.huadong, project: p, payload: body({ name: '越权' }) })).statusCode,
    ).toBe(403);
    expect((await member.req({ method: 'DELETE', url: `/api/v1/manage/projects/${p}`, tenant: ids.huadong, project: p })).statusCode).toBe(403);
    expect(
      (
        await member.req({
          method: 'PUT',
          url: `/api/v1/manage/projects/${p}/quotas?cloud=private`,
          tenant: ids.huadong,
          project: p,
          payload: { limits: { instances: 1 } },
        })
      ).statusCode,
    ).toBe(403);
  });

  it('edits a project and its members; owners stay at most 3', async () => {
    const res = await admin.req({
      method: 'PUT',
      url: `/api/v1/manage/projects/${created}`,
      ...T(),
      payload: body({ remark: '改过的备注', owner_ids: [users.approver] }),
    });
    expect(res.statusCode).toBe(200);
    const one = (await admin.req({ method: 'GET', url: `/api/v1/manage/projects/${created}`, ...T() })).json();
    expect(one.remark).toBe('改过的备注');
    expect(one.owners).toEqual([users.approver]);
    const members = await admin.req({
      method: 'PUT',
      url: `/api/v1/manage/projects/${created}/members`,
      ...T(),
      payload: {
        members: [
          { user_id: users.approver, role: 'project_owner' },
          { user_id: users.member, role: 'project_member' },
        ],
      },
    });
    expect(members.statusCode).toBe(200);
    expect(members.json().members).toHaveLength(2);
    const tooMany = await admin.req({
      method: 'PUT',
      url: `/api/v1/manage/projects/${created}/members`,
      ...T(),
      payload: { members: [users.approver, users.member, users.tenant_admin, users.wl_admin].map((u) => ({ user_id: u, role: 'project_owner' })) },
    });
    expect400(tooMany, 'members');
    expect((await admin.req({ method: 'GET', url: `/api/v1/manage/projects/${created}`, ...T() })).json().members).toHaveLength(2);
  });

  it('one grant configures at most 10 projects', async () => {
    const eleven = Array.from({ length: 11 }, () => created);
    const res = await admin.req({
      method: 'POST',
      url: '/api/v1/manage/project-grants',
      ...T(),
      payload: { user_id: users.member, role: 'project_approver', project_ids: eleven },
    });
    expect400(res, 'project_ids');
    expect(res.json().description).toContain('10');
    const ok = await admin.req({
      method: 'POST',
      url: '/api/v1/manage/project-grants',
      ...T(),
      payload: { user_id: users.member, role: 'project_approver', project_ids: [created, ids.project('supply-chain')] },
    });
    expect(ok.statusCode).toBe(200);
    expect(ok.json().added).toBe(2);
  });

  it("another tenant's administrator reaches none of it (404)", async () => {
    const fin = await app.as('fin_admin');
    for (const [method, url] of [
      ['GET', `/api/v1/manage/projects/${created}`],
      ['PUT', `/api/v1/manage/projects/${created}`],
      ['DELETE', `/api/v1/manage/projects/${created}`],
      ['GET', `/api/v1/manage/projects/${created}/quotas`],
      ['PUT', `/api/v1/manage/projects/${created}/quotas`],
      ['PUT', `/api/v1/manage/projects/${created}/members`],
    ] as const) {
      const own = await fin.req({ method, url, tenant: ids.finance, project: null, payload: method === 'GET' || method === 'DELETE' ? undefined : body() });
      expect([method, url, own.statusCode]).toEqual([method, url, 404]);
      const theirs = await fin.req({ method, url, tenant: ids.huadong, project: null, payload: method === 'GET' || method === 'DELETE' ? undefined : body() });
      expect([method, url, theirs.statusCode]).toEqual([method, url, 404]);
    }
    const list = await fin.req({ method: 'GET', url: '/api/v1/manage/projects', tenant: ids.finance, project: null });
    expect(list.json().data.map((p: { id: string }) => p.id)).not.toContain(created);
    expect((await app.ctx.db.selectFrom('projects').select('name').where('id', '=', created).executeTakeFirst())?.name).toBe('数据中台');
  });

  it('quota limits set for the private cloud are what the engine refuses a host purchase with', async () => {
    const q = await admin.req({
      method: 'PUT',
      url: `/api/v1/manage/projects/${created}/quotas?cloud=private`,
      ...T(),
      payload: { limits: { instances: 1, vcpus: 16 } },
    });
    expect(q.statusCode).toBe(200);
    const c = inProject(admin, created);
    const first = await host(app, c);
    expect(first.status).toBe('running');
    const lines = (await admin.req({ method: 'GET', url: `/api/v1/manage/projects/${created}/quotas?cloud=private`, ...T() })).json();
    expect(lines.enabled).toBe(true);
    expect(lines.data.find((l: { key: string }) => l.key === 'instances')).toMatchObject({ limit: 1, used: 1 });
    const before = (await app.ctx.db.selectFrom('resources').select('id').where('project_id', '=', created).where('kind', '=', 'instance').execute()).length;
    await expect(host(app, c)).rejects.toThrow(/409.*可用数量不足，请联系管理员/);
    expect((await app.ctx.db.selectFrom('resources').select('id').where('project_id', '=', created).where('kind', '=', 'instance').execute()).length).toBe(
      before,
    );
    // clearing the limit lets the purchase through again
    await admin.req({ method: 'PUT', url: `/api/v1/manage/projects/${created}/quotas?cloud=private`, ...T(), payload: { limits: { instances: null } } });
    expect((await host(app, c)).status).toBe('running');
  });

  it('public limits apply to public-cloud purchases only', async () => {
    const c = inProject(admin, created);
    const q = await admin.req({ method: 'PUT', url: `/api/v1/manage/projects/${created}/quotas?cloud=public`, ...T(), payload: { limits: { instances: 0 } } });
    expect(q.statusCode).toBe(200);
    await expect(host(app, c, { vendor: 'ali' })).rejects.toThrow(/409.*可用数量不足/);
    expect((await host(app, c)).vendor).toBe('openstack');
  });

  it('a project holding resources is not deleted; an empty one is', async () => {
    expect409(await admin.req({ method: 'DELETE', url: `/api/v1/manage/projects/${created}`, ...T() }), '项目下仍有资源（含回收站），请先释放资源后再删除项目');
    expect(await app.ctx.db.selectFrom('projects').select('id').where('id', '=', created).executeTakeFirst()).toBeDefined();
    const empty = (
      await admin.req({ method: 'POST', url: '/api/v1/manage/projects', ...T(), payload: body({ name: '临时项目', owner_ids: [users.member] }) })
    ).json().id;
    const del = await admin.req({ method: 'DELETE', url: `/api/v1/manage/projects/${empty}`, ...T() });
    expect(del.statusCode).toBe(200);
    expect(await app.ctx.db.selectFrom('projects').select('id').where('id', '=', empty).executeTakeFirst()).toBeUndefined();
    expect(await app.ctx.db.selectFrom('memberships').select('id').where('project_id', '=', empty).executeTakeFirst()).toBeUndefined();
  });
});

describe('quota switches', () => {
  it("a tenant whose quota is off cannot edit its projects' quotas", async () => {
    const wl = await app.as('wl_admin');
    const p = ids.project('warehouse');
    const res = await wl.req({
      method: 'PUT',
      url: `/api/v1/manage/projects/${p}/quotas?cloud=private`,
      tenant: ids.logistics,
      project: null,
      payload: { limits: { instances: 5 } },
    });
    expect409(res, '租户配额未开启，无法编辑');
    expect(
      await app.ctx.db
        .selectFrom('project_quotas')
        .select('kind')
        .where('project_id', '=', p)
        .where('kind', '=', 'instance')
        .where('measure', '=', 'count')
        .executeTakeFirst(),
    ).toBeUndefined();
    // only the platform switches it on
    expect(
      (
        await wl.req({
          method: 'PUT',
          url: '/api/v1/manage/quota-switches',
          tenant: ids.logistics,
          project: null,
          payload: { cloud: 'private', enabled: true },
        })
      ).statusCode,
    ).toBe(403);
    const root = await app.as('admin');
    const on = await root.req({
      method: 'PUT',
      url: '/api/v1/manage/quota-switches',
      tenant: ids.logistics,
      project: null,
      payload: { cloud: 'private', enabled: true },
    });
    expect(on.statusCode).toBe(200);
    expect409(
      await root.req({
        method: 'PUT',
        url: '/api/v1/manage/quota-switches',
        tenant: ids.logistics,
        project: null,
        payload: { cloud: 'private', enabled: true },
      }),
      '配额状态未改变',
    );
    const ok = await wl.req({
      method: 'PUT',
      url: `/api/v1/manage/projects/${p}/quotas?cloud=private`,
      tenant: ids.logistics,
      project: null,
      payload: { limits: { instances: 5 } },
    });
    expect(ok.statusCode).toBe(200);
    const switches = (await wl.req({ method: 'GET', url: '/api/v1/manage/quota-switches', tenant: ids.logistics, project: null })).json().data;
    expect(switches).toEqual([
      { cloud: 'private', enabled: true },
      { cloud: 'public', enabled: false },
    ]);
  });

  it("bad limits answer 400 in the caller's language and change nothing", async () => {
    const p = ids.project('rnd-test');
    const res = await admin.req({
      method: 'PUT',
      url: `/api/v1/manage/projects/${p}/quotas?cloud=private`,
      ...T(),
      lang: 'zh-TW',
      payload: { limits: { instances: -1 } },
    });
    expect400(res, 'limits.instances');
    expect(res.json().title).toBe('錯誤');
  });
});
