// The membership editor's API (issue 15): PUT /api/v1/cloud/users/:id/memberships replaces the
// memberships a caller administers (a tenant administrator: its tenant's; a super administrator:
// all). Rules: a role fits its level (platform: no tenant, tenant: no project, project: a project),
// another tenant's user, tenant or project is not there (404), nobody removes their own last
// administrator membership, and the changed user's next request already has the new permissions.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { build, demoIds, type Client } from './helper.ts';

let app: Awaited<ReturnType<typeof build>>;
let admin: Client; // tenant_admin of 华东制造集团
let fin: Client; // fin_admin of 鑫泰金融控股
let superAdmin: Client;
let tenantA: string;
let projectA: string;
let projectA2: string;
let projectB: string;
let tenantB: string;
let userId: string;
let userToken: string;

const put = (c: Client, id: string, memberships: unknown[]) =>
  c.req({ method: 'PUT', url: `/api/v1/cloud/users/${id}/memberships`, payload: { memberships }, project: null });
const membershipsOf = async (id: string) =>
  (await app.ctx.db.selectFrom('memberships').select(['role', 'tenant_id', 'project_id']).where('user_id', '=', id).orderBy('role').execute()).map(
    (m) => `${m.role}@${m.project_id ?? m.tenant_id ?? 'platform'}`,
  );
const menuUrls = async () => {
  const res = await app.inject({ method: 'GET', url: '/api/v1/menus', headers: { 'x-auth-token': userToken, 'x-tenant-id': tenantA } });
  return (res.json().data as { menus: { menuUrl: string }[] }[]).flatMap((g) => g.menus.map((m) => m.menuUrl));
};

beforeAll(async () => {
  app = await build();
  const ids = await demoIds(app.ctx.db);
  admin = await app.as('tenant_admin');
  fin = await app.as('fin_admin');
  superAdmin = await app.as('admin');
  tenantA = ids.huadong;
  tenantB = ids.finance;
  [projectA, projectA2] = ids.projects.filter((p) => p.tenant_id === tenantA).map((p) => p.id) as [string, string];
  projectB = ids.projects.find((p) => p.tenant_id === tenantB)!.id;
  const created = await admin.req({
    method: 'POST',
    url: '/api/v1/cloud/users',
    payload: { account: 'lin.fang', nickname: '林芳', memberships: [{ role: 'project_member', project_id: projectA }] },
    project: null,
  });
  expect(created.statusCode, created.body).toBe(201);
  userId = created.json().user.id;
  const login = await app.inject({ method: 'POST', url: '/api/v1/login', payload: { account: 'lin.fang', password: created.json().temporary_password } });
  expect(login.statusCode, login.body).toBe(200);
  userToken = login.json().token;
}, 120_000);
afterAll(async () => {
  await app.close();
});

describe('PUT /api/v1/cloud/users/:id/memberships', () => {
  it('a tenant admin adds a tenant role and a project role; the user’s next request has them (menus included)', async () => {
    expect(await menuUrls()).not.toContain('/usersGroupManage');
    const res = await put(admin, userId, [
      { role: 'project_member', project_id: projectA },
      { role: 'project_approver', project_id: projectA2 },
      { role: 'security_admin', tenant_id: tenantA },
    ]);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().memberships).toHaveLength(3);
    expect(await membershipsOf(userId)).toEqual([`project_approver@${projectA2}`, `project_member@${projectA}`, `security_admin@${tenantA}`]);
    // the same session, the very next request: the security administrator reads users
    expect(await menuUrls()).toContain('/usersGroupManage');
    // and removing it takes effect as fast
    expect((await put(admin, userId, [{ role: 'project_member', project_id: projectA }])).statusCode).toBe(200);
    expect(await menuUrls()).not.toContain('/usersGroupManage');
    expect(await membershipsOf(userId)).toEqual([`project_member@${projectA}`]);
  });

  it('refuses roles that do not fit their level, naming the field; nothing changes', async () => {
    const cases: [unknown, string][] = [
      [{ role: 'security_admin', tenant_id: tenantA, project_id: projectA }, 'memberships.0.role'],
      [{ role: 'project_member' }, 'memberships.0.project_id'],
      [{ role: 'project_member', tenant_id: tenantA }, 'memberships.0.project_id'],
    ];
    for (const [m, field] of cases) {
      const res = await put(admin, userId, [m]);
      expect(res.statusCode, JSON.stringify(m)).toBe(400);
      expect(res.json().title).toBeTruthy();
      expect(res.json().description).toContain(field);
    }
    // platform roles: a tenant admin may not hand them out; a super admin may not place them in a tenant
    expect((await put(admin, userId, [{ role: 'super_admin' }])).statusCode).toBe(400);
    const placed = await put(superAdmin, userId, [{ role: 'ops_admin', tenant_id: tenantA }]);
    expect(placed.statusCode).toBe(400);
    expect(placed.json().description).toContain('memberships.0.role');
    // the same role twice in the same place
    expect(
      (
        await put(admin, userId, [
          { role: 'project_member', project_id: projectA },
          { role: 'project_member', project_id: projectA },
        ])
      ).statusCode,
    ).toBe(400);
    expect(await membershipsOf(userId)).toEqual([`project_member@${projectA}`]);
  });

  it('another tenant’s tenant, project or user is not there (404); nothing changes', async () => {
    expect((await put(admin, userId, [{ role: 'security_admin', tenant_id: tenantB }])).statusCode).toBe(404);
    expect((await put(admin, userId, [{ role: 'project_member', project_id: projectB }])).statusCode).toBe(404);
    expect((await put(fin, userId, [{ role: 'project_member', project_id: projectB }])).statusCode).toBe(404);
    expect(await membershipsOf(userId)).toEqual([`project_member@${projectA}`]);
  });

  it('a super admin places the user in any tenant; a tenant admin’s change keeps the other tenants’ memberships', async () => {
    const res = await put(superAdmin, userId, [
      { role: 'project_member', project_id: projectA },
      { role: 'project_member', project_id: projectB },
    ]);
    expect(res.statusCode, res.body).toBe(200);
    expect((await put(admin, userId, [{ role: 'project_owner', project_id: projectA }])).statusCode).toBe(200);
    expect(await membershipsOf(userId)).toEqual([`project_member@${projectB}`, `project_owner@${projectA}`]);
  });

  it('nobody removes their own last administrator membership; keeping it, they may change the rest', async () => {
    const me = (await app.ctx.db.selectFrom('users').select('id').where('account', '=', 'tenant_admin').executeTakeFirstOrThrow()).id;
    const before = await membershipsOf(me);
    const refused = await put(admin, me, [{ role: 'project_owner', project_id: projectA }]);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().description).toBe('不能移除自己最后一个管理员身份，请先让其他管理员调整');
    expect(await membershipsOf(me)).toEqual(before);
    const kept = await put(admin, me, [
      { role: 'tenant_admin', tenant_id: tenantA },
      { role: 'project_owner', project_id: projectA2 },
    ]);
    expect(kept.statusCode, kept.body).toBe(200);
    const root = (await app.ctx.db.selectFrom('users').select('id').where('account', '=', 'admin').executeTakeFirstOrThrow()).id;
    const selfPlatform = await superAdmin.req({
      method: 'PUT',
      url: `/api/v1/cloud/users/${root}/memberships`,
      payload: { memberships: [] },
      tenant: null,
      project: null,
    });
    expect(selfPlatform.statusCode).toBe(409);
    expect(selfPlatform.json().description).toBe('不能移除自己最后一个管理员身份，请先让其他管理员调整');
  });

  it('needs manage:user: a member is refused by the guard', async () => {
    const member = await app.as('member');
    const res = await member.req({ method: 'PUT', url: `/api/v1/cloud/users/${userId}/memberships`, payload: { memberships: [] } });
    expect(res.statusCode).toBe(403);
  });
});
