// Frozen once landed: add a new migration instead of editing this one.
// The operation log of a GTM instance (gtmDetail/gtmLog/:id): one row per change of the instance,
// its address pools or its access policies, written by the GTM hooks in the same transaction as
// the change (so a refused or rolled-back change leaves no line). Rows go with their instance.
import type { Kysely } from 'kysely';

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('gtm_logs')
    .addColumn('id', 'char(32)', (c) => c.primaryKey())
    .addColumn('tenant_id', 'char(32)', (c) => c.notNull().references('tenants.id'))
    .addColumn('gtm_id', 'char(32)', (c) => c.notNull())
    .addColumn('operation', 'text', (c) => c.notNull())
    .addColumn('target_kind', 'text', (c) => c.notNull())
    .addColumn('target_name', 'text', (c) => c.notNull())
    .addColumn('detail', 'jsonb', (c) => c.notNull().defaultTo('{}'))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull())
    // Two changes in one millisecond still read back in the order they were made.
    .addColumn('seq', 'bigserial', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('gtm_logs_instance_idx').on('gtm_logs').columns(['gtm_id', 'seq']).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('gtm_logs').ifExists().execute();
}
