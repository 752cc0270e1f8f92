// Passkeys', WebAuthn challenges' and step-up proofs' SQL. Every function takes the executor first.
import { sql } from 'kysely';
import type { Exec } from '../engine/engine.repository.ts';

export type ChallengePurpose = 'register' | 'login' | 'step_up';

/** Stores a challenge (sweeping the expired ones first). */
export async function storeChallenge(ex: Exec, c: { challenge: string; purpose: ChallengePurpose; user_id: string | null; expires_at: Date }) {
  await ex.deleteFrom('webauthn_challenges').where('expires_at', '<', new Date()).execute();
  await ex.insertInto('webauthn_challenges').values(c).execute();
}

/** Deletes a live challenge of this purpose and user; answers whether there was one (so it is spent once). */
export async function spendChallenge(ex: Exec, challenge: string, purpose: ChallengePurpose, userId: string | null): Promise<boolean> {
  const row = await ex
    .deleteFrom('webauthn_challenges')
    .where('challenge', '=', challenge)
    .where('purpose', '=', purpose)
    .where('expires_at', '>', new Date())
    .where((eb) => (userId ? eb('user_id', '=', userId) : eb('user_id', 'is', null)))
    .returning('challenge')
    .executeTakeFirst();
  return !!row;
}

export function passkeyByCredential(ex: Exec, credentialId: string) {
  return ex.selectFrom('passkeys').selectAll().where('credential_id', '=', credentialId).executeTakeFirst();
}

export async function markPasskeyUsed(ex: Exec, id: string, counter: number) {
  await ex.updateTable('passkeys').set({ counter, last_used_at: new Date() }).where('id', '=', id).execute();
}

/** Stores a proof's hash (sweeping the expired ones first). */
export async function insertProof(ex: Exec, p: { token_hash: string; user_id: string; method: 'passkey' | 'password'; expires_at: Date }) {
  await ex.deleteFrom('step_up_proofs').where('expires_at', '<', new Date()).execute();
  await ex.insertInto('step_up_proofs').values(p).execute();
}

export async function hasLiveProof(ex: Exec, userId: string, tokenHash: string): Promise<boolean> {
  const row = await ex
    .selectFrom('step_up_proofs')
    .select('user_id')
    .where('token_hash', '=', tokenHash)
    .where('user_id', '=', userId)
    .where('expires_at', '>', sql<Date>`now()`)
    .executeTakeFirst();
  return !!row;
}

/** The user's passkeys, newest first. */
export function userPasskeys(ex: Exec, userId: string) {
  return ex.selectFrom('passkeys').select(['id', 'name', 'created_at', 'last_used_at']).where('user_id', '=', userId).orderBy('created_at', 'desc').execute();
}

export function userCredentials(ex: Exec, userId: string) {
  return ex.selectFrom('passkeys').select(['credential_id', 'transports']).where('user_id', '=', userId).execute();
}

/** A new passkey; a credential already stored is left as it is. */
export async function insertPasskey(
  ex: Exec,
  p: { id: string; user_id: string; credential_id: string; public_key: string; counter: number; transports: string; name: string; created_at: Date },
) {
  await ex
    .insertInto('passkeys')
    .values(p)
    .onConflict((oc) => oc.column('credential_id').doNothing())
    .execute();
}

/** Answers whether a row went. */
export async function deletePasskey(ex: Exec, userId: string, id: string): Promise<boolean> {
  const r = await ex.deleteFrom('passkeys').where('id', '=', id).where('user_id', '=', userId).executeTakeFirst();
  return !!Number(r.numDeletedRows);
}

export function passwordHashOf(ex: Exec, userId: string) {
  return ex.selectFrom('users').select('password_hash').where('id', '=', userId).executeTakeFirstOrThrow();
}

/** The estimated costs of these approval requests (step-up before approving costly ones). */
export function approvalCosts(ex: Exec, ids: string[], tenantIds: readonly string[] | null) {
  let q = ex.selectFrom('approval_requests').select('estimated_cost_fen').where('id', 'in', ids);
  if (tenantIds) q = q.where('tenant_id', 'in', tenantIds);
  return q.execute();
}
