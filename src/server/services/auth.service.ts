// Sign-in with argon2id and 12-hour opaque tokens. Failed sign-ins are slowed down, never made
// unanswerable for the owner (docs/decisions/0003-sessions-and-lockout.md):
// - per (account, client IP): LOGIN_MAX_FAILURES attempts, then that pair waits LOGIN_LOCK_MINUTES;
// - per account, from any IP: past LOGIN_MAX_FAILURES, one attempt per back-off (LOGIN_DELAY_SECONDS,
//   doubling, at most LOGIN_LOCK_MINUTES), after which the right password from any IP works;
// - per client IP: past LOGIN_IP_MAX_FAILURES failing accounts, one attempt per LOGIN_DELAY_SECONDS.
// Every attempt is counted atomically before its password is checked.
import { hash, verify } from '@node-rs/argon2';
import { AppError } from '../../domain/errors.ts';
import type { LoginInput, SessionProfile } from '../../domain/schemas/auth.schema.ts';
import type { Config } from '../config.ts';
import type { UsersRepository } from '../repositories/users.repository.ts';

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

export function authService(users: UsersRepository, config: Config) {
  const lockMs = config.loginLockMinutes * 60_000;
  const delayMs = config.loginDelaySeconds * 1000;
  const max = config.loginMaxFailures;
  const lockedOut = (until: Date) => new AppError(429, 'login_locked_out', { minutes: Math.max(1, Math.ceil((until.getTime() - Date.now()) / 60_000)) });
  const delayed = (until: Date, key = 'login_delayed') => new AppError(429, key, { seconds: Math.max(1, Math.ceil((until.getTime() - Date.now()) / 1000)) });
  return {
    async login(input: LoginInput, ip: string): Promise<SessionProfile> {
      const account = input.account.toLowerCase();
      const pairKey = `pair:${account}|${ip}`;
      const accountKey = `account:${account}`;
      const ipKey = `ip:${ip}`;
      const pair = await users.takeAttempt(pairKey, { max, windowMs: lockMs, baseMs: lockMs, capMs: lockMs });
      if (!pair.ok) throw lockedOut(pair.until);
      const acct = await users.takeAttempt(accountKey, { max, windowMs: lockMs, baseMs: delayMs, capMs: lockMs });
      if (!acct.ok) {
        await users.refundAttempt(pairKey, max);
        throw delayed(acct.until);
      }
      const ipWait = await users.takeIpSlot(ipKey, config.loginIpMaxFailures, lockMs, delayMs);
      if (ipWait) {
        await users.refundAttempt(pairKey, max);
        await users.refundAttempt(accountKey, max);
        throw delayed(ipWait, 'login_ip_delayed');
      }
      const user = await users.findByAccount(input.account);
      dummyHash ??= hashPassword('not-a-password-' + Math.random());
      signInStats.passwordChecks++;
      const ok = await verify(user?.password_hash ?? (await dummyHash), input.password).catch(() => false);
      if (!user || !ok) {
        // The first failure of this account from this IP adds one failing account to the IP.
        if (pair.count === 1) await users.countFailure(ipKey, lockMs);
        if (pair.count >= max) throw lockedOut(new Date(Date.now() + lockMs));
        throw new AppError(401, 'login_failed');
      }
      if (user.locked) throw new AppError(403, 'user_locked');
      await users.clearFailures(pairKey);
      await users.clearFailures(accountKey);
      const token = await users.createSession(user.id, config.sessionTtlHours);
      return profileOf(user, token);
    },
  };
}
