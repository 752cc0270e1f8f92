// Frozen once landed: add a new migration instead of editing this one.
// Billing (issue 13): the metered life of every priced resource (one row per interval in which it
// is billed the same way, opened and closed by the meter from the engine's status events), one-off
// period charges (yearly/monthly purchases), the dated exchange rates admins edit and the states of
// each tenant's monthly bill (billCheck).
import type { Kysely } from 'kysely';

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('meter_segments')
    .addColumn('id', 'char(32)', (c) => c.primaryKey())
    .addColumn('tenant_id', 'char(32)', (c) => c.notNull().references('tenants.id'))
    .addColumn('project_id', 'char(32)', (c) => c.notNull())
    .addColumn('resource_id', 'char(32)', (c) => c.notNull())
    .addColumn('resource_name', 'text', (c) => c.notNull())
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('product_code', 'text', (c) => c.notNull())
    .addColumn('vendor', 'text', (c) => c.notNull())
    .addColumn('region_id', 'char(32)')
    .addColumn('charging_code', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull())
    // the priced items billed in this interval and the unit prices read when it opened
    .addColumn('items', 'jsonb', (c) => c.notNull())
    .addColumn('units', 'jsonb', (c) => c.notNull())
    .addColumn('started_at', 'timestamptz', (c) => c.notNull())
    .addColumn('ended_at', 'timestamptz')
    .execute();
  await db.schema.createIndex('meter_segments_tenant_idx').on('meter_segments').columns(['tenant_id', 'started_at']).execute();
  await db.schema.createIndex('meter_segments_resource_idx').on('meter_segments').columns(['resource_id', 'started_at']).execute();

  await db.schema
    .createTable('bill_charges')
    .addColumn('id', 'char(32)', (c) => c.primaryKey())
    .addColumn('tenant_id', 'char(32)', (c) => c.notNull().references('tenants.id'))
    .addColumn('project_id', 'char(32)', (c) => c.notNull())
    .addColumn('resource_id', 'char(32)', (c) => c.notNull())
    .addColumn('resource_name', 'text', (c) => c.notNull())
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('product_code', 'text', (c) => c.notNull())
    .addColumn('vendor', 'text', (c) => c.notNull())
    .addColumn('region_id', 'char(32)')
    .addColumn('charging_code', 'text', (c) => c.notNull())
    .addColumn('duration', 'integer', (c) => c.notNull())
    // fen, from the pricing module's result at purchase
    .addColumn('original_fen', 'bigint', (c) => c.notNull())
    .addColumn('amount_fen', 'bigint', (c) => c.notNull())
    .addColumn('price', 'jsonb', (c) => c.notNull())
    .addColumn('charged_at', 'timestamptz', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('bill_charges_tenant_idx').on('bill_charges').columns(['tenant_id', 'charged_at']).execute();
  await db.schema.createIndex('bill_charges_resource_idx').on('bill_charges').columns(['resource_id', 'charged_at']).unique().execute();

  await db.schema
    .createTable('exchange_rates')
    .addColumn('id', 'char(32)', (c) => c.primaryKey())
    .addColumn('currency', 'text', (c) => c.notNull())
    .addColumn('effective_date', 'text', (c) => c.notNull())
    .addColumn('rate_e4', 'integer', (c) => c.notNull())
    .addColumn('updated_by', 'char(32)')
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull())
    .addUniqueConstraint('exchange_rates_day_uq', ['currency', 'effective_date'])
    .execute();

  await db.schema
    .createTable('bill_checks')
    .addColumn('id', 'char(32)', (c) => c.primaryKey())
    .addColumn('tenant_id', 'char(32)', (c) => c.notNull().references('tenants.id'))
    .addColumn('month', 'text', (c) => c.notNull())
    .addColumn('state', 'text', (c) => c.notNull())
    .addColumn('confirmed_at', 'timestamptz')
    .addColumn('confirmed_by', 'char(32)')
    .addColumn('submitted_at', 'timestamptz')
    .addColumn('submitted_by', 'char(32)')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull())
    .addUniqueConstraint('bill_checks_month_uq', ['tenant_id', 'month'])
    .execute();

  // Cost centre: each tenant's account (opening balance, credit, warning threshold) and its recharges.
  await db.schema
    .createTable('cost_accounts')
    .addColumn('tenant_id', 'char(32)', (c) => c.primaryKey().references('tenants.id'))
    .addColumn('opening_fen', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('opened_at', 'timestamptz', (c) => c.notNull())
    .addColumn('credit_fen', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('warn_threshold_fen', 'bigint')
    .addColumn('warned', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull())
    .execute();
  await db.schema
    .createTable('recharges')
    .addColumn('id', 'char(32)', (c) => c.primaryKey())
    .addColumn('tenant_id', 'char(32)', (c) => c.notNull().references('tenants.id'))
    .addColumn('user_id', 'char(32)', (c) => c.notNull())
    .addColumn('amount_fen', 'bigint', (c) => c.notNull())
    .addColumn('state', 'text', (c) => c.notNull())
    .addColumn('gateway_trade_no', 'text')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull())
    .addColumn('paid_at', 'timestamptz')
    .execute();
  // Orders (orderManage): every purchase and resize the meter sees, with the pricing module's result.
  await db.schema
    .createTable('orders')
    .addColumn('id', 'char(32)', (c) => c.primaryKey())
    .addColumn('tenant_id', 'char(32)', (c) => c.notNull().references('tenants.id'))
    .addColumn('project_id', 'char(32)', (c) => c.notNull())
    .addColumn('resource_id', 'char(32)', (c) => c.notNull())
    .addColumn('resource_name', 'text', (c) => c.notNull())
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('order_type', 'text', (c) => c.notNull())
    .addColumn('charging_code', 'text', (c) => c.notNull())
    .addColumn('duration', 'integer')
    .addColumn('sum_price', 'bigint', (c) => c.notNull())
    .addColumn('cheap_price', 'bigint', (c) => c.notNull())
    .addColumn('whole_year_price', 'bigint', (c) => c.notNull())
    .addColumn('price', 'jsonb', (c) => c.notNull())
    .addColumn('state', 'text', (c) => c.notNull())
    .addColumn('segment_id', 'char(32)')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('orders_tenant_idx').on('orders').columns(['tenant_id', 'created_at']).execute();
  await db.schema.createIndex('orders_once_idx').on('orders').columns(['resource_id', 'order_type', 'segment_id']).unique().execute();
  await db.schema.createIndex('recharges_tenant_idx').on('recharges').columns(['tenant_id', 'created_at']).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const t of ['orders', 'recharges', 'cost_accounts', 'bill_checks', 'exchange_rates', 'bill_charges', 'meter_segments'])
    await db.schema.dropTable(t).ifExists().execute();
}
