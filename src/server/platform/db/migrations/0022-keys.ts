// Frozen once landed: add a new migration instead of editing this one.
// Access keys (issue 15): AccessKeys that sign API requests (the secret sealed with the server key,
// since HMAC verification needs it back), the nonces seen inside the date window (replay guard),
// call counts per key, action and day; MaaS accounts and their API keys; passkeys (WebAuthn
// credentials), their one-time challenges and the short-lived step-up proofs (ADR 0023).
import { type Kysely, sql } from 'kysely';

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('access_keys')
    .addColumn('id', 'char(32)', (c) => c.primaryKey())
    .addColumn('tenant_id', 'char(32)', (c) => c.notNull().references('tenants.id'))
    .addColumn('user_id', 'char(32)', (c) => c.notNull().references('users.id'))
    // whose permissions a signed request carries (accessKeyAuthorize); the owner by default
    .addColumn('bind_user_id', 'char(32)', (c) => c.notNull().references('users.id'))
    .addColumn('access_key', 'text', (c) => c.notNull().unique())
    .addColumn('secret_sealed', 'text', (c) => c.notNull())
    .addColumn('description', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('key_type', 'text', (c) => c.notNull())
    .addColumn('expires_at', 'timestamptz')
    .addColumn('enabled', 'boolean', (c) => c.notNull().defaultTo(true))
    .addColumn('locked', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('locked_by', 'char(32)')
    .addColumn('locked_at', 'timestamptz')
    .addColumn('lock_reason', 'text')
    .addColumn('call_count', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('last_used_at', 'timestamptz')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('access_keys_tenant_idx').on('access_keys').columns(['tenant_id', 'created_at']).execute();
  await db.schema.createIndex('access_keys_user_idx').on('access_keys').columns(['user_id']).execute();

  await db.schema
    .createTable('access_key_nonces')
    .addColumn('key_id', 'char(32)', (c) => c.notNull().references('access_keys.id').onDelete('cascade'))
    .addColumn('nonce', 'text', (c) => c.notNull())
    .addColumn('seen_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addPrimaryKeyConstraint('access_key_nonces_pk', ['key_id', 'nonce'])
    .execute();
  await db.schema.createIndex('access_key_nonces_seen_idx').on('access_key_nonces').column('seen_at').execute();

  await db.schema
    .createTable('access_key_calls')
    .addColumn('key_id', 'char(32)', (c) => c.notNull().references('access_keys.id').onDelete('cascade'))
    .addColumn('tenant_id', 'char(32)', (c) => c.notNull())
    .addColumn('action', 'text', (c) => c.notNull())
    .addColumn('day', 'text', (c) => c.notNull())
    .addColumn('calls', 'bigint', (c) => c.notNull().defaultTo(0))
    .addPrimaryKeyConstraint('access_key_calls_pk', ['key_id', 'action', 'day'])
    .execute();
  await db.schema.createIndex('access_key_calls_tenant_idx').on('access_key_calls').columns(['tenant_id', 'day']).execute();

  await db.schema
    .createTable('maas_accounts')
    .addColumn('id', 'char(32)', (c) => c.primaryKey())
    .addColumn('tenant_id', 'char(32)', (c) => c.notNull().references('tenants.id'))
    .addColumn('vendor', 'text', (c) => c.notNull())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('remark', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('created_by', 'char(32)')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('maas_accounts_tenant_idx').on('maas_accounts').columns(['tenant_id', 'created_at']).execute();

  await db.schema
    .createTable('maas_api_keys')
    .addColumn('id', 'char(32)', (c) => c.primaryKey())
    .addColumn('tenant_id', 'char(32)', (c) => c.notNull().references('tenants.id'))
    .addColumn('account_id', 'char(32)', (c) => c.notNull().references('maas_accounts.id').onDelete('cascade'))
    .addColumn('name', 'text', (c) => c.notNull())
    // the first and last characters only (the rest masked), for people to tell keys apart
    .addColumn('masked', 'text', (c) => c.notNull())
    .addColumn('secret_sealed', 'text', (c) => c.notNull())
    .addColumn('enabled', 'boolean', (c) => c.notNull().defaultTo(true))
    .addColumn('calls', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('last_used_at', 'timestamptz')
    .addColumn('created_by', 'char(32)')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('maas_api_keys_account_idx').on('maas_api_keys').columns(['account_id', 'created_at']).execute();

  await db.schema
    .createTable('passkeys')
    .addColumn('id', 'char(32)', (c) => c.primaryKey())
    .addColumn('user_id', 'char(32)', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('credential_id', 'text', (c) => c.notNull().unique())
    .addColumn('public_key', 'text', (c) => c.notNull())
    .addColumn('counter', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('transports', 'jsonb', (c) => c.notNull().defaultTo(sql`'[]'::jsonb`))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull())
    .addColumn('last_used_at', 'timestamptz')
    .execute();
  await db.schema.createIndex('passkeys_user_idx').on('passkeys').column('user_id').execute();

  await db.schema
    .createTable('webauthn_challenges')
    .addColumn('challenge', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'char(32)')
    .addColumn('purpose', 'text', (c) => c.notNull())
    .addColumn('expires_at', 'timestamptz', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('step_up_proofs')
    .addColumn('token_hash', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'char(32)', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('method', 'text', (c) => c.notNull())
    .addColumn('expires_at', 'timestamptz', (c) => c.notNull())
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const t of [
    'step_up_proofs',
    'webauthn_challenges',
    'passkeys',
    'maas_api_keys',
    'maas_accounts',
    'access_key_calls',
    'access_key_nonces',
    'access_keys',
  ])
    await db.schema.dropTable(t).ifExists().execute();
}
