// Request signing with AccessKeys (ADR 0023): the HMAC of the domain's string-to-sign, and the
// verifier the auth plugin calls for an `Authorization: YS1-HMAC-SHA256 …` request. Everything
// except the body is checked on onRequest (so the rate limit and the rest of the pipeline see a
// verified user); the body's hash, declared in X-Ys-Content-Sha256 and covered by the signature,
// is compared with the bytes actually received in preParsing (bodyHashCheck).
import { createHash, createHmac, timingSafeEqual } from 'node:crypto';
import { AppError } from '../../domain/errors.ts';
import { parseAuthorization, parseSigningDate, SIGNING_MAX_SKEW_MS, stringToSign, SIGNING_ALGORITHM, signingDate } from '../../domain/keys.ts';
import type { Role } from '../../domain/roles.ts';
import type { Db } from '../platform/db/database.ts';
import type { SecretBox } from '../platform/lib/secret-box.ts';
import { consumeAttempt, refundAttempt, type AttemptLimit } from '../platform/auth/attempts.repository.ts';
import type { RequestSigner, SignedCaller } from '../platform/auth/auth-user.ts';
import { countCall, keyByCredential, membershipsIn, spendNonce, sweepNonces } from './signing.repository.ts';

export const sha256Hex = (data: string | Buffer) => createHash('sha256').update(data).digest('hex');
export const hmacHex = (secret: string, text: string) => createHmac('sha256', secret).update(text).digest('hex');

/** Signs a request as a client would (tests, scripts): answers the headers to send. */
export function signRequest(opts: {
  accessKey: string;
  secret: string;
  method: string;
  url: string;
  body?: string;
  date?: Date;
  nonce?: string;
  headers?: Record<string, string>;
}): Record<string, string> {
  const headers: Record<string, string> = {
    ...Object.fromEntries(Object.entries(opts.headers ?? {}).map(([k, v]) => [k.toLowerCase(), v])),
    'x-ys-date': signingDate(opts.date ?? new Date()),
    'x-ys-nonce': opts.nonce ?? crypto.randomUUID(),
    'x-ys-content-sha256': sha256Hex(opts.body ?? ''),
  };
  const signedHeaders = Object.keys(headers).sort();
  const text = stringToSign({ method: opts.method, url: opts.url, headers, signedHeaders, bodySha256: headers['x-ys-content-sha256']! });
  return {
    ...headers,
    authorization: `${SIGNING_ALGORITHM} Credential=${opts.accessKey}, SignedHeaders=${signedHeaders.join(';')}, Signature=${hmacHex(opts.secret, text)}`,
  };
}

/** Bad signatures of one AccessKey from one client IP: this many per quarter hour, counted before the HMAC is compared. */
export const SIGNATURE_LIMIT: AttemptLimit = { max: 20, windowMs: 15 * 60_000 };
/** Scope headers a signature must cover whenever the request sends them (ADR 0043). */
export const SCOPE_HEADERS = ['x-tenant-id', 'x-project-id'] as const;

function refuse(key: string): never {
  throw new AppError(401, `keys.${key}`);
}

function headerValue(v: string | string[] | undefined): string {
  return typeof v === 'string' ? v : Array.isArray(v) ? v.join(',') : '';
}

export function requestSigner(db: Db, secrets: SecretBox): RequestSigner {
  return {
    isSigned(authorization: unknown): boolean {
      return typeof authorization === 'string' && authorization.startsWith(`${SIGNING_ALGORITHM} `);
    },
    /** Verifies everything but the body bytes; counts the call. Throws 401 with the reason. */
    async verify(
      req: { method: string; url: string; ip?: string; headers: Record<string, string | string[] | undefined> },
      action: string,
      now = new Date(),
    ): Promise<SignedCaller> {
      const auth = parseAuthorization(headerValue(req.headers.authorization));
      if (!auth) refuse('signature_malformed');
      const date = parseSigningDate(headerValue(req.headers['x-ys-date']));
      if (!date) refuse('signature_malformed');
      if (Math.abs(date.getTime() - now.getTime()) > SIGNING_MAX_SKEW_MS) refuse('date_skew');
      const nonce = headerValue(req.headers['x-ys-nonce']);
      if (!/^[\w-]{8,64}$/.test(nonce)) refuse('signature_malformed');
      const declared = headerValue(req.headers['x-ys-content-sha256']);
      if (!/^[0-9a-f]{64}$/.test(declared)) refuse('signature_malformed');
      // The tenant and project a request acts in are part of what the key holder signed.
      if (SCOPE_HEADERS.some((h) => req.headers[h] !== undefined && !auth.signedHeaders.includes(h))) refuse('scope_unsigned');

      const key = await keyByCredential(db, auth.credential);
      if (!key) refuse('signature_invalid');
      // Each signature is counted before it is compared (the platform's attempt counter, one
      // statement) and a right one gives its attempt back: only bad ones add up, per key and IP.
      const attemptKey = `aksk:${key.id}|${req.ip ?? ''}`;
      const attempt = await consumeAttempt(db, attemptKey, SIGNATURE_LIMIT);
      if (!attempt.ok)
        throw new AppError(429, 'keys.signature_retry_later', { minutes: Math.max(1, Math.ceil((attempt.until.getTime() - now.getTime()) / 60_000)) });
      const headers: Record<string, string> = {};
      for (const h of auth.signedHeaders) headers[h] = headerValue(req.headers[h]);
      const text = stringToSign({ method: req.method, url: req.url, headers, signedHeaders: auth.signedHeaders, bodySha256: declared });
      const secret = String(secrets.open(key.secret_sealed).secret);
      const expected = Buffer.from(hmacHex(secret, text), 'hex');
      const given = Buffer.from(auth.signature, 'hex');
      if (expected.length !== given.length || !timingSafeEqual(expected, given)) refuse('signature_invalid');
      await refundAttempt(db, attemptKey, SIGNATURE_LIMIT.max);
      // Only a correctly signed request learns the key's state.
      if (key.locked) refuse('key_locked');
      if (key.expires_at && new Date(key.expires_at).getTime() <= now.getTime()) refuse('key_expired');
      if (!key.enabled || key.user_locked) refuse('key_disabled');

      // The nonce is spent once inside the window; older ones are swept as we go.
      if (!(await spendNonce(db, key.id, nonce))) refuse('replayed');
      const day = new Date(now.getTime() + 8 * 3600_000).toISOString().slice(0, 10);
      await sweepNonces(db, key.id, new Date(now.getTime() - 2 * SIGNING_MAX_SKEW_MS));
      await countCall(db, key, action, day, now);

      // The key acts as its bound user, with that user's roles in the key's tenant only.
      const memberships = await membershipsIn(db, key.user_id, key.tenant_id);
      return {
        keyId: key.id,
        tenantId: key.tenant_id,
        declaredBodySha256: declared,
        user: {
          id: key.user_id,
          account: key.account,
          nickname: key.nickname,
          memberships: memberships.map((m) => ({ tenant_id: m.tenant_id, project_id: m.project_id, role: m.role as Role })),
        },
      };
    },
  };
}
export type { RequestSigner };
