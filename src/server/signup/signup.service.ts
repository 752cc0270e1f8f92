// Registration and password recovery for internet users, the captcha and the phone codes they
// need, QR sign-in tickets and the locked user's appeal (issue 12, ADR 0026). Password rules are the
// user centre's (`passwordProblem`), the SMS gateway is the platform's (its embedded form logs every
// code and keeps the last ones readable: the dev inbox), sessions are the sign-in's.
import { createHash, randomBytes, randomInt, timingSafeEqual } from 'node:crypto';
import svgCaptcha from 'svg-captcha';
import { AppError, conflict, forbidden, notFound, tooMany } from '../../domain/errors.ts';
import { newId } from '../../domain/ids.ts';
import { passwordProblem } from '../../domain/account.ts';
import {
  CAPTCHA_TTL_SECONDS,
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
import { SMS_CODE_TTL_SECONDS, SMS_MAX_ATTEMPTS, SMS_RESEND_SECONDS, maskPhone, type SmsGateway } from '../services/sms.service.ts';
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
  /** keep captcha answers readable in memory and in the log (development and tests only) */
  captchaDevInbox?: boolean;
  log?: { info: (obj: object, msg: string) => void };
}

export function signupService(deps: SignupDeps) {
  const { db, users } = deps;
  /** The dev inbox: captcha id → answer, only when switched on. */
  const captchaInbox = new Map<string, string>();

  async function checkCaptcha(id: string, answer: string) {
    // Consumed by any attempt, right or wrong: one image, one guess.
    const row = await db
      .updateTable('signup_captchas')
      .set({ used: true })
      .where('id', '=', id)
      .where('used', '=', false)
      .returning(['answer_hash', 'expires_at'])
      .executeTakeFirst();
    if (!row || new Date(row.expires_at).getTime() < Date.now()) throw invalid('captcha', 'captcha_expired');
    const given = Buffer.from(sha(`${id}:${answer.trim().toLowerCase()}`));
    if (!timingSafeEqual(given, Buffer.from(row.answer_hash))) throw invalid('captcha', 'captcha_wrong');
  }

  async function sendCode(phone: string, purpose: SignupSmsPurpose) {
    const last = await db
      .selectFrom('signup_sms_codes')
      .select('created_at')
      .where('phone', '=', phone)
      .where('purpose', '=', purpose)
      .orderBy('created_at', 'desc')
      .executeTakeFirst();
    if (last && Date.now() - new Date(last.created_at).getTime() < SMS_RESEND_SECONDS * 1000) throw tooMany('sms_too_frequent');
    const code = String(randomInt(0, 1_000_000)).padStart(6, '0');
    await db
      .insertInto('signup_sms_codes')
      .values({
        id: newId(),
        phone,
        purpose,
        code_hash: sha(`${phone}:${purpose}:${code}`),
        expires_at: new Date(Date.now() + SMS_CODE_TTL_SECONDS * 1000),
        created_at: new Date(),
      })
      .execute();
    await deps.gateway().send({ phone, area_code: '86', operate_type: `signup_${purpose}`, code });
    return { phone: maskPhone(phone), countdown: SMS_RESEND_SECONDS };
  }

  async function verifyCode(phone: string, purpose: SignupSmsPurpose, code: string) {
    const row = await db
      .selectFrom('signup_sms_codes')
      .selectAll()
      .where('phone', '=', phone)
      .where('purpose', '=', purpose)
      .orderBy('created_at', 'desc')
      .executeTakeFirst();
    if (!row) throw invalid('sms_code', 'sms_code_first');
    if (row.used || new Date(row.expires_at).getTime() < Date.now() || row.attempts >= SMS_MAX_ATTEMPTS) throw invalid('sms_code', 'sms_code_expired');
    if (row.code_hash !== sha(`${phone}:${purpose}:${code}`)) {
      await db
        .updateTable('signup_sms_codes')
        .set({ attempts: row.attempts + 1 })
        .where('id', '=', row.id)
        .execute();
      throw invalid('sms_code', 'sms_code_wrong');
    }
    // Single use under concurrency: only the call that flips `used` gets through.
    const flipped = await db.updateTable('signup_sms_codes').set({ used: true }).where('id', '=', row.id).where('used', '=', false).executeTakeFirst();
    if (Number(flipped.numUpdatedRows) !== 1) throw invalid('sms_code', 'sms_code_expired');
  }

  async function recoverableUser(account: string) {
    const user = await users.findByAccount(account.trim());
    if (!user) throw invalid('account', 'recover_account_unknown');
    // Only internet users recover their own password (seed 001 §6); the others ask their tenant administrator.
    if (user.user_type !== INTERNET_USER_TYPE) throw forbidden('recover_not_internet');
    if (!user.phone) throw forbidden('recover_not_internet');
    return user;
  }

  return {
    captchaInbox,

    async captcha() {
      const c = svgCaptcha.create({ size: 4, noise: 2, ignoreChars: '0oO1iIlL', color: false, background: '#f2f5fa', width: 120, height: 44 });
      const id = newId();
      await db
        .insertInto('signup_captchas')
        .values({ id, answer_hash: sha(`${id}:${c.text.toLowerCase()}`), expires_at: new Date(Date.now() + CAPTCHA_TTL_SECONDS * 1000) })
        .execute();
      // Old images go with new ones: the table holds only the last few minutes.
      await db
        .deleteFrom('signup_captchas')
        .where('expires_at', '<', new Date(Date.now() - 3600_000))
        .execute();
      if (deps.captchaDevInbox) {
        captchaInbox.set(id, c.text);
        if (captchaInbox.size > 500) captchaInbox.delete(captchaInbox.keys().next().value!);
        deps.log?.info({ captcha: { id, answer: c.text } }, 'captcha issued (dev inbox)');
      }
      return { captcha_id: id, svg: c.data, expires_in: CAPTCHA_TTL_SECONDS };
    },

    /** A code for registration (to the phone given) or recovery (to the account's phone); the captcha goes first. */
    async sendSmsCode(body: unknown) {
      const input = signupSmsSchema.parse(body ?? {});
      await checkCaptcha(input.captcha_id, input.captcha);
      if (input.purpose === 'register') {
        const taken = await db.selectFrom('users').select('id').where('phone', '=', input.phone).executeTakeFirst();
        if (taken) throw conflict('phone_taken');
        return sendCode(input.phone, 'register');
      }
      const user = await recoverableUser(input.account);
      return sendCode(user.phone!, 'recover');
    },

    /**
     * A new internet user with a tenant and project of their own (ADR 0026): the person is both the
     * tenant and its only member, so everything they buy is theirs and no one else's.
     */
    async register(body: unknown) {
      const input = registerSchema.parse(body ?? {});
      const problem = passwordProblem(input.password, input.account);
      if (problem) throw invalid('password', problem);
      if (await users.findByAccount(input.account)) throw conflict('account_taken');
      if (await db.selectFrom('users').select('id').where('phone', '=', input.phone).executeTakeFirst()) throw conflict('phone_taken');
      await verifyCode(input.phone, 'register', input.sms_code);
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
      const user = await recoverableUser(input.account);
      const problem = passwordProblem(input.password, user.account);
      if (problem) throw invalid('password', problem);
      await verifyCode(user.phone!, 'recover', input.sms_code);
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
