// Frozen once landed: add a new migration instead of editing this one.
// Access (issue 15, ADR 0021): user groups (platform groups with platform roles, tenant groups
// with that tenant's roles) and their members, policies (named sets of permission strings that
// include or exclude tenants and projects) and their grants to users or groups. Members get the
// group's roles and every grant's permissions: each change NOTIFYs `yunshu_access` like migration
// 0018's triggers (a member's user `u:<id>`; a group's roles or a policy: everything, `*`), so
// every process drops what it cached.
import { type Kysely, sql } from 'kysely';

const TABLES = ['user_groups', 'user_group_roles', 'user_group_members', 'policies', 'policy_grants'];

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('user_groups')
    .addColumn('id', 'char(32)', (c) => c.primaryKey())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('description', 'text', (c) => c.notNull().defaultTo(''))
    // null: a platform group (admin portal, platform roles only)
    .addColumn('tenant_id', 'char(32)', (c) => c.references('tenants.id'))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await sql`create unique index user_groups_name_idx on user_groups (coalesce(tenant_id, ''), name)`.execute(db);
  await db.schema
    .createTable('user_group_roles')
    .addColumn('id', 'char(32)', (c) => c.primaryKey())
    .addColumn('group_id', 'char(32)', (c) => c.notNull().references('user_groups.id').onDelete('cascade'))
    .addColumn('role', 'text', (c) => c.notNull())
    // a project role is held in one project of the group's tenant
    .addColumn('project_id', 'char(32)', (c) => c.references('projects.id'))
    .execute();
  await db.schema.createIndex('user_group_roles_group_idx').on('user_group_roles').column('group_id').execute();
  await db.schema
    .createTable('user_group_members')
    .addColumn('group_id', 'char(32)', (c) => c.notNull().references('user_groups.id').onDelete('cascade'))
    .addColumn('user_id', 'char(32)', (c) => c.notNull().references('users.id'))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addPrimaryKeyConstraint('user_group_members_pk', ['group_id', 'user_id'])
    .execute();
  await db.schema.createIndex('user_group_members_user_idx').on('user_group_members').column('user_id').execute();
  await db.schema
    .createTable('policies')
    .addColumn('id', 'char(32)', (c) => c.primaryKey())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('description', 'text', (c) => c.notNull().defaultTo(''))
    // null: a platform policy
    .addColumn('tenant_id', 'char(32)', (c) => c.references('tenants.id'))
    .addColumn('template_code', 'text')
    .addColumn('permissions', 'jsonb', (c) => c.notNull())
    .addColumn('include_tenants', 'jsonb', (c) => c.notNull().defaultTo(sql`'[]'::jsonb`))
    .addColumn('exclude_tenants', 'jsonb', (c) => c.notNull().defaultTo(sql`'[]'::jsonb`))
    .addColumn('include_projects', 'jsonb', (c) => c.notNull().defaultTo(sql`'[]'::jsonb`))
    .addColumn('exclude_projects', 'jsonb', (c) => c.notNull().defaultTo(sql`'[]'::jsonb`))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await sql`create unique index policies_name_idx on policies (coalesce(tenant_id, ''), name)`.execute(db);
  await db.schema
    .createTable('policy_grants')
    .addColumn('id', 'char(32)', (c) => c.primaryKey())
    .addColumn('policy_id', 'char(32)', (c) => c.notNull().references('policies.id').onDelete('cascade'))
    .addColumn('user_id', 'char(32)', (c) => c.references('users.id'))
    .addColumn('group_id', 'char(32)', (c) => c.references('user_groups.id').onDelete('cascade'))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addCheckConstraint('policy_grants_one_target', sql`(user_id is null) <> (group_id is null)`)
    .execute();
  await sql`create unique index policy_grants_target_idx on policy_grants (policy_id, coalesce(user_id, ''), coalesce(group_id, ''))`.execute(db);
  await db.schema.createIndex('policy_grants_user_idx').on('policy_grants').column('user_id').execute();
  await db.schema.createIndex('policy_grants_group_idx').on('policy_grants').column('group_id').execute();

  await sql`
    create or replace function yunshu_access_changed_0020() returns trigger language plpgsql as $$
    begin
      if tg_level = 'STATEMENT' or tg_table_name <> 'user_group_members' then
        perform pg_notify('yunshu_access', '*');
        return null;
      end if;
      if tg_op <> 'INSERT' then perform pg_notify('yunshu_access', 'u:' || trim(old.user_id)); end if;
      if tg_op <> 'DELETE' then perform pg_notify('yunshu_access', 'u:' || trim(new.user_id)); end if;
      return null;
    end
    $$`.execute(db);
  for (const table of TABLES) {
    await sql`create trigger ${sql.id(`${table}_access_changed`)} after insert or update or delete on ${sql.table(table)} for each row execute function yunshu_access_changed_0020()`.execute(
      db,
    );
    await sql`create trigger ${sql.id(`${table}_access_truncated`)} after truncate on ${sql.table(table)} for each statement execute function yunshu_access_changed_0020()`.execute(
      db,
    );
  }
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const table of [...TABLES].reverse()) await db.schema.dropTable(table).ifExists().execute();
  await sql`drop function if exists yunshu_access_changed_0020()`.execute(db);
}
