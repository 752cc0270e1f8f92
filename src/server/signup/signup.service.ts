// Registration and password recovery for internet users, the captcha and the phone codes they
// need, QR sign-in tickets and the locked user's appeal (issue 12, ADR 0026). Password rules are the
// user centre's (`passwordProblem`), the SMS gateway is the platform's (its embedded form logs every
// code and keeps the last ones readable: the dev inbox), sessions are the sign-in's.
import { createHash, randomBytes, randomInt } from 'node:crypto';
import { AppError, conflict, notFound, tooMany } from '../../domain/errors.ts';
import { newId } from '../../domain/ids.ts';
import { passwordProblem } from '../../domain/account.ts';
import {
  QR_TICKET_TTL_SECONDS,
  appealSchema,
  recoverSchema,
  registerSchema,
  signupSmsSchema,
  type QrStatus,
  type SignupSmsPurpose,
  PERSONAL_BUSINESS_TYPE,
} from '../../domain/signup.ts';
import type { Db } from '../db/database.ts';
import type { Config } from '../config.ts';
import { hashPassword, profileOf } from '../services/auth.service.ts';
import type { UsersRepository } from '../repositories/users.repository.ts';
import { SMS_CODE_LIMIT, SMS_CODE_TTL_SECONDS, SMS_RESEND_SECONDS, maskPhone, type SmsGateway } from '../services/sms.service.ts';
import { consumeAttempt } from '../repositories/attempts.repository.ts';
import { captchaService, type CaptchaService } from '../services/captcha.service.ts';
import { invalid } from '../services/kind-hooks.ts';
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

export function signupService(deps: SignupDeps) {
  const { db, users } = deps;
  const captcha = deps.captcha ?? captchaService(db, { devInbox: deps.captchaDevInbox, log: deps.log });
  const checkCaptcha = (id: string, answer: string) => captcha.check(id, answer);

  /**
   * Stores a code for `target` (a phone for registration, the account name for recovery) and sends
   * it to `phone` when there is one. Without a phone (an unknown or managed account) nothing is
   * sent, but a code row is stored all the same, so the resend wait and every later answer are the
   * ones an existing account gets (ADR 0043: nothing tells whether the account exists).
   */
  async function sendCode(target: string, purpose: SignupSmsPurpose, phone: string | null) {
    const last = await db
      .selectFrom('signup_sms_codes')
      .select('created_at')
      .where('phone', '=', target)
      .where('purpose', '=', purpose)
      .orderBy('created_at', 'desc')
      .executeTakeFirst();
    if (last && Date.now() - new Date(last.created_at).getTime() < SMS_RESEND_SECONDS * 1000) throw tooMany('sms_too_frequent');
    // No phone: a code nobody is told, so it can never be proven.
    const code = phone ? String(randomInt(0, 1_000_000)).padStart(6, '0') : randomBytes(16).toString('hex');
    await db
      .insertInto('signup_sms_codes')
      .values({
        id: newId(),
        phone: target,
        purpose,
        code_hash: sha(`${target}:${purpose}:${code}`),
        expires_at: new Date(Date.now() + SMS_CODE_TTL_SECONDS * 1000),
        created_at: new Date(),
      })
      .execute();
    if (phone) await deps.gateway().send({ phone, area_code: '86', operate_type: `signup_${purpose}`, code });
    return { countdown: SMS_RESEND_SECONDS };
  }

  /**
   * Proves the latest code of `target`: the guess is counted (the platform's attempt counter, one
   * statement) before it is compared, so past SMS_MAX_ATTEMPTS nothing is compared at all. Answers
   * the code's id for `spendCode`.
   */
  async function proveCode(target: string, purpose: SignupSmsPurpose, code: string): Promise<string> {
    const row = await db
      .selectFrom('signup_sms_codes')
      .selectAll()
      .where('phone', '=', target)
      .where('purpose', '=', purpose)
      .orderBy('created_at', 'desc')
      .executeTakeFirst();
    if (!row) throw invalid('sms_code', 'sms_code_first');
    if (row.used || new Date(row.expires_at).getTime() < Date.now()) throw invalid('sms_code', 'sms_code_expired');
    if (!(await consumeAttempt(db, `signup_sms:${row.id}`, SMS_CODE_LIMIT)).ok) throw invalid('sms_code', 'sms_code_expired');
    if (row.code_hash !== sha(`${target}:${purpose}:${code}`)) throw invalid('sms_code', 'sms_code_wrong');
    return row.id;
  }

  /** Single use under concurrency: only the call that flips `used` gets through. */
  async function spendCode(id: string) {
    const flipped = await db.updateTable('signup_sms_codes').set({ used: true }).where('id', '=', id).where('used', '=', false).executeTakeFirst();
    if (Number(flipped.numUpdatedRows) !== 1) throw invalid('sms_code', 'sms_code_expired');
  }

  /** Only internet users with a phone recover their own password (seed 001 §6); the others ask their tenant administrator. */
  const recoverable = async (account: string) => {
    const user = await users.findByAccount(account.trim());
    return user && user.user_type === INTERNET_USER_TYPE && user.phone ? { ...user, phone: user.phone } : null;
  };
  /** Recovery codes are stored under the account name as given, whether or not it exists. */
  const recoverTarget = (account: string) => `account:${account.trim()}`;

  return {
    captchaInbox: captcha.inbox,

    captcha: () => captcha.issue(),

    /**
     * A code for registration (to the phone given) or recovery (to the account's phone); the captcha
     * goes first. Whether the phone is registered or the account exists and may recover is not told
     * here: every request gets the same answer (ADR 0043); the code proves it later.
     */
    async sendSmsCode(body: unknown) {
      const input = signupSmsSchema.parse(body ?? {});
      await checkCaptcha(input.captcha_id, input.captcha);
      if (input.purpose === 'register') return { phone: maskPhone(input.phone), ...(await sendCode(input.phone, 'register', input.phone)) };
      const user = await recoverable(input.account);
      return sendCode(recoverTarget(input.account), 'recover', user?.phone ?? null);
    },

    /**
     * A new internet user with a tenant and project of their own (ADR 0026): the person is both the
     * tenant and its only member, so everything they buy is theirs and no one else's.
     */
    async register(body: unknown) {
      const input = registerSchema.parse(body ?? {});
      const problem = passwordProblem(input.password, input.account);
      if (problem) throw invalid('password', problem);
      // The code first: only whoever holds the phone learns that the account or phone is taken.
      const codeId = await proveCode(input.phone, 'register', input.sms_code);
      if (await users.findByAccount(input.account)) throw conflict('account_taken');
      if (await db.selectFrom('users').select('id').where('phone', '=', input.phone).executeTakeFirst()) throw conflict('phone_taken');
      await spendCode(codeId);
      const passwordHash = await hashPassword(input.password);
      const userId = newId();
      try {
        await db.transaction().execute(async (trx) => {
          const tenantId = newId();
          const projectId = newId();
          await trx
            .insertInto('tenants')
            .values({
              id: tenantId,
              name: `${input.account} 的个人空间`,
              chinese_name_abbreviation: input.account.slice(0, 12),
              business_type: PERSONAL_BUSINESS_TYPE,
            })
            .execute();
          await trx.insertInto('projects').values({ id: projectId, tenant_id: tenantId, name: 'default', name_zh: '默认项目' }).execute();
          await trx
            .insertInto('users')
            .values({
              id: userId,
              account: input.account,
              nickname: input.account,
              password_hash: passwordHash,
              phone: input.phone,
              area_code: '86',
              email: input.email,
              user_type: INTERNET_USER_TYPE,
              is_phone_validate: true,
              sign_pass_time: null,
            })
            .execute();
          await trx
            .insertInto('memberships')
            .values({ id: newId(), user_id: userId, role: 'internet_user', tenant_id: tenantId, project_id: projectId })
            .execute();
        });
      } catch (err) {
        // Two registrations racing for one account: the unique index decides.
        if (/unique|duplicate/i.test(String((err as Error).message))) throw conflict('account_taken');
        throw err;
      }
      return { id: userId, account: input.account };
    },

    /** A new password for an internet user who proved the registered phone; every session ends. */
    async recover(body: unknown) {
      const input = recoverSchema.parse(body ?? {});
      const problem = passwordProblem(input.password, input.account.trim());
      if (problem) throw invalid('password', problem);
      // An unknown or managed account has only a code nobody was sent: it answers like a wrong code.
      const codeId = await proveCode(recoverTarget(input.account), 'recover', input.sms_code);
      const user = await recoverable(input.account);
      if (!user) throw invalid('sms_code', 'sms_code_wrong');
      await spendCode(codeId);
      const passwordHash = await hashPassword(input.password);
      await db.transaction().execute(async (trx) => {
        await trx.updateTable('users').set({ password_hash: passwordHash }).where('id', '=', user.id).execute();
        await trx.deleteFrom('sessions').where('user_id', '=', user.id).execute();
      });
      return { account: user.account };
    },

    /** A one-time ticket for the QR code; only the page holding `poll_token` can collect the session. */
    async createQrTicket(origin: string, title: string) {
      const id = newId();
      const pollToken = randomBytes(24).toString('hex');
      const expiresAt = new Date(Date.now() + QR_TICKET_TTL_SECONDS * 1000);
      await db
        .insertInto('qr_login_tickets')
        .values({ id, poll_hash: sha(pollToken), status: 'pending', user_id: null, expires_at: expiresAt, created_at: new Date() })
        .execute();
      await db
        .deleteFrom('qr_login_tickets')
        .where('expires_at', '<', new Date(Date.now() - 3600_000))
        .execute();
      const link = `${origin}/login?view=qr-confirm&ticket=${id}`;
      return { ticket: id, poll_token: pollToken, expires_at: expiresAt.toISOString(), expires_in: QR_TICKET_TTL_SECONDS, link, svg: qrSvg(link, title) };
    },

    /** The login page's poll: pending, expired, or (once) the session of the confirming user. */
    async pollQrTicket(id: string, pollToken: string) {
      const row = await db.selectFrom('qr_login_tickets').selectAll().where('id', '=', id).executeTakeFirst();
      if (!row || row.poll_hash !== sha(pollToken)) throw notFound();
      if (row.status === 'consumed') return { status: 'consumed' as QrStatus };
      if (new Date(row.expires_at).getTime() < Date.now()) return { status: 'expired' as QrStatus };
      if (row.status === 'pending') return { status: 'pending' as QrStatus };
      const taken = await db
        .updateTable('qr_login_tickets')
        .set({ status: 'consumed' })
        .where('id', '=', id)
        .where('status', '=', 'confirmed')
        .executeTakeFirst();
      if (Number(taken.numUpdatedRows) !== 1) return { status: 'consumed' as QrStatus };
      const user = await users.findById(row.user_id!);
      if (!user || user.locked) throw new AppError(403, 'user_locked');
      const token = await users.createSession(user.id, deps.config.sessionTtlHours);
      return { status: 'confirmed' as QrStatus, profile: profileOf(user, token) };
    },

    /** What the phone shows before confirming. */
    async qrTicketInfo(id: string) {
      const row = await db.selectFrom('qr_login_tickets').select(['status', 'expires_at']).where('id', '=', id).executeTakeFirst();
      if (!row) throw notFound('qr_expired');
      const expired = new Date(row.expires_at).getTime() < Date.now();
      return { status: (expired && row.status === 'pending' ? 'expired' : row.status) as QrStatus, expires_at: new Date(row.expires_at).toISOString() };
    },

    /** The signed-in phone confirms: once, before expiry. */
    async confirmQrTicket(id: string, userId: string) {
      const row = await db.selectFrom('qr_login_tickets').select(['status', 'expires_at']).where('id', '=', id).executeTakeFirst();
      if (!row) throw notFound('qr_expired');
      if (new Date(row.expires_at).getTime() < Date.now()) throw new AppError(410, 'qr_expired');
      const done = await db
        .updateTable('qr_login_tickets')
        .set({ status: 'confirmed', user_id: userId })
        .where('id', '=', id)
        .where('status', '=', 'pending')
        .executeTakeFirst();
      if (Number(done.numUpdatedRows) !== 1) throw conflict('qr_used');
      return { status: 'confirmed' as QrStatus };
    },

    /** A locked user's appeal reaches the platform's administrators as a site message. */
    async appeal(body: unknown) {
      const input = appealSchema.parse(body ?? {});
      await checkCaptcha(input.captcha_id, input.captcha);
      const user = await users.findByAccount(input.account);
      const id = newId();
      await db
        .insertInto('account_appeals')
        .values({ id, account: input.account, user_id: user?.id ?? null, contact: input.contact, reason: input.reason, status: 'open', created_at: new Date() })
        .execute();
      const admins = await db.selectFrom('memberships').select('user_id').where('role', 'in', ['super_admin', 'ops_admin']).execute();
      await deps.notify.notify({
        tenantId: null,
        projectId: null,
        userIds: [...new Set(admins.map((a) => a.user_id))],
        category: 'system',
        messageKey: 'signup:messages.appeal',
        params: { account: input.account, contact: input.contact, reason: input.reason },
        link: null,
        refId: id,
      });
      return { id };
    },
  };
}
export type SignupService = ReturnType<typeof signupService>;
