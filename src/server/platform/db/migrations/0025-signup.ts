// Frozen once landed: add a new migration instead of editing this one.
// Registration, password recovery, QR sign-in and the account reviews (issue 12, ADR 0026):
// - signup_captchas: the answer of each captcha image, hashed, single use, with expiry;
// - signup_sms_codes: codes sent to a phone number that may have no user yet (registration) or
//   to an internet user's registered phone (recovery); hashed, single use, attempts counted;
// - qr_login_tickets: a one-time ticket shown as a QR code, confirmed by a signed-in phone,
//   collected once by the page that holds its poll secret;
// - account_appeals: a locked user's self-appeal (banned-account help);
// - who reviewed a phone change or a real-name verification, when, and why it was refused.
import { type Kysely, sql } from 'kysely';

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('signup_captchas')
    .addColumn('id', 'char(32)', (c) => c.primaryKey())
    .addColumn('answer_hash', 'text', (c) => c.notNull())
    .addColumn('used', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('expires_at', 'timestamptz', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema.createIndex('signup_captchas_expires').on('signup_captchas').column('expires_at').execute();
  await db.schema
    .createTable('signup_sms_codes')
    .addColumn('id', 'char(32)', (c) => c.primaryKey())
    .addColumn('phone', 'text', (c) => c.notNull())
    .addColumn('purpose', 'text', (c) => c.notNull())
    .addColumn('code_hash', 'text', (c) => c.notNull())
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('used', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('expires_at', 'timestamptz', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('signup_sms_codes_phone').on('signup_sms_codes').columns(['phone', 'purpose', 'created_at']).execute();
  await db.schema
    .createTable('qr_login_tickets')
    .addColumn('id', 'char(32)', (c) => c.primaryKey())
    .addColumn('poll_hash', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('user_id', 'char(32)', (c) => c.references('users.id').onDelete('cascade'))
    .addColumn('expires_at', 'timestamptz', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull())
    .execute();
  await db.schema
    .createTable('account_appeals')
    .addColumn('id', 'char(32)', (c) => c.primaryKey())
    .addColumn('account', 'text', (c) => c.notNull())
    .addColumn('user_id', 'char(32)', (c) => c.references('users.id').onDelete('cascade'))
    .addColumn('contact', 'text', (c) => c.notNull())
    .addColumn('reason', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull())
    .execute();
  for (const table of ['phone_change_requests', 'enterprise_verifications']) {
    await db.schema.alterTable(table).addColumn('reviewer_id', 'char(32)').execute();
    await db.schema.alterTable(table).addColumn('reviewed_at', 'timestamptz').execute();
  }
  await db.schema.alterTable('phone_change_requests').addColumn('reject_reason', 'text').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('phone_change_requests').dropColumn('reject_reason').execute();
  for (const table of ['phone_change_requests', 'enterprise_verifications']) {
    await db.schema.alterTable(table).dropColumn('reviewed_at').execute();
    await db.schema.alterTable(table).dropColumn('reviewer_id').execute();
  }
  for (const t of ['account_appeals', 'qr_login_tickets', 'signup_sms_codes', 'signup_captchas']) await db.schema.dropTable(t).ifExists().execute();
}
