// Frozen once landed: add a new migration instead of editing this one.
// Bastion-host permissions (issue 15, ADR 0030): what one user may do on one host through the
// bastion (file upload, file download). One row per (user, host); a row with neither right is
// never kept: an empty selection deletes it, which is the revocation (seed 001 §6).
import { type Kysely, sql } from 'kysely';

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('bastion_permissions')
    .addColumn('id', 'char(32)', (c) => c.primaryKey())
    .addColumn('tenant_id', 'char(32)', (c) => c.notNull().references('tenants.id'))
    .addColumn('user_id', 'char(32)', (c) => c.notNull().references('users.id').onDelete('cascade'))
    // a `resources` row of kind instance in the same tenant
    .addColumn('host_id', 'char(32)', (c) => c.notNull().references('resources.id').onDelete('cascade'))
    .addColumn('can_upload', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('can_download', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('granted_by', 'char(32)')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull())
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull())
    .addUniqueConstraint('bastion_permissions_user_host_uq', ['user_id', 'host_id'])
    .addCheckConstraint('bastion_permissions_some_right', sql`can_upload or can_download`)
    .execute();
  await db.schema.createIndex('bastion_permissions_tenant_idx').on('bastion_permissions').columns(['tenant_id', 'updated_at']).execute();
  await db.schema.createIndex('bastion_permissions_host_idx').on('bastion_permissions').column('host_id').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('bastion_permissions').execute();
}
