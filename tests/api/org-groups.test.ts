// Systems, resource groups, tags and the organisation tree through the API (issue 15): a group
// takes only live resources of its own project, names are unique in the tenant, another tenant
// neither sees nor changes them, tags keep the seed's rules, and the tree greys invalid,
// project-less and forbidden nodes.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { build, demoIds, type Client } from './helper.ts';
import { expect400, expect409 } from './kinds-helpers.ts';
import type { TreeNode } from '../../src/domain/org.ts';

let app: Awaited<ReturnType<typeof build>>;
let admin: Client;
let ids: Awaited<ReturnType<typeof demoIds>>;

beforeAll(async () => {
  app = await build();
  admin = await app.as('tenant_admin');
  ids = await demoIds(app.ctx.db);
});
afterAll(async () => {
  await app.close();
});

const T = () => ({ tenant: ids.huadong, project: null });
const liveOf = async (project: string) =>
  app.ctx.db.selectFrom('resources').select(['id', 'tenant_id']).where('project_id', '=', project).where('status', '!=', 'deleted').orderBy('name').execute();

describe.each([
  ['system', '/api/v1/systems'],
  ['resource_group', '/api/v1/auth/resource_groups'],
])('%s', (type, base) => {
  let id: string;
  const mes = () => ids.project('smart-factory-mes');

  it('lists the demo groups with their resource counts', async () => {
    const res = await admin.req({ method: 'GET', url: base, ...T() });
    expect(res.statusCode).toBe(200);
    expect(res.json().data.length).toBeGreaterThan(0);
    expect(res.json().data.every((g: { type: string; tenant_id: string }) => g.type === type && g.tenant_id === ids.huadong)).toBe(true);
    expect(res.json().data.some((g: { resource_count: number }) => g.resource_count > 0)).toBe(true);
  });

  it('creates one, takes resources of its project, lists and removes them', async () => {
    const created = await admin.req({ method: 'POST', url: base, ...T(), payload: { name: `新建-${type}`, description: '说明', project_id: mes() } });
    expect(created.statusCode).toBe(201);
    id = created.json().id;
    const live = await liveOf(mes());
    const add = await admin.req({ method: 'POST', url: `${base}/${id}/resources`, ...T(), payload: { resource_ids: live.slice(0, 2).map((r) => r.id) } });
    expect(add.statusCode).toBe(200);
    const one = (await admin.req({ method: 'GET', url: `${base}/${id}`, ...T() })).json();
    expect(one.resources).toHaveLength(2);
    const candidates = (await admin.req({ method: 'GET', url: `${base}/${id}/candidates`, ...T() })).json().data.map((r: { id: string }) => r.id);
    expect(candidates).not.toContain(live[0]!.id);
    const removed = await admin.req({ method: 'DELETE', url: `${base}/${id}/resources/${live[0]!.id}`, ...T() });
    expect(removed.statusCode).toBe(200);
    expect((await admin.req({ method: 'GET', url: `${base}/${id}`, ...T() })).json().resources).toHaveLength(1);
  });

  it('refuses a resource of another project or tenant (404, nothing added), a taken name and bad fields', async () => {
    const other = (await liveOf(ids.project('core-trading')))[0]!.id;
    const sameTenant = (await liveOf(ids.project('rnd-test')))[0]!.id;
    for (const rid of [other, sameTenant]) {
      expect((await admin.req({ method: 'POST', url: `${base}/${id}/resources`, ...T(), payload: { resource_ids: [rid] } })).statusCode).toBe(404);
    }
    expect((await admin.req({ method: 'GET', url: `${base}/${id}`, ...T() })).json().resources).toHaveLength(1);
    expect409(await admin.req({ method: 'POST', url: base, ...T(), payload: { name: `新建-${type}`, project_id: mes() } }), '名称已存在，请更换');
    expect400(await admin.req({ method: 'POST', url: base, ...T(), payload: { name: '', project_id: mes() } }), 'name');
    expect400(await admin.req({ method: 'POST', url: base, ...T(), payload: { name: '名'.repeat(65), project_id: mes() } }), 'name');
  });

  it("another tenant's administrator neither sees nor changes it (404)", async () => {
    const fin = await app.as('fin_admin');
    const list = await fin.req({ method: 'GET', url: base, tenant: ids.finance, project: null });
    expect(list.json().data.map((g: { id: string }) => g.id)).not.toContain(id);
    for (const tenant of [ids.finance, ids.huadong]) {
      expect((await fin.req({ method: 'GET', url: `${base}/${id}`, tenant, project: null })).statusCode).toBe(404);
      expect((await fin.req({ method: 'PUT', url: `${base}/${id}`, tenant, project: null, payload: { name: '改名' } })).statusCode).toBe(404);
      expect((await fin.req({ method: 'DELETE', url: `${base}/${id}`, tenant, project: null })).statusCode).toBe(404);
    }
    const fromFin = await fin.req({
      method: 'POST',
      url: base,
      tenant: ids.finance,
      project: null,
      payload: { name: '越界', project_id: ids.project('smart-factory-mes') },
    });
    expect(fromFin.statusCode).toBe(404);
    expect((await app.ctx.db.selectFrom('org_groups').select('name').where('id', '=', id).executeTakeFirst())?.name).toBe(`新建-${type}`);
  });

  it('an approver reads but cannot change (403); the administrator renames and deletes', async () => {
    const approver = await app.as('approver');
    const p = mes();
    expect((await approver.req({ method: 'GET', url: `${base}/${id}`, tenant: ids.huadong, project: p })).statusCode).toBe(200);
    expect((await approver.req({ method: 'PUT', url: `${base}/${id}`, tenant: ids.huadong, project: p, payload: { name: '改名' } })).statusCode).toBe(403);
    expect((await admin.req({ method: 'PUT', url: `${base}/${id}`, ...T(), payload: { name: '改名了', description: '' } })).statusCode).toBe(200);
    expect((await admin.req({ method: 'DELETE', url: `${base}/${id}`, ...T() })).statusCode).toBe(200);
    expect(await app.ctx.db.selectFrom('org_group_resources').select('resource_id').where('group_id', '=', id).executeTakeFirst()).toBeUndefined();
  });
});

describe('tags', () => {
  it('creates a tag under the seed rules, refuses a repeat, deletes it with its links', async () => {
    const res = await admin.req({ method: 'POST', url: '/api/v1/manage/tags', ...T(), payload: { tag_key: 'env', tag_value: '生产' } });
    expect(res.statusCode).toBe(201);
    const id = res.json().id;
    expect409(await admin.req({ method: 'POST', url: '/api/v1/manage/tags', ...T(), payload: { tag_key: 'env', tag_value: '生产' } }), '该标签已存在');
    expect400(await admin.req({ method: 'POST', url: '/api/v1/manage/tags', ...T(), payload: { tag_key: 'k'.repeat(33), tag_value: '' } }), 'tag_key');
    const list = (await admin.req({ method: 'GET', url: '/api/v1/manage/tags?tag_key=env', ...T() })).json().data;
    expect(list.map((t: { id: string }) => t.id)).toContain(id);
    const fin = await app.as('fin_admin');
    expect((await fin.req({ method: 'DELETE', url: `/api/v1/manage/tags/${id}`, tenant: ids.finance, project: null })).statusCode).toBe(404);
    expect(
      (await fin.req({ method: 'GET', url: '/api/v1/manage/tags', tenant: ids.finance, project: null })).json().data.map((t: { id: string }) => t.id),
    ).not.toContain(id);
    expect((await admin.req({ method: 'DELETE', url: `/api/v1/manage/tags/${id}`, ...T() })).statusCode).toBe(200);
    expect(await app.ctx.db.selectFrom('tags').select('id').where('id', '=', id).executeTakeFirst()).toBeUndefined();
  });
});

describe('organisation tree', () => {
  const flat = (nodes: TreeNode[]): TreeNode[] => nodes.flatMap((n) => [n, ...flat(n.children)]);

  it('greys invalid, project-less and forbidden nodes for a tenant administrator', async () => {
    const res = await admin.req({ method: 'GET', url: '/api/v1/org/tree', ...T() });
    expect(res.statusCode).toBe(200);
    const all = flat(res.json().data);
    const byName = (n: string) => all.find((x) => x.name === n);
    expect(byName('华东制造集团')?.grey).toBeNull();
    expect(byName('华东制造集团')?.children.map((c) => c.grey)).toEqual(expect.arrayContaining([null]));
    // a tenant out of reach is a greyed, unnamed node: neither its name, id nor projects are told
    expect(byName('鑫泰金融控股')).toBeUndefined();
    const hidden = all.filter((x) => x.type === 'tenant' && x.grey === 'forbidden');
    expect(hidden.length).toBe(2);
    expect(hidden.every((x) => x.name === null && x.children.length === 0 && !/^[0-9a-f]{32}$/.test(x.id))).toBe(true);
    expect(res.body).not.toContain(ids.finance);
    expect(byName('物流事业部（已撤并）')?.grey).toBe('invalid');
    expect(byName('西南区域中心（筹建中）')?.grey).toBe('no_project');
  });

  it('the platform administrator sees every tenant enabled', async () => {
    const root = await app.as('admin');
    const all = flat((await root.req({ method: 'GET', url: '/api/v1/org/tree', tenant: ids.finance, project: null })).json().data);
    expect(all.find((x) => x.name === '鑫泰金融控股')?.grey).toBeNull();
    expect(all.filter((x) => x.type === 'project').length).toBe((await app.ctx.db.selectFrom('projects').select('id').execute()).length);
  });
});
