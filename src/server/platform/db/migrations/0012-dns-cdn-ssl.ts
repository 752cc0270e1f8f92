// Frozen once landed: add a new migration instead of editing this one.
// Certificate private keys are a secret field of their kind, sealed by the engine into
// resources.secrets (migration 0010, lib/secret-box.ts). CDN refresh and warm-up tasks count against
// daily limits per tenant (seed 001 §10): one row per tenant, day (Asia/Shanghai) and task type,
// bumped atomically with a conditional upsert so concurrent submissions cannot pass the limit.
import type { Kysely } from 'kysely';

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('cdn_task_counters')
    .addColumn('tenant_id', 'char(32)', (c) => c.notNull().references('tenants.id'))
    .addColumn('day', 'date', (c) => c.notNull())
    .addColumn('task_type', 'text', (c) => c.notNull())
    .addColumn('used', 'integer', (c) => c.notNull().defaultTo(0))
    .addPrimaryKeyConstraint('cdn_task_counters_pk', ['tenant_id', 'day', 'task_type'])
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('cdn_task_counters').ifExists().execute();
}
