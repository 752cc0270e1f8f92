// Frozen once landed: add a new migration instead of editing this one.
// Lists across every kind of a scope (GET /api/v1/resources, the overview) order by
// created_at desc, id desc without a kind filter; resources_keyset has kind in the middle and
// cannot give that order, so each page sorted the whole scope (~100 ms at 100,000 rows, found by
// `npm run bench`). These serve the project scope and the whole-tenant scope.
import { type Kysely, sql } from 'kysely';

export async function up(db: Kysely<any>): Promise<void> {
  await sql`create index resources_project_created on resources (tenant_id, project_id, created_at desc, id desc)`.execute(db);
  await sql`create index resources_tenant_created on resources (tenant_id, created_at desc, id desc)`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`drop index if exists resources_project_created`.execute(db);
  await sql`drop index if exists resources_tenant_created`.execute(db);
}
