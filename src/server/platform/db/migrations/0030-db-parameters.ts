// Frozen once landed: add a new migration instead of editing this one.
// Parameters of managed database instances (issue 29, ADR 0058): the values a tenant set on an
// instance, one row per (instance, parameter). The engine keeps what it applies itself (PostgreSQL:
// ALTER DATABASE … SET); this table is the instance's record of what was asked, and it goes with the instance.
import type { Kysely } from 'kysely';

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('db_instance_parameters')
    .addColumn('resource_id', 'char(32)', (c) => c.notNull().references('resources.id').onDelete('cascade'))
    .addColumn('tenant_id', 'char(32)', (c) => c.notNull())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('value', 'text', (c) => c.notNull())
    // whether the engine applied it (false: kept for the instance, the engine's sessions do not take it)
    .addColumn('applied', 'boolean', (c) => c.notNull())
    .addColumn('updated_by', 'char(32)')
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull())
    .addPrimaryKeyConstraint('db_instance_parameters_pk', ['resource_id', 'name'])
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('db_instance_parameters').execute();
}
