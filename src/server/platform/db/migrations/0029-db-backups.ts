// Frozen once landed: add a new migration instead of editing this one.
// Backups of managed database instances (issue 29, ADR 0056): the one data backup policy of an
// instance, its backup runs with the logical dump they took (kept in Yunshu's own database, so
// every process reads it) and the restores made from them. All go with the instance.
import type { Kysely } from 'kysely';

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('db_backup_policies')
    .addColumn('id', 'char(32)', (c) => c.primaryKey())
    // exactly one data backup policy per instance (seed 001 §5)
    .addColumn('resource_id', 'char(32)', (c) => c.notNull().unique().references('resources.id').onDelete('cascade'))
    .addColumn('tenant_id', 'char(32)', (c) => c.notNull())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('retention', 'text', (c) => c.notNull())
    .addColumn('start_time', 'text', (c) => c.notNull())
    .addColumn('backup_days', 'jsonb', (c) => c.notNull())
    .addColumn('log_backup', 'boolean', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull())
    // when the simulated agent finishes the current step of an in-between state
    .addColumn('step_due_at', 'timestamptz')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull())
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull())
    .execute();
  await db.schema
    .createTable('db_backups')
    .addColumn('id', 'char(32)', (c) => c.primaryKey())
    .addColumn('resource_id', 'char(32)', (c) => c.notNull().references('resources.id').onDelete('cascade'))
    .addColumn('tenant_id', 'char(32)', (c) => c.notNull())
    .addColumn('name', 'text', (c) => c.notNull())
    // 'full' (data backup) or 'log' (every 2 hours under a policy)
    .addColumn('type', 'text', (c) => c.notNull())
    // 'manual' or 'policy'
    .addColumn('trigger', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('progress', 'integer', (c) => c.notNull().defaultTo(0))
    // the run is done by the scheduler once due (the simulated cloud's delay); claimed once
    .addColumn('due_at', 'timestamptz', (c) => c.notNull())
    .addColumn('claimed_at', 'timestamptz')
    .addColumn('engine', 'text', (c) => c.notNull())
    .addColumn('dump', 'jsonb')
    .addColumn('table_count', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('row_count', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('size_bytes', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('error', 'text')
    .addColumn('created_by', 'char(32)')
    .addColumn('started_at', 'timestamptz', (c) => c.notNull())
    .addColumn('finished_at', 'timestamptz')
    // the time point the dump holds (restores to a time at or after it use it)
    .addColumn('snapshot_at', 'timestamptz')
    .addColumn('expires_at', 'timestamptz')
    .execute();
  await db.schema.createIndex('db_backups_resource_idx').on('db_backups').columns(['resource_id', 'started_at desc', 'id']).execute();
  await db.schema.createIndex('db_backups_due_idx').on('db_backups').columns(['status', 'due_at']).execute();
  await db.schema
    .createTable('db_restores')
    .addColumn('id', 'char(32)', (c) => c.primaryKey())
    .addColumn('resource_id', 'char(32)', (c) => c.notNull().references('resources.id').onDelete('cascade'))
    .addColumn('tenant_id', 'char(32)', (c) => c.notNull())
    .addColumn('backup_id', 'char(32)', (c) => c.notNull().references('db_backups.id').onDelete('cascade'))
    .addColumn('point_in_time', 'timestamptz', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('progress', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('due_at', 'timestamptz', (c) => c.notNull())
    .addColumn('claimed_at', 'timestamptz')
    .addColumn('table_count', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('error', 'text')
    .addColumn('created_by', 'char(32)')
    .addColumn('started_at', 'timestamptz', (c) => c.notNull())
    .addColumn('finished_at', 'timestamptz')
    .execute();
  await db.schema.createIndex('db_restores_resource_idx').on('db_restores').columns(['resource_id', 'started_at desc', 'id']).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('db_restores').execute();
  await db.schema.dropTable('db_backups').execute();
  await db.schema.dropTable('db_backup_policies').execute();
}
