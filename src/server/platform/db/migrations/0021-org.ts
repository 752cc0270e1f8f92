// Frozen once landed: add a new migration instead of editing this one.
// Issue 15 (access and organisation): the project's English name and remark, the tenant's quota
// switches per cloud (private / public), the public-cloud limits of a project, systems and resource
// groups with the resources they hold, and the administrative organisation above the tenants.
// Projects and memberships already NOTIFY the access caches (migration 0018); nothing here changes
// who may do what.
import { type Kysely, sql } from 'kysely';

export async function up(db: Kysely<any>): Promise<void> {
  const now = sql`now()`;
  await db.schema
    .alterTable('projects')
    .addColumn('name_en', 'text', (c) => c.notNull().defaultTo(''))
    .execute();
  await db.schema
    .alterTable('projects')
    .addColumn('remark', 'text', (c) => c.notNull().defaultTo(''))
    .execute();
  await sql`update projects set name_en = regexp_replace(name, '[^A-Za-z0-9_-]', '-', 'g')`.execute(db);

  await db.schema
    .createTable('org_quota_switches')
    .addColumn('tenant_id', 'char(32)', (c) => c.notNull().references('tenants.id').onDelete('cascade'))
    .addColumn('cloud', 'text', (c) => c.notNull())
    .addColumn('enabled', 'boolean', (c) => c.notNull())
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(now))
    .addPrimaryKeyConstraint('org_quota_switches_pk', ['tenant_id', 'cloud'])
    .execute();

  await db.schema
    .createTable('project_public_quotas')
    .addColumn('project_id', 'char(32)', (c) => c.notNull().references('projects.id').onDelete('cascade'))
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('measure', 'text', (c) => c.notNull())
    .addColumn('max_count', 'integer', (c) => c.notNull())
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(now))
    .addPrimaryKeyConstraint('project_public_quotas_pk', ['project_id', 'kind', 'measure'])
    .execute();

  await db.schema
    .createTable('org_groups')
    .addColumn('id', 'char(32)', (c) => c.primaryKey())
    .addColumn('tenant_id', 'char(32)', (c) => c.notNull().references('tenants.id').onDelete('cascade'))
    .addColumn('project_id', 'char(32)', (c) => c.notNull().references('projects.id').onDelete('cascade'))
    .addColumn('type', 'text', (c) => c.notNull())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('description', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('created_by', 'char(32)', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(now))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(now))
    .execute();
  await sql`create unique index org_groups_name on org_groups (tenant_id, type, name)`.execute(db);

  await db.schema
    .createTable('org_group_resources')
    .addColumn('group_id', 'char(32)', (c) => c.notNull().references('org_groups.id').onDelete('cascade'))
    .addColumn('resource_id', 'char(32)', (c) => c.notNull().references('resources.id').onDelete('cascade'))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(now))
    .addPrimaryKeyConstraint('org_group_resources_pk', ['group_id', 'resource_id'])
    .execute();
  await sql`create index org_group_resources_resource on org_group_resources (resource_id)`.execute(db);

  await db.schema
    .createTable('org_units')
    .addColumn('id', 'char(32)', (c) => c.primaryKey())
    .addColumn('parent_id', 'char(32)', (c) => c.references('org_units.id').onDelete('cascade'))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('enabled', 'boolean', (c) => c.notNull().defaultTo(true))
    .addColumn('sort_value', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema
    .createTable('org_unit_tenants')
    .addColumn('tenant_id', 'char(32)', (c) => c.primaryKey().references('tenants.id').onDelete('cascade'))
    .addColumn('unit_id', 'char(32)', (c) => c.notNull().references('org_units.id').onDelete('cascade'))
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const t of ['org_unit_tenants', 'org_units', 'org_group_resources', 'org_groups', 'project_public_quotas', 'org_quota_switches']) {
    await db.schema.dropTable(t).ifExists().execute();
  }
  await db.schema.alterTable('projects').dropColumn('remark').execute();
  await db.schema.alterTable('projects').dropColumn('name_en').execute();
}
