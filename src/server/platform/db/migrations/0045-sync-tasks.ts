// Frozen once landed: add a new migration instead of editing this one.
// Database object-storage sync tasks (issue 29, ADR 0071): one run of a sync instance (a resource of
// kind sync_instance) copying a database's logical dump or a bucket's objects into the target bucket.
// Names of the source and target are kept so the record reads the same after they are gone; queued
// tasks are claimed FOR UPDATE SKIP LOCKED by one server process.
import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('sync_tasks')
    .addColumn('id', 'char(32)', (c) => c.primaryKey())
    .addColumn('tenant_id', 'char(32)', (c) => c.notNull())
    .addColumn('project_id', 'char(32)', (c) => c.notNull())
    .addColumn('instance_id', 'char(32)', (c) => c.notNull())
    .addColumn('instance_name', 'text', (c) => c.notNull())
    .addColumn('source_type', 'text', (c) => c.notNull())
    .addColumn('source_id', 'char(32)', (c) => c.notNull())
    .addColumn('source_name', 'text', (c) => c.notNull())
    .addColumn('target_bucket_id', 'char(32)', (c) => c.notNull())
    .addColumn('target_bucket_name', 'text', (c) => c.notNull())
    .addColumn('target_prefix', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('objects', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('bytes', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('first_key', 'text')
    .addColumn('error', 'text')
    .addColumn('created_by', 'char(32)')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull())
    .addColumn('due_at', 'timestamptz', (c) => c.notNull())
    .addColumn('claimed_at', 'timestamptz')
    .addColumn('started_at', 'timestamptz')
    .addColumn('finished_at', 'timestamptz')
    .execute();
  await db.schema.createIndex('sync_tasks_tenant').on('sync_tasks').columns(['tenant_id', 'project_id', 'created_at']).execute();
  await db.schema.createIndex('sync_tasks_instance').on('sync_tasks').columns(['instance_id', 'status']).execute();
  await sql`create index sync_tasks_due on sync_tasks (due_at) where status = 'queued'`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('sync_tasks').execute();
}
