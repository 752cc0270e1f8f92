// Frozen once landed: add a new migration instead of editing this one.
// Orders and costs (issue 13, second part): cost optimisation strategies per tenant (the default
// one is built in, not stored), monthly spending limits per project and the model-as-a-service
// token usage lines (billDetailMaas). Conversions need no table: they are a spec change made by the
// engine and an order written by the meter.
import type { Kysely } from 'kysely';

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('cost_strategies')
    .addColumn('id', 'char(32)', (c) => c.primaryKey())
    .addColumn('tenant_id', 'char(32)', (c) => c.notNull().references('tenants.id'))
    .addColumn('name', 'text', (c) => c.notNull())
    // { idle, over, expand }: each { cpu: {op, value}, memory: {op, value}, logic }
    .addColumn('rules', 'jsonb', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull())
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('cost_strategies_tenant_idx').on('cost_strategies').columns(['tenant_id', 'created_at']).execute();
  // The strategy a tenant applies (null = the default) and since when it counts (the next day).
  await db.schema
    .createTable('cost_strategy_choices')
    .addColumn('tenant_id', 'char(32)', (c) => c.primaryKey().references('tenants.id'))
    .addColumn('strategy_id', 'char(32)')
    .addColumn('previous_id', 'char(32)')
    .addColumn('effective_date', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('project_limits')
    .addColumn('project_id', 'char(32)', (c) => c.primaryKey())
    .addColumn('tenant_id', 'char(32)', (c) => c.notNull().references('tenants.id'))
    .addColumn('monthly_limit_fen', 'bigint', (c) => c.notNull())
    // the month whose crossing was already announced (one warning per month and limit)
    .addColumn('warned_month', 'text')
    .addColumn('updated_by', 'char(32)')
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('project_limits_tenant_idx').on('project_limits').columns(['tenant_id']).execute();

  await db.schema
    .createTable('maas_usage')
    .addColumn('id', 'char(32)', (c) => c.primaryKey())
    .addColumn('tenant_id', 'char(32)', (c) => c.notNull().references('tenants.id'))
    .addColumn('project_id', 'char(32)', (c) => c.notNull())
    .addColumn('day', 'text', (c) => c.notNull())
    .addColumn('model', 'text', (c) => c.notNull())
    .addColumn('input_tokens', 'bigint', (c) => c.notNull())
    .addColumn('output_tokens', 'bigint', (c) => c.notNull())
    .addColumn('amount_fen', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('maas_usage_tenant_idx').on('maas_usage').columns(['tenant_id', 'day']).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const t of ['maas_usage', 'project_limits', 'cost_strategy_choices', 'cost_strategies']) await db.schema.dropTable(t).ifExists().execute();
}
