// Offset pages under load (issue 10, ADR 0015): a scope of LARGE_COUNT rows or more answers the
// count it made moments ago instead of counting every row for every page; a smaller scope is
// counted on every request, so a row just added shows at once; deep offsets are refused in favour
// of __cursor. The count of one scope never answers for another.
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { build, demoIds, seedResources } from './helper.ts';
import { newId } from '../../src/domain/ids.ts';
import { LARGE_COUNT, MAX_OFFSET } from '../../src/server/platform/lib/list.ts';

let app: Awaited<ReturnType<typeof build>>;
let ids: Awaited<ReturnType<typeof demoIds>>;
let big: string;
let small: string;
const BIG_ROWS = LARGE_COUNT + 50;

beforeAll(async () => {
  app = await build();
  ids = await demoIds(app.ctx.db);
  big = newId();
  small = newId();
  await app.ctx.db
    .insertInto('projects')
    .values([
      { id: big, tenant_id: ids.huadong, name: 'count-big', name_zh: '大项目' },
      { id: small, tenant_id: ids.huadong, name: 'count-small', name_zh: '小项目' },
    ])
    .execute();
  await sql`
    insert into resources (id, kind, tenant_id, project_id, vendor, region_id, az_id, name, status, locked, spec, created_at, updated_at)
    select md5(${big} || g), 'instance', ${ids.huadong}, ${big}, 'openstack', null, null, 'big-' || g, 'running', false, '{}'::jsonb,
           now() - make_interval(secs => g), now() - make_interval(secs => g)
    from generate_series(1, ${BIG_ROWS}::int) g`.execute(app.ctx.db);
  await seedResources(app.ctx.db, { tenantId: ids.huadong, projectId: small, count: 7, prefix: 'small' });
});
afterAll(async () => {
  await app?.close();
});

async function page(project: string, query = '__limit=20') {
  const c = await app.as('tenant_admin');
  return c.req({ method: 'GET', url: `/api/v1/resources?${query}`, tenant: ids.huadong, project });
}

describe('counts of offset pages', () => {
  it('a small scope is counted on every request: a row just added shows at once', async () => {
    expect((await page(small)).json().count).toBe(7);
    await seedResources(app.ctx.db, { tenantId: ids.huadong, projectId: small, count: 1, prefix: 'late' });
    const res = await page(small);
    expect(res.json().count).toBe(8);
    expect(Object.keys(res.json()).sort()).toEqual(['count', 'data']);
  });

  it('a large scope answers the count it made moments ago, and only for that scope and filter', async () => {
    expect((await page(big)).json().count).toBe(BIG_ROWS);
    await seedResources(app.ctx.db, { tenantId: ids.huadong, projectId: big, count: 1, prefix: 'late' });
    // Counted moments ago: the same answer, without counting again.
    const again = await page(big);
    expect(again.statusCode).toBe(200);
    expect(again.json().count).toBe(BIG_ROWS);
    expect(again.json().data).toHaveLength(20);
    // Another filter over the same project is its own count (exact: it is small).
    expect((await page(big, '__limit=20&name=late-00000')).json().count).toBe(1);
    // Another project's count is never this one.
    expect((await page(small)).json().count).toBe(8);
  });

  it('refuses an offset deeper than the cap, naming the field; the cap itself is answered', async () => {
    const deep = await page(big, `__limit=20&__offset=${MAX_OFFSET + 1}`);
    expect(deep.statusCode).toBe(400);
    expect(deep.json()).toMatchObject({ field: '__offset', rule: 'too_big' });
    expect(deep.json().description).toContain(String(MAX_OFFSET));
    const last = await page(big, `__limit=20&__offset=${MAX_OFFSET}`);
    expect(last.statusCode).toBe(200);
    expect(last.json().data).toHaveLength(20);
  });
});
