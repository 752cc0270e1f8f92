// Frozen once landed: add a new migration instead of editing this one.
// Notifications beyond the site message (issue 11/12): team-chat robots per project, Web Push
// subscriptions per device, the per-user category settings, one delivery row per channel and
// receiver (retried with back-off, claimed with SKIP LOCKED), and the operation log of every write.
import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('notify_channels')
    .addColumn('id', 'char(32)', (c) => c.primaryKey())
    .addColumn('tenant_id', 'char(32)', (c) => c.notNull().references('tenants.id'))
    .addColumn('project_id', 'char(32)', (c) => c.notNull().references('projects.id'))
    .addColumn('type', 'text', (c) => c.notNull())
    .addColumn('name', 'text', (c) => c.notNull())
    // webhook URL and signing secret, sealed (lib/secret-box.ts); only a masked URL is kept in clear
    .addColumn('sealed', 'text', (c) => c.notNull())
    .addColumn('url_masked', 'text', (c) => c.notNull())
    .addColumn('enabled', 'boolean', (c) => c.notNull().defaultTo(true))
    .addColumn('last_status', 'text')
    .addColumn('last_error', 'text')
    .addColumn('last_error_at', 'timestamptz')
    .addColumn('last_success_at', 'timestamptz')
    .addColumn('created_by', 'char(32)', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull())
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('notify_channels_project_idx').on('notify_channels').columns(['tenant_id', 'project_id', 'created_at']).execute();

  await db.schema
    .createTable('push_subscriptions')
    .addColumn('id', 'char(32)', (c) => c.primaryKey())
    .addColumn('user_id', 'char(32)', (c) => c.notNull().references('users.id'))
    .addColumn('endpoint', 'text', (c) => c.notNull().unique())
    // the device's p256dh and auth keys, sealed
    .addColumn('sealed_keys', 'text', (c) => c.notNull())
    .addColumn('user_agent', 'text')
    .addColumn('last_status', 'text')
    .addColumn('last_error_at', 'timestamptz')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('push_subscriptions_user_idx').on('push_subscriptions').column('user_id').execute();

  await db.schema
    .createTable('notify_settings')
    .addColumn('user_id', 'char(32)', (c) => c.notNull().references('users.id'))
    .addColumn('category', 'text', (c) => c.notNull())
    .addColumn('site', 'boolean', (c) => c.notNull())
    .addColumn('email', 'boolean', (c) => c.notNull())
    .addColumn('push', 'boolean', (c) => c.notNull())
    .addColumn('chat', 'boolean', (c) => c.notNull())
    .addPrimaryKeyConstraint('notify_settings_pk', ['user_id', 'category'])
    .execute();

  await db.schema
    .createTable('notify_deliveries')
    .addColumn('id', 'char(32)', (c) => c.primaryKey())
    .addColumn('tenant_id', 'char(32)')
    .addColumn('project_id', 'char(32)')
    .addColumn('user_id', 'char(32)')
    .addColumn('channel', 'text', (c) => c.notNull())
    // the push subscription or chat channel it goes to (null for e-mail: the user's address)
    .addColumn('target_id', 'char(32)')
    .addColumn('category', 'text', (c) => c.notNull())
    .addColumn('message', 'jsonb', (c) => c.notNull())
    .addColumn('state', 'text', (c) => c.notNull())
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('next_at', 'timestamptz', (c) => c.notNull())
    .addColumn('last_error', 'text')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull())
    .addColumn('sent_at', 'timestamptz')
    .execute();
  await db.schema.createIndex('notify_deliveries_due_idx').on('notify_deliveries').columns(['state', 'next_at']).execute();
  await db.schema.createIndex('notify_deliveries_target_idx').on('notify_deliveries').columns(['target_id', 'created_at']).execute();

  await db.schema
    .createTable('operation_logs')
    .addColumn('id', 'char(32)', (c) => c.primaryKey())
    .addColumn('seq', 'bigserial', (c) => c.notNull().unique())
    .addColumn('user_id', 'char(32)', (c) => c.notNull())
    .addColumn('account', 'text', (c) => c.notNull())
    .addColumn('nickname', 'text', (c) => c.notNull())
    .addColumn('tenant_id', 'char(32)')
    .addColumn('project_id', 'char(32)')
    .addColumn('action', 'text', (c) => c.notNull())
    .addColumn('method', 'text', (c) => c.notNull())
    .addColumn('route', 'text', (c) => c.notNull())
    .addColumn('resource_type', 'text')
    .addColumn('resource_id', 'text')
    .addColumn('resource_name', 'text')
    .addColumn('ip', 'text', (c) => c.notNull())
    .addColumn('status_code', 'integer', (c) => c.notNull())
    .addColumn('success', 'boolean', (c) => c.notNull())
    .addColumn('error_title', 'text')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('operation_logs_tenant_idx').on('operation_logs').columns(['tenant_id', 'seq']).execute();
  await db.schema
    .createIndex('operation_logs_seq_idx')
    .on('operation_logs')
    .expression(sql`seq desc`)
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const t of ['operation_logs', 'notify_deliveries', 'notify_settings', 'push_subscriptions', 'notify_channels'])
    await db.schema.dropTable(t).ifExists().execute();
}
