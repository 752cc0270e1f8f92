// Users, user groups, policies and grants (issue 15): each rule, who may call what, and isolation.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { build, demoIds, type Client } from './helper.ts';

let app: Awaited<ReturnType<typeof build>>;
let admin: Client; // tenant_admin of 华东制造集团
let fin: Client; // fin_admin of 鑫泰金融控股
let ids: Awaited<ReturnType<typeof demoIds>>;
let tenantA: string;
let projectA: string;
let projectB: string;

beforeAll(async () => {
  app = await build();
  ids = await demoIds(app.ctx.db);
  admin = await app.as('tenant_admin');
  fin = await app.as('fin_admin');
  tenantA = ids.huadong;
  projectA = ids.projects.find((p) => p.tenant_id === tenantA)!.id;
  projectB = ids.projects.find((p) => p.tenant_id === ids.finance)!.id;
}, 120_000);
afterAll(async () => {
  await app.close();
});

const login = (account: string, password: string) => app.inject({ method: 'POST', url: '/api/v1/login', payload: { account, password } });
const asToken = (token: string, tenant: string | null, project: string | null = null) => ({
  req: (o: { method: string; url: string; payload?: unknown }) =>
    app.inject({
      ...(o as { method: 'GET'; url: string }),
      headers: { 'x-auth-token': token, ...(tenant ? { 'x-tenant-id': tenant } : {}), ...(project ? { 'x-project-id': project } : {}) },
    }),
});
const count = (table: 'users' | 'user_groups' | 'policies' | 'policy_grants') =>
  app.ctx.db
    .selectFrom(table)
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow()
    .then((r) => Number(r.n));

let newUser: { id: string; password: string };

describe('users', () => {
  it('a tenant admin creates a user in a project; the temporary password is shown once, stored only hashed, and signs in', async () => {
    const res = await admin.req({
      method: 'POST',
      url: '/api/v1/cloud/users',
      payload: {
        account: 'zhao.lei',
        nickname: '赵磊',
        user_type: 'local',
        phone: '13900000011',
        memberships: [{ role: 'project_member', project_id: projectA }],
      },
      project: null,
    });
    expect(res.statusCode, res.body).toBe(201);
    const body = res.json();
    expect(body.temporary_password).toMatch(/^(?=.*[a-z])(?=.*[A-Z])(?=.*\d).{12,}$/);
    expect(body.user.memberships).toMatchObject([{ role: 'project_member', project_id: projectA, tenant_id: tenantA }]);
    newUser = { id: body.user.id, password: body.temporary_password };
    const row = await app.ctx.db.selectFrom('users').select('password_hash').where('id', '=', newUser.id).executeTakeFirstOrThrow();
    expect(row.password_hash).not.toContain(newUser.password);
    const detail = await admin.req({ method: 'GET', url: `/api/v1/cloud/users/${newUser.id}`, project: null });
    expect(detail.statusCode).toBe(200);
    expect(detail.body).not.toContain(newUser.password);
    expect((await login('zhao.lei', newUser.password)).statusCode).toBe(200);
  });

  it('takes a user’s phone with +86 or +852 under their own rules and keeps the code', async () => {
    const res = await admin.req({
      method: 'POST',
      url: '/api/v1/cloud/users',
      payload: { account: 'chan.hk', nickname: '陳港生', phone: '+852 5123 4567', memberships: [{ role: 'project_member', project_id: projectA }] },
      project: null,
    });
    expect(res.statusCode, res.body).toBe(201);
    const id = res.json().user.id as string;
    expect(res.json().user.phone).toBe('+852 51234567');
    expect(await app.ctx.db.selectFrom('users').select(['phone', 'area_code']).where('id', '=', id).executeTakeFirstOrThrow()).toEqual({
      phone: '51234567',
      area_code: '852',
    });
    const patch = (phone: string | null) => admin.req({ method: 'PATCH', url: `/api/v1/cloud/users/${id}`, payload: { phone }, project: null });
    for (const [phone, rule] of [
      ['16612345678', 'mobile'],
      ['+852 5123456', 'mobile_hk'],
    ] as const) {
      const bad = await patch(phone);
      expect(bad.statusCode, phone).toBe(400);
      expect(bad.json(), phone).toMatchObject({ field: 'phone', rule });
    }
    expect((await patch('13912340011')).json().phone).toBe('13912340011');
    expect(await app.ctx.db.selectFrom('users').select(['phone', 'area_code']).where('id', '=', id).executeTakeFirstOrThrow()).toEqual({
      phone: '13912340011',
      area_code: '86',
    });
  });

  it('refuses bad input naming the field, a taken account, platform roles and another tenant’s project; nothing is created', async () => {
    const before = await count('users');
    const bad = await admin.req({ method: 'POST', url: '/api/v1/cloud/users', payload: { account: '1x', nickname: '坏', memberships: [] }, project: null });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().description).toContain('account');
    const taken = await admin.req({
      method: 'POST',
      url: '/api/v1/cloud/users',
      payload: { account: 'member', nickname: '重名', memberships: [{ role: 'project_member', project_id: projectA }] },
      project: null,
    });
    expect(taken.statusCode).toBe(409);
    expect(taken.json().description).toBe('该账号已存在，请换一个账号');
    const platform = await admin.req({
      method: 'POST',
      url: '/api/v1/cloud/users',
      payload: { account: 'evil', nickname: '越权', memberships: [{ role: 'super_admin' }] },
      project: null,
    });
    expect(platform.statusCode).toBe(400);
    const foreign = await admin.req({
      method: 'POST',
      url: '/api/v1/cloud/users',
      payload: { account: 'evil2', nickname: '越权', memberships: [{ role: 'project_member', project_id: projectB }] },
      project: null,
    });
    expect(foreign.statusCode).toBe(404);
    expect(await count('users')).toBe(before);
  });

  it('locks (sessions end, sign-in refused), unlocks, refuses locking oneself; resets the password (old one stops working)', async () => {
    const session = (await login('zhao.lei', newUser.password)).json().token as string;
    const lock = await admin.req({ method: 'POST', url: `/api/v1/cloud/users/${newUser.id}/lock`, project: null });
    expect(lock.statusCode, lock.body).toBe(200);
    expect(lock.json().locked).toBe(true);
    expect((await asToken(session, null).req({ method: 'GET', url: '/api/v1/edit-user' })).statusCode).toBe(401);
    expect((await login('zhao.lei', newUser.password)).statusCode).not.toBe(200);
    expect((await admin.req({ method: 'POST', url: `/api/v1/cloud/users/${newUser.id}/lock`, project: null })).statusCode).toBe(409);
    expect((await admin.req({ method: 'POST', url: `/api/v1/cloud/users/${newUser.id}/unlock`, project: null })).statusCode).toBe(200);
    const me = (await admin.req({ method: 'GET', url: '/api/v1/edit-user' })).json();
    const self = await admin.req({ method: 'POST', url: `/api/v1/cloud/users/${me.id ?? me.user?.id}/lock`, project: null });
    expect(self.statusCode).toBe(409);
    const reset = await admin.req({ method: 'POST', url: `/api/v1/cloud/users/${newUser.id}/reset-password`, project: null });
    expect(reset.statusCode).toBe(200);
    const next = reset.json().temporary_password as string;
    expect(next).not.toBe(newUser.password);
    expect((await login('zhao.lei', newUser.password)).statusCode).not.toBe(200);
    expect((await login('zhao.lei', next)).statusCode).toBe(200);
    newUser.password = next;
  });

  it('lists users of the own tenant only; another tenant’s admin gets 404 for them; a member gets 403; platform admins see all', async () => {
    const list = (await admin.req({ method: 'GET', url: '/api/v1/cloud/users?__limit=200', project: null })).json();
    expect(list.data.map((u: any) => u.account)).toContain('zhao.lei');
    expect(list.data.map((u: any) => u.account)).not.toContain('fin_admin');
    const finList = (await fin.req({ method: 'GET', url: '/api/v1/cloud/users?__limit=200', project: null })).json();
    expect(finList.data.map((u: any) => u.account)).not.toContain('zhao.lei');
    expect((await fin.req({ method: 'GET', url: `/api/v1/cloud/users/${newUser.id}`, project: null })).statusCode).toBe(404);
    expect((await fin.req({ method: 'POST', url: `/api/v1/cloud/users/${newUser.id}/lock`, project: null })).statusCode).toBe(404);
    const member = await app.as('member');
    expect((await member.req({ method: 'GET', url: '/api/v1/cloud/users' })).statusCode).toBe(403);
    const root = await app.as('admin');
    const all = (await root.req({ method: 'GET', url: '/api/v1/cloud/users?__limit=200', tenant: null, project: null })).json();
    expect(all.data.map((u: any) => u.account)).toEqual(expect.arrayContaining(['zhao.lei', 'fin_admin', 'admin']));
    // the operations administrator may lock but not create
    const ops = await app.as('oncall');
    expect((await ops.req({ method: 'POST', url: '/api/v1/cloud/users', payload: {}, tenant: null, project: null })).statusCode).toBe(403);
  });
});

describe('groups and policies', () => {
  let groupId: string;
  let policyId: string;

  it('a tenant group takes only its tenant’s roles; its members get them (the new project shows in their territories)', async () => {
    const created = await admin.req({
      method: 'POST',
      url: '/api/v1/cloud/user-groups',
      payload: { name: '财务查看组', description: '查看账单' },
      project: null,
    });
    expect(created.statusCode, created.body).toBe(201);
    groupId = created.json().id;
    expect(created.json().tenant_id).toBe(tenantA);
    const platformRole = await admin.req({
      method: 'PUT',
      url: `/api/v1/cloud/user-groups/${groupId}/roles`,
      payload: { roles: [{ role: 'super_admin' }] },
      project: null,
    });
    expect(platformRole.statusCode).toBe(400);
    const foreignProject = await admin.req({
      method: 'PUT',
      url: `/api/v1/cloud/user-groups/${groupId}/roles`,
      payload: { roles: [{ role: 'project_member', project_id: projectB }] },
      project: null,
    });
    expect(foreignProject.statusCode).toBe(404);
    const other = ids.projects.filter((p) => p.tenant_id === tenantA)[1]!.id;
    const roles = await admin.req({
      method: 'PUT',
      url: `/api/v1/cloud/user-groups/${groupId}/roles`,
      payload: { roles: [{ role: 'business_owner', project_id: other }] },
      project: null,
    });
    expect(roles.statusCode, roles.body).toBe(200);
    const members = await admin.req({ method: 'PUT', url: `/api/v1/cloud/user-groups/${groupId}/members`, payload: { user_ids: [newUser.id] }, project: null });
    expect(members.statusCode, members.body).toBe(200);
    expect(members.json().members.map((m: any) => m.id)).toEqual([newUser.id]);
    const token = (await login('zhao.lei', newUser.password)).json().token as string;
    const terr = (await asToken(token, null).req({ method: 'GET', url: '/api/v1/auth/territories' })).json();
    expect(terr.data[0].projects.map((p: any) => p.project_id)).toEqual(expect.arrayContaining([projectA, other]));
    // another tenant's admin neither lists nor reaches the group
    expect((await fin.req({ method: 'GET', url: '/api/v1/cloud/user-groups', project: null })).json().data.map((g: any) => g.id)).not.toContain(groupId);
    expect((await fin.req({ method: 'GET', url: `/api/v1/cloud/user-groups/${groupId}`, project: null })).statusCode).toBe(404);
    // a platform group is for platform callers only
    expect(
      (await admin.req({ method: 'POST', url: '/api/v1/cloud/user-groups', payload: { name: '平台组', tenant_id: null }, project: null })).json().tenant_id,
    ).toBe(tenantA);
  });

  it('a policy needs permissions, holds only own-tenant permissions, and a grant to a group opens menus and routes to its members', async () => {
    const before = await count('policies');
    const empty = await admin.req({ method: 'POST', url: '/api/v1/cloud/policies', payload: { name: '空策略', permissions: [] }, project: null });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().description).toContain('自定义权限不能为空');
    const escalate = await admin.req({
      method: 'POST',
      url: '/api/v1/cloud/policies',
      payload: { name: '越权策略', permissions: ['read:user:any'] },
      project: null,
    });
    expect(escalate.statusCode).toBe(400);
    expect(await count('policies')).toBe(before);

    const token = (await login('zhao.lei', newUser.password)).json().token as string;
    const asNew = asToken(token, tenantA, projectA);
    const menusBefore = (await asNew.req({ method: 'GET', url: '/api/v1/menus' })).json();
    const urls = (m: any) => m.data.flatMap((g: any) => g.menus.map((e: any) => e.menuUrl));
    expect(urls(menusBefore)).not.toContain('/policiesManage');
    // (a project member reads its project's bills and orders, so those entries are there already; the
    // tenant's 费用中心 is not a project role's)
    expect(urls(menusBefore)).not.toContain('/costCenter');
    expect((await asNew.req({ method: 'GET', url: '/api/v1/cloud/policies' })).statusCode).toBe(403);

    const created = await admin.req({
      method: 'POST',
      url: '/api/v1/cloud/policies',
      payload: { name: '账单与策略查看', permissions: ['read:order:own', 'read:cost_center:own', 'read:policy:own'], template_code: 'billing_viewer' },
      project: null,
    });
    expect(created.statusCode, created.body).toBe(201);
    policyId = created.json().id;
    const grant = await admin.req({
      method: 'POST',
      url: '/api/v1/cloud/authorizations',
      payload: { policy_id: policyId, group_ids: [groupId] },
      project: null,
    });
    expect(grant.statusCode, grant.body).toBe(201);

    const menusAfter = (await asNew.req({ method: 'GET', url: '/api/v1/menus' })).json();
    expect(urls(menusAfter)).toEqual(expect.arrayContaining(['/policiesManage', '/costCenter']));
    expect(urls(menusAfter)).not.toContain('/usersGroupManage');
    expect((await asNew.req({ method: 'GET', url: '/api/v1/cloud/policies' })).statusCode).toBe(200);
    // the handler reads the policy as the guard does
    expect((await asNew.req({ method: 'GET', url: '/api/v1/cloud/cost-center' })).statusCode).toBe(200);

    // excluding the project takes the permissions away there
    const narrowed = await admin.req({ method: 'PATCH', url: `/api/v1/cloud/policies/${policyId}`, payload: { exclude_projects: [projectA] }, project: null });
    expect(narrowed.statusCode, narrowed.body).toBe(200);
    expect((await asNew.req({ method: 'GET', url: '/api/v1/cloud/policies' })).statusCode).toBe(403);

    // another tenant's admin cannot grant or revoke it
    expect(
      (
        await fin.req({
          method: 'POST',
          url: '/api/v1/cloud/authorizations',
          payload: { policy_id: policyId, user_ids: [], group_ids: [groupId] },
          project: null,
        })
      ).statusCode,
    ).toBe(404);
    const grantId = grant.json().data.find((g: any) => g.policy_id === policyId).id;
    expect((await fin.req({ method: 'DELETE', url: `/api/v1/cloud/authorizations/${grantId}`, project: null })).statusCode).toBe(404);
    expect((await admin.req({ method: 'DELETE', url: `/api/v1/cloud/authorizations/${grantId}`, project: null })).statusCode).toBe(200);
    expect(await count('policy_grants')).toBe(0);
  });

  it('serves the templates and the role catalogue', async () => {
    const tpl = (await admin.req({ method: 'GET', url: '/api/v1/cloud/action-templates', project: null })).json();
    expect(tpl.data.map((t: any) => t.code)).toContain('billing_viewer');
    expect((await admin.req({ method: 'GET', url: '/api/v1/cloud/action-templates/nope', project: null })).statusCode).toBe(404);
    const roles = (await admin.req({ method: 'GET', url: '/api/v1/access/roles', project: null })).json();
    expect(roles.count).toBe(20);
  });
});
