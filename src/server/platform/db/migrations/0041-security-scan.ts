// Frozen once landed: add a new migration instead of editing this one.
// Security scanning (issue 31): a project's scan strategies, the scans run from them (jobs the
// scheduler claims by due_at), each scan's result per host (the CVE ids it found and the baseline
// items' results), the findings' current state per host and CVE (score in tenths from the CVSS
// vector, so no float is stored) and their repair records.
import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('scan_strategies')
    .addColumn('id', 'char(32)', (c) => c.primaryKey())
    .addColumn('tenant_id', 'char(32)', (c) => c.notNull())
    .addColumn('project_id', 'char(32)', (c) => c.notNull())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('description', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('scan_type', 'text', (c) => c.notNull())
    .addColumn('host_scope', 'text', (c) => c.notNull())
    .addColumn('host_ids', 'jsonb', (c) => c.notNull())
    .addColumn('baseline_items', 'jsonb', (c) => c.notNull())
    .addColumn('cycle', 'text', (c) => c.notNull())
    .addColumn('next_run_at', 'timestamptz')
    .addColumn('created_by', 'char(32)')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull())
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('scan_strategies_name').on('scan_strategies').columns(['project_id', 'name']).unique().execute();
  await sql`create index scan_strategies_due on scan_strategies (next_run_at) where next_run_at is not null`.execute(db);

  await db.schema
    .createTable('security_scans')
    .addColumn('id', 'char(32)', (c) => c.primaryKey())
    .addColumn('tenant_id', 'char(32)', (c) => c.notNull())
    .addColumn('project_id', 'char(32)', (c) => c.notNull())
    .addColumn('strategy_id', 'char(32)', (c) => c.references('scan_strategies.id').onDelete('set null'))
    .addColumn('strategy_name', 'text', (c) => c.notNull())
    .addColumn('scan_type', 'text', (c) => c.notNull())
    .addColumn('trigger', 'text', (c) => c.notNull())
    .addColumn('host_ids', 'jsonb', (c) => c.notNull())
    .addColumn('baseline_items', 'jsonb', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('summary', 'jsonb')
    .addColumn('due_at', 'timestamptz')
    .addColumn('created_by', 'char(32)')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull())
    .addColumn('started_at', 'timestamptz')
    .addColumn('finished_at', 'timestamptz')
    .execute();
  await db.schema.createIndex('security_scans_scope').on('security_scans').columns(['tenant_id', 'project_id', 'created_at']).execute();
  await db.schema.createIndex('security_scans_strategy').on('security_scans').column('strategy_id').execute();
  await sql`create index security_scans_due on security_scans (due_at) where due_at is not null`.execute(db);

  await db.schema
    .createTable('scan_host_results')
    .addColumn('scan_id', 'char(32)', (c) => c.notNull().references('security_scans.id').onDelete('cascade'))
    .addColumn('host_id', 'char(32)', (c) => c.notNull())
    .addColumn('host_name', 'text', (c) => c.notNull())
    .addColumn('reachable', 'boolean', (c) => c.notNull())
    .addColumn('cve_ids', 'jsonb', (c) => c.notNull())
    .addColumn('baseline', 'jsonb', (c) => c.notNull())
    .addColumn('finished_at', 'timestamptz', (c) => c.notNull())
    .addPrimaryKeyConstraint('scan_host_results_pk', ['scan_id', 'host_id'])
    .execute();
  await db.schema.createIndex('scan_host_results_host').on('scan_host_results').columns(['host_id', 'finished_at']).execute();

  await db.schema
    .createTable('security_findings')
    .addColumn('id', 'char(32)', (c) => c.primaryKey())
    .addColumn('tenant_id', 'char(32)', (c) => c.notNull())
    .addColumn('project_id', 'char(32)', (c) => c.notNull())
    .addColumn('host_id', 'char(32)', (c) => c.notNull())
    .addColumn('host_name', 'text', (c) => c.notNull())
    .addColumn('cve_id', 'text', (c) => c.notNull())
    .addColumn('score_tenths', 'integer', (c) => c.notNull())
    .addColumn('severity', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('last_scan_id', 'char(32)')
    .addColumn('first_found_at', 'timestamptz', (c) => c.notNull())
    .addColumn('last_seen_at', 'timestamptz', (c) => c.notNull())
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('security_findings_host_cve').on('security_findings').columns(['host_id', 'cve_id']).unique().execute();
  await db.schema.createIndex('security_findings_scope').on('security_findings').columns(['tenant_id', 'project_id', 'status']).execute();

  await db.schema
    .createTable('finding_records')
    .addColumn('id', 'char(32)', (c) => c.primaryKey())
    .addColumn('finding_id', 'char(32)', (c) => c.notNull().references('security_findings.id').onDelete('cascade'))
    .addColumn('action', 'text', (c) => c.notNull())
    .addColumn('note', 'text', (c) => c.notNull())
    .addColumn('user_id', 'char(32)')
    .addColumn('user_name', 'text')
    .addColumn('at', 'timestamptz', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('finding_records_finding').on('finding_records').columns(['finding_id', 'at']).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('finding_records').execute();
  await db.schema.dropTable('security_findings').execute();
  await db.schema.dropTable('scan_host_results').execute();
  await db.schema.dropTable('security_scans').execute();
  await db.schema.dropTable('scan_strategies').execute();
}
