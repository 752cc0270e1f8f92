// Frozen once landed: add a new migration instead of editing this one.
// DR templates and their associations with DR tasks, host protection tasks (file copy, file
// comparison, whole-machine copy, file transfer) and DR comparison tasks (issue 29, ADR 0062).
import type { Kysely } from 'kysely';

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('dr_templates')
    .addColumn('id', 'char(32)', (c) => c.primaryKey())
    .addColumn('tenant_id', 'char(32)', (c) => c.notNull())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('engine', 'text', (c) => c.notNull())
    .addColumn('sync_mode', 'text', (c) => c.notNull())
    .addColumn('frequency_min', 'integer', (c) => c.notNull())
    .addColumn('retention_days', 'integer', (c) => c.notNull())
    .addColumn('placement', 'text', (c) => c.notNull())
    .addColumn('threads', 'integer', (c) => c.notNull())
    .addColumn('description', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull())
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('dr_templates_tenant_name').on('dr_templates').columns(['tenant_id', 'name']).unique().execute();
  await db.schema
    .createTable('dr_template_links')
    .addColumn('id', 'char(32)', (c) => c.primaryKey())
    .addColumn('tenant_id', 'char(32)', (c) => c.notNull())
    // a template in use cannot be deleted: the service refuses, the key keeps it so
    .addColumn('template_id', 'char(32)', (c) => c.notNull().references('dr_templates.id').onDelete('restrict'))
    .addColumn('dr_task_id', 'char(32)', (c) => c.notNull().unique().references('dr_tasks.id').onDelete('cascade'))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull())
    .execute();
  await db.schema
    .createTable('host_tasks')
    .addColumn('id', 'char(32)', (c) => c.primaryKey())
    .addColumn('tenant_id', 'char(32)', (c) => c.notNull())
    .addColumn('project_id', 'char(32)')
    .addColumn('type', 'text', (c) => c.notNull())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('source_id', 'char(32)', (c) => c.notNull().references('resources.id').onDelete('cascade'))
    .addColumn('source_path', 'text')
    // [{host_id, path}]: the standby host of a whole-machine copy, up to 5 transfer targets
    .addColumn('targets', 'jsonb', (c) => c.notNull())
    .addColumn('sync_items', 'jsonb', (c) => c.notNull())
    .addColumn('excluded_items', 'jsonb', (c) => c.notNull())
    .addColumn('compression', 'text')
    .addColumn('encryption', 'text')
    // the encryption key, sealed with the platform's secret box; never answered
    .addColumn('key_sealed', 'text')
    .addColumn('overwrite', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('create_dir', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('due_at', 'timestamptz')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull())
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('host_tasks_tenant_type').on('host_tasks').columns(['tenant_id', 'type', 'created_at']).execute();
  await db.schema
    .createTable('dr_compare_tasks')
    .addColumn('id', 'char(32)', (c) => c.primaryKey())
    .addColumn('tenant_id', 'char(32)', (c) => c.notNull())
    .addColumn('dr_task_id', 'char(32)', (c) => c.notNull().references('dr_tasks.id').onDelete('cascade'))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('tables', 'jsonb', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull())
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('dr_compare_tasks').execute();
  await db.schema.dropTable('host_tasks').execute();
  await db.schema.dropTable('dr_template_links').execute();
  await db.schema.dropTable('dr_templates').execute();
}
