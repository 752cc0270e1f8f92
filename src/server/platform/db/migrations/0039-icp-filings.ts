// Frozen once landed: add a new migration instead of editing this one.
// ICP filings (issue 31): a tenant's filing with its subject and site as JSON text, its state and the
// time of its next step (the scheduler claims due ones), the ICP number once completed; and the
// uploaded materials (bytes checked by content, at most 5 MB each), owned by their uploader until a
// filing takes them.
import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('icp_filings')
    .addColumn('id', 'char(32)', (c) => c.primaryKey())
    .addColumn('tenant_id', 'char(32)', (c) => c.notNull())
    .addColumn('project_id', 'char(32)')
    .addColumn('created_by', 'char(32)')
    .addColumn('domain', 'text', (c) => c.notNull())
    .addColumn('subject', 'text', (c) => c.notNull())
    .addColumn('site', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('icp_number', 'text', (c) => c.unique())
    .addColumn('submitted_at', 'timestamptz', (c) => c.notNull())
    .addColumn('next_at', 'timestamptz')
    .addColumn('completed_at', 'timestamptz')
    .execute();
  await db.schema.createIndex('icp_filings_tenant').on('icp_filings').columns(['tenant_id', 'submitted_at']).execute();
  // one filing per domain (a rejected one would free it; none is rejected yet)
  await db.schema.createIndex('icp_filings_domain').on('icp_filings').column('domain').unique().execute();
  await sql`create index icp_filings_due on icp_filings (next_at) where next_at is not null`.execute(db);
  await sql`create sequence icp_number_seq`.execute(db);
  await db.schema
    .createTable('icp_materials')
    .addColumn('id', 'char(32)', (c) => c.primaryKey())
    .addColumn('tenant_id', 'char(32)', (c) => c.notNull())
    .addColumn('uploader_id', 'char(32)', (c) => c.notNull())
    .addColumn('filing_id', 'char(32)', (c) => c.references('icp_filings.id').onDelete('cascade'))
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('mime', 'text', (c) => c.notNull())
    .addColumn('size', 'integer', (c) => c.notNull())
    .addColumn('data', 'bytea', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('icp_materials_filing').on('icp_materials').column('filing_id').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('icp_materials').execute();
  await sql`drop sequence icp_number_seq`.execute(db);
  await db.schema.dropTable('icp_filings').execute();
}
