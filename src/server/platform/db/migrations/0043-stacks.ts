// Frozen once landed: add a new migration instead of editing this one.
// Resource stacks (issue 31, ADR 0069): a tenant's templates (a graph of nodes and edges as JSON
// text, the built-in demo ones marked), and the stacks deployed from them in a project — the
// graph as it was deployed, the zone, the state the scheduler moves it through (claimed with SKIP
// LOCKED), the refusal that stopped it, the deployer's permissions at the time (the scheduler
// creates as them) and the hosts' password sealed until the deploy ends; one row per node with the
// resource the engine made for it.
import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('stack_templates')
    .addColumn('id', 'char(32)', (c) => c.primaryKey())
    .addColumn('tenant_id', 'char(32)', (c) => c.notNull())
    .addColumn('created_by', 'char(32)')
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('description', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('graph', 'text', (c) => c.notNull())
    .addColumn('builtin', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull())
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('stack_templates_tenant').on('stack_templates').columns(['tenant_id', 'updated_at']).execute();
  await db.schema
    .createTable('stacks')
    .addColumn('id', 'char(32)', (c) => c.primaryKey())
    .addColumn('tenant_id', 'char(32)', (c) => c.notNull())
    .addColumn('project_id', 'char(32)', (c) => c.notNull())
    .addColumn('created_by', 'char(32)', (c) => c.notNull())
    .addColumn('template_id', 'char(32)')
    .addColumn('template_name', 'text', (c) => c.notNull())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('graph', 'text', (c) => c.notNull())
    .addColumn('vendor', 'text', (c) => c.notNull())
    .addColumn('region_id', 'char(32)', (c) => c.notNull())
    .addColumn('az_id', 'char(32)', (c) => c.notNull())
    .addColumn('permissions', 'text', (c) => c.notNull())
    .addColumn('secrets', 'text')
    .addColumn('failure', 'text')
    .addColumn('lease_until', 'timestamptz')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull())
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('stacks_scope').on('stacks').columns(['tenant_id', 'project_id', 'created_at']).execute();
  await sql`create index stacks_busy on stacks (updated_at) where status in ('deploying', 'rolling_back', 'deleting')`.execute(db);
  await db.schema
    .createTable('stack_resources')
    .addColumn('stack_id', 'char(32)', (c) => c.notNull().references('stacks.id').onDelete('cascade'))
    .addColumn('node', 'text', (c) => c.notNull())
    .addColumn('ord', 'integer', (c) => c.notNull())
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('state', 'text', (c) => c.notNull())
    .addColumn('resource_id', 'char(32)')
    .addPrimaryKeyConstraint('stack_resources_pk', ['stack_id', 'node'])
    .execute();
  await db.schema.createIndex('stack_resources_resource').on('stack_resources').column('resource_id').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('stack_resources').execute();
  await db.schema.dropTable('stacks').execute();
  await db.schema.dropTable('stack_templates').execute();
}
