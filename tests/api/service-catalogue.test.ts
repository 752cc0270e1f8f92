// The service catalogue (issue 31): three levels under a category with owners, a service's terms at
// level 3 (service level, charge hours, price, unit, tax, billing method, valid year), fields of at
// most 1000 characters, at most 50 services under a level-2 entry, publishing through the approval
// engine (审批中 → 已发布 on approval, 已驳回 on rejection), a published service's configuration
// (at most 10 of the tenant's projects), who may change it, and tenant isolation. Every refusal is
// a localised {title, description} and changes nothing.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { build, type Client } from './helper.ts';
import { newId } from '../../src/domain/ids.ts';

let app: Awaited<ReturnType<typeof build>>;
let admin: Client;
let approver: Client;
let member: Client;
let other: Client;
type Json = Record<string, any>;
const URL = '/api/v1/service-catalog/entries';

beforeAll(async () => {
  app = await build();
  [admin, approver, member, other] = await Promise.all(['tenant_admin', 'approver', 'member', 'wl_admin'].map((a) => app.as(a)));
});
afterAll(async () => {
  await app?.close();
});

const count = async () =>
  Number(
    (
      await app.ctx.db
        .selectFrom('service_catalogue_entries')
        .select((eb) => eb.fn.countAll<string>().as('n'))
        .executeTakeFirstOrThrow()
    ).n,
  );
let owners: { id: string; name: string }[] = [];
const group = (o: Json = {}) => ({ name: `目录${Math.random().toString(36).slice(2, 8)}`, description: '说明', owner_ids: [owners[0]!.id], ...o });
const service = (parent_id: string, o: Json = {}) => ({
  ...group(),
  parent_id,
  service_level: 'silver',
  charge_hours: 'workday',
  price_fen: 120000,
  unit: 'month',
  tax_rate: 6,
  billing_method: 'monthly',
  valid_year: new Date().getUTCFullYear() + 1,
  ...o,
});
async function create(body: Json, c = admin) {
  const res = await c.req({ method: 'POST', url: URL, payload: body });
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as Json;
}
/** Expects a refusal with a localised text that changed nothing. */
async function refused(p: Promise<{ statusCode: number; json: () => any }>, status: number, text?: RegExp) {
  const before = await count();
  const res = await p;
  expect(res.statusCode).toBe(status);
  const body = res.json();
  expect(typeof body.title).toBe('string');
  expect(body.description).toMatch(text ?? /./);
  expect(await count()).toBe(before);
  return body;
}
async function decide(approvalId: string, action: 'approve' | 'reject') {
  const res = await approver.req({
    method: 'POST',
    url: `/api/v1/approvals/${approvalId}/${action}`,
    payload: action === 'reject' ? { reason: '价格需与财务再核对' } : {},
  });
  expect(res.statusCode, res.body).toBe(200);
}
const get = async (id: string) => (await admin.req({ method: 'GET', url: `${URL}/${id}` })).json() as Json;

describe('service catalogue', () => {
  it('seeds office, operations and security services in three levels, one waiting for approval', async () => {
    const opts = (await admin.req({ method: 'GET', url: `${URL}/options` })).json();
    owners = opts.owners;
    expect(owners.length).toBeGreaterThan(1);
    const res = await admin.req({ method: 'GET', url: `${URL}?level=3&__limit=100` });
    expect(res.statusCode).toBe(200);
    const rows = res.json().data as Json[];
    expect(new Set(rows.map((r) => r.category))).toEqual(new Set(['office', 'operation', 'safe']));
    const watch = rows.find((r) => r.name === '云主机 7×24 监控值守')!;
    expect(watch).toMatchObject({
      status: 'published',
      path: ['基础设施运维', '云主机运维'],
      service: { charge_hours: 'allday', price_fen: 120000, unit: 'month' },
    });
    expect(watch.owners[0].name).toMatch(/李娜/);
    const waiting = rows.find((r) => r.status === 'approving')!;
    const inbox = (await approver.req({ method: 'GET', url: '/api/v1/approvals?scope=mine&status=pending&type=catalogue_publish&__limit=100' })).json();
    expect(inbox.data.map((r: Json) => r.id)).toContain(waiting.approval_id);
  });

  it('creates the three levels: a category at level 1, a group under it, a service with its terms under the group', async () => {
    const one = await create(group({ category: 'operation' }));
    expect(one).toMatchObject({ level: 1, category: 'operation', status: 'draft', children: 0, service: null });
    const two = await create(group({ parent_id: one.id }));
    expect(two).toMatchObject({ level: 2, category: 'operation', path: [one.name] });
    const three = await create(service(two.id));
    expect(three).toMatchObject({
      level: 3,
      path: [one.name, two.name],
      service: { price_fen: 120000, tax_rate: 6 },
      config: { orderable: false, projects: [] },
    });
    expect((await get(one.id)).children).toBe(1);
  });

  it('refuses what the rules forbid, in the caller’s language, and changes nothing', async () => {
    const one = await create(group({ category: 'office' }));
    const two = await create(group({ parent_id: one.id }));
    const long = 'x'.repeat(1001);
    expect((await refused(admin.req({ method: 'POST', url: URL, payload: group({ category: 'office', description: long }) }), 400)).description).toMatch(
      /description/,
    );
    await refused(admin.req({ method: 'POST', url: URL, payload: service(two.id, { content: long }) }), 400, /content/);
    await refused(admin.req({ method: 'POST', url: URL, payload: group({ category: 'office', name: '甲' }) }), 400, /name/);
    await refused(
      admin.req({ method: 'POST', url: URL, payload: group({ category: 'office', owner_ids: [owners[0]!.id, newId(), newId(), newId()] }) }),
      400,
      /负责人最多 3 位/,
    );
    await refused(admin.req({ method: 'POST', url: URL, payload: group({ category: 'office', owner_ids: [newId()] }) }), 400, /本租户的用户/);
    await refused(admin.req({ method: 'POST', url: URL, payload: group({ category: 'office', parent_id: one.id }) }), 400, /二者选其一/);
    await refused(admin.req({ method: 'POST', url: URL, payload: service(one.id) }), 400, /三级服务目录须建在二级目录下/);
    const three = await create(service(two.id));
    await refused(admin.req({ method: 'POST', url: URL, payload: group({ parent_id: two.id }) }), 400, /一级目录建在服务类别下/);
    await refused(admin.req({ method: 'POST', url: URL, payload: group({ parent_id: three.id }) }), 400);
    await refused(admin.req({ method: 'POST', url: URL, payload: service(two.id, { tax_rate: 5 }) }), 400, /tax_rate/);
    await refused(admin.req({ method: 'POST', url: URL, payload: service(two.id, { charge_hours: '5x8' }) }), 400, /charge_hours/);
    await refused(admin.req({ method: 'POST', url: URL, payload: service(two.id, { price_fen: -1 }) }), 400, /price_fen/);
    await refused(admin.req({ method: 'POST', url: URL, payload: group({ category: 'office', name: one.name }) }), 409, new RegExp(one.name));
    await refused(admin.req({ method: 'PATCH', url: `${URL}/${two.id}`, payload: { price_fen: 100 } }), 400, /只有三级服务目录/);
    const tw = await refused(admin.req({ method: 'POST', url: URL, payload: group({ category: 'office', owner_ids: [newId()] }), lang: 'zh-TW' }), 400);
    expect(tw.description).toMatch(/本租戶的使用者/);
    // a project member reads the catalogue but may not change it
    expect((await member.req({ method: 'GET', url: `${URL}/${two.id}` })).statusCode).toBe(200);
    await refused(member.req({ method: 'POST', url: URL, payload: group({ category: 'office' }) }), 403);
    await refused(member.req({ method: 'DELETE', url: `${URL}/${three.id}` }), 403);
  });

  it('holds at most 50 services under one level-2 entry', async () => {
    const one = await create(group({ category: 'safe' }));
    const two = await create(group({ parent_id: one.id }));
    const now = new Date();
    const tenantId = admin.territories[0]!.tenant_id;
    const rows = Array.from({ length: 50 }, (_, i) => ({
      id: newId(),
      tenant_id: tenantId,
      category: 'safe',
      level: 3,
      parent_id: two.id,
      name: `服务${i}`,
      description: '',
      owner_ids: JSON.stringify([owners[0]!.id]),
      status: 'draft',
      service: JSON.stringify(service(two.id)),
      orderable: false,
      project_ids: '[]',
      approval_id: null,
      published_at: null,
      created_by: null,
      created_at: now,
      updated_at: now,
    }));
    await app.ctx.db.insertInto('service_catalogue_entries').values(rows).execute();
    await refused(admin.req({ method: 'POST', url: URL, payload: service(two.id) }), 409, /最多 50 个三级服务目录/);
  });

  it('publishes through the approval engine: 审批中 until decided, 已发布 on approval, 已驳回 on rejection', async () => {
    const one = await create(group({ category: 'office' }));
    const two = await create(group({ parent_id: one.id }));
    const three = await create(service(two.id));
    await refused(admin.req({ method: 'POST', url: `${URL}/${two.id}/publish`, payload: {} }), 409, /上级服务目录尚未发布/);
    const sent = await admin.req({ method: 'POST', url: `${URL}/${one.id}/publish`, payload: { reason: '新增办公服务' } });
    expect(sent.statusCode, sent.body).toBe(200);
    expect(sent.json().status).toBe('approving');
    const approvalId = sent.json().approval_id as string;
    const detail = (await approver.req({ method: 'GET', url: `/api/v1/approvals/${approvalId}` })).json();
    expect(detail).toMatchObject({ type: 'catalogue_publish', status: 'pending' });
    // waiting: no edit, no delete, no second request
    await refused(admin.req({ method: 'PATCH', url: `${URL}/${one.id}`, payload: { name: '改名' } }), 409, /审批中/);
    await refused(admin.req({ method: 'DELETE', url: `${URL}/${one.id}` }), 409, /审批中/);
    await refused(admin.req({ method: 'POST', url: `${URL}/${one.id}/publish`, payload: {} }), 409, /审批中/);
    await decide(approvalId, 'approve');
    expect(await get(one.id)).toMatchObject({ status: 'published' });
    expect((await get(one.id)).published_at).toBeTruthy();
    await refused(admin.req({ method: 'POST', url: `${URL}/${one.id}/publish`, payload: {} }), 409, /已发布/);

    const second = (await admin.req({ method: 'POST', url: `${URL}/${two.id}/publish`, payload: {} })).json();
    await decide(second.approval_id, 'reject');
    expect((await get(two.id)).status).toBe('rejected');
    await refused(admin.req({ method: 'POST', url: `${URL}/${three.id}/publish`, payload: {} }), 409, /上级服务目录尚未发布/);
    const again = (await admin.req({ method: 'POST', url: `${URL}/${two.id}/publish`, payload: {} })).json();
    expect(again.status).toBe('approving');
    await decide(again.approval_id, 'approve');
    const last = (await admin.req({ method: 'POST', url: `${URL}/${three.id}/publish`, payload: {} })).json();
    await decide(last.approval_id, 'approve');
    expect((await get(three.id)).status).toBe('published');
    // an edit of a published entry takes it back to draft: it is published again
    const edited = (await admin.req({ method: 'PATCH', url: `${URL}/${three.id}`, payload: { price_fen: 150000 } })).json();
    expect(edited).toMatchObject({ status: 'draft', service: { price_fen: 150000, tax_rate: 6 } });
  });

  it('refuses a service whose valid year is past, and a publish asked at the approvals API', async () => {
    const published = ((await admin.req({ method: 'GET', url: `${URL}?level=2&status=published&__limit=1` })).json().data as Json[])[0]!;
    const old = await create(service(published.id, { valid_year: 2020 }));
    await refused(admin.req({ method: 'POST', url: `${URL}/${old.id}/publish`, payload: {} }), 409, /有效年份已过/);
    expect((await get(old.id)).status).toBe('draft');
    const direct = await admin.req({ method: 'POST', url: '/api/v1/approvals', payload: { type: 'catalogue_publish', payload: { entry_id: old.id } } });
    expect(direct.statusCode).toBe(400);
    expect((await get(old.id)).status).toBe('draft');
  });

  it('configures a published service: orderable and at most 10 of the tenant’s projects', async () => {
    const svc = ((await admin.req({ method: 'GET', url: `${URL}?level=3&status=published&category=office&__limit=1` })).json().data as Json[])[0]!;
    const projects = (await admin.req({ method: 'GET', url: `${URL}/options` })).json().projects as Json[];
    const ok = await admin.req({ method: 'PUT', url: `${URL}/${svc.id}/config`, payload: { orderable: true, project_ids: [projects[0]!.id] } });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json().config).toEqual({ orderable: true, projects: [{ id: projects[0]!.id, name: projects[0]!.name }] });
    const eleven = Array.from({ length: 11 }, () => newId());
    expect((await admin.req({ method: 'PUT', url: `${URL}/${svc.id}/config`, payload: { orderable: true, project_ids: eleven } })).json().description).toMatch(
      /最多配置 10 个项目/,
    );
    const foreignProject = other.territories[0]!.projects[0]!.project_id;
    expect((await admin.req({ method: 'PUT', url: `${URL}/${svc.id}/config`, payload: { orderable: true, project_ids: [foreignProject] } })).statusCode).toBe(
      400,
    );
    const parent = await admin.req({ method: 'PUT', url: `${URL}/${svc.parent_id}/config`, payload: { orderable: true, project_ids: [] } });
    expect(parent.statusCode).toBe(400);
    expect((await get(svc.id)).config.projects).toHaveLength(1);
  });

  it('deletes a leaf, never an entry with children', async () => {
    const one = await create(group({ category: 'operation' }));
    const two = await create(group({ parent_id: one.id }));
    await refused(admin.req({ method: 'DELETE', url: `${URL}/${one.id}` }), 409, /下级目录/);
    expect((await admin.req({ method: 'DELETE', url: `${URL}/${two.id}` })).statusCode).toBe(204);
    expect((await admin.req({ method: 'GET', url: `${URL}/${two.id}` })).statusCode).toBe(404);
  });

  it('keeps each tenant’s catalogue to itself', async () => {
    const mine = ((await admin.req({ method: 'GET', url: `${URL}?__limit=1` })).json().data as Json[])[0]!;
    const theirs = (await other.req({ method: 'GET', url: `${URL}?__limit=1000` })).json();
    expect(theirs.data.map((r: Json) => r.id)).not.toContain(mine.id);
    for (const req of [
      { method: 'GET', url: `${URL}/${mine.id}` },
      { method: 'PATCH', url: `${URL}/${mine.id}`, payload: { name: '别人的' } },
      { method: 'DELETE', url: `${URL}/${mine.id}` },
      { method: 'POST', url: `${URL}/${mine.id}/publish`, payload: {} },
      { method: 'PUT', url: `${URL}/${mine.id}/config`, payload: { orderable: false, project_ids: [] } },
    ] as const) {
      await refused(other.req(req as never), 404);
    }
    const theirOwner = (await other.req({ method: 'GET', url: `${URL}/options` })).json().owners[0].id;
    await refused(other.req({ method: 'POST', url: URL, payload: group({ parent_id: mine.id, owner_ids: [theirOwner] }) }), 404);
    // nor may one tenant name another tenant's people as owners
    await refused(admin.req({ method: 'POST', url: URL, payload: group({ category: 'office', owner_ids: [theirOwner] }) }), 400, /本租户的用户/);
    expect((await get(mine.id)).name).toBe(mine.name);
  });
});
