// Frozen once landed: add a new migration instead of editing this one.
// The service desk (issue 12): work order types, questions and templates (texts per language),
// work orders with their reply thread and attachments, and feedback. Attachment bytes live in the
// database (bytea) so every server process serves them (ARCHITECTURE "Bytes every process can read").
import type { Kysely } from 'kysely';

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('workorder_types')
    .addColumn('id', 'char(32)', (c) => c.primaryKey())
    .addColumn('name', 'jsonb', (c) => c.notNull())
    .addColumn('description', 'jsonb', (c) => c.notNull())
    .addColumn('sort', 'integer', (c) => c.notNull())
    .execute();
  await db.schema
    .createTable('workorder_questions')
    .addColumn('id', 'char(32)', (c) => c.primaryKey())
    .addColumn('type_id', 'char(32)', (c) => c.notNull().references('workorder_types.id'))
    .addColumn('name', 'jsonb', (c) => c.notNull())
    .addColumn('sort', 'integer', (c) => c.notNull())
    .execute();
  await db.schema
    .createTable('workorder_templates')
    .addColumn('id', 'char(32)', (c) => c.primaryKey())
    .addColumn('type_id', 'char(32)', (c) => c.notNull().references('workorder_types.id'))
    .addColumn('name', 'jsonb', (c) => c.notNull())
    .addColumn('content', 'jsonb', (c) => c.notNull())
    .addColumn('sort', 'integer', (c) => c.notNull())
    .execute();
  await db.schema
    .createTable('workorders')
    .addColumn('id', 'char(32)', (c) => c.primaryKey())
    .addColumn('number', 'text', (c) => c.notNull().unique())
    .addColumn('tenant_id', 'char(32)', (c) => c.notNull().references('tenants.id'))
    .addColumn('project_id', 'char(32)')
    .addColumn('creator_id', 'char(32)', (c) => c.notNull().references('users.id'))
    .addColumn('type_id', 'char(32)', (c) => c.notNull().references('workorder_types.id'))
    .addColumn('question_id', 'char(32)')
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('contact', 'text', (c) => c.notNull())
    .addColumn('phone', 'text', (c) => c.notNull())
    .addColumn('email', 'text', (c) => c.notNull())
    .addColumn('urgency', 'text', (c) => c.notNull())
    .addColumn('contact_time', 'text', (c) => c.notNull())
    .addColumn('description', 'text', (c) => c.notNull())
    .addColumn('resource_ids', 'jsonb', (c) => c.notNull().defaultTo('[]'))
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('rating', 'integer')
    .addColumn('rating_comment', 'text')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull())
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('workorders_tenant_idx').on('workorders').columns(['tenant_id', 'created_at']).execute();
  await db.schema
    .createTable('workorder_replies')
    .addColumn('id', 'char(32)', (c) => c.primaryKey())
    .addColumn('workorder_id', 'char(32)', (c) => c.notNull().references('workorders.id').onDelete('cascade'))
    .addColumn('author_id', 'char(32)', (c) => c.notNull().references('users.id'))
    .addColumn('side', 'text', (c) => c.notNull())
    .addColumn('content', 'text', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull())
    .addColumn('seq', 'bigserial', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('workorder_replies_wo_idx').on('workorder_replies').columns(['workorder_id', 'seq']).execute();
  await db.schema
    .createTable('workorder_attachments')
    .addColumn('id', 'char(32)', (c) => c.primaryKey())
    .addColumn('tenant_id', 'char(32)', (c) => c.notNull().references('tenants.id'))
    .addColumn('uploader_id', 'char(32)', (c) => c.notNull().references('users.id'))
    .addColumn('workorder_id', 'char(32)', (c) => c.references('workorders.id').onDelete('cascade'))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('mime', 'text', (c) => c.notNull())
    .addColumn('size', 'integer', (c) => c.notNull())
    .addColumn('data', 'bytea', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('workorder_attachments_wo_idx').on('workorder_attachments').columns(['workorder_id']).execute();
  await db.schema
    .createTable('feedbacks')
    .addColumn('id', 'char(32)', (c) => c.primaryKey())
    .addColumn('tenant_id', 'char(32)', (c) => c.notNull().references('tenants.id'))
    .addColumn('project_id', 'char(32)')
    .addColumn('creator_id', 'char(32)', (c) => c.notNull().references('users.id'))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('phone', 'text', (c) => c.notNull())
    .addColumn('email', 'text', (c) => c.notNull())
    .addColumn('type', 'text', (c) => c.notNull())
    .addColumn('content', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('reply', 'text')
    .addColumn('replier_id', 'char(32)')
    .addColumn('replied_at', 'timestamptz')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull())
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('feedbacks_tenant_idx').on('feedbacks').columns(['tenant_id', 'created_at']).execute();
  // The user centre's profile fields (seed 001 §3 "User"): the ID number only sealed (secret box).
  await db.schema.alterTable('users').addColumn('id_number_sealed', 'text').execute();
  await db.schema.alterTable('users').addColumn('industry', 'text').execute();
  await db.schema.alterTable('users').addColumn('enterprise', 'text').execute();
  // A phone change waits for review (1–2 working days).
  await db.schema
    .createTable('phone_change_requests')
    .addColumn('id', 'char(32)', (c) => c.primaryKey())
    .addColumn('user_id', 'char(32)', (c) => c.notNull().references('users.id'))
    .addColumn('phone', 'text', (c) => c.notNull())
    .addColumn('area_code', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull())
    .execute();
  // Enterprise real-name verification (auth): the licence and its review.
  await db.schema
    .createTable('enterprise_verifications')
    .addColumn('id', 'char(32)', (c) => c.primaryKey())
    .addColumn('user_id', 'char(32)', (c) => c.notNull().references('users.id'))
    .addColumn('enterprise', 'text', (c) => c.notNull())
    .addColumn('licence_number', 'text', (c) => c.notNull())
    .addColumn('licence_name', 'text', (c) => c.notNull())
    .addColumn('licence_mime', 'text', (c) => c.notNull())
    .addColumn('licence_data', 'bytea', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('reject_reason', 'text')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull())
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('enterprise_verifications').ifExists().execute();
  await db.schema.dropTable('phone_change_requests').ifExists().execute();
  for (const c of ['id_number_sealed', 'industry', 'enterprise']) await db.schema.alterTable('users').dropColumn(c).execute();
  for (const t of ['feedbacks', 'workorder_attachments', 'workorder_replies', 'workorders', 'workorder_templates', 'workorder_questions', 'workorder_types'])
    await db.schema.dropTable(t).ifExists().execute();
}
