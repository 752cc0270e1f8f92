// Frozen once landed: add a new migration instead of editing this one.
// Disaster recovery, CDP protection and data-lake ingestion tasks (issue 29, ADR 0060). Each task
// belongs to a tenant and project; its instances are resources (cascade: a task goes with them).
import type { Kysely } from 'kysely';

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('dr_tasks')
    .addColumn('id', 'char(32)', (c) => c.primaryKey())
    .addColumn('tenant_id', 'char(32)', (c) => c.notNull())
    .addColumn('project_id', 'char(32)')
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('engine', 'text', (c) => c.notNull())
    .addColumn('source_id', 'char(32)', (c) => c.notNull().references('resources.id').onDelete('cascade'))
    .addColumn('standby_id', 'char(32)', (c) => c.notNull().references('resources.id').onDelete('cascade'))
    .addColumn('threads', 'integer', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull())
    // when the simulated cloud finishes the current in-between state (CLOUD_SIM_DELAY_MS)
    .addColumn('due_at', 'timestamptz')
    .addColumn('switchovers', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('switched_at', 'timestamptz')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull())
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull())
    .execute();
  // task names are unique in a tenant (seed 001 §6: task name duplicated)
  await db.schema.createIndex('dr_tasks_tenant_name').on('dr_tasks').columns(['tenant_id', 'name']).unique().execute();
  await db.schema
    .createTable('cdp_tasks')
    .addColumn('id', 'char(32)', (c) => c.primaryKey())
    .addColumn('tenant_id', 'char(32)', (c) => c.notNull())
    .addColumn('resource_id', 'char(32)', (c) => c.notNull().references('resources.id').onDelete('cascade'))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('retention_days', 'integer', (c) => c.notNull())
    .addColumn('space_gb', 'double precision', (c) => c.notNull())
    .addColumn('data_bytes', 'bigint', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('due_at', 'timestamptz')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull())
    .execute();
  await db.schema
    .createTable('lake_tasks')
    .addColumn('id', 'char(32)', (c) => c.primaryKey())
    .addColumn('tenant_id', 'char(32)', (c) => c.notNull())
    .addColumn('resource_id', 'char(32)', (c) => c.notNull().references('resources.id').onDelete('cascade'))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('topic', 'text', (c) => c.notNull())
    .addColumn('src_id', 'text', (c) => c.notNull())
    .addColumn('threads', 'integer', (c) => c.notNull())
    .addColumn('batch_limit', 'integer', (c) => c.notNull())
    .addColumn('objects', 'jsonb', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('due_at', 'timestamptz')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('lake_tasks_resource_name').on('lake_tasks').columns(['resource_id', 'name']).unique().execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('lake_tasks').execute();
  await db.schema.dropTable('cdp_tasks').execute();
  await db.schema.dropTable('dr_tasks').execute();
}
