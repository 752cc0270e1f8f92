// Frozen once landed: add a new migration instead of editing this one.
// Alarm policies, the alarms they raise and each alarm's history (issue 11, seed 001 §3 alarm policy).
// A policy is claimed for evaluation by moving its next_eval_at forward under FOR UPDATE SKIP LOCKED,
// so several server processes share the work; at most one open (firing or acknowledged) alarm per
// (policy, resource) is enforced by a partial unique index, so two processes cannot both fire it.
import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('alarm_policies')
    .addColumn('id', 'char(32)', (c) => c.primaryKey())
    .addColumn('tenant_id', 'char(32)', (c) => c.notNull().references('tenants.id'))
    // null: a tenant-wide policy (of a tenant administrator)
    .addColumn('project_id', 'char(32)', (c) => c.references('projects.id'))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('metric', 'text', (c) => c.notNull())
    .addColumn('level', 'text', (c) => c.notNull())
    .addColumn('operator', 'text', (c) => c.notNull())
    .addColumn('threshold', 'float8', (c) => c.notNull())
    .addColumn('occurrences', 'integer', (c) => c.notNull())
    .addColumn('samples', 'integer', (c) => c.notNull())
    .addColumn('max_alarms', 'integer', (c) => c.notNull())
    .addColumn('source', 'text', (c) => c.notNull())
    .addColumn('receivers', 'jsonb', (c) => c.notNull().defaultTo(sql`'[]'::jsonb`))
    .addColumn('target_type', 'text', (c) => c.notNull())
    .addColumn('target_value', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('enabled', 'boolean', (c) => c.notNull().defaultTo(true))
    .addColumn('next_eval_at', 'timestamptz', (c) => c.notNull())
    .addColumn('created_by', 'char(32)', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull())
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('alarm_policies_scope_idx').on('alarm_policies').columns(['tenant_id', 'project_id', 'created_at']).execute();
  await db.schema.createIndex('alarm_policies_due_idx').on('alarm_policies').columns(['enabled', 'next_eval_at']).execute();

  await db.schema
    .createTable('alarms')
    .addColumn('id', 'char(32)', (c) => c.primaryKey())
    .addColumn('tenant_id', 'char(32)', (c) => c.notNull().references('tenants.id'))
    .addColumn('project_id', 'char(32)', (c) => c.notNull())
    .addColumn('policy_id', 'char(32)', (c) => c.notNull().references('alarm_policies.id').onDelete('cascade'))
    .addColumn('resource_id', 'char(32)', (c) => c.notNull())
    .addColumn('resource_name', 'text', (c) => c.notNull())
    .addColumn('resource_kind', 'text', (c) => c.notNull())
    .addColumn('vendor', 'text', (c) => c.notNull())
    .addColumn('metric', 'text', (c) => c.notNull())
    .addColumn('level', 'text', (c) => c.notNull())
    .addColumn('operator', 'text', (c) => c.notNull())
    .addColumn('threshold', 'float8', (c) => c.notNull())
    .addColumn('state', 'text', (c) => c.notNull())
    // firing before acknowledged before resolved, then high before medium before low (the inbox's order)
    .addColumn('sort_rank', 'smallint', (c) => c.notNull())
    .addColumn('value', 'float8', (c) => c.notNull())
    .addColumn('fired_at', 'timestamptz', (c) => c.notNull())
    .addColumn('acknowledged_at', 'timestamptz')
    .addColumn('acknowledged_by', 'char(32)')
    .addColumn('claimed_at', 'timestamptz')
    .addColumn('claimed_by', 'char(32)')
    .addColumn('silenced_until', 'timestamptz')
    .addColumn('silenced_by', 'char(32)')
    .addColumn('resolved_at', 'timestamptz')
    .addColumn('resolved_value', 'float8')
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('alarms_inbox_idx').on('alarms').columns(['tenant_id', 'sort_rank', 'fired_at', 'id']).execute();
  await db.schema.createIndex('alarms_policy_resource_idx').on('alarms').columns(['policy_id', 'resource_id', 'fired_at']).execute();
  await sql`create unique index alarms_one_open_idx on alarms (policy_id, resource_id) where state <> 'resolved'`.execute(db);

  await db.schema
    .createTable('alarm_history')
    .addColumn('id', 'char(32)', (c) => c.primaryKey())
    .addColumn('alarm_id', 'char(32)', (c) => c.notNull().references('alarms.id').onDelete('cascade'))
    .addColumn('tenant_id', 'char(32)', (c) => c.notNull())
    .addColumn('change', 'text', (c) => c.notNull())
    .addColumn('user_id', 'char(32)')
    .addColumn('value', 'float8')
    .addColumn('detail', 'jsonb', (c) => c.notNull().defaultTo(sql`'{}'::jsonb`))
    .addColumn('at', 'timestamptz', (c) => c.notNull())
    .addColumn('seq', 'bigserial', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('alarm_history_alarm_idx').on('alarm_history').columns(['alarm_id', 'seq']).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('alarm_history').ifExists().execute();
  await db.schema.dropTable('alarms').ifExists().execute();
  await db.schema.dropTable('alarm_policies').ifExists().execute();
}
