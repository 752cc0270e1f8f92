// Sign-in with argon2id and 12-hour opaque tokens. Failed sign-ins slow the attacker down and never
// lock the owner out (docs/decisions/0003-sessions-and-lockout.md, 0043-sign-in-under-attack.md):
// - per (account, client IP): LOGIN_MAX_FAILURES attempts, then that pair waits LOGIN_LOCK_MINUTES;
// - per account: the client IPs failing on it are counted; once LOGIN_ATTACK_SOURCES of them failed
//   in the window the account is under attack, and a sign-in to it from an IP that has not signed in
//   to it within LOGIN_TRUSTED_DAYS must first solve the picture captcha. There is no back-off of
//   the account as a whole: failures elsewhere never keep the owner out of their own IP;
// - per client IP: past LOGIN_IP_MAX_FAILURES failing accounts, one attempt per LOGIN_DELAY_SECONDS.
// Every attempt is counted atomically (repositories/attempts.repository.ts) before its password is checked.
import { hash, verify } from '@node-rs/argon2';
import { AppError } from '../../domain/errors.ts';
import type { LoginInput, SessionProfile } from '../../domain/schemas/auth.schema.ts';
import type { Db } from '../platform/db/database.ts';
import type { Config } from '../platform/config.ts';
import type { UsersRepository } from '../platform/auth/users.repository.ts';
import {
  type AttemptLimit,
  clearAttempts,
  consumeAttempt,
  countEvent,
  countInWindow,
  markNow,
  markedWithin,
  refundAttempt,
  takeSlot,
} from '../platform/auth/attempts.repository.ts';
import type { CaptchaService } from '../platform/verification/captcha.service.ts';

// OWASP's argon2id baseline (19 MiB, t=2, p=1).
// algorithm 2 = Argon2id (the package's const enum cannot be imported under verbatimModuleSyntax).
const ARGON = { algorithm: 2, memoryCost: 19456, timeCost: 2, parallelism: 1 } as const;
export const hashPassword = (password: string) => hash(password, ARGON);

// Verified against when the account does not exist, so timing does not tell which accounts exist.
let dummyHash: Promise<string> | null = null;

type UserRow = NonNullable<Awaited<ReturnType<UsersRepository['findById']>>>;

export function profileOf(user: UserRow, token?: string): SessionProfile {
  return {
    ...(token ? { token } : {}),
    nickname: user.nickname,
    id: user.id,
    account: user.account,
    need_sign_service_agreement: user.need_sign_service_agreement,
    is_sign_service_agreement: user.is_sign_service_agreement,
    is_sign: user.is_sign,
    sign_pass_time: user.sign_pass_time ? new Date(user.sign_pass_time).toISOString() : null,
  };
}

/** Passwords checked with argon2 since start (how many guesses really reached a hash). */
export const signInStats = { passwordChecks: 0 };

/** A signed-in user entering their password again (step-up, password change): this many guesses per quarter hour. */
export const REAUTH_LIMIT: AttemptLimit = { max: 5, windowMs: 15 * 60_000 };

/**
 * Checks a signed-in user's password again, the guess counted first (the platform's attempt
 * counter): past REAUTH_LIMIT it throws 429 without checking; a right password clears the count.
 */
export async function recheckPassword(db: Db, userId: string, passwordHash: string, password: string): Promise<boolean> {
  const key = `reauth:${userId}`;
  const attempt = await consumeAttempt(db, key, REAUTH_LIMIT);
  if (!attempt.ok) throw new AppError(429, 'password_retry_later', { minutes: Math.max(1, Math.ceil((attempt.until.getTime() - Date.now()) / 60_000)) });
  const ok = await verify(passwordHash, password).catch(() => false);
  if (ok) await clearAttempts(db, key);
  return ok;
}

export interface AuthDeps {
  db: Db;
  /** the picture captcha an account under attack asks for */
  captcha: CaptchaService;
}

export function authService(users: UsersRepository, config: Config, deps: AuthDeps) {
  const { db } = deps;
  const lockMs = config.loginLockMinutes * 60_000;
  const delayMs = config.loginDelaySeconds * 1000;
  const trustedMs = config.loginTrustedDays * 24 * 3600_000;
  const max = config.loginMaxFailures;
  const lockedOut = (until: Date) => new AppError(429, 'login_locked_out', { minutes: Math.max(1, Math.ceil((until.getTime() - Date.now()) / 60_000)) });
  const delayed = (until: Date) => new AppError(429, 'login_ip_delayed', { seconds: Math.max(1, Math.ceil((until.getTime() - Date.now()) / 1000)) });

  /** An account under attack asks a source without a recent success of its own for the captcha. */
  async function captchaGate(account: string, ip: string, input: LoginInput) {
    if ((await countInWindow(db, `sources:${account}`, lockMs)) < config.loginAttackSources) return;
    if (await markedWithin(db, `trusted:${account}|${ip}`, trustedMs)) return;
    if (!input.captcha_id || !input.captcha) throw new AppError(428, 'login_captcha_required');
    await deps.captcha.check(input.captcha_id, input.captcha);
  }

  return {
    async login(input: LoginInput, ip: string): Promise<SessionProfile> {
      const account = input.account.toLowerCase();
      const pairKey = `pair:${account}|${ip}`;
      const ipKey = `ip:${ip}`;
      await captchaGate(account, ip, input);
      const pair = await consumeAttempt(db, pairKey, { max, windowMs: lockMs });
      if (!pair.ok) throw lockedOut(pair.until);
      const ipWait = await takeSlot(db, ipKey, config.loginIpMaxFailures, lockMs, delayMs);
      if (ipWait) {
        await refundAttempt(db, pairKey, max);
        throw delayed(ipWait);
      }
      const user = await users.findByAccount(input.account);
      dummyHash ??= hashPassword('not-a-password-' + Math.random());
      signInStats.passwordChecks++;
      const ok = await verify(user?.password_hash ?? (await dummyHash), input.password).catch(() => false);
      if (!user || !ok) {
        // The first failure of this account from this IP adds one failing account to the IP and
        // one failing source to the account.
        if (pair.count === 1) {
          await countEvent(db, ipKey, lockMs);
          await countEvent(db, `sources:${account}`, lockMs);
        }
        if (pair.count >= max) throw lockedOut(new Date(Date.now() + lockMs));
        throw new AppError(401, 'login_failed');
      }
      if (user.locked) throw new AppError(403, 'user_locked');
      await clearAttempts(db, pairKey);
      await markNow(db, `trusted:${account}|${ip}`);
      const token = await users.createSession(user.id, config.sessionTtlHours);
      return profileOf(user, token);
    },
  };
}
