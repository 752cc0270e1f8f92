// The demo data credits each tenant's own people (issue 27): a tenant administrator listing the
// systems and resource groups sees creators of that tenant, never the 华东 administrator, and no
// seeded row with a tenant and a creator names a member of another tenant (platform staff, who
// belong to no tenant, may create things for any tenant).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { build, demoIds } from './helper.ts';

let app: Awaited<ReturnType<typeof build>>;
let ids: Awaited<ReturnType<typeof demoIds>>;

beforeAll(async () => {
  app = await build();
  ids = await demoIds(app.ctx.db);
});
afterAll(async () => {
  await app.close();
});

const tenantsOf = async (userId: string) =>
  (await app.ctx.db.selectFrom('memberships').select('tenant_id').where('user_id', '=', userId).execute()).map((m) => m.tenant_id);

describe.each([
  ['fin_admin', () => ids.finance],
  ['wl_admin', () => ids.logistics],
])('as %s', (account, tenant) => {
  it.each(['/api/v1/systems', '/api/v1/auth/resource_groups'])('every group of %s was created by someone of the tenant', async (url) => {
    const client = await app.as(account);
    const res = await client.req({ method: 'GET', url, tenant: tenant(), project: null });
    expect(res.statusCode).toBe(200);
    const rows = res.json().data as { tenant_id: string; created_by: string | null }[];
    for (const row of rows) {
      expect(row.tenant_id).toBe(tenant());
      expect(row.created_by).toBeTruthy();
      expect(await tenantsOf(row.created_by!)).toContain(tenant());
    }
  });
});

it('the tenants with demo systems each have them (the check above is not vacuous)', async () => {
  const groups = await app.ctx.db.selectFrom('org_groups').select('tenant_id').distinct().execute();
  expect(groups.map((g) => g.tenant_id)).toEqual(expect.arrayContaining([ids.huadong, ids.finance, ids.logistics]));
});

it('no seeded row with a tenant names a creator who belongs to another tenant', async () => {
  const { rows: tables } = await sql<{ table_name: string }>`
    select c.table_name from information_schema.columns c
    join information_schema.columns t on t.table_schema = c.table_schema and t.table_name = c.table_name and t.column_name = 'tenant_id'
    join information_schema.tables v on v.table_schema = c.table_schema and v.table_name = c.table_name and v.table_type = 'BASE TABLE'
    where c.table_schema = current_schema() and c.column_name = 'created_by'
    order by c.table_name`.execute(app.ctx.db);
  expect(tables.map((t) => t.table_name)).toContain('org_groups');
  const wrong: string[] = [];
  for (const { table_name } of tables) {
    // A creator who has tenant memberships, none of them in the row's tenant.
    const { rows } = await sql<{ n: number }>`
      select count(*)::int as n from ${sql.table(table_name)} r
      where r.created_by is not null
        and exists (select 1 from memberships m where m.user_id = r.created_by and m.tenant_id is not null)
        and not exists (select 1 from memberships m where m.user_id = r.created_by and m.tenant_id = r.tenant_id)`.execute(app.ctx.db);
    if (rows[0]!.n > 0) wrong.push(`${table_name}: ${rows[0]!.n}`);
  }
  expect(wrong).toEqual([]);
});
