// Frozen once landed: add a new migration instead of editing this one.
// Invoices and contracts (issue 13, second part; ADR 0025): each tenant's invoice information,
// invoice pools (an organisation without one cannot apply), invoice applications over monthly
// bills with their GOA approval (through the approvals engine), void and red-flush states, the
// accounts-receivable documents an issued invoice opens, contracts with the signed protocol (PDF
// bytes in the database, so every process serves them) and the invoice numbers issued.
import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('invoice_infos')
    .addColumn('id', 'char(32)', (c) => c.primaryKey())
    .addColumn('tenant_id', 'char(32)', (c) => c.notNull().references('tenants.id'))
    .addColumn('company_name', 'text', (c) => c.notNull())
    .addColumn('taxpayer_no', 'text', (c) => c.notNull())
    .addColumn('bank_name', 'text', (c) => c.notNull())
    .addColumn('bank_account', 'text', (c) => c.notNull())
    .addColumn('address', 'text', (c) => c.notNull())
    .addColumn('phone', 'text', (c) => c.notNull())
    .addColumn('extension', 'text')
    .addColumn('terminal_no', 'text')
    .addColumn('contract_no', 'text')
    .addColumn('company_nature', 'text', (c) => c.notNull())
    .addColumn('invoice_type', 'text', (c) => c.notNull())
    .addColumn('is_default', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('created_by', 'char(32)')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull())
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('invoice_infos_tenant_idx').on('invoice_infos').columns(['tenant_id', 'created_at']).execute();

  await db.schema
    .createTable('invoice_pools')
    .addColumn('id', 'char(32)', (c) => c.primaryKey())
    .addColumn('tenant_id', 'char(32)', (c) => c.notNull().references('tenants.id'))
    // the project under which the pool's GOA approvals run (the tenant's process for invoices)
    .addColumn('project_id', 'char(32)', (c) => c.notNull().references('projects.id'))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('info_id', 'char(32)', (c) => c.references('invoice_infos.id'))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('invoice_pools_tenant_idx').on('invoice_pools').columns(['tenant_id']).execute();

  await db.schema
    .createTable('invoices')
    .addColumn('id', 'char(32)', (c) => c.primaryKey())
    .addColumn('tenant_id', 'char(32)', (c) => c.notNull().references('tenants.id'))
    .addColumn('pool_id', 'char(32)', (c) => c.notNull().references('invoice_pools.id'))
    .addColumn('info_id', 'char(32)', (c) => c.notNull().references('invoice_infos.id'))
    // the information as it was when applied (company, taxpayer number, bank…)
    .addColumn('info', 'jsonb', (c) => c.notNull())
    .addColumn('business_no', 'text', (c) => c.notNull())
    .addColumn('bill_ids', 'jsonb', (c) => c.notNull())
    .addColumn('months', 'jsonb', (c) => c.notNull())
    .addColumn('merged', 'boolean', (c) => c.notNull())
    .addColumn('amount_fen', 'bigint', (c) => c.notNull())
    .addColumn('invoice_type', 'text', (c) => c.notNull())
    .addColumn('medium', 'text', (c) => c.notNull())
    .addColumn('remark', 'text')
    .addColumn('state', 'text', (c) => c.notNull())
    .addColumn('approval_id', 'char(32)')
    .addColumn('invoice_code', 'text')
    .addColumn('invoice_no', 'text')
    .addColumn('issued_at', 'timestamptz')
    .addColumn('void_state', 'text')
    .addColumn('void_reason', 'text')
    .addColumn('void_approval_id', 'char(32)')
    .addColumn('void_at', 'timestamptz')
    .addColumn('red_state', 'text')
    .addColumn('red_reason', 'text')
    .addColumn('red_approval_id', 'char(32)')
    .addColumn('red_at', 'timestamptz')
    .addColumn('red_invoice_no', 'text')
    .addColumn('applicant_id', 'char(32)', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull())
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('invoices_tenant_idx').on('invoices').columns(['tenant_id', 'created_at']).execute();
  await sql`create index invoices_bills_idx on invoices using gin (bill_ids)`.execute(db);

  await db.schema
    .createTable('ar_documents')
    .addColumn('id', 'char(32)', (c) => c.primaryKey())
    .addColumn('tenant_id', 'char(32)', (c) => c.notNull().references('tenants.id'))
    .addColumn('invoice_id', 'char(32)', (c) => c.notNull().references('invoices.id'))
    .addColumn('doc_no', 'text', (c) => c.notNull())
    .addColumn('amount_fen', 'bigint', (c) => c.notNull())
    .addColumn('received_fen', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('state', 'text', (c) => c.notNull())
    .addColumn('due_date', 'text', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull())
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('ar_documents_tenant_idx').on('ar_documents').columns(['tenant_id', 'created_at']).execute();

  await db.schema
    .createTable('contracts')
    .addColumn('id', 'char(32)', (c) => c.primaryKey())
    .addColumn('tenant_id', 'char(32)', (c) => c.notNull().references('tenants.id'))
    .addColumn('contract_no', 'text', (c) => c.notNull())
    .addColumn('party_name', 'text', (c) => c.notNull())
    .addColumn('signing_period', 'integer', (c) => c.notNull())
    .addColumn('bill_month', 'text', (c) => c.notNull())
    .addColumn('start_at', 'timestamptz', (c) => c.notNull())
    .addColumn('end_at', 'timestamptz', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('contact', 'text', (c) => c.notNull())
    .addColumn('phone', 'text', (c) => c.notNull())
    .addColumn('address', 'text')
    .addColumn('email', 'text')
    .addColumn('protocol_name', 'text')
    .addColumn('protocol_pdf', 'bytea')
    .addColumn('protocol_size', 'integer')
    .addColumn('protocol_uploaded_at', 'timestamptz')
    .addColumn('created_by', 'char(32)')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull())
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('contracts_tenant_idx').on('contracts').columns(['tenant_id', 'created_at']).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const t of ['contracts', 'ar_documents', 'invoices', 'invoice_pools', 'invoice_infos']) await db.schema.dropTable(t).ifExists().execute();
}
