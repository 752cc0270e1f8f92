// Keyset paging through the shared list helper (src/server/platform/lib/list.ts), walked over
// GET /api/v1/resources: every row once, in a stable order, at any depth.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { build, demoIds, seedResources } from './helper.ts';
import { newId } from '../../src/domain/ids.ts';

let app: Awaited<ReturnType<typeof build>>;
let ids: Awaited<ReturnType<typeof demoIds>>;
let mesIds: string[];
/** a project of its own, so rows the demo seed puts in its projects do not count */
let lab: string;
let supplyIds: string[];
const MES_ROWS = 233;

beforeAll(async () => {
  app = await build();
  ids = await demoIds(app.ctx.db);
  lab = newId();
  await app.ctx.db.insertInto('projects').values({ id: lab, tenant_id: ids.huadong, name: 'paging-lab', name_zh: '分页实验' }).execute();
  mesIds = await seedResources(app.ctx.db, {
    tenantId: ids.huadong,
    projectId: lab,
    count: MES_ROWS,
    prefix: 'mes',
    kind: (i) => (i % 5 === 0 ? 'volume' : 'instance'),
  });
  supplyIds = await seedResources(app.ctx.db, { tenantId: ids.huadong, projectId: ids.project('supply-chain'), count: 40, prefix: 'scm' });
  // Another tenant's rows must never show up in these walks.
  await seedResources(app.ctx.db, { tenantId: ids.finance, projectId: ids.project('core-trading'), count: 30, prefix: 'fin' });
});
afterAll(async () => {
  await app.close();
});

type Row = { id: string; name: string; created_at: string; project_id: string; tenant_id: string; kind: string };

async function walk(account: string, query: string, opts: { project?: string | null } = {}) {
  const c = await app.as(account);
  const rows: Row[] = [];
  let cursor = '';
  let pages = 0;
  for (;;) {
    const res = await c.req({
      method: 'GET',
      url: `/api/v1/resources?${query}&__cursor=${encodeURIComponent(cursor)}`,
      tenant: ids.huadong,
      project: opts.project === undefined ? lab : opts.project,
    });
    expect(res.statusCode).toBe(200);
    const body = res.json() as { data: Row[]; next_cursor: string | null };
    expect(Object.keys(body).sort()).toEqual(['data', 'next_cursor']);
    rows.push(...body.data);
    pages++;
    if (body.next_cursor === null) break;
    expect(body.data.length).toBeGreaterThan(0);
    cursor = body.next_cursor;
    if (pages > 1000) throw new Error('cursor walk does not end');
  }
  return { rows, pages };
}

function expectedOrder(rows: { id: string; created_at: string | Date }[]) {
  return [...rows]
    .sort((a, b) => {
      const d = new Date(b.created_at).getTime() - new Date(a.created_at).getTime();
      return d !== 0 ? d : a.id < b.id ? 1 : a.id > b.id ? -1 : 0;
    })
    .map((r) => r.id);
}

describe('keyset paging with __cursor', () => {
  it('walks every row once, newest first, ties broken by id', async () => {
    const { rows, pages } = await walk('tenant_admin', '__limit=50');
    expect(pages).toBe(Math.ceil(MES_ROWS / 50));
    const seen = rows.map((r) => r.id);
    expect(new Set(seen).size).toBe(seen.length);
    expect(new Set(seen)).toEqual(new Set(mesIds));
    const db = await app.ctx.db.selectFrom('resources').select(['id', 'created_at']).where('project_id', '=', lab).execute();
    expect(seen).toEqual(expectedOrder(db));
    for (const r of rows) expect(r).not.toHaveProperty('__sort_created_at');
  });

  it('gives the same pages at any page size', async () => {
    const a = (await walk('tenant_admin', '__limit=7')).rows.map((r) => r.id);
    const b = (await walk('tenant_admin', '__limit=1000')).rows.map((r) => r.id);
    expect(a).toEqual(b);
  });

  it('walks by name ascending and by -name', async () => {
    const asc = (await walk('tenant_admin', '__limit=40&__orders=name')).rows.map((r) => r.name);
    expect(asc.length).toBe(MES_ROWS);
    expect(asc).toEqual([...asc].sort());
    const desc = (await walk('tenant_admin', '__limit=40&__orders=-name')).rows.map((r) => r.name);
    expect(desc).toEqual([...asc].reverse());
  });

  it('keeps filters across pages', async () => {
    const { rows } = await walk('tenant_admin', '__limit=10&kind=volume');
    expect(rows.length).toBe(Math.ceil(MES_ROWS / 5));
    expect(rows.every((r) => r.kind === 'volume')).toBe(true);
  });

  it('is stable when rows are added at the head during the walk', async () => {
    const c = await app.as('tenant_admin');
    const first = (await c.req({ method: 'GET', url: '/api/v1/resources?__limit=50&__cursor=', tenant: ids.huadong, project: lab })).json();
    await seedResources(app.ctx.db, { tenantId: ids.huadong, projectId: ids.project('rnd-test'), count: 1, prefix: 'other-project' });
    const newer = await seedResources(app.ctx.db, { tenantId: ids.huadong, projectId: lab, count: 5, prefix: 'late' });
    await app.ctx.db
      .updateTable('resources')
      .set({ created_at: new Date('2030-01-01T00:00:00Z') })
      .where('id', 'in', newer)
      .execute();
    let cursor = first.next_cursor as string;
    const rest: string[] = [];
    while (cursor) {
      const page = (await c.req({ method: 'GET', url: `/api/v1/resources?__limit=50&__cursor=${cursor}`, tenant: ids.huadong, project: lab })).json();
      rest.push(...page.data.map((r: Row) => r.id));
      cursor = page.next_cursor;
    }
    const all = [...first.data.map((r: Row) => r.id), ...rest];
    expect(new Set(all).size).toBe(all.length);
    expect(new Set(all)).toEqual(new Set(mesIds));
    await app.ctx.db.deleteFrom('resources').where('id', 'in', newer).execute();
  });

  it('narrows the walk to the tenant when no project is selected', async () => {
    const { rows } = await walk('tenant_admin', '__limit=100', { project: null });
    const seen = new Set(rows.map((r) => r.id));
    for (const id of [...mesIds, ...supplyIds]) expect(seen.has(id)).toBe(true);
    expect(rows.every((r) => r.tenant_id === ids.huadong)).toBe(true);
  });

  it('answers 400 naming __cursor for a malformed or forged cursor', async () => {
    const c = await app.as('tenant_admin');
    const forged = [
      'not base64 !!',
      Buffer.from('{"a":1}').toString('base64url'),
      Buffer.from('[1]').toString('base64url'),
      Buffer.from('["not-a-timestamp","abc"]').toString('base64url'),
      Buffer.from('[{"x":1},"abc"]').toString('base64url'),
    ];
    for (const cursor of forged) {
      const res = await c.req({ method: 'GET', url: `/api/v1/resources?__limit=10&__cursor=${encodeURIComponent(cursor)}`, tenant: ids.huadong, project: lab });
      expect(res.statusCode, cursor).toBe(400);
      expect(res.json()).toMatchObject({ title: '错误' });
      expect(res.json().description).toContain('__cursor');
      expect(res.body).not.toMatch(/timestamp|syntax|select/i);
    }
    const long = await c.req({ method: 'GET', url: `/api/v1/resources?__cursor=${'a'.repeat(600)}`, tenant: ids.huadong, project: lab });
    expect(long.statusCode).toBe(400);
    expect(long.json()).toMatchObject({ field: '__cursor', rule: 'too_big' });
  });
});

describe('offset paging on the same endpoint', () => {
  it('answers {count, data} with __limit/__offset and the default order', async () => {
    const c = await app.as('tenant_admin');
    const page = (await c.req({ method: 'GET', url: '/api/v1/resources?__limit=20&__offset=40', tenant: ids.huadong, project: lab })).json();
    expect(page.count).toBe(MES_ROWS);
    expect(page.data.length).toBe(20);
    const { rows } = await walk('tenant_admin', '__limit=1000');
    expect(page.data.map((r: Row) => r.id)).toEqual(rows.slice(40, 60).map((r) => r.id));
  });

  it('member sees only its own project: another project in its tenant answers 404', async () => {
    const member = await app.as('member');
    const other = await member.req({ method: 'GET', url: '/api/v1/resources', tenant: ids.huadong, project: ids.project('supply-chain') });
    expect(other.statusCode).toBe(404);
    const tenantWide = await member.req({ method: 'GET', url: '/api/v1/resources?__limit=1000', tenant: ids.huadong, project: null });
    if (tenantWide.statusCode === 200) {
      const seen = new Set(tenantWide.json().data.map((r: Row) => r.id));
      for (const id of supplyIds) expect(seen.has(id)).toBe(false);
    } else {
      expect([400, 404]).toContain(tenantWide.statusCode);
    }
  });
});
