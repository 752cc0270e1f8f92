// Frozen once landed: add a new migration instead of editing this one.
// Accounts and databases of managed database instances (issue 29, ADR 0055): what the engine holds
// (a user, a database or schema) is made there; these rows remember what the console calls it
// (the name the user chose), its engine name, the privilege and its databases, and the account's
// password only sealed. They go with the instance (the engine's own are dropped with its database).
import type { Kysely } from 'kysely';

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('db_accounts')
    .addColumn('resource_id', 'char(32)', (c) => c.notNull().references('resources.id').onDelete('cascade'))
    .addColumn('tenant_id', 'char(32)', (c) => c.notNull())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('engine_user', 'text', (c) => c.notNull())
    // readonly | dml | ddl_dml | deploy
    .addColumn('privilege', 'text', (c) => c.notNull())
    // the databases granted, by their names in the console
    .addColumn('databases', 'jsonb', (c) => c.notNull())
    .addColumn('description', 'text')
    // the password, AES-256-GCM sealed (lib/secret-box.ts)
    .addColumn('secret_sealed', 'text', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull())
    .addPrimaryKeyConstraint('db_accounts_pk', ['resource_id', 'name'])
    .execute();
  await db.schema
    .createTable('db_databases')
    .addColumn('resource_id', 'char(32)', (c) => c.notNull().references('resources.id').onDelete('cascade'))
    .addColumn('tenant_id', 'char(32)', (c) => c.notNull())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('engine_name', 'text', (c) => c.notNull())
    .addColumn('charset', 'text', (c) => c.notNull())
    .addColumn('description', 'text')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull())
    .addPrimaryKeyConstraint('db_databases_pk', ['resource_id', 'name'])
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('db_databases').execute();
  await db.schema.dropTable('db_accounts').execute();
}
