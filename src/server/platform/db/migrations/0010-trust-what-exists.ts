// Frozen once landed: add a new migration instead of editing this one.
// Issue 8 ("Trust what exists"):
// - export files live in the database (bytea), so any process serves what another wrote, and a
//   task says when it stopped at the row limit;
// - secret fields of a resource (login passwords) are kept only encrypted, in `resources.secrets`,
//   never in `spec`; the key is `SECRET_KEY` or one generated into `server_keys` on first start;
//   clear values stored before (purchases asked at POST /api/v1/approvals) are removed;
// - a process may allow its requesters to decide their own requests (default: nobody does).
import { type Kysely, sql } from 'kysely';

// The secret fields of the kinds when this migration was written (instance, phyhost, sdwan).
const SECRET_KEYS = ['password', 'access_password', 'access_password_confirm'];

export async function up(db: Kysely<any>): Promise<void> {
  await sql`alter table export_tasks add column content bytea`.execute(db);
  await sql`alter table export_tasks add column truncated boolean not null default false`.execute(db);
  await sql`alter table resources add column secrets text`.execute(db);
  await sql`create table server_keys (name text primary key, value text not null, created_at timestamptz not null default now())`.execute(db);
  await sql`alter table approval_processes add column allow_self_approval boolean not null default false`.execute(db);
  for (const key of SECRET_KEYS) {
    await sql`update resources set spec = spec - ${key} where spec ? ${key}`.execute(db);
    await sql`update approval_requests set payload = jsonb_set(payload, '{spec}', (payload->'spec') - ${key})
      where jsonb_typeof(payload->'spec') = 'object' and payload->'spec' ? ${key}`.execute(db);
    await sql`update jobs set params = params - ${key} where jsonb_typeof(params) = 'object' and params ? ${key}`.execute(db);
  }
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`alter table approval_processes drop column if exists allow_self_approval`.execute(db);
  await sql`drop table if exists server_keys`.execute(db);
  await sql`alter table resources drop column if exists secrets`.execute(db);
  await sql`alter table export_tasks drop column if exists truncated`.execute(db);
  await sql`alter table export_tasks drop column if exists content`.execute(db);
}
