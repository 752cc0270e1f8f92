// The platform's review of account changes (issue 12, ADR 0026): phone changes (seed 001 §9,
// 1-2 working days) and enterprise real-name verifications wait in `reviewing` until an
// administrator approves or rejects them with a reason. The user hears of it (ctx.notify) and the
// profile reflects it: an approved phone replaces the one on record, an approved enterprise is
// written to the profile, and an internet user verified as an enterprise may buy in their project.
import { conflict, notFound } from '../../domain/errors.ts';
import { reviewDecisionSchema, type AccountReviewType } from '../../domain/signup.ts';
import { maskPhoneWithCode } from '../../domain/phone.ts';
import type { Db } from '../platform/db/database.ts';
import type { Exec } from '../engine/engine.repository.ts';
import type { NotifyPort } from '../notifications/notify-port.ts';
import { INTERNET_USER_TYPE } from './signup.service.ts';
import {
  type ReviewDecision,
  decidePhoneChange,
  decideVerification,
  licenceOf,
  lockPhoneChange,
  lockVerification,
  phoneChangePage,
  promoteInternetUser,
  setUserEnterprise,
  setUserPhone,
  verificationPage,
} from './review.repository.ts';

export interface ReviewItem {
  id: string;
  type: AccountReviewType;
  status: 'reviewing' | 'approved' | 'rejected';
  account: string;
  nickname: string;
  /** phone change: the new phone (masked); real name: the enterprise */
  subject: string;
  licence_number: string | null;
  licence_name: string | null;
  reject_reason: string | null;
  created_at: string;
  reviewed_at: string | null;
}

const iso = (d: Date | string | null | undefined) => (d ? new Date(d).toISOString() : null);

export interface ReviewDeps {
  db: Db;
  notify: NotifyPort;
}

const ALL_STATUSES = ['reviewing', 'approved', 'rejected'];

export async function list(
  { db }: ReviewDeps,
  type: AccountReviewType,
  status: string | undefined,
  limit: number,
  offset: number,
): Promise<{ count: number; data: ReviewItem[] }> {
  const statuses = status ? status.split(',').filter((s) => ALL_STATUSES.includes(s)) : ALL_STATUSES;
  const common = (r: {
    id: string;
    status: ReviewItem['status'];
    account: string;
    nickname: string;
    reject_reason?: string | null;
    created_at: Date | string;
    reviewed_at?: Date | string | null;
  }) => ({
    id: r.id,
    type,
    status: r.status,
    account: r.account,
    nickname: r.nickname,
    reject_reason: r.reject_reason ?? null,
    created_at: iso(r.created_at)!,
    reviewed_at: iso(r.reviewed_at),
  });
  if (type === 'phone_change') {
    const { count, rows } = await phoneChangePage(db, statuses, limit, offset);
    return { count, data: rows.map((r) => ({ ...common(r), subject: maskPhoneWithCode(r.area_code, r.phone), licence_number: null, licence_name: null })) };
  }
  const { count, rows } = await verificationPage(db, statuses, limit, offset);
  return { count, data: rows.map((r) => ({ ...common(r), subject: r.enterprise, licence_number: r.licence_number, licence_name: r.licence_name })) };
}

export async function licence({ db }: ReviewDeps, id: string) {
  const row = await licenceOf(db, id);
  if (!row) throw notFound();
  return row;
}

/** A phone change decided: an approved phone replaces the one on record; the user is told. */
async function decidePhone({ notify }: ReviewDeps, trx: Exec, id: string, d: ReviewDecision, reason: string | null) {
  const approve = d.status === 'approved';
  const row = await lockPhoneChange(trx, id);
  if (!row) throw notFound();
  if (row.status !== 'reviewing') throw conflict('review_decided');
  await decidePhoneChange(trx, id, d);
  if (approve) await setUserPhone(trx, row.user_id, row.phone, row.area_code);
  await notify.notify(
    {
      tenantId: null,
      projectId: null,
      userIds: [row.user_id],
      category: 'system',
      messageKey: approve ? 'signup:messages.phone_approved' : 'signup:messages.phone_rejected',
      params: { phone: maskPhoneWithCode(row.area_code, row.phone), reason: reason ?? '' },
      link: '/accountinfo',
      refId: id,
    },
    trx,
  );
  return { id, status: d.status };
}

/** A real-name verification decided: an approved enterprise is written to the profile; the user is told. */
async function decideRealName({ notify }: ReviewDeps, trx: Exec, id: string, d: ReviewDecision, reason: string | null) {
  const approve = d.status === 'approved';
  const row = await lockVerification(trx, id);
  if (!row) throw notFound();
  if (row.status !== 'reviewing') throw conflict('review_decided');
  await decideVerification(trx, id, d);
  if (approve) {
    const userType = await setUserEnterprise(trx, row.user_id, row.enterprise);
    // A verified internet user may buy in their own project (seed 001 §6: real-name verification
    // is required for the full product); their read-only membership gains the owner's role.
    if (userType === INTERNET_USER_TYPE) await promoteInternetUser(trx, row.user_id);
  }
  await notify.notify(
    {
      tenantId: null,
      projectId: null,
      userIds: [row.user_id],
      category: 'system',
      messageKey: approve ? 'signup:messages.real_name_approved' : 'signup:messages.real_name_rejected',
      params: { enterprise: row.enterprise, reason: reason ?? '' },
      link: '/auth',
      refId: id,
    },
    trx,
  );
  return { id, status: d.status };
}

export async function decide(deps: ReviewDeps, type: AccountReviewType, id: string, reviewerId: string, body: unknown) {
  const input = reviewDecisionSchema.parse(body ?? {});
  const approve = input.decision === 'approve';
  const reason = input.reason?.trim() || null;
  const d: ReviewDecision = {
    status: approve ? 'approved' : 'rejected',
    reviewer_id: reviewerId,
    reviewed_at: new Date(),
    reject_reason: approve ? null : reason,
  };
  return deps.db.transaction().execute((trx) => (type === 'phone_change' ? decidePhone(deps, trx, id, d, reason) : decideRealName(deps, trx, id, d, reason)));
}

const bound =
  <A extends unknown[], R>(deps: ReviewDeps, fn: (d: ReviewDeps, ...args: A) => R) =>
  (...args: A) =>
    fn(deps, ...args);

/** The service bound to its dependencies (composition.ts). */
export function reviewService(db: Db, notify: NotifyPort) {
  const deps: ReviewDeps = { db, notify };
  return {
    list: bound(deps, list),
    licence: bound(deps, licence),
    decide: bound(deps, decide),
  };
}
export type ReviewService = ReturnType<typeof reviewService>;
