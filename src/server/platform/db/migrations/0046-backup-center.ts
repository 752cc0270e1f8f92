// Frozen once landed: add a new migration instead of editing this one.
// The backup centre (issue 29, ADR 0073): the strategies, backup runs and recoveries of the products
// no other slice keeps (files on hosts, NAS, MongoDB, Oracle), and the recoveries of buckets' backups.
// One strategy per target (the unique index); runs and recoveries are moved by the engine's scheduler.
import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('bc_strategies')
    .addColumn('id', 'char(32)', (c) => c.primaryKey())
    .addColumn('tenant_id', 'char(32)', (c) => c.notNull())
    .addColumn('project_id', 'char(32)', (c) => c.notNull())
    .addColumn('product', 'text', (c) => c.notNull())
    .addColumn('target_id', 'char(32)', (c) => c.notNull().references('resources.id').onDelete('cascade'))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('retention', 'text', (c) => c.notNull())
    .addColumn('start_time', 'text', (c) => c.notNull())
    .addColumn('backup_days', 'text', (c) => c.notNull())
    .addColumn('log_backup', 'boolean', (c) => c.notNull())
    .addColumn('directories', 'text', (c) => c.notNull().defaultTo('[]'))
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('step_due_at', 'timestamptz')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull())
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('bc_strategies_target').on('bc_strategies').columns(['product', 'target_id']).unique().execute();
  await db.schema.createIndex('bc_strategies_scope').on('bc_strategies').columns(['tenant_id', 'project_id', 'product']).execute();
  await db.schema
    .createTable('bc_records')
    .addColumn('id', 'char(32)', (c) => c.primaryKey())
    .addColumn('tenant_id', 'char(32)', (c) => c.notNull())
    .addColumn('project_id', 'char(32)', (c) => c.notNull())
    .addColumn('product', 'text', (c) => c.notNull())
    .addColumn('strategy_id', 'char(32)', (c) => c.references('bc_strategies.id').onDelete('set null'))
    .addColumn('target_id', 'char(32)', (c) => c.notNull().references('resources.id').onDelete('cascade'))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('type', 'text', (c) => c.notNull())
    .addColumn('trigger', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('progress', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('size_bytes', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('due_at', 'timestamptz', (c) => c.notNull())
    .addColumn('started_at', 'timestamptz', (c) => c.notNull())
    .addColumn('finished_at', 'timestamptz')
    .addColumn('snapshot_at', 'timestamptz')
    .addColumn('expires_at', 'timestamptz')
    .execute();
  await db.schema.createIndex('bc_records_target').on('bc_records').columns(['target_id', 'started_at']).execute();
  await db.schema.createIndex('bc_records_scope').on('bc_records').columns(['tenant_id', 'project_id', 'product', 'started_at']).execute();
  await sql`create index bc_records_due on bc_records (due_at) where status = 'running'`.execute(db);
  await db.schema
    .createTable('bc_recoveries')
    .addColumn('id', 'char(32)', (c) => c.primaryKey())
    .addColumn('tenant_id', 'char(32)', (c) => c.notNull())
    .addColumn('project_id', 'char(32)', (c) => c.notNull())
    .addColumn('product', 'text', (c) => c.notNull())
    .addColumn('target_id', 'char(32)', (c) => c.notNull().references('resources.id').onDelete('cascade'))
    .addColumn('backup_id', 'char(32)', (c) => c.notNull())
    .addColumn('point_in_time', 'timestamptz', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('progress', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('error', 'text')
    .addColumn('created_by', 'char(32)')
    .addColumn('due_at', 'timestamptz', (c) => c.notNull())
    .addColumn('started_at', 'timestamptz', (c) => c.notNull())
    .addColumn('finished_at', 'timestamptz')
    .execute();
  await db.schema.createIndex('bc_recoveries_scope').on('bc_recoveries').columns(['tenant_id', 'project_id', 'product', 'started_at']).execute();
  await sql`create index bc_recoveries_due on bc_recoveries (due_at) where status = 'restoring'`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('bc_recoveries').execute();
  await db.schema.dropTable('bc_records').execute();
  await db.schema.dropTable('bc_strategies').execute();
}
