// Frozen once landed: add a new migration instead of editing this one.
// Every change to who may do what — a session ended or shortened, a user changed (locked), a
// membership added, changed or removed, a tenant or project changed or removed — NOTIFYs
// `yunshu_access` once committed, so each server process can drop what it cached of it
// (ADR 0015). Triggers, not application code: a change made by any code path, a later feature or
// a person at psql reaches the caches the same way. Payloads: `u:<user id>`, `t:<tenant id>`,
// `p:<project id>`, `*` (a TRUNCATE: drop everything).
import { type Kysely, sql } from 'kysely';

export async function up(db: Kysely<any>): Promise<void> {
  await sql`
    create or replace function yunshu_access_changed() returns trigger language plpgsql as $$
    declare
      prefix text := case tg_table_name when 'tenants' then 't:' when 'projects' then 'p:' else 'u:' end;
    begin
      if tg_level = 'STATEMENT' then
        perform pg_notify('yunshu_access', '*');
        return null;
      end if;
      if tg_table_name in ('tenants', 'projects', 'users') then
        if tg_op <> 'INSERT' then perform pg_notify('yunshu_access', prefix || trim(old.id)); end if;
        if tg_op = 'UPDATE' and new.id <> old.id then perform pg_notify('yunshu_access', prefix || trim(new.id)); end if;
      else
        -- sessions and memberships: the user they belong to
        if tg_op <> 'INSERT' then perform pg_notify('yunshu_access', 'u:' || trim(old.user_id)); end if;
        if tg_op <> 'DELETE' then perform pg_notify('yunshu_access', 'u:' || trim(new.user_id)); end if;
      end if;
      return null;
    end
    $$`.execute(db);
  // Sessions: a new one changes nothing cached (unknown tokens are never cached).
  await sql`create trigger sessions_access_changed after update or delete on sessions for each row execute function yunshu_access_changed()`.execute(db);
  await sql`create trigger users_access_changed after update or delete on users for each row execute function yunshu_access_changed()`.execute(db);
  await sql`create trigger memberships_access_changed after insert or update or delete on memberships for each row execute function yunshu_access_changed()`.execute(
    db,
  );
  await sql`create trigger tenants_access_changed after update or delete on tenants for each row execute function yunshu_access_changed()`.execute(db);
  await sql`create trigger projects_access_changed after update or delete on projects for each row execute function yunshu_access_changed()`.execute(db);
  for (const table of ['sessions', 'users', 'memberships', 'tenants', 'projects']) {
    await sql`create trigger ${sql.id(`${table}_access_truncated`)} after truncate on ${sql.table(table)} for each statement execute function yunshu_access_changed()`.execute(
      db,
    );
  }
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const table of ['sessions', 'users', 'memberships', 'tenants', 'projects']) {
    await sql`drop trigger if exists ${sql.id(`${table}_access_changed`)} on ${sql.table(table)}`.execute(db);
    await sql`drop trigger if exists ${sql.id(`${table}_access_truncated`)} on ${sql.table(table)}`.execute(db);
  }
  await sql`drop function if exists yunshu_access_changed()`.execute(db);
}
