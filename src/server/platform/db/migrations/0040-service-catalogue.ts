// Frozen once landed: add a new migration instead of editing this one.
// The service catalogue (issue 31): a tenant's entries in three levels under a category (办公, 运维,
// 安全), each with its owners and status; a level-3 entry's service terms (service level, charge
// hours, price, unit, tax, billing method, valid year) as JSON, and what it offers to projects
// (orderable, the projects it is limited to). Publishing is an approval request (approval_id).
import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('service_catalogue_entries')
    .addColumn('id', 'char(32)', (c) => c.primaryKey())
    .addColumn('tenant_id', 'char(32)', (c) => c.notNull())
    .addColumn('category', 'text', (c) => c.notNull())
    .addColumn('level', 'smallint', (c) => c.notNull())
    .addColumn('parent_id', 'char(32)', (c) => c.references('service_catalogue_entries.id'))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('description', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('owner_ids', 'jsonb', (c) => c.notNull().defaultTo(sql`'[]'::jsonb`))
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('service', 'jsonb')
    .addColumn('orderable', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('project_ids', 'jsonb', (c) => c.notNull().defaultTo(sql`'[]'::jsonb`))
    .addColumn('approval_id', 'char(32)')
    .addColumn('published_at', 'timestamptz')
    .addColumn('created_by', 'char(32)')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull())
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('service_catalogue_tenant').on('service_catalogue_entries').columns(['tenant_id', 'category', 'level']).execute();
  await db.schema.createIndex('service_catalogue_parent').on('service_catalogue_entries').column('parent_id').execute();
  // one name per level-1 category or per parent, so the tree reads without doubles
  await sql`create unique index service_catalogue_name on service_catalogue_entries (tenant_id, category, (coalesce(parent_id, '')), name)`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('service_catalogue_entries').execute();
}
