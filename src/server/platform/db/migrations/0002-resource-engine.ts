// Frozen once landed: add a new migration instead of editing this one.
// The resource engine: simulator jobs, per-project quotas, tags, SMS codes, export tasks.
import { type Kysely, sql } from 'kysely';

export async function up(db: Kysely<any>): Promise<void> {
  const now = sql`now()`;
  await db.schema
    .createTable('jobs')
    .addColumn('id', 'char(32)', (c) => c.primaryKey())
    .addColumn('resource_id', 'char(32)', (c) => c.notNull())
    .addColumn('tenant_id', 'char(32)', (c) => c.notNull())
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('action', 'text', (c) => c.notNull())
    .addColumn('from_status', 'text', (c) => c.notNull())
    .addColumn('target_status', 'text', (c) => c.notNull())
    .addColumn('fail_status', 'text', (c) => c.notNull())
    .addColumn('params', 'jsonb', (c) => c.notNull().defaultTo(sql`'{}'::jsonb`))
    .addColumn('run_at', 'timestamptz', (c) => c.notNull())
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('state', 'text', (c) => c.notNull().defaultTo('queued'))
    .addColumn('error', 'text')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(now))
    .addColumn('finished_at', 'timestamptz')
    .execute();
  // The scheduler's claim: queued jobs by due time.
  await sql`create index jobs_due on jobs (run_at) where state = 'queued'`.execute(db);
  await db.schema.createIndex('jobs_resource').on('jobs').column('resource_id').execute();

  await db.schema
    .createTable('project_quotas')
    .addColumn('project_id', 'char(32)', (c) => c.notNull().references('projects.id').onDelete('cascade'))
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('max_count', 'integer', (c) => c.notNull())
    .addPrimaryKeyConstraint('project_quotas_pk', ['project_id', 'kind'])
    .execute();

  await db.schema
    .createTable('tags')
    .addColumn('id', 'char(32)', (c) => c.primaryKey())
    .addColumn('tenant_id', 'char(32)', (c) => c.notNull().references('tenants.id'))
    .addColumn('project_id', 'char(32)', (c) => c.references('projects.id'))
    .addColumn('tag_key', 'text', (c) => c.notNull())
    .addColumn('tag_value', 'text', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(now))
    .execute();
  await sql`create unique index tags_unique on tags (tenant_id, coalesce(project_id, ''), tag_key, tag_value)`.execute(db);

  await db.schema
    .createTable('tag_resources')
    .addColumn('tag_id', 'char(32)', (c) => c.notNull().references('tags.id').onDelete('cascade'))
    .addColumn('resource_id', 'char(32)', (c) => c.notNull())
    .addColumn('resource_type', 'text', (c) => c.notNull())
    .addColumn('tenant_id', 'char(32)', (c) => c.notNull())
    .addPrimaryKeyConstraint('tag_resources_pk', ['tag_id', 'resource_id'])
    .execute();
  await db.schema.createIndex('tag_resources_resource').on('tag_resources').columns(['resource_id', 'resource_type']).execute();

  await db.schema
    .createTable('sms_codes')
    .addColumn('id', 'char(32)', (c) => c.primaryKey())
    .addColumn('user_id', 'char(32)', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('operate_type', 'text', (c) => c.notNull())
    .addColumn('code_hash', 'char(64)', (c) => c.notNull())
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('used', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('expires_at', 'timestamptz', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(now))
    .execute();
  await db.schema.createIndex('sms_codes_user').on('sms_codes').columns(['user_id', 'operate_type', 'created_at']).execute();

  await db.schema
    .createTable('export_tasks')
    .addColumn('id', 'char(32)', (c) => c.primaryKey())
    .addColumn('tenant_id', 'char(32)', (c) => c.notNull())
    .addColumn('project_id', 'char(32)')
    .addColumn('user_id', 'char(32)', (c) => c.notNull())
    .addColumn('product_code', 'text', (c) => c.notNull())
    .addColumn('fields', 'jsonb', (c) => c.notNull())
    .addColumn('filters', 'jsonb', (c) => c.notNull())
    .addColumn('lang', 'text', (c) => c.notNull())
    .addColumn('state', 'text', (c) => c.notNull().defaultTo('queued'))
    .addColumn('file_name', 'text', (c) => c.notNull())
    .addColumn('row_count', 'integer')
    .addColumn('error', 'text')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(now))
    .addColumn('finished_at', 'timestamptz')
    .execute();
  await db.schema.createIndex('export_tasks_owner').on('export_tasks').columns(['tenant_id', 'user_id', 'created_at']).execute();
}

export async function down(): Promise<void> {
  throw new Error('resource engine migration is not reversible');
}
