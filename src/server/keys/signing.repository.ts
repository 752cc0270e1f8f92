// The request signer's SQL: the key behind a credential, its nonces, its call counters and the
// bound user's memberships. Every function takes the executor first.
import { sql } from 'kysely';
import type { Exec } from '../engine/engine.repository.ts';

/** The key of this credential with its bound user. */
export function keyByCredential(ex: Exec, credential: string) {
  return ex
    .selectFrom('access_keys')
    .innerJoin('users', 'users.id', 'access_keys.bind_user_id')
    .select([
      'access_keys.id',
      'access_keys.tenant_id',
      'access_keys.secret_sealed',
      'access_keys.enabled',
      'access_keys.locked',
      'access_keys.expires_at',
      'users.id as user_id',
      'users.account',
      'users.nickname',
      'users.locked as user_locked',
    ])
    .where('access_keys.access_key', '=', credential)
    .executeTakeFirst();
}

/** Spends the nonce: answers false when the key has seen it already. */
export async function spendNonce(ex: Exec, keyId: string, nonce: string): Promise<boolean> {
  const fresh = await ex
    .insertInto('access_key_nonces')
    .values({ key_id: keyId, nonce })
    .onConflict((oc) => oc.columns(['key_id', 'nonce']).doNothing())
    .returning('nonce')
    .executeTakeFirst();
  return !!fresh;
}

export async function sweepNonces(ex: Exec, keyId: string, before: Date) {
  await ex.deleteFrom('access_key_nonces').where('key_id', '=', keyId).where('seen_at', '<', before).execute();
}

/** Counts one call of the key: its total, and per action and day. */
export async function countCall(ex: Exec, key: { id: string; tenant_id: string }, action: string, day: string, now: Date) {
  await ex
    .updateTable('access_keys')
    .set({ call_count: sql`call_count + 1`, last_used_at: now })
    .where('id', '=', key.id)
    .execute();
  await ex
    .insertInto('access_key_calls')
    .values({ key_id: key.id, tenant_id: key.tenant_id, action, day, calls: 1 })
    .onConflict((oc) => oc.columns(['key_id', 'action', 'day']).doUpdateSet({ calls: sql`access_key_calls.calls + 1` }))
    .execute();
}

/** The user's memberships in one tenant. */
export function membershipsIn(ex: Exec, userId: string, tenantId: string) {
  return ex.selectFrom('memberships').select(['tenant_id', 'project_id', 'role']).where('user_id', '=', userId).where('tenant_id', '=', tenantId).execute();
}
