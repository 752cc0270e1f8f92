// SQL of the user centre (issue 12): the user's own row, phone-change requests, sessions on a
// password change and enterprise (real-name) verifications. Every function takes the executor
// first (the app's Kysely or an open transaction).
import type { Insertable, Kysely } from 'kysely';
import type { Database } from '../platform/db/tables.ts';

export type Exec = Kysely<Database>;

export async function userById(ex: Exec, id: string) {
  return ex.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirst();
}

/** The platform's reviewers of phone changes and real-name verifications. */
export async function reviewerIds(ex: Exec): Promise<string[]> {
  const rows = await ex.selectFrom('memberships').select('user_id').where('role', 'in', ['super_admin', 'ops_admin']).execute();
  return rows.map((r) => r.user_id);
}

export async function setPhoneVerified(ex: Exec, userId: string) {
  await ex.updateTable('users').set({ is_phone_validate: true }).where('id', '=', userId).execute();
}

export async function setServiceAgreementSigned(ex: Exec, userId: string) {
  await ex.updateTable('users').set({ is_sign_service_agreement: true }).where('id', '=', userId).execute();
}

export async function setPasswordHash(ex: Exec, userId: string, passwordHash: string) {
  await ex.updateTable('users').set({ password_hash: passwordHash }).where('id', '=', userId).execute();
}

/** Ends the user's sessions except the one whose token hash is `keep`. */
export async function deleteOtherSessions(ex: Exec, userId: string, keep: string) {
  const rows = await ex.selectFrom('sessions').select('token_hash').where('user_id', '=', userId).execute();
  const drop = rows.map((r) => r.token_hash).filter((h) => h !== keep);
  if (drop.length) await ex.deleteFrom('sessions').where('token_hash', 'in', drop).execute();
}

// ── Phone changes ──

/** The user's latest phone change under review, if any. */
export async function reviewingPhoneChange(ex: Exec, userId: string) {
  return ex
    .selectFrom('phone_change_requests')
    .select(['phone', 'area_code', 'status', 'created_at'])
    .where('user_id', '=', userId)
    .where('status', '=', 'reviewing')
    .orderBy('created_at', 'desc')
    .executeTakeFirst();
}

/** Locks the user's open phone change until the transaction ends; answers whether there is one. */
export async function lockReviewingPhoneChange(ex: Exec, userId: string): Promise<boolean> {
  const open = await ex
    .selectFrom('phone_change_requests')
    .select('id')
    .where('user_id', '=', userId)
    .where('status', '=', 'reviewing')
    .forUpdate()
    .executeTakeFirst();
  return Boolean(open);
}

export async function insertPhoneChange(ex: Exec, row: Insertable<Database['phone_change_requests']>) {
  await ex.insertInto('phone_change_requests').values(row).execute();
}

// ── Real-name verifications ──

/** The user's latest verification, without the licence bytes. */
export async function latestVerification(ex: Exec, userId: string) {
  return ex
    .selectFrom('enterprise_verifications')
    .select(['id', 'enterprise', 'licence_number', 'licence_name', 'licence_mime', 'status', 'reject_reason', 'created_at'])
    .where('user_id', '=', userId)
    .orderBy('created_at', 'desc')
    .executeTakeFirst();
}

/** Locks the user's verification under review or passed until the transaction ends; answers its status. */
export async function lockOpenVerification(ex: Exec, userId: string) {
  return ex
    .selectFrom('enterprise_verifications')
    .select('status')
    .where('user_id', '=', userId)
    .where('status', 'in', ['reviewing', 'approved'])
    .forUpdate()
    .executeTakeFirst();
}

export async function insertVerification(ex: Exec, row: Insertable<Database['enterprise_verifications']>) {
  await ex.insertInto('enterprise_verifications').values(row).execute();
}
