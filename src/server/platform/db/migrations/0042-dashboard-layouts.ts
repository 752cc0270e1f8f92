// Frozen once landed: add a new migration instead of editing this one.
// Dashboards (issue 31): each user's panels in one tenant — the built-in ones on or off, up to three
// of their own with a name and metrics — in the order they arranged, as one JSON array per user and
// tenant (read and written whole, under a row lock).
import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('dashboard_layouts')
    .addColumn('user_id', 'char(32)', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('tenant_id', 'char(32)', (c) => c.notNull().references('tenants.id').onDelete('cascade'))
    .addColumn('panels', 'jsonb', (c) => c.notNull().defaultTo(sql`'[]'::jsonb`))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull())
    .addPrimaryKeyConstraint('dashboard_layouts_pk', ['user_id', 'tenant_id'])
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('dashboard_layouts').execute();
}
