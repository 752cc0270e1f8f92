// Registration's, recovery's, QR sign-in's and appeals' SQL. Every function takes the executor
// first (the app's Kysely or an open transaction).
import type { Insertable } from 'kysely';
import type { Exec } from '../engine/engine.repository.ts';
import type { ProjectsTable, TenantsTable, UsersTable } from '../platform/db/tables.ts';
import type { SignupSmsPurpose } from '../../domain/signup.ts';

/** When the latest code of `target` for `purpose` was made (undefined: none yet). */
export async function lastCodeAt(ex: Exec, target: string, purpose: SignupSmsPurpose): Promise<Date | string | undefined> {
  const last = await ex
    .selectFrom('signup_sms_codes')
    .select('created_at')
    .where('phone', '=', target)
    .where('purpose', '=', purpose)
    .orderBy('created_at', 'desc')
    .executeTakeFirst();
  return last?.created_at;
}

export async function insertCode(ex: Exec, c: { id: string; phone: string; purpose: SignupSmsPurpose; code_hash: string; expires_at: Date; created_at: Date }) {
  await ex.insertInto('signup_sms_codes').values(c).execute();
}

/** The latest code of `target` for `purpose`. */
export function latestCode(ex: Exec, target: string, purpose: SignupSmsPurpose) {
  return ex
    .selectFrom('signup_sms_codes')
    .selectAll()
    .where('phone', '=', target)
    .where('purpose', '=', purpose)
    .orderBy('created_at', 'desc')
    .executeTakeFirst();
}

/** Flips `used` once: answers whether this call did it. */
export async function spendCode(ex: Exec, id: string): Promise<boolean> {
  const flipped = await ex.updateTable('signup_sms_codes').set({ used: true }).where('id', '=', id).where('used', '=', false).executeTakeFirst();
  return Number(flipped.numUpdatedRows) === 1;
}

export async function phoneTaken(ex: Exec, phone: string, areaCode: string): Promise<boolean> {
  return !!(await ex.selectFrom('users').select('id').where('phone', '=', phone).where('area_code', '=', areaCode).executeTakeFirst());
}

export interface PersonalSpace {
  tenant: Insertable<TenantsTable>;
  project: Omit<Insertable<ProjectsTable>, 'tenant_id'>;
  user: Insertable<UsersTable>;
  membership: { id: string; role: string };
}

/** A tenant, its project, the user and their membership there (call inside a transaction). */
export async function insertPersonalSpace(trx: Exec, s: PersonalSpace) {
  await trx.insertInto('tenants').values(s.tenant).execute();
  await trx
    .insertInto('projects')
    .values({ ...s.project, tenant_id: s.tenant.id })
    .execute();
  await trx.insertInto('users').values(s.user).execute();
  await trx
    .insertInto('memberships')
    .values({ id: s.membership.id, user_id: s.user.id, role: s.membership.role, tenant_id: s.tenant.id, project_id: s.project.id })
    .execute();
}

/** A new password; every session of the user ends (call inside a transaction). */
export async function resetPassword(trx: Exec, userId: string, passwordHash: string) {
  await trx.updateTable('users').set({ password_hash: passwordHash }).where('id', '=', userId).execute();
  await trx.deleteFrom('sessions').where('user_id', '=', userId).execute();
}

/** Stores a pending ticket and sweeps those expired over an hour ago. */
export async function insertQrTicket(ex: Exec, t: { id: string; poll_hash: string; expires_at: Date }) {
  await ex
    .insertInto('qr_login_tickets')
    .values({ ...t, status: 'pending', user_id: null, created_at: new Date() })
    .execute();
  await ex
    .deleteFrom('qr_login_tickets')
    .where('expires_at', '<', new Date(Date.now() - 3600_000))
    .execute();
}

export function qrTicket(ex: Exec, id: string) {
  return ex.selectFrom('qr_login_tickets').selectAll().where('id', '=', id).executeTakeFirst();
}

export function qrTicketState(ex: Exec, id: string) {
  return ex.selectFrom('qr_login_tickets').select(['status', 'expires_at']).where('id', '=', id).executeTakeFirst();
}

/** confirmed → consumed, once: answers whether this call did it. */
export async function consumeQrTicket(ex: Exec, id: string): Promise<boolean> {
  const taken = await ex.updateTable('qr_login_tickets').set({ status: 'consumed' }).where('id', '=', id).where('status', '=', 'confirmed').executeTakeFirst();
  return Number(taken.numUpdatedRows) === 1;
}

/** pending → confirmed by `userId`, once: answers whether this call did it. */
export async function confirmQrTicket(ex: Exec, id: string, userId: string): Promise<boolean> {
  const done = await ex
    .updateTable('qr_login_tickets')
    .set({ status: 'confirmed', user_id: userId })
    .where('id', '=', id)
    .where('status', '=', 'pending')
    .executeTakeFirst();
  return Number(done.numUpdatedRows) === 1;
}

export async function insertAppeal(ex: Exec, a: { id: string; account: string; user_id: string | null; contact: string; reason: string }) {
  await ex
    .insertInto('account_appeals')
    .values({ ...a, status: 'open', created_at: new Date() })
    .execute();
}

/** The platform's super and operations administrators (each once). */
export async function platformAdminIds(ex: Exec): Promise<string[]> {
  const admins = await ex.selectFrom('memberships').select('user_id').where('role', 'in', ['super_admin', 'ops_admin']).execute();
  return [...new Set(admins.map((a) => a.user_id))];
}
