// Frozen once landed: add a new migration instead of editing this one.
// The certificate store keeps private keys apart from the resource row, sealed (AES-256-GCM,
// lib/secret-box.ts), and gone with the certificate. CDN refresh and warm-up tasks count against
// daily limits per tenant (seed 001 §10): one row per tenant, day (Asia/Shanghai) and task type,
// bumped atomically with a conditional upsert so concurrent submissions cannot pass the limit.
import { type Kysely, sql } from 'kysely';

export async function up(db: Kysely<any>): Promise<void> {
  // Deferred: the key is sealed by the create hook, before the engine inserts the resource row.
  await sql`create table certificate_keys (
    resource_id char(32) primary key references resources(id) on delete cascade deferrable initially deferred,
    tenant_id char(32) not null references tenants(id),
    sealed text not null,
    created_at timestamptz not null default now())`.execute(db);
  await db.schema.createTable('cdn_task_counters')
    .addColumn('tenant_id', 'char(32)', (c) => c.notNull().references('tenants.id'))
    .addColumn('day', 'date', (c) => c.notNull())
    .addColumn('task_type', 'text', (c) => c.notNull())
    .addColumn('used', 'integer', (c) => c.notNull().defaultTo(0))
    .addPrimaryKeyConstraint('cdn_task_counters_pk', ['tenant_id', 'day', 'task_type'])
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('cdn_task_counters').ifExists().execute();
  await db.schema.dropTable('certificate_keys').ifExists().execute();
}
