// The account reviews' SQL: phone changes and enterprise real-name verifications, and what an
// approval writes to the user. Every function takes the executor first (the app's Kysely or an
// open transaction; the decisions run inside one).
import type { Exec } from '../engine/engine.repository.ts';
import { newId } from '../../domain/ids.ts';

export type ReviewStatus = 'reviewing' | 'approved' | 'rejected';
export interface ReviewDecision {
  status: ReviewStatus;
  reviewer_id: string;
  reviewed_at: Date;
  reject_reason: string | null;
}

const phoneChanges = (ex: Exec, statuses: string[]) =>
  ex
    .selectFrom('phone_change_requests as r')
    .innerJoin('users as u', 'u.id', 'r.user_id')
    .where('r.status', 'in', statuses as never[]);

const verifications = (ex: Exec, statuses: string[]) =>
  ex
    .selectFrom('enterprise_verifications as r')
    .innerJoin('users as u', 'u.id', 'r.user_id')
    .where('r.status', 'in', statuses as never[]);

/** One page of phone changes in these statuses, newest first, and how many there are. */
export async function phoneChangePage(ex: Exec, statuses: string[], limit: number, offset: number) {
  const { n } = await phoneChanges(ex, statuses)
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .executeTakeFirstOrThrow();
  const rows = await phoneChanges(ex, statuses)
    .select(['r.id', 'r.status', 'r.phone', 'r.area_code', 'r.reject_reason', 'r.created_at', 'r.reviewed_at', 'u.account', 'u.nickname'])
    .orderBy('r.created_at', 'desc')
    .orderBy('r.id')
    .limit(limit)
    .offset(offset)
    .execute();
  return { count: Number(n), rows };
}

/** One page of real-name verifications in these statuses, newest first, and how many there are. */
export async function verificationPage(ex: Exec, statuses: string[], limit: number, offset: number) {
  const { n } = await verifications(ex, statuses)
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .executeTakeFirstOrThrow();
  const rows = await verifications(ex, statuses)
    .select([
      'r.id',
      'r.status',
      'r.enterprise',
      'r.licence_number',
      'r.licence_name',
      'r.reject_reason',
      'r.created_at',
      'r.reviewed_at',
      'u.account',
      'u.nickname',
    ])
    .orderBy('r.created_at', 'desc')
    .orderBy('r.id')
    .limit(limit)
    .offset(offset)
    .execute();
  return { count: Number(n), rows };
}

export function licenceOf(ex: Exec, id: string) {
  return ex.selectFrom('enterprise_verifications').select(['licence_name', 'licence_mime', 'licence_data']).where('id', '=', id).executeTakeFirst();
}

/** The phone change, locked until the transaction ends. */
export function lockPhoneChange(trx: Exec, id: string) {
  return trx.selectFrom('phone_change_requests').selectAll().where('id', '=', id).forUpdate().executeTakeFirst();
}

export async function decidePhoneChange(trx: Exec, id: string, d: ReviewDecision) {
  await trx.updateTable('phone_change_requests').set(d).where('id', '=', id).execute();
}

export async function setUserPhone(trx: Exec, userId: string, phone: string, areaCode: string) {
  await trx.updateTable('users').set({ phone, area_code: areaCode, is_phone_validate: true }).where('id', '=', userId).execute();
}

/** The verification, locked until the transaction ends. */
export function lockVerification(trx: Exec, id: string) {
  return trx.selectFrom('enterprise_verifications').select(['id', 'user_id', 'status', 'enterprise']).where('id', '=', id).forUpdate().executeTakeFirst();
}

export async function decideVerification(trx: Exec, id: string, d: ReviewDecision) {
  await trx.updateTable('enterprise_verifications').set(d).where('id', '=', id).execute();
}

/** Writes the approved enterprise to the user; answers the user's type. */
export async function setUserEnterprise(trx: Exec, userId: string, enterprise: string): Promise<string> {
  const user = await trx.selectFrom('users').select(['user_type']).where('id', '=', userId).executeTakeFirstOrThrow();
  await trx.updateTable('users').set({ enterprise }).where('id', '=', userId).execute();
  return user.user_type;
}

/** Gives the user the project owner's role wherever they are an internet user and not yet an owner. */
export async function promoteInternetUser(trx: Exec, userId: string) {
  const own = await trx
    .selectFrom('memberships')
    .select(['tenant_id', 'project_id'])
    .where('user_id', '=', userId)
    .where('role', '=', 'internet_user')
    .execute();
  for (const m of own) {
    const has = await trx
      .selectFrom('memberships')
      .select('id')
      .where('user_id', '=', userId)
      .where('role', '=', 'project_owner')
      .where('project_id', '=', m.project_id)
      .executeTakeFirst();
    if (!has)
      await trx
        .insertInto('memberships')
        .values({ id: newId(), user_id: userId, role: 'project_owner', tenant_id: m.tenant_id, project_id: m.project_id })
        .execute();
  }
}
