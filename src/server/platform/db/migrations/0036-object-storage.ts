// Frozen once landed: add a new migration instead of editing this one.
// Object storage (issue 30, ADR 0063): bucket names released by a delete (free again after 30
// minutes), the S3 keys (secret sealed), objects and their bytes in 256 KB chunks (a blob is the
// chunks of one upload; an object points at its blob, so a replaced object swaps blobs in one
// transaction), multipart uploads, lifecycle rules, sync and backup strategies with their records,
// and a per-day request counter. Buckets themselves are resources (kind oss_bucket).
import { sql, type Kysely } from 'kysely';

const tenantTable = (db: Kysely<any>, name: string) =>
  db.schema
    .createTable(name)
    .addColumn('id', 'char(32)', (c) => c.primaryKey())
    .addColumn('tenant_id', 'char(32)', (c) => c.notNull());

async function objects(db: Kysely<any>) {
  await db.schema
    .createTable('oss_objects')
    .addColumn('id', 'char(32)', (c) => c.primaryKey())
    .addColumn('tenant_id', 'char(32)', (c) => c.notNull())
    .addColumn('bucket_id', 'char(32)', (c) => c.notNull().references('resources.id').onDelete('cascade'))
    .addColumn('key', 'text', (c) => c.notNull())
    .addColumn('blob_id', 'char(32)', (c) => c.notNull())
    .addColumn('size', 'bigint', (c) => c.notNull())
    .addColumn('content_type', 'text', (c) => c.notNull())
    .addColumn('etag', 'text', (c) => c.notNull())
    .addColumn('storage_class', 'text', (c) => c.notNull().defaultTo('standard'))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull())
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull())
    .execute();
  // keyset listing by key within a bucket (prefix scans use the text_pattern_ops index)
  await db.schema.createIndex('oss_objects_bucket_key').on('oss_objects').columns(['bucket_id', 'key']).unique().execute();
  await sql`create index oss_objects_bucket_key_pattern on oss_objects (bucket_id, key text_pattern_ops)`.execute(db);
  await db.schema
    .createTable('oss_chunks')
    .addColumn('blob_id', 'char(32)', (c) => c.notNull())
    // multipart parts keep their numbers in the high digits (part * 1e6 + chunk), so a completed
    // upload orders its parts' chunks without copying them
    .addColumn('seq', 'bigint', (c) => c.notNull())
    .addColumn('len', 'integer', (c) => c.notNull())
    .addColumn('data', 'bytea', (c) => c.notNull())
    .addPrimaryKeyConstraint('oss_chunks_pk', ['blob_id', 'seq'])
    .execute();
  // stored out of line without compression: objects are mostly compressed already (images,
  // archives), and compressing 256 KB in vain on every write halves the embedded database's speed
  await sql`alter table oss_chunks alter column data set storage external`.execute(db);
  await tenantTable(db, 'oss_multipart_uploads')
    .addColumn('bucket_id', 'char(32)', (c) => c.notNull().references('resources.id').onDelete('cascade'))
    .addColumn('key', 'text', (c) => c.notNull())
    .addColumn('content_type', 'text', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull())
    .execute();
  await db.schema
    .createTable('oss_multipart_parts')
    .addColumn('upload_id', 'char(32)', (c) => c.notNull().references('oss_multipart_uploads.id').onDelete('cascade'))
    .addColumn('part_number', 'integer', (c) => c.notNull())
    .addColumn('blob_id', 'char(32)', (c) => c.notNull())
    .addColumn('size', 'bigint', (c) => c.notNull())
    .addColumn('etag', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('oss_multipart_parts_pk', ['upload_id', 'part_number'])
    .execute();
}

async function strategies(db: Kysely<any>) {
  await tenantTable(db, 'oss_lifecycle_rules')
    .addColumn('bucket_id', 'char(32)', (c) => c.notNull().references('resources.id').onDelete('cascade'))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('scope', 'text', (c) => c.notNull())
    .addColumn('prefix', 'text')
    .addColumn('expire_days', 'integer')
    .addColumn('expire_date', 'text')
    .addColumn('enabled', 'boolean', (c) => c.notNull())
    // the Beijing day it last ran on (YYYY-MM-DD): once a day
    .addColumn('last_run_on', 'text')
    .addColumn('expired_objects', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull())
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull())
    .execute();
  await tenantTable(db, 'oss_sync_strategies')
    .addColumn('project_id', 'char(32)', (c) => c.notNull())
    .addColumn('bucket_id', 'char(32)', (c) => c.notNull().references('resources.id').onDelete('cascade'))
    .addColumn('target_bucket_id', 'char(32)', (c) => c.notNull().references('resources.id').onDelete('cascade'))
    .addColumn('prefix', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('sync_delete', 'boolean', (c) => c.notNull())
    .addColumn('enabled', 'boolean', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('last_run_at', 'timestamptz')
    .addColumn('synced_objects', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('synced_bytes', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull())
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull())
    .execute();
  await tenantTable(db, 'oss_backup_strategies')
    .addColumn('project_id', 'char(32)', (c) => c.notNull())
    .addColumn('bucket_id', 'char(32)', (c) => c.notNull().references('resources.id').onDelete('cascade'))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('cycle', 'text', (c) => c.notNull())
    .addColumn('time', 'text', (c) => c.notNull())
    .addColumn('retention_days', 'integer', (c) => c.notNull())
    .addColumn('enabled', 'boolean', (c) => c.notNull())
    .addColumn('last_run_at', 'timestamptz')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull())
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull())
    .execute();
  await tenantTable(db, 'oss_backup_records')
    .addColumn('strategy_id', 'char(32)', (c) => c.notNull().references('oss_backup_strategies.id').onDelete('cascade'))
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('objects', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('bytes', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('started_at', 'timestamptz', (c) => c.notNull())
    .addColumn('finished_at', 'timestamptz')
    .execute();
  await db.schema.createIndex('oss_backup_records_strategy').on('oss_backup_records').columns(['strategy_id', 'started_at']).execute();
  // the copies a backup keeps: the objects as they were, each with its own blob
  await db.schema
    .createTable('oss_backup_objects')
    .addColumn('record_id', 'char(32)', (c) => c.notNull().references('oss_backup_records.id').onDelete('cascade'))
    .addColumn('key', 'text', (c) => c.notNull())
    .addColumn('blob_id', 'char(32)', (c) => c.notNull())
    .addColumn('size', 'bigint', (c) => c.notNull())
    .addColumn('etag', 'text', (c) => c.notNull())
    .addColumn('content_type', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('oss_backup_objects_pk', ['record_id', 'key'])
    .execute();
}

export async function up(db: Kysely<any>): Promise<void> {
  // a bucket name is unique on the whole platform
  await sql`create unique index resources_oss_bucket_name on resources (name) where kind = 'oss_bucket'`.execute(db);
  await db.schema
    .createTable('oss_released_names')
    .addColumn('name', 'text', (c) => c.primaryKey())
    .addColumn('released_at', 'timestamptz', (c) => c.notNull())
    .execute();
  await tenantTable(db, 'oss_keys')
    .addColumn('project_id', 'char(32)', (c) => c.notNull())
    .addColumn('user_id', 'char(32)', (c) => c.notNull())
    .addColumn('access_key_id', 'text', (c) => c.notNull().unique())
    // the secret, sealed with the platform's secret box: SigV4 needs it to verify, nobody reads it
    .addColumn('secret_sealed', 'text', (c) => c.notNull())
    .addColumn('description', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull())
    .addColumn('last_used_at', 'timestamptz')
    .execute();
  await db.schema.createIndex('oss_keys_tenant_project').on('oss_keys').columns(['tenant_id', 'project_id', 'created_at']).execute();
  await objects(db);
  await strategies(db);
  await db.schema
    .createTable('oss_request_counts')
    .addColumn('tenant_id', 'char(32)', (c) => c.notNull())
    .addColumn('day', 'text', (c) => c.notNull())
    .addColumn('count', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('oss_request_counts_pk', ['tenant_id', 'day'])
    .execute();
}
