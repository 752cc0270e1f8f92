// Frozen once landed: add a new migration instead of editing this one.
// Data migration tasks (DTS and the data transfer centre, issue 29, ADR 0059): a task copies chosen
// tables (and at level 'user' the accounts) from one managed SQL instance of a tenant to another.
// Task names are unique in a tenant; the scheduler claims due tasks with FOR UPDATE SKIP LOCKED.
import type { Kysely } from 'kysely';

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('dts_tasks')
    .addColumn('id', 'char(32)', (c) => c.primaryKey())
    .addColumn('tenant_id', 'char(32)', (c) => c.notNull())
    .addColumn('project_id', 'char(32)')
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('type', 'text', (c) => c.notNull())
    .addColumn('level', 'text', (c) => c.notNull())
    .addColumn('source_id', 'char(32)', (c) => c.notNull().references('resources.id').onDelete('cascade'))
    .addColumn('target_id', 'char(32)', (c) => c.notNull().references('resources.id').onDelete('cascade'))
    .addColumn('engine', 'text', (c) => c.notNull())
    .addColumn('objects', 'jsonb', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('precheck', 'text', (c) => c.notNull())
    .addColumn('checks', 'jsonb', (c) => c.notNull())
    .addColumn('progress', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('table_count', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('row_count', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('error', 'text')
    .addColumn('description', 'text')
    .addColumn('due_at', 'timestamptz')
    .addColumn('claimed_at', 'timestamptz')
    .addColumn('created_by', 'char(32)')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull())
    .addColumn('started_at', 'timestamptz')
    .addColumn('finished_at', 'timestamptz')
    .execute();
  await db.schema.createIndex('dts_tasks_name_uq').on('dts_tasks').columns(['tenant_id', 'name']).unique().execute();
  await db.schema.createIndex('dts_tasks_list_idx').on('dts_tasks').columns(['tenant_id', 'created_at desc', 'id']).execute();
  await db.schema.createIndex('dts_tasks_due_idx').on('dts_tasks').columns(['status', 'due_at']).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('dts_tasks').execute();
}
