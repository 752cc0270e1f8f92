// Menus follow permissions (issue 15): every console menu entry names its page's list call, and
// for every role the menu shows an entry exactly when the access guard lets that role make the call
// (entries whose list call is `self` name a narrower permission: shown ⇒ allowed). Policies granted
// to a user widen the menu as they widen the guard. The demo users' menus are pinned where they matter.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { build, demoIds, usersPerRole } from './helper.ts';
import { MENU_GROUPS } from '../../src/domain/navigation/menu-groups.ts';
import { KINDS } from '../../src/domain/kinds/registry.ts';
import { kindMenuGroups } from '../../src/domain/kinds/kind-views.ts';
import { ROUTE_TABLE } from '../../src/domain/navigation/route-table.ts';
import { declaredRoutes } from '../../src/server/access/guard.ts';
import { ROLES, roleLevel, type Role } from '../../src/domain/roles.ts';

let app: Awaited<ReturnType<typeof build>>;
let tenantA: string;
let projectA: string;
let tokens = new Map<Role, string>();
const paths = new Map(ROUTE_TABLE.map((r) => [r.name, r.path]));
const ENTRIES = kindMenuGroups(MENU_GROUPS, KINDS, (name) => paths.get(name)).flatMap((g) => g.items);

beforeAll(async () => {
  app = await build();
  const ids = await demoIds(app.ctx.db);
  tenantA = ids.huadong;
  projectA = ids.projects.find((p) => p.tenant_id === tenantA)!.id;
  tokens = await usersPerRole(app, ROLES, 'menus', tenantA, projectA);
}, 120_000);
afterAll(async () => {
  await app.close();
});

const headersOf = (role: Role) => ({
  'x-auth-token': tokens.get(role)!,
  'x-tenant-id': tenantA,
  ...(roleLevel(role) === 'project' ? { 'x-project-id': projectA } : {}),
});

async function menuUrls(headers: Record<string, string>): Promise<Set<string>> {
  const res = await app.inject({ method: 'GET', url: '/api/v1/menus', headers });
  expect(res.statusCode).toBe(200);
  return new Set((res.json().data as { menus: { menuUrl: string }[] }[]).flatMap((g) => g.menus.map((m) => m.menuUrl)));
}

describe('menu entries and the guard', () => {
  it('every entry names a list call the app registers and declares', () => {
    const declared = declaredRoutes(app);
    const missing = ENTRIES.filter((e) => !declared.has(e.list) || declared.get(e.list) === undefined).map((e) => `${e.code} ${e.list}`);
    expect(missing).toEqual([]);
    // an entry names its own permission only where its list call is `self` or wider than the page
    for (const e of ENTRIES.filter((x) => x.permission)) expect(declared.get(e.list), e.code).not.toEqual(e.permission);
  });

  it('for every role: an entry is shown ⇔ the guard lets the role make its list call (own permission: shown ⇒ allowed)', async () => {
    const problems: string[] = [];
    for (const role of ROLES) {
      const headers = headersOf(role);
      const shown = await menuUrls(headers);
      for (const e of ENTRIES) {
        const [method, url] = e.list.split(' ') as ['GET', string];
        const res = await app.inject({ method, url: `${url}?__limit=1`, headers });
        const guardAllows = !(res.statusCode === 403 && res.headers['x-denied-by'] === 'guard');
        const isShown = shown.has(e.menuUrl);
        if (e.permission ? isShown && !guardAllows : isShown !== guardAllows)
          problems.push(`${role} ${e.code}: shown ${isShown}, guard ${guardAllows ? 'allows' : 'refuses'} ${e.list}`);
      }
    }
    expect(problems).toEqual([]);
  }, 240_000);

  it('a granted policy adds the entries of its permissions (as the guard allows their calls)', async () => {
    const member = headersOf('project_member');
    expect(await menuUrls(member)).not.toContain('/policiesManage');
    const admin = await app.as('admin');
    const created = await admin.req({
      method: 'POST',
      url: '/api/v1/cloud/policies',
      tenant: tenantA,
      project: null,
      payload: { name: '菜单测试策略', tenant_id: tenantA, permissions: ['read:policy:own'] },
    });
    expect(created.statusCode, created.body).toBe(201);
    const userId = (await app.ctx.db.selectFrom('users').select('id').where('account', '=', 'menus_project_member').executeTakeFirstOrThrow()).id;
    const grant = await admin.req({
      method: 'POST',
      url: '/api/v1/cloud/authorizations',
      tenant: tenantA,
      project: null,
      payload: { policy_id: created.json().id, user_ids: [userId] },
    });
    expect(grant.statusCode, grant.body).toBe(201);
    expect(await menuUrls(member)).toContain('/policiesManage');
    const list = await app.inject({ method: 'GET', url: '/api/v1/cloud/policies', headers: member });
    expect(list.statusCode).toBe(200);
  });
});

describe('a policy reaches the handlers as it reaches the guard', () => {
  it('费用中心 and 云账号 granted to a project member: shown, and their list calls answer 200', async () => {
    const userId = await app.ctx.users.insertUser({ account: 'menus_policy_member', nickname: '策略成员', password_hash: 'x' });
    await app.ctx.users.addMembership(userId, 'project_member', tenantA, projectA);
    const headers = { 'x-auth-token': await app.ctx.users.createSession(userId, 12), 'x-tenant-id': tenantA, 'x-project-id': projectA };
    const before = await menuUrls(headers);
    expect(before).not.toContain('/costCenter');
    expect(before).not.toContain('/cloudAccountManage');
    expect((await app.inject({ method: 'GET', url: '/api/v1/cloud/cost-center', headers })).statusCode).toBe(403);
    const admin = await app.as('admin');
    const created = await admin.req({
      method: 'POST',
      url: '/api/v1/cloud/policies',
      tenant: tenantA,
      project: null,
      payload: { name: '费用与云账号查看', tenant_id: tenantA, permissions: ['read:cost_center:own', 'read:cloud_account:own'] },
    });
    expect(created.statusCode, created.body).toBe(201);
    const grant = await admin.req({
      method: 'POST',
      url: '/api/v1/cloud/authorizations',
      tenant: tenantA,
      project: null,
      payload: { policy_id: created.json().id, user_ids: [userId] },
    });
    expect(grant.statusCode, grant.body).toBe(201);
    expect([...(await menuUrls(headers))]).toEqual(expect.arrayContaining(['/costCenter', '/cloudAccountManage']));
    for (const url of ['/api/v1/cloud/cost-center', '/api/cloud-accounts?__limit=1']) {
      const res = await app.inject({ method: 'GET', url, headers });
      expect(res.statusCode, `${url} ${res.body}`).toBe(200);
    }
    // reading is all the policy gives: registering a key stays refused
    expect((await app.inject({ method: 'POST', url: '/api/cloud-accounts', headers, payload: {} })).statusCode).toBe(403);
  });
});

describe('the demo users keep sensible menus', () => {
  const urls = async (account: string) => {
    const c = await app.as(account);
    const res = await c.req({ method: 'GET', url: '/api/v1/menus' });
    return (res.json().data as { menus: { menuUrl: string }[] }[]).flatMap((g) => g.menus.map((m) => m.menuUrl));
  };
  it('admin everything; oncall the platform lists but no money or access changes; tenant admins their tenant', async () => {
    expect((await urls('admin')).length).toBe(ENTRIES.length);
    const oncall = await urls('oncall');
    expect(oncall).toEqual(expect.arrayContaining(['/ecsAdminManage', '/volumeAdminManage', '/logManage', '/usersGroupManage']));
    expect(oncall).not.toContain('/approvalManage');
    for (const account of ['tenant_admin', 'fin_admin']) {
      const u = await urls(account);
      expect(u).toEqual(expect.arrayContaining(['/approvalManage', '/selfApprovalManage', '/usersGroupManage', '/tenantBillOverview', '/accessKeyManage']));
      expect(u).not.toContain('/ecsAdminManage');
    }
  });
  it('approver approves and reads; member works in its project without the approval or access pages', async () => {
    const approver = await urls('approver');
    expect(approver).toContain('/selfApprovalManage');
    expect(approver).not.toContain('/approvalManage');
    expect(approver).not.toContain('/usersGroupManage');
    const member = await urls('member');
    expect(member).toEqual(expect.arrayContaining(['/ecsManage', '/workorderList', '/accessKeyManage']));
    for (const url of [
      '/selfApprovalManage',
      '/approvalManage',
      '/usersGroupManage',
      '/policiesManage',
      '/logManage',
      '/tenantBillOverview',
      '/ecsAdminManage',
    ])
      expect(member).not.toContain(url);
  });
});

describe('every entry a demo user is shown answers its list call', () => {
  const DEMO_USERS = ['admin', 'oncall', 'tenant_admin', 'approver', 'member', 'fin_admin', 'wl_admin', 'owner_zheng'];
  // the query a page always sends with its list call (the bill pages name their months)
  const month = new Date().toISOString().slice(0, 7);
  const PAGE_QUERY: Record<string, string> = {
    'GET /api/v1/cloud/bills/tenants/monthly': `start_month=${month}&end_month=${month}`,
    'GET /api/v1/cloud/bills/projects/monthly': `start_month=${month}&end_month=${month}`,
    'GET /api/v1/cloud/bills/tenants/checks': `start_month=${month}&end_month=${month}`,
  };
  it('with the console headers (first tenant and project): 200, never a refusal from the handler', async () => {
    const problems: string[] = [];
    const byUrl = new Map(ENTRIES.map((e) => [e.menuUrl, e]));
    for (const account of DEMO_USERS) {
      const c = await app.as(account);
      const menus = await c.req({ method: 'GET', url: '/api/v1/menus' });
      expect(menus.statusCode).toBe(200);
      const shown = (menus.json().data as { menus: { menuUrl: string }[] }[]).flatMap((g) => g.menus.map((m) => m.menuUrl));
      for (const url of shown) {
        const e = byUrl.get(url);
        if (!e) {
          problems.push(`${account} ${url}: no entry`);
          continue;
        }
        const [method, path] = e.list.split(' ') as ['GET', string];
        const res = await c.req({ method, url: `${path}?__limit=1${PAGE_QUERY[e.list] ? `&${PAGE_QUERY[e.list]}` : ''}` });
        if (res.statusCode !== 200) problems.push(`${account} ${e.code} ${e.list}: ${res.statusCode} ${res.body.slice(0, 120)}`);
      }
    }
    expect(problems).toEqual([]);
  }, 240_000);
});
