// The user centre (issue 12): the profile with masked phone, e-mail and ID number; the password
// change under the seed's rules; phone verification by SMS code (handlePhone/verify, which the SMS
// delete flow links to); a phone change that waits for review; signing the service agreement.
// Module functions over the slice's dependencies (accountService binds them); the SQL is in
// account.repository.ts.
import { AppError, conflict, unauthorized } from '../../domain/errors.ts';
import { newId } from '../../domain/ids.ts';
import { realNameSchema } from '../../domain/account.ts';
import { UPLOAD_LIMITS, nameMatchesType } from '../../domain/desk.ts';
import { sniffMime } from '../desk/desk.service.ts';
import {
  accountSmsSchema,
  maskEmail,
  maskIdNumber,
  passwordChangeSchema,
  passwordProblem,
  phoneChangeSchema,
  phoneVerifySchema,
} from '../../domain/account.ts';
import type { Db } from '../platform/db/database.ts';
import type { SecretBox } from '../platform/lib/secret-box.ts';
import { hashPassword, recheckPassword } from '../session/session.service.ts';
import { hashToken } from '../platform/auth/users.repository.ts';
import type { SmsService } from '../platform/verification/sms.service.ts';
import { maskPhoneWithCode, storedParts } from '../../domain/phone.ts';
import { invalid } from '../engine/kind-hooks.ts';
import type { NotifyPort } from '../notifications/notify-port.ts';
import {
  deleteOtherSessions,
  insertPhoneChange,
  insertVerification,
  latestVerification,
  lockOpenVerification,
  lockReviewingPhoneChange,
  reviewerIds,
  reviewingPhoneChange,
  setPasswordHash,
  setPhoneVerified,
  setServiceAgreementSigned,
  userById,
} from './account.repository.ts';

export interface AccountDeps {
  db: Db;
  /** read when a code is sent (the engine's SMS service is built after this one) */
  sms: () => SmsService;
  secrets: SecretBox;
  notify?: NotifyPort;
}

type Licence = { filename: string; bytes: Buffer };

/** The platform's reviewers hear of a new request (ADR 0026: 账号审核 under /auth?view=review). */
async function tellReviewers(deps: AccountDeps, account: string, kind: 'phone_change' | 'real_name', refId: string) {
  if (!deps.notify) return;
  const reviewers = await reviewerIds(deps.db);
  await deps.notify.notify({
    tenantId: null,
    projectId: null,
    userIds: [...new Set(reviewers)],
    category: 'system',
    messageKey: `signup:messages.review_${kind}`,
    params: { account },
    link: '/auth?view=review',
    refId,
  });
}

async function user(deps: AccountDeps, id: string) {
  const row = await userById(deps.db, id);
  if (!row) throw unauthorized();
  return row;
}

export async function profile(deps: AccountDeps, userId: string) {
  const u = await user(deps, userId);
  const change = await reviewingPhoneChange(deps.db, userId);
  let idNumber: string | null = null;
  if (u.id_number_sealed) idNumber = maskIdNumber(String(deps.secrets.open(u.id_number_sealed).id_number ?? ''));
  return {
    account: u.account,
    nickname: u.nickname,
    user_type: u.user_type,
    phone: u.phone ? maskPhoneWithCode(u.area_code, u.phone) : null,
    area_code: u.area_code,
    is_phone_validate: u.is_phone_validate,
    email: u.email ? maskEmail(u.email) : null,
    id_number: idNumber,
    industry: u.industry ?? null,
    enterprise: u.enterprise ?? null,
    need_sign_service_agreement: u.need_sign_service_agreement,
    is_sign_service_agreement: u.is_sign_service_agreement,
    is_sign: u.is_sign,
    phone_change: change
      ? { phone: maskPhoneWithCode(change.area_code, change.phone), status: change.status, requested_at: new Date(change.created_at).toISOString() }
      : null,
  };
}

export async function sendCode(deps: AccountDeps, userId: string, body: unknown) {
  const { operate_type } = accountSmsSchema.parse(body ?? {});
  const u = await user(deps, userId);
  // Verifying goes to the phone on record even before it is verified; a change needs it verified.
  return deps.sms().send(u, operate_type, { unverified: operate_type === 'verify_phone' });
}

export async function verifyPhone(deps: AccountDeps, userId: string, body: unknown) {
  const { sms_code } = phoneVerifySchema.parse(body ?? {});
  await deps.sms().verify(userId, 'verify_phone', sms_code);
  await setPhoneVerified(deps.db, userId);
  return profile(deps, userId);
}

/** A new phone waits for review (1–2 working days); the code goes to the verified phone on record. */
export async function requestPhoneChange(deps: AccountDeps, userId: string, body: unknown) {
  const input = phoneChangeSchema.parse(body ?? {});
  const u = await user(deps, userId);
  if (!u.is_phone_validate) throw new AppError(409, 'sms_phone_unverified');
  // The new phone keeps its code (+86 or +852, phone.ts) so the SMS after approval reaches it.
  const next = storedParts(input.phone);
  if (u.phone === next.phone && u.area_code === next.area_code) throw invalid('phone', 'phone_same');
  await deps.sms().verify(userId, 'change_phone', input.sms_code);
  const requestId = newId();
  await deps.db.transaction().execute(async (trx) => {
    if (await lockReviewingPhoneChange(trx, userId)) throw conflict('phone_change_open');
    await insertPhoneChange(trx, { id: requestId, user_id: userId, ...next, status: 'reviewing', created_at: new Date() });
  });
  await tellReviewers(deps, u.account, 'phone_change', requestId);
  return profile(deps, userId);
}

export async function changePassword(deps: AccountDeps, userId: string, currentToken: string, body: unknown) {
  const input = passwordChangeSchema.parse(body ?? {});
  const u = await user(deps, userId);
  if (!(await recheckPassword(deps.db, userId, u.password_hash, input.old_password))) throw invalid('old_password', 'password_old_wrong');
  const problem = passwordProblem(input.new_password, u.account);
  if (problem) throw invalid('new_password', problem);
  if (input.new_password === input.old_password) throw invalid('new_password', 'password_same');
  await deps.db.transaction().execute(async (trx) => {
    await setPasswordHash(trx, userId, await hashPassword(input.new_password));
    // Other sessions end: whoever knew the old password is signed out everywhere else.
    await deleteOtherSessions(trx, userId, hashToken(currentToken));
  });
  return { ok: true };
}

/** The latest real-name verification (without the licence bytes). */
export async function realName(deps: AccountDeps, userId: string) {
  const row = await latestVerification(deps.db, userId);
  return row ? { ...row, created_at: new Date(row.created_at).toISOString() } : null;
}

/** The licence's mime type, judged by its content: jpg/png ≤ 2 MB or pdf ≤ 10 MB. */
async function licenceMime(file: Licence): Promise<string> {
  const mime = await sniffMime(file.bytes);
  if (!mime || !['image/jpeg', 'image/png', 'application/pdf'].includes(mime) || !nameMatchesType(file.filename, mime))
    throw new AppError(415, 'upload_type', { name: file.filename });
  const limit = mime === 'application/pdf' ? UPLOAD_LIMITS.fileBytes : UPLOAD_LIMITS.imageBytes;
  if (file.bytes.length > limit)
    throw new AppError(413, mime === 'application/pdf' ? 'upload_file_too_large' : 'upload_image_too_large', {
      name: `「${file.filename}」`,
      max: mime === 'application/pdf' ? '10 MB' : '2 MB',
    });
  return mime;
}

/**
 * Submits the enterprise and its business licence for review. The licence is judged by its
 * content (jpg/png ≤ 2 MB or pdf ≤ 10 MB); one verification under review or passed at a time.
 */
export async function submitRealName(deps: AccountDeps, userId: string, fields: Record<string, unknown>, file: Licence | null) {
  const input = realNameSchema.parse(fields);
  if (!file || file.bytes.length === 0) throw invalid('licence', 'required');
  const mime = await licenceMime(file);
  const verificationId = newId();
  await deps.db.transaction().execute(async (trx) => {
    const open = await lockOpenVerification(trx, userId);
    if (open) throw conflict(open.status === 'approved' ? 'real_name_done' : 'real_name_reviewing');
    await insertVerification(trx, {
      id: verificationId,
      user_id: userId,
      enterprise: input.enterprise,
      licence_number: input.licence_number,
      licence_name: file.filename.slice(0, 120),
      licence_mime: mime,
      licence_data: file.bytes,
      status: 'reviewing',
      reject_reason: null,
      created_at: new Date(),
    });
  });
  const u = await user(deps, userId);
  await tellReviewers(deps, u.account, 'real_name', verificationId);
  return realName(deps, userId);
}

export async function signAgreement(deps: AccountDeps, userId: string) {
  await setServiceAgreementSigned(deps.db, userId);
  return profile(deps, userId);
}

/** Binds a function of the slice to its dependencies. */
const bound =
  <A extends unknown[], R>(deps: AccountDeps, fn: (d: AccountDeps, ...args: A) => R) =>
  (...args: A) =>
    fn(deps, ...args);

export function accountService(db: Db, sms: () => SmsService, secrets: SecretBox, notify?: NotifyPort) {
  const deps: AccountDeps = { db, sms, secrets, notify };
  return {
    profile: bound(deps, profile),
    sendCode: bound(deps, sendCode),
    verifyPhone: bound(deps, verifyPhone),
    requestPhoneChange: bound(deps, requestPhoneChange),
    changePassword: bound(deps, changePassword),
    realName: bound(deps, realName),
    submitRealName: bound(deps, submitRealName),
    signAgreement: bound(deps, signAgreement),
  };
}
export type AccountService = ReturnType<typeof accountService>;
