// Registration and password recovery for internet users, the captcha and the phone codes they
// need, QR sign-in tickets and the locked user's appeal (issue 12, ADR 0026). Password rules are the
// user centre's (`passwordProblem`), the SMS gateway is the platform's (its embedded form logs every
// code and keeps the last ones readable: the dev inbox), sessions are the sign-in's.
import { createHash, randomBytes, randomInt } from 'node:crypto';
import { AppError, conflict, notFound, tooMany } from '../../domain/errors.ts';
import { newId } from '../../domain/ids.ts';
import { passwordProblem } from '../../domain/account.ts';
import { joinPhone, maskStoredPhone, storedParts } from '../../domain/phone.ts';
import {
  QR_TICKET_TTL_SECONDS,
  appealSchema,
  recoverSchema,
  registerSchema,
  signupSmsSchema,
  type QrStatus,
  type SignupSmsPurpose,
  PERSONAL_BUSINESS_TYPE,
  type RegisterInput,
} from '../../domain/signup.ts';
import type { Db } from '../platform/db/database.ts';
import type { Config } from '../platform/config.ts';
import { hashPassword, profileOf } from '../session/session.service.ts';
import type { UsersRepository } from '../platform/auth/users.repository.ts';
import {
  confirmQrTicket as confirmTicket,
  consumeQrTicket,
  insertAppeal,
  insertCode,
  insertPersonalSpace,
  insertQrTicket,
  lastCodeAt,
  latestCode,
  phoneTaken,
  platformAdminIds,
  qrTicket,
  qrTicketState,
  type PersonalSpace,
  resetPassword,
  spendCode as flipCode,
} from './signup.repository.ts';
import { SMS_CODE_LIMIT, SMS_CODE_TTL_SECONDS, SMS_RESEND_SECONDS, type SmsGateway } from '../platform/verification/sms.service.ts';
import { consumeAttempt } from '../platform/auth/attempts.repository.ts';
import { captchaService, type CaptchaService } from '../platform/verification/captcha.service.ts';
import { invalid } from '../engine/kind-hooks.ts';
import type { NotifyPort } from '../notifications/notify-port.ts';
import { qrSvg } from './qr-code.ts';

const sha = (s: string) => createHash('sha256').update(s).digest('hex');
/** An internet user registered here (seed 001 §3 user types). */
export const INTERNET_USER_TYPE = 'internet';

export interface SignupDeps {
  db: Db;
  users: UsersRepository;
  gateway: () => SmsGateway;
  notify: NotifyPort;
  config: Pick<Config, 'sessionTtlHours'>;
  /** the picture captcha, shared with the sign-in (made here when not given) */
  captcha?: CaptchaService;
  /** keep captcha answers readable in memory and in the log (development and tests only) */
  captchaDevInbox?: boolean;
  log?: { info: (obj: object, msg: string) => void };
}

/** The dependencies with the captcha made (composition.ts passes SignupDeps). */
export type SignupCtx = SignupDeps & { captcha: CaptchaService };

/**
 * Stores a code for `target` (a phone for registration, the account name for recovery) and sends
 * it to `phone` when there is one. Without a phone (an unknown or managed account) nothing is
 * sent, but a code row is stored all the same, so the resend wait and every later answer are the
 * ones an existing account gets (ADR 0043: nothing tells whether the account exists).
 */
async function sendCode(deps: SignupCtx, target: string, purpose: SignupSmsPurpose, phone: string | null) {
  const last = await lastCodeAt(deps.db, target, purpose);
  if (last && Date.now() - new Date(last).getTime() < SMS_RESEND_SECONDS * 1000) throw tooMany('sms_too_frequent');
  // No phone: a code nobody is told, so it can never be proven.
  const code = phone ? String(randomInt(0, 1_000_000)).padStart(6, '0') : randomBytes(16).toString('hex');
  await insertCode(deps.db, {
    id: newId(),
    phone: target,
    purpose,
    code_hash: sha(`${target}:${purpose}:${code}`),
    expires_at: new Date(Date.now() + SMS_CODE_TTL_SECONDS * 1000),
    created_at: new Date(),
  });
  // `phone` is the stored form (phone.ts): the gateway gets its digits and its code apart.
  if (phone) await deps.gateway().send({ ...storedParts(phone), operate_type: `signup_${purpose}`, code });
  return { countdown: SMS_RESEND_SECONDS };
}

/**
 * Proves the latest code of `target`: the guess is counted (the platform's attempt counter, one
 * statement) before it is compared, so past SMS_MAX_ATTEMPTS nothing is compared at all. Answers
 * the code's id for `spendCode`.
 */
async function proveCode({ db }: SignupCtx, target: string, purpose: SignupSmsPurpose, code: string): Promise<string> {
  const row = await latestCode(db, target, purpose);
  if (!row) throw invalid('sms_code', 'sms_code_first');
  if (row.used || new Date(row.expires_at).getTime() < Date.now()) throw invalid('sms_code', 'sms_code_expired');
  if (!(await consumeAttempt(db, `signup_sms:${row.id}`, SMS_CODE_LIMIT)).ok) throw invalid('sms_code', 'sms_code_expired');
  if (row.code_hash !== sha(`${target}:${purpose}:${code}`)) throw invalid('sms_code', 'sms_code_wrong');
  return row.id;
}

/** Single use under concurrency: only the call that flips `used` gets through. */
async function spendCode({ db }: SignupCtx, id: string) {
  if (!(await flipCode(db, id))) throw invalid('sms_code', 'sms_code_expired');
}

/** Only internet users with a phone recover their own password (seed 001 §6); the others ask their tenant administrator. */
async function recoverable({ users }: SignupCtx, account: string) {
  const user = await users.findByAccount(account.trim());
  return user && user.user_type === INTERNET_USER_TYPE && user.phone ? { ...user, phone: joinPhone(user.area_code, user.phone) } : null;
}
/** Recovery codes are stored under the account name as given, whether or not it exists. */
const recoverTarget = (account: string) => `account:${account.trim()}`;

export function captchaImage(deps: SignupCtx) {
  return deps.captcha.issue();
}

/**
 * A code for registration (to the phone given) or recovery (to the account's phone); the captcha
 * goes first. Whether the phone is registered or the account exists and may recover is not told
 * here: every request gets the same answer (ADR 0043); the code proves it later.
 */
export async function sendSmsCode(deps: SignupCtx, body: unknown) {
  const input = signupSmsSchema.parse(body ?? {});
  await deps.captcha.check(input.captcha_id, input.captcha);
  if (input.purpose === 'register') return { phone: maskStoredPhone(input.phone), ...(await sendCode(deps, input.phone, 'register', input.phone)) };
  const user = await recoverable(deps, input.account);
  return sendCode(deps, recoverTarget(input.account), 'recover', user?.phone ?? null);
}

/** The tenant (named after the account), its default project and the user, with the internet user's role there. */
function personalSpace(input: RegisterInput, userId: string, passwordHash: string): PersonalSpace {
  return {
    tenant: { id: newId(), name: `${input.account} 的个人空间`, chinese_name_abbreviation: input.account.slice(0, 12), business_type: PERSONAL_BUSINESS_TYPE },
    project: { id: newId(), name: 'default', name_zh: '默认项目' },
    user: {
      id: userId,
      account: input.account,
      nickname: input.account,
      password_hash: passwordHash,
      ...storedParts(input.phone),
      email: input.email,
      user_type: INTERNET_USER_TYPE,
      is_phone_validate: true,
      sign_pass_time: null,
    },
    membership: { id: newId(), role: 'internet_user' },
  };
}

/**
 * A new internet user with a tenant and project of their own (ADR 0026): the person is both the
 * tenant and its only member, so everything they buy is theirs and no one else's.
 */
export async function register(deps: SignupCtx, body: unknown) {
  const input = registerSchema.parse(body ?? {});
  const problem = passwordProblem(input.password, input.account);
  if (problem) throw invalid('password', problem);
  // The code first: only whoever holds the phone learns that the account or phone is taken.
  const codeId = await proveCode(deps, input.phone, 'register', input.sms_code);
  if (await deps.users.findByAccount(input.account)) throw conflict('account_taken');
  if (await phoneTaken(deps.db, storedParts(input.phone).phone, storedParts(input.phone).area_code)) throw conflict('phone_taken');
  await spendCode(deps, codeId);
  const userId = newId();
  const space = personalSpace(input, userId, await hashPassword(input.password));
  try {
    await deps.db.transaction().execute((trx) => insertPersonalSpace(trx, space));
  } catch (err) {
    // Two registrations racing for one account: the unique index decides.
    if (/unique|duplicate/i.test(String((err as Error).message))) throw conflict('account_taken');
    throw err;
  }
  return { id: userId, account: input.account };
}

/** A new password for an internet user who proved the registered phone; every session ends. */
export async function recover(deps: SignupCtx, body: unknown) {
  const input = recoverSchema.parse(body ?? {});
  const problem = passwordProblem(input.password, input.account.trim());
  if (problem) throw invalid('password', problem);
  // An unknown or managed account has only a code nobody was sent: it answers like a wrong code.
  const codeId = await proveCode(deps, recoverTarget(input.account), 'recover', input.sms_code);
  const user = await recoverable(deps, input.account);
  if (!user) throw invalid('sms_code', 'sms_code_wrong');
  await spendCode(deps, codeId);
  const passwordHash = await hashPassword(input.password);
  await deps.db.transaction().execute((trx) => resetPassword(trx, user.id, passwordHash));
  return { account: user.account };
}

/** A one-time ticket for the QR code; only the page holding `poll_token` can collect the session. */
export async function createQrTicket({ db }: SignupCtx, origin: string, title: string) {
  const id = newId();
  const pollToken = randomBytes(24).toString('hex');
  const expiresAt = new Date(Date.now() + QR_TICKET_TTL_SECONDS * 1000);
  await insertQrTicket(db, { id, poll_hash: sha(pollToken), expires_at: expiresAt });
  const link = `${origin}/login?view=qr-confirm&ticket=${id}`;
  return { ticket: id, poll_token: pollToken, expires_at: expiresAt.toISOString(), expires_in: QR_TICKET_TTL_SECONDS, link, svg: qrSvg(link, title) };
}

/** The login page's poll: pending, expired, or (once) the session of the confirming user. */
export async function pollQrTicket(deps: SignupCtx, id: string, pollToken: string) {
  const row = await qrTicket(deps.db, id);
  if (!row || row.poll_hash !== sha(pollToken)) throw notFound();
  if (row.status === 'consumed') return { status: 'consumed' as QrStatus };
  if (new Date(row.expires_at).getTime() < Date.now()) return { status: 'expired' as QrStatus };
  if (row.status === 'pending') return { status: 'pending' as QrStatus };
  if (!(await consumeQrTicket(deps.db, id))) return { status: 'consumed' as QrStatus };
  const user = await deps.users.findById(row.user_id!);
  if (!user || user.locked) throw new AppError(403, 'user_locked');
  const token = await deps.users.createSession(user.id, deps.config.sessionTtlHours);
  return { status: 'confirmed' as QrStatus, profile: profileOf(user, token) };
}

/** What the phone shows before confirming. */
export async function qrTicketInfo({ db }: SignupCtx, id: string) {
  const row = await qrTicketState(db, id);
  if (!row) throw notFound('qr_expired');
  const expired = new Date(row.expires_at).getTime() < Date.now();
  return { status: (expired && row.status === 'pending' ? 'expired' : row.status) as QrStatus, expires_at: new Date(row.expires_at).toISOString() };
}

/** The signed-in phone confirms: once, before expiry. */
export async function confirmQrTicket({ db }: SignupCtx, id: string, userId: string) {
  const row = await qrTicketState(db, id);
  if (!row) throw notFound('qr_expired');
  if (new Date(row.expires_at).getTime() < Date.now()) throw new AppError(410, 'qr_expired');
  if (!(await confirmTicket(db, id, userId))) throw conflict('qr_used');
  return { status: 'confirmed' as QrStatus };
}

/** A locked user's appeal reaches the platform's administrators as a site message. */
export async function appeal(deps: SignupCtx, body: unknown) {
  const input = appealSchema.parse(body ?? {});
  await deps.captcha.check(input.captcha_id, input.captcha);
  const user = await deps.users.findByAccount(input.account);
  const id = newId();
  await insertAppeal(deps.db, { id, account: input.account, user_id: user?.id ?? null, contact: input.contact, reason: input.reason });
  await deps.notify.notify({
    tenantId: null,
    projectId: null,
    userIds: await platformAdminIds(deps.db),
    category: 'system',
    messageKey: 'signup:messages.appeal',
    params: { account: input.account, contact: input.contact, reason: input.reason },
    link: null,
    refId: id,
  });
  return { id };
}

const bound =
  <A extends unknown[], R>(deps: SignupCtx, fn: (d: SignupCtx, ...args: A) => R) =>
  (...args: A) =>
    fn(deps, ...args);

/** The service bound to its dependencies (composition.ts); the captcha is made here when not given. */
export function signupService(deps: SignupDeps) {
  const ctx: SignupCtx = { ...deps, captcha: deps.captcha ?? captchaService(deps.db, { devInbox: deps.captchaDevInbox, log: deps.log }) };
  return {
    captchaInbox: ctx.captcha.inbox,
    captcha: bound(ctx, captchaImage),
    sendSmsCode: bound(ctx, sendSmsCode),
    register: bound(ctx, register),
    recover: bound(ctx, recover),
    createQrTicket: bound(ctx, createQrTicket),
    pollQrTicket: bound(ctx, pollQrTicket),
    qrTicketInfo: bound(ctx, qrTicketInfo),
    confirmQrTicket: bound(ctx, confirmQrTicket),
    appeal: bound(ctx, appeal),
  };
}
export type SignupService = ReturnType<typeof signupService>;
