// Frozen once landed: add a new migration instead of editing this one.
// The SQL console of managed database instances (issue 29, ADR 0054): the backing database of each
// instance (where it lives, its own user, the user's password only sealed) and the statements run
// through the console. A backend row outlives its resource until its database has been dropped, so
// it has no foreign key; the history goes with the instance.
import type { Kysely } from 'kysely';

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('db_console_backends')
    .addColumn('resource_id', 'char(32)', (c) => c.primaryKey())
    .addColumn('tenant_id', 'char(32)', (c) => c.notNull())
    .addColumn('engine', 'text', (c) => c.notNull())
    // 'mysql' (MYSQL_URL), 'postgres' (DATABASE_URL) or 'pglite' (embedded)
    .addColumn('backend', 'text', (c) => c.notNull())
    .addColumn('db_name', 'text', (c) => c.notNull())
    .addColumn('user_name', 'text', (c) => c.notNull())
    .addColumn('ro_user_name', 'text', (c) => c.notNull())
    // the users' passwords, AES-256-GCM sealed (lib/secret-box.ts)
    .addColumn('secret_sealed', 'text', (c) => c.notNull())
    // statements run once as the instance's own user when it is first provisioned (demo tables)
    .addColumn('init_sql', 'jsonb')
    .addColumn('provisioned_at', 'timestamptz')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull())
    .execute();
  await db.schema
    .createTable('db_console_history')
    .addColumn('id', 'char(32)', (c) => c.primaryKey())
    .addColumn('resource_id', 'char(32)', (c) => c.notNull().references('resources.id').onDelete('cascade'))
    .addColumn('tenant_id', 'char(32)', (c) => c.notNull())
    .addColumn('user_id', 'char(32)')
    .addColumn('statement', 'text', (c) => c.notNull())
    .addColumn('readonly', 'boolean', (c) => c.notNull())
    .addColumn('ok', 'boolean', (c) => c.notNull())
    .addColumn('row_count', 'integer', (c) => c.notNull())
    .addColumn('elapsed_ms', 'integer', (c) => c.notNull())
    .addColumn('error', 'text')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('db_console_history_resource_idx').on('db_console_history').columns(['resource_id', 'created_at desc', 'id']).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('db_console_history').execute();
  await db.schema.dropTable('db_console_backends').execute();
}
