// Passkeys (WebAuthn, @simplewebauthn/server): registration in the user centre, sign-in on /login,
// and step-up — a fresh passkey assertion (or the password again) that gives a proof good for
// STEP_UP_TTL_MS, which the server checks on guarded calls (high-cost approvals). ADR 0023.
import { createHash, randomBytes } from 'node:crypto';
import { sql } from 'kysely';
import {
  generateAuthenticationOptions,
  generateRegistrationOptions,
  verifyAuthenticationResponse,
  verifyRegistrationResponse,
  type AuthenticationResponseJSON,
  type RegistrationResponseJSON,
  type AuthenticatorTransport,
} from '@simplewebauthn/server';
import { z } from 'zod';
import { AppError, notFound } from '../../domain/errors.ts';
import { newId } from '../../domain/ids.ts';
import { passkeyNameSchema, stepUpPasswordSchema } from '../../domain/keys.ts';
import { STEP_UP_TTL_MS } from '../../domain/step-up.ts';
import type { Db } from '../db/database.ts';
import { recheckPassword } from '../services/auth.service.ts';

const CHALLENGE_TTL_MS = 5 * 60_000;
const hash = (v: string) => createHash('sha256').update(v).digest('hex');
/** The browser's answer: checked in depth by the library; here only its outer shape. */
const credentialJson = z
  .object({ id: z.string().min(1).max(1024), rawId: z.string().max(1024), type: z.literal('public-key'), response: z.record(z.string(), z.unknown()) })
  .passthrough();
const registerSchema = passkeyNameSchema.extend({ response: credentialJson });
const assertSchema = z.object({ response: credentialJson }).strict();

export interface RelyingParty {
  /** the origin the browser shows (scheme, host, port) */
  origin: string;
  rpID: string;
}

export function passkeyService(db: Db, opts: { rpName: string; userVerification?: 'preferred' | 'required' | 'discouraged' }) {
  const uv = opts.userVerification ?? 'preferred';

  async function storeChallenge(challenge: string, purpose: 'register' | 'login' | 'step_up', userId: string | null) {
    await db.deleteFrom('webauthn_challenges').where('expires_at', '<', new Date()).execute();
    await db
      .insertInto('webauthn_challenges')
      .values({ challenge, purpose, user_id: userId, expires_at: new Date(Date.now() + CHALLENGE_TTL_MS) })
      .execute();
  }
  /** The challenge in the browser's clientData, spent once (a second use finds nothing). */
  function challengeCheck(purpose: 'register' | 'login' | 'step_up', userId: string | null) {
    return async (challenge: string) => {
      const row = await db
        .deleteFrom('webauthn_challenges')
        .where('challenge', '=', challenge)
        .where('purpose', '=', purpose)
        .where('expires_at', '>', new Date())
        .where((eb) => (userId ? eb('user_id', '=', userId) : eb('user_id', 'is', null)))
        .returning('challenge')
        .executeTakeFirst();
      return !!row;
    };
  }
  async function assertion(rp: RelyingParty, body: unknown, purpose: 'login' | 'step_up', userId: string | null) {
    const { response } = assertSchema.parse(body ?? {});
    const pk = await db.selectFrom('passkeys').selectAll().where('credential_id', '=', response.id).executeTakeFirst();
    if (!pk || (userId && pk.user_id !== userId)) throw new AppError(401, 'keys.passkey_failed');
    let ok = false;
    let newCounter = Number(pk.counter);
    try {
      const v = await verifyAuthenticationResponse({
        response: response as unknown as AuthenticationResponseJSON,
        expectedChallenge: challengeCheck(purpose, userId),
        expectedOrigin: rp.origin,
        expectedRPID: rp.rpID,
        credential: {
          id: pk.credential_id,
          publicKey: Buffer.from(pk.public_key, 'base64url'),
          counter: Number(pk.counter),
          transports: pk.transports as AuthenticatorTransport[],
        },
        requireUserVerification: uv === 'required',
      });
      ok = v.verified;
      newCounter = v.authenticationInfo.newCounter;
    } catch {
      ok = false;
    }
    if (!ok) throw new AppError(401, 'keys.passkey_failed');
    await db.updateTable('passkeys').set({ counter: newCounter, last_used_at: new Date() }).where('id', '=', pk.id).execute();
    return pk.user_id;
  }
  async function issueProof(userId: string, method: 'passkey' | 'password') {
    const token = randomBytes(32).toString('hex');
    const expiresAt = new Date(Date.now() + STEP_UP_TTL_MS);
    await db.deleteFrom('step_up_proofs').where('expires_at', '<', new Date()).execute();
    await db
      .insertInto('step_up_proofs')
      .values({ token_hash: hash(token), user_id: userId, method, expires_at: expiresAt })
      .execute();
    return { token, method, expires_at: expiresAt.toISOString() };
  }

  return {
    async list(userId: string) {
      const rows = await db
        .selectFrom('passkeys')
        .select(['id', 'name', 'created_at', 'last_used_at'])
        .where('user_id', '=', userId)
        .orderBy('created_at', 'desc')
        .execute();
      return {
        data: rows.map((r) => ({
          id: r.id,
          name: r.name,
          created_at: new Date(r.created_at).toISOString(),
          last_used_at: r.last_used_at ? new Date(r.last_used_at).toISOString() : null,
        })),
      };
    },
    async registrationOptions(rp: RelyingParty, user: { id: string; account: string; nickname: string }) {
      const existing = await db.selectFrom('passkeys').select(['credential_id', 'transports']).where('user_id', '=', user.id).execute();
      const options = await generateRegistrationOptions({
        rpName: opts.rpName,
        rpID: rp.rpID,
        userName: user.account,
        userDisplayName: user.nickname,
        userID: Buffer.from(user.id, 'hex'),
        attestationType: 'none',
        excludeCredentials: existing.map((c) => ({ id: c.credential_id, transports: c.transports as AuthenticatorTransport[] })),
        authenticatorSelection: { residentKey: 'required', userVerification: uv },
      });
      await storeChallenge(options.challenge, 'register', user.id);
      return options;
    },
    async register(rp: RelyingParty, userId: string, body: unknown) {
      const input = registerSchema.parse(body ?? {});
      let info;
      try {
        const v = await verifyRegistrationResponse({
          response: input.response as unknown as RegistrationResponseJSON,
          expectedChallenge: challengeCheck('register', userId),
          expectedOrigin: rp.origin,
          expectedRPID: rp.rpID,
          requireUserVerification: uv === 'required',
        });
        info = v.verified ? v.registrationInfo : undefined;
      } catch {
        info = undefined;
      }
      if (!info) throw new AppError(400, 'keys.passkey_register_failed');
      const { credential } = info;
      const id = newId();
      await db
        .insertInto('passkeys')
        .values({
          id,
          user_id: userId,
          credential_id: credential.id,
          public_key: Buffer.from(credential.publicKey).toString('base64url'),
          counter: credential.counter,
          transports: JSON.stringify(credential.transports ?? []),
          name: input.name,
          created_at: new Date(),
        })
        .onConflict((oc) => oc.column('credential_id').doNothing())
        .execute();
      return { data: (await this.list(userId)).data.find((p) => p.id === id) ?? null };
    },
    async remove(userId: string, id: string) {
      const r = await db.deleteFrom('passkeys').where('id', '=', id).where('user_id', '=', userId).executeTakeFirst();
      if (!Number(r.numDeletedRows)) throw notFound();
    },
    /** Sign-in options: no user yet, so any discoverable passkey of this site may answer. */
    async loginOptions(rp: RelyingParty) {
      const options = await generateAuthenticationOptions({ rpID: rp.rpID, userVerification: uv });
      await storeChallenge(options.challenge, 'login', null);
      return options;
    },
    /** The user a sign-in assertion proves (the caller opens the session). */
    loginUser(rp: RelyingParty, body: unknown) {
      return assertion(rp, body, 'login', null);
    },
    async stepUpOptions(rp: RelyingParty, userId: string) {
      const creds = await db.selectFrom('passkeys').select(['credential_id', 'transports']).where('user_id', '=', userId).execute();
      if (!creds.length) return { has_passkey: false as const, options: null };
      const options = await generateAuthenticationOptions({
        rpID: rp.rpID,
        userVerification: uv,
        allowCredentials: creds.map((c) => ({ id: c.credential_id, transports: c.transports as AuthenticatorTransport[] })),
      });
      await storeChallenge(options.challenge, 'step_up', userId);
      return { has_passkey: true as const, options };
    },
    async stepUpWithPasskey(rp: RelyingParty, userId: string, body: unknown) {
      await assertion(rp, body, 'step_up', userId);
      return issueProof(userId, 'passkey');
    },
    async stepUpWithPassword(userId: string, body: unknown) {
      const { password } = stepUpPasswordSchema.parse(body ?? {});
      const user = await db.selectFrom('users').select('password_hash').where('id', '=', userId).executeTakeFirstOrThrow();
      const ok = await recheckPassword(db, userId, user.password_hash, password);
      if (!ok) throw new AppError(401, 'keys.step_up_password');
      return issueProof(userId, 'password');
    },
    /** True when `token` is a live step-up proof of this user. */
    async hasProof(userId: string, token: string | undefined): Promise<boolean> {
      if (!token || token.length > 128) return false;
      const row = await db
        .selectFrom('step_up_proofs')
        .select('user_id')
        .where('token_hash', '=', hash(token))
        .where('user_id', '=', userId)
        .where('expires_at', '>', sql<Date>`now()`)
        .executeTakeFirst();
      return !!row;
    },
  };
}
export type PasskeyService = ReturnType<typeof passkeyService>;
