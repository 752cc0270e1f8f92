// Passkeys (WebAuthn, @simplewebauthn/server): registration in the user centre, sign-in on /login,
// and step-up — a fresh passkey assertion (or the password again) that gives a proof good for
// STEP_UP_TTL_MS, which the server checks on guarded calls (high-cost approvals). ADR 0023.
import { createHash, randomBytes } from 'node:crypto';
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
import { STEP_UP_TTL_MS, needsStepUpForCost } from '../../domain/step-up.ts';
import type { Db } from '../platform/db/database.ts';
import { recheckPassword } from '../session/session.service.ts';
import {
  type ChallengePurpose,
  approvalCosts,
  deletePasskey,
  hasLiveProof,
  insertPasskey,
  insertProof,
  markPasskeyUsed,
  passkeyByCredential,
  passwordHashOf,
  spendChallenge,
  storeChallenge as insertChallenge,
  userCredentials,
  userPasskeys,
} from './passkey.repository.ts';

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

export interface PasskeyDeps {
  db: Db;
  rpName: string;
  userVerification: 'preferred' | 'required' | 'discouraged';
}

async function storeChallenge({ db }: PasskeyDeps, challenge: string, purpose: ChallengePurpose, userId: string | null) {
  await insertChallenge(db, { challenge, purpose, user_id: userId, expires_at: new Date(Date.now() + CHALLENGE_TTL_MS) });
}
/** The challenge in the browser's clientData, spent once (a second use finds nothing). */
function challengeCheck({ db }: PasskeyDeps, purpose: ChallengePurpose, userId: string | null) {
  return (challenge: string) => spendChallenge(db, challenge, purpose, userId);
}
/** The library's verdict on an assertion of `pk`, with the authenticator's new counter. */
async function verifyAssertion(deps: PasskeyDeps, rp: RelyingParty, response: unknown, pk: PasskeyRow, purpose: 'login' | 'step_up', userId: string | null) {
  try {
    const v = await verifyAuthenticationResponse({
      response: response as AuthenticationResponseJSON,
      expectedChallenge: challengeCheck(deps, purpose, userId),
      expectedOrigin: rp.origin,
      expectedRPID: rp.rpID,
      credential: {
        id: pk.credential_id,
        publicKey: Buffer.from(pk.public_key, 'base64url'),
        counter: Number(pk.counter),
        transports: pk.transports as AuthenticatorTransport[],
      },
      requireUserVerification: deps.userVerification === 'required',
    });
    return { ok: v.verified, counter: v.authenticationInfo.newCounter };
  } catch {
    return { ok: false, counter: Number(pk.counter) };
  }
}
type PasskeyRow = NonNullable<Awaited<ReturnType<typeof passkeyByCredential>>>;

async function assertion(deps: PasskeyDeps, rp: RelyingParty, body: unknown, purpose: 'login' | 'step_up', userId: string | null) {
  const { response } = assertSchema.parse(body ?? {});
  const pk = await passkeyByCredential(deps.db, response.id);
  if (!pk || (userId && pk.user_id !== userId)) throw new AppError(401, 'keys.passkey_failed');
  const { ok, counter } = await verifyAssertion(deps, rp, response, pk, purpose, userId);
  if (!ok) throw new AppError(401, 'keys.passkey_failed');
  await markPasskeyUsed(deps.db, pk.id, counter);
  return pk.user_id;
}
async function issueProof({ db }: PasskeyDeps, userId: string, method: 'passkey' | 'password') {
  const token = randomBytes(32).toString('hex');
  const expiresAt = new Date(Date.now() + STEP_UP_TTL_MS);
  await insertProof(db, { token_hash: hash(token), user_id: userId, method, expires_at: expiresAt });
  return { token, method, expires_at: expiresAt.toISOString() };
}

export async function list({ db }: PasskeyDeps, userId: string) {
  const rows = await userPasskeys(db, userId);
  return {
    data: rows.map((r) => ({
      id: r.id,
      name: r.name,
      created_at: new Date(r.created_at).toISOString(),
      last_used_at: r.last_used_at ? new Date(r.last_used_at).toISOString() : null,
    })),
  };
}

export async function registrationOptions(deps: PasskeyDeps, rp: RelyingParty, user: { id: string; account: string; nickname: string }) {
  const existing = await userCredentials(deps.db, user.id);
  const options = await generateRegistrationOptions({
    rpName: deps.rpName,
    rpID: rp.rpID,
    userName: user.account,
    userDisplayName: user.nickname,
    userID: Buffer.from(user.id, 'hex'),
    attestationType: 'none',
    excludeCredentials: existing.map((c) => ({ id: c.credential_id, transports: c.transports as AuthenticatorTransport[] })),
    authenticatorSelection: { residentKey: 'required', userVerification: deps.userVerification },
  });
  await storeChallenge(deps, options.challenge, 'register', user.id);
  return options;
}

/** The library's verdict on a registration; undefined when it fails. */
async function verifyRegistration(deps: PasskeyDeps, rp: RelyingParty, userId: string, response: unknown) {
  try {
    const v = await verifyRegistrationResponse({
      response: response as RegistrationResponseJSON,
      expectedChallenge: challengeCheck(deps, 'register', userId),
      expectedOrigin: rp.origin,
      expectedRPID: rp.rpID,
      requireUserVerification: deps.userVerification === 'required',
    });
    return v.verified ? v.registrationInfo : undefined;
  } catch {
    return undefined;
  }
}

export async function register(deps: PasskeyDeps, rp: RelyingParty, userId: string, body: unknown) {
  const input = registerSchema.parse(body ?? {});
  const info = await verifyRegistration(deps, rp, userId, input.response);
  if (!info) throw new AppError(400, 'keys.passkey_register_failed');
  const { credential } = info;
  const id = newId();
  await insertPasskey(deps.db, {
    id,
    user_id: userId,
    credential_id: credential.id,
    public_key: Buffer.from(credential.publicKey).toString('base64url'),
    counter: credential.counter,
    transports: JSON.stringify(credential.transports ?? []),
    name: input.name,
    created_at: new Date(),
  });
  return { data: (await list(deps, userId)).data.find((p) => p.id === id) ?? null };
}

export async function remove({ db }: PasskeyDeps, userId: string, id: string) {
  if (!(await deletePasskey(db, userId, id))) throw notFound();
}

/** Sign-in options: no user yet, so any discoverable passkey of this site may answer. */
export async function loginOptions(deps: PasskeyDeps, rp: RelyingParty) {
  const options = await generateAuthenticationOptions({ rpID: rp.rpID, userVerification: deps.userVerification });
  await storeChallenge(deps, options.challenge, 'login', null);
  return options;
}

/** The user a sign-in assertion proves (the caller opens the session). */
export function loginUser(deps: PasskeyDeps, rp: RelyingParty, body: unknown) {
  return assertion(deps, rp, body, 'login', null);
}

export async function stepUpOptions(deps: PasskeyDeps, rp: RelyingParty, userId: string) {
  const creds = await userCredentials(deps.db, userId);
  if (!creds.length) return { has_passkey: false as const, options: null };
  const options = await generateAuthenticationOptions({
    rpID: rp.rpID,
    userVerification: deps.userVerification,
    allowCredentials: creds.map((c) => ({ id: c.credential_id, transports: c.transports as AuthenticatorTransport[] })),
  });
  await storeChallenge(deps, options.challenge, 'step_up', userId);
  return { has_passkey: true as const, options };
}

export async function stepUpWithPasskey(deps: PasskeyDeps, rp: RelyingParty, userId: string, body: unknown) {
  await assertion(deps, rp, body, 'step_up', userId);
  return issueProof(deps, userId, 'passkey');
}

export async function stepUpWithPassword(deps: PasskeyDeps, userId: string, body: unknown) {
  const { password } = stepUpPasswordSchema.parse(body ?? {});
  const user = await passwordHashOf(deps.db, userId);
  const ok = await recheckPassword(deps.db, userId, user.password_hash, password);
  if (!ok) throw new AppError(401, 'keys.step_up_password');
  return issueProof(deps, userId, 'password');
}

/** True when `token` is a live step-up proof of this user. */
export async function hasProof({ db }: PasskeyDeps, userId: string, token: string | undefined): Promise<boolean> {
  if (!token || token.length > 128) return false;
  return hasLiveProof(db, userId, hash(token));
}

/** Whether approving these requests needs a step-up first: any of them costs at least the threshold. */
export async function approvalsNeedStepUp({ db }: PasskeyDeps, ids: string[], tenantIds: readonly string[] | null): Promise<boolean> {
  if (tenantIds && !tenantIds.length) return false;
  const rows = await approvalCosts(db, ids, tenantIds);
  return rows.some((r) => needsStepUpForCost(Number(r.estimated_cost_fen)));
}

const bound =
  <A extends unknown[], R>(deps: PasskeyDeps, fn: (d: PasskeyDeps, ...args: A) => R) =>
  (...args: A) =>
    fn(deps, ...args);

/** The service bound to its dependencies (composition.ts). */
export function passkeyService(db: Db, opts: { rpName: string; userVerification?: 'preferred' | 'required' | 'discouraged' }) {
  const deps: PasskeyDeps = { db, rpName: opts.rpName, userVerification: opts.userVerification ?? 'preferred' };
  return {
    list: bound(deps, list),
    registrationOptions: bound(deps, registrationOptions),
    register: bound(deps, register),
    remove: bound(deps, remove),
    loginOptions: bound(deps, loginOptions),
    loginUser: bound(deps, loginUser),
    stepUpOptions: bound(deps, stepUpOptions),
    stepUpWithPasskey: bound(deps, stepUpWithPasskey),
    stepUpWithPassword: bound(deps, stepUpWithPassword),
    hasProof: bound(deps, hasProof),
    approvalsNeedStepUp: bound(deps, approvalsNeedStepUp),
  };
}
export type PasskeyService = ReturnType<typeof passkeyService>;
