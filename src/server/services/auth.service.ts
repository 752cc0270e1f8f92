// Sign-in with argon2id, per-account and per-IP lockout, 12-hour opaque tokens.
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

export function authService(users: UsersRepository, config: Config) {
  const lockMinutes = config.loginLockMinutes;
  return {
    async login(input: LoginInput, ip: string): Promise<SessionProfile> {
      const accountKey = `account:${input.account.toLowerCase()}`;
      const ipKey = `ip:${ip}`;
      for (const key of [accountKey, ipKey]) {
        const until = await users.lockedUntil(key);
        if (until) throw new AppError(429, 'login_locked_out', { minutes: Math.max(1, Math.ceil((until.getTime() - Date.now()) / 60_000)) });
      }
      const user = await users.findByAccount(input.account);
      dummyHash ??= hashPassword('not-a-password-' + Math.random());
      const ok = await verify(user?.password_hash ?? (await dummyHash), input.password).catch(() => false);
      if (!user || !ok) {
        const accountLocked = await users.recordFailure(accountKey, config.loginMaxFailures, lockMinutes);
        const ipLocked = await users.recordFailure(ipKey, config.loginIpMaxFailures, lockMinutes);
        if (accountLocked || ipLocked) throw new AppError(429, 'login_locked_out', { minutes: lockMinutes });
        throw new AppError(401, 'login_failed');
      }
      if (user.locked) throw new AppError(403, 'user_locked');
      await users.clearFailures(accountKey);
      const token = await users.createSession(user.id, config.sessionTtlHours);
      return profileOf(user, token);
    },
  };
}
