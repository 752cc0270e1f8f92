// The list's request path (issue 26, ADR 0050). Once warm, a list request asks the database its one
// statement (sessions and scopes come from the access cache; the offset page of a small scope adds
// its count), and its answer, its rows picked anew (rowPicker, ADR 0050 addendum), has exactly the
// bytes JSON.stringify made of runList's page before.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { build, demoIds } from './helper.ts';
import { runList } from '../../src/server/platform/lib/list.ts';
import { RESOURCE_COLUMNS, RESOURCE_LIST, scopedResources } from '../../src/server/engine/resources.repository.ts';

let app: Awaited<ReturnType<typeof build>>;
let ids: Awaited<ReturnType<typeof demoIds>>;

beforeAll(async () => {
  app = await build();
  ids = await demoIds(app.ctx.db);
});
afterAll(async () => {
  await app?.close();
});

const scope = () => ({ tenant: ids.huadong, project: ids.project('smart-factory-mes') });

/** The answer as the list made it before its schema: runList's page, through JSON.stringify. */
async function stringified(query: Record<string, string>) {
  const s = { tenantId: ids.huadong, projectId: ids.project('smart-factory-mes') };
  return JSON.stringify(await runList(scopedResources(app.ctx.db, s), (qb) => qb.select([...RESOURCE_COLUMNS]), query, RESOURCE_LIST));
}

describe('GET /api/v1/resources', () => {
  it('answers the bytes JSON.stringify made of its rows, in both paging modes', async () => {
    const c = await app.as('tenant_admin');
    const queries: Record<string, string>[] = [{ __limit: '7', __cursor: '' }, { __limit: '5' }, { __limit: '3', __orders: 'name', __offset: '2' }];
    for (const query of queries) {
      const res = await c.req({ method: 'GET', url: `/api/v1/resources?${new URLSearchParams(query)}`, ...scope() });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json().data.length).toBeGreaterThan(0);
      expect(res.body).toBe(await stringified(query));
    }
    // The next cursor page too (its cursor travels in the answer).
    const first = await c.req({ method: 'GET', url: '/api/v1/resources?__limit=2&__cursor=', ...scope() });
    const cursor = first.json().next_cursor as string;
    expect(cursor).toBeTruthy();
    const second = await c.req({ method: 'GET', url: `/api/v1/resources?__limit=2&__cursor=${cursor}`, ...scope() });
    expect(second.body).toBe(await stringified({ __limit: '2', __cursor: cursor }));
  });

  it.skipIf(process.env.TEST_DB === 'postgres')('asks the database its one statement once warm (PGlite shows what it ran)', async () => {
    const c = await app.as('tenant_admin');
    const thread = app.ctx.handle.pglite!;
    // Every statement the thread runs while a request is answered; the app's periodic work (the
    // scheduler, alarm evaluation, deliveries) runs beside it and is told apart by what it reads.
    const ran: string[] = [];
    const query = thread.query.bind(thread);
    thread.query = (connection, text, params, tx) => (ran.push(text), query(connection, text, params, tx));
    const ACCESS = /\bfrom "(sessions|users|memberships|tenants|projects|user_groups|user_group_members|user_group_roles|policies|policy_grants)"/;
    const LIST = /^select "resources"\."id", "resources"\."kind", .* from "resources" where .* limit \$\d+( offset \$\d+)?$/;
    const COUNT = /^select count\(\*\)::int as "count" from "resources" where /;
    const statements = async (url: string) => {
      expect((await c.req({ method: 'GET', url, ...scope() })).statusCode).toBe(200);
      ran.length = 0;
      const res = await c.req({ method: 'GET', url, ...scope() });
      expect(res.statusCode).toBe(200);
      return { access: ran.filter((q) => ACCESS.test(q)).length, list: ran.filter((q) => LIST.test(q)).length, count: ran.filter((q) => COUNT.test(q)).length };
    };
    try {
      expect(await statements('/api/v1/resources?__limit=20&__cursor=')).toEqual({ access: 0, list: 1, count: 0 });
      // A scope under LARGE_COUNT rows is counted on every request (a row just added shows at once).
      expect(await statements('/api/v1/resources?__limit=20')).toEqual({ access: 0, list: 1, count: 1 });
      expect(await statements('/api/instances?__limit=20&__cursor=')).toEqual({ access: 0, list: 1, count: 0 });
    } finally {
      thread.query = query;
    }
  });
});
