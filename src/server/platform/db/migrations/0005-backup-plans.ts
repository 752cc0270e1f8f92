// Frozen once landed: add a new migration instead of editing this one.
// Backup plans of hosts and disks (seed 000 §3): scoped by tenant and project like the resource
// they belong to, and gone with it.
import { type Kysely, sql } from 'kysely';

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('backup_plans')
    .addColumn('id', 'char(32)', (c) => c.primaryKey())
    .addColumn('tenant_id', 'char(32)', (c) => c.notNull().references('tenants.id'))
    .addColumn('project_id', 'char(32)', (c) => c.notNull().references('projects.id'))
    .addColumn('resource_id', 'char(32)', (c) => c.notNull().references('resources.id').onDelete('cascade'))
    .addColumn('resource_kind', 'text', (c) => c.notNull())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('schedule_type', 'text', (c) => c.notNull())
    .addColumn('start_time', 'text', (c) => c.notNull())
    .addColumn('backup_freq', 'text', (c) => c.notNull())
    .addColumn('backup_days', 'jsonb', (c) => c.notNull())
    // an option name ('3month', 'permanent') or, for CTyun, a number of days
    .addColumn('retention_time', 'text', (c) => c.notNull())
    .addColumn('device_type', 'text', (c) => c.notNull())
    .addColumn('created_by', 'char(32)')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await sql`create index backup_plans_resource on backup_plans (tenant_id, resource_id, created_at desc, id desc)`.execute(db);
  await sql`create index backup_plans_scope on backup_plans (tenant_id, project_id, created_at desc, id desc)`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('backup_plans').ifExists().execute();
}
