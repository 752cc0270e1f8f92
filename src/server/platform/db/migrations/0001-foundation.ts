// Frozen once landed: add a new migration instead of editing this one.
import { type Kysely, sql } from 'kysely';

export async function up(db: Kysely<any>): Promise<void> {
  const now = sql`now()`;
  await db.schema
    .createTable('users')
    .addColumn('id', 'char(32)', (c) => c.primaryKey())
    .addColumn('account', 'text', (c) => c.notNull().unique())
    .addColumn('nickname', 'text', (c) => c.notNull())
    .addColumn('password_hash', 'text', (c) => c.notNull())
    .addColumn('phone', 'text')
    .addColumn('area_code', 'text', (c) => c.notNull().defaultTo('86'))
    .addColumn('email', 'text')
    .addColumn('user_type', 'text', (c) => c.notNull().defaultTo('local'))
    .addColumn('locked', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('is_phone_validate', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('need_sign_service_agreement', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('is_sign_service_agreement', 'boolean', (c) => c.notNull().defaultTo(true))
    .addColumn('is_sign', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('sign_pass_time', 'timestamptz')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(now))
    .execute();

  await db.schema
    .createTable('tenants')
    .addColumn('id', 'char(32)', (c) => c.primaryKey())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('chinese_name_abbreviation', 'text')
    .addColumn('business_type', 'text', (c) => c.notNull())
    .addColumn('enabled', 'boolean', (c) => c.notNull().defaultTo(true))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(now))
    .execute();

  await db.schema
    .createTable('projects')
    .addColumn('id', 'char(32)', (c) => c.primaryKey())
    .addColumn('tenant_id', 'char(32)', (c) => c.notNull().references('tenants.id'))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('name_zh', 'text', (c) => c.notNull())
    .addColumn('enabled', 'boolean', (c) => c.notNull().defaultTo(true))
    .addColumn('template_flag', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(now))
    .execute();
  await db.schema.createIndex('projects_tenant').on('projects').column('tenant_id').execute();

  await db.schema
    .createTable('memberships')
    .addColumn('id', 'char(32)', (c) => c.primaryKey())
    .addColumn('user_id', 'char(32)', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('tenant_id', 'char(32)', (c) => c.references('tenants.id'))
    .addColumn('project_id', 'char(32)', (c) => c.references('projects.id'))
    .addColumn('role', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('memberships_user').on('memberships').column('user_id').execute();

  await db.schema
    .createTable('sessions')
    .addColumn('token_hash', 'char(64)', (c) => c.primaryKey())
    .addColumn('user_id', 'char(32)', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(now))
    .addColumn('expires_at', 'timestamptz', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('login_attempts')
    .addColumn('key', 'text', (c) => c.primaryKey())
    .addColumn('failures', 'integer', (c) => c.notNull())
    .addColumn('window_start', 'timestamptz', (c) => c.notNull())
    .addColumn('locked_until', 'timestamptz')
    .execute();

  await db.schema
    .createTable('vendors')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('name_cn', 'text', (c) => c.notNull())
    .addColumn('name_en', 'text', (c) => c.notNull())
    .addColumn('cloud_type', 'text', (c) => c.notNull())
    .addColumn('order_value', 'integer', (c) => c.notNull())
    .addColumn('is_deleted', 'boolean', (c) => c.notNull().defaultTo(false))
    .execute();

  await db.schema
    .createTable('regions')
    .addColumn('id', 'char(32)', (c) => c.primaryKey())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('name_en', 'text', (c) => c.notNull())
    .addColumn('public_cloud_provider', 'text', (c) => c.notNull().references('vendors.id'))
    .addColumn('sort_value', 'integer', (c) => c.notNull())
    .addColumn('created_date', 'timestamptz', (c) => c.notNull().defaultTo(now))
    .execute();

  await db.schema
    .createTable('azs')
    .addColumn('id', 'char(32)', (c) => c.primaryKey())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('name_en', 'text', (c) => c.notNull())
    .addColumn('region_id', 'char(32)', (c) => c.notNull().references('regions.id'))
    .addColumn('sort_value', 'integer', (c) => c.notNull())
    .addColumn('az_type', 'text', (c) => c.notNull())
    .addColumn('ip_version', 'text', (c) => c.notNull())
    .addColumn('enabled', 'boolean', (c) => c.notNull().defaultTo(true))
    .addColumn('product_codes', 'jsonb', (c) => c.notNull().defaultTo(sql`'[]'::jsonb`))
    .addColumn('created_date', 'timestamptz', (c) => c.notNull().defaultTo(now))
    .execute();

  await db.schema
    .createTable('tenant_azs')
    .addColumn('tenant_id', 'char(32)', (c) => c.notNull().references('tenants.id'))
    .addColumn('az_id', 'char(32)', (c) => c.notNull().references('azs.id'))
    .addColumn('product_code', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('tenant_azs_pk', ['tenant_id', 'az_id', 'product_code'])
    .execute();

  await db.schema
    .createTable('charging_pkgs')
    .addColumn('id', 'char(32)', (c) => c.primaryKey())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('code', 'text', (c) => c.notNull())
    .addColumn('product_code', 'text', (c) => c.notNull())
    .addColumn('tenant_id', 'char(32)', (c) => c.references('tenants.id'))
    .addColumn('enabled', 'boolean', (c) => c.notNull().defaultTo(true))
    .addColumn('unit_price_fen', 'bigint', (c) => c.notNull())
    .addColumn('measurement_display', 'text', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(now))
    .execute();

  await db.schema
    .createTable('persistent_fields')
    .addColumn('user_id', 'char(32)', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('route', 'text', (c) => c.notNull())
    .addColumn('fields_item', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(now))
    .addPrimaryKeyConstraint('persistent_fields_pk', ['user_id', 'route'])
    .execute();

  await db.schema
    .createTable('idempotency_keys')
    .addColumn('user_id', 'text', (c) => c.notNull())
    .addColumn('key', 'text', (c) => c.notNull())
    .addColumn('method', 'text', (c) => c.notNull())
    .addColumn('path', 'text', (c) => c.notNull())
    .addColumn('body_hash', 'char(64)', (c) => c.notNull())
    .addColumn('state', 'text', (c) => c.notNull())
    .addColumn('response_status', 'integer')
    .addColumn('response_body', 'text')
    .addColumn('response_type', 'text')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(now))
    .addPrimaryKeyConstraint('idempotency_keys_pk', ['user_id', 'key'])
    .execute();
  await db.schema.createIndex('idempotency_keys_created').on('idempotency_keys').column('created_at').execute();

  await db.schema
    .createTable('resources')
    .addColumn('id', 'char(32)', (c) => c.primaryKey())
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('tenant_id', 'char(32)', (c) => c.notNull().references('tenants.id'))
    .addColumn('project_id', 'char(32)', (c) => c.notNull().references('projects.id'))
    .addColumn('vendor', 'text', (c) => c.notNull())
    .addColumn('region_id', 'char(32)')
    .addColumn('az_id', 'char(32)')
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('locked', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('spec', 'jsonb', (c) => c.notNull().defaultTo(sql`'{}'::jsonb`))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(now))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(now))
    .execute();
  // Keyset paging: (tenant, project, kind) then newest first, id breaks ties.
  await sql`create index resources_keyset on resources (tenant_id, project_id, kind, created_at desc, id desc)`.execute(db);
  await sql`create index resources_tenant_kind on resources (tenant_id, kind, created_at desc, id desc)`.execute(db);

  await db.schema
    .createTable('links')
    .addColumn('id', 'char(32)', (c) => c.primaryKey())
    .addColumn('tenant_id', 'char(32)', (c) => c.notNull())
    .addColumn('from_id', 'char(32)', (c) => c.notNull().references('resources.id').onDelete('cascade'))
    .addColumn('to_id', 'char(32)', (c) => c.notNull().references('resources.id').onDelete('cascade'))
    .addColumn('relation', 'text', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(now))
    .execute();
  await db.schema.createIndex('links_from').on('links').columns(['from_id', 'relation']).execute();
  await db.schema.createIndex('links_to').on('links').columns(['to_id', 'relation']).execute();
}

export async function down(): Promise<void> {
  throw new Error('foundation migration is not reversible');
}
