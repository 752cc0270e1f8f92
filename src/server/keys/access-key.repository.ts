// AccessKeys' SQL: the keys a caller may see, their calls per action and day, creation under a
// per-user lock, locking, binding and the rankings. Every function takes the executor first (the
// app's Kysely or an open transaction).
import { sql } from 'kysely';
import type { Exec } from '../engine/engine.repository.ts';

/** Whose keys a query sees: the tenant's, and only the user's own unless `all`. */
export interface KeyScope {
  tenantId: string;
  userId: string;
  /** the caller audits the tenant's keys (sees every key, not only their own) */
  all: boolean;
}

export const PUBLIC_COLUMNS = [
  'access_keys.id',
  'access_keys.tenant_id',
  'access_keys.user_id',
  'access_keys.bind_user_id',
  'access_keys.access_key',
  'access_keys.description',
  'access_keys.key_type',
  'access_keys.expires_at',
  'access_keys.enabled',
  'access_keys.locked',
  'access_keys.locked_at',
  'access_keys.lock_reason',
  'access_keys.call_count',
  'access_keys.last_used_at',
  'access_keys.created_at',
] as const;

export type AccessKeyRow = {
  id: string;
  tenant_id: string;
  user_id: string;
  bind_user_id: string;
  access_key: string;
  description: string;
  key_type: string;
  expires_at: Date | string | null;
  enabled: boolean;
  locked: boolean;
  locked_at: Date | string | null;
  lock_reason: string | null;
  call_count: string | number;
  last_used_at: Date | string | null;
  created_at: Date | string;
  owner_account?: string;
  owner_nickname?: string;
  bind_account?: string;
  bind_nickname?: string;
};

/** The keys of the scope, joined to their owner and bound user (nothing selected yet). */
export function scopedKeys(ex: Exec, ks: KeyScope) {
  let qb = ex
    .selectFrom('access_keys')
    .innerJoin('users as owner', 'owner.id', 'access_keys.user_id')
    .innerJoin('users as bound', 'bound.id', 'access_keys.bind_user_id')
    .where('access_keys.tenant_id', '=', ks.tenantId);
  if (!ks.all) qb = qb.where((eb) => eb.or([eb('access_keys.user_id', '=', ks.userId), eb('access_keys.bind_user_id', '=', ks.userId)]));
  return qb;
}
export type ScopedKeys = ReturnType<typeof scopedKeys>;

/** The public columns with the owner's and bound user's names. */
export const withNames = <Q extends ScopedKeys>(qb: Q) =>
  qb.select([
    ...PUBLIC_COLUMNS,
    'owner.account as owner_account',
    'owner.nickname as owner_nickname',
    'bound.account as bind_account',
    'bound.nickname as bind_nickname',
  ]);

export async function keyRow(ex: Exec, ks: KeyScope, id: string): Promise<AccessKeyRow | undefined> {
  return (await withNames(scopedKeys(ex, ks)).where('access_keys.id', '=', id).executeTakeFirst()) as AccessKeyRow | undefined;
}

export async function keyRows(ex: Exec, ks: KeyScope): Promise<AccessKeyRow[]> {
  return (await withNames(scopedKeys(ex, ks)).execute()) as AccessKeyRow[];
}

/** The key's ten most called actions. */
export function topActions(ex: Exec, keyId: string) {
  return ex
    .selectFrom('access_key_calls')
    .select(['action', sql<string>`sum(calls)`.as('calls')])
    .where('key_id', '=', keyId)
    .groupBy('action')
    .orderBy(sql`sum(calls)`, 'desc')
    .limit(10)
    .execute();
}

/** The key's calls of its last 30 days with calls, newest first. */
export function dailyCalls(ex: Exec, keyId: string) {
  return ex
    .selectFrom('access_key_calls')
    .select(['day', sql<string>`sum(calls)`.as('calls')])
    .where('key_id', '=', keyId)
    .groupBy('day')
    .orderBy('day', 'desc')
    .limit(30)
    .execute();
}

/** Serialises one user's creations (until the transaction ends) so two at once cannot pass the limit together. */
export async function lockUserKeys(trx: Exec, tenantId: string, userId: string) {
  await sql`select pg_advisory_xact_lock(hashtext(${`aksk:${tenantId}:${userId}`}))`.execute(trx);
}

export async function countUserKeys(ex: Exec, tenantId: string, userId: string): Promise<number> {
  const { n } = await ex
    .selectFrom('access_keys')
    .select(sql<number>`count(*)::int`.as('n'))
    .where('tenant_id', '=', tenantId)
    .where('user_id', '=', userId)
    .executeTakeFirstOrThrow();
  return n;
}

export interface NewAccessKey {
  id: string;
  tenant_id: string;
  user_id: string;
  access_key: string;
  secret_sealed: string;
  description: string;
  key_type: 'temporary' | 'permanent';
  expires_at: Date | null;
  created_at: Date;
}

/** A new key, bound to its creator. */
export async function insertAccessKey(ex: Exec, key: NewAccessKey) {
  await ex
    .insertInto('access_keys')
    .values({ ...key, bind_user_id: key.user_id })
    .execute();
}

export async function updateAccessKey(ex: Exec, id: string, patch: { enabled?: boolean; description?: string }) {
  await ex
    .updateTable('access_keys')
    .set({
      ...(patch.enabled !== undefined ? { enabled: patch.enabled } : {}),
      ...(patch.description !== undefined ? { description: patch.description } : {}),
    })
    .where('id', '=', id)
    .execute();
}

export async function deleteAccessKey(ex: Exec, id: string) {
  await ex.deleteFrom('access_keys').where('id', '=', id).execute();
}

export async function setKeyLock(ex: Exec, id: string, lock: { locked: boolean; reason: string | null; by: string | null; at: Date | null }) {
  await ex
    .updateTable('access_keys')
    .set({ locked: lock.locked, lock_reason: lock.reason, locked_by: lock.by, locked_at: lock.at })
    .where('id', '=', id)
    .execute();
}

export async function isTenantMember(ex: Exec, tenantId: string, userId: string): Promise<boolean> {
  const member = await ex.selectFrom('memberships').select('user_id').where('user_id', '=', userId).where('tenant_id', '=', tenantId).executeTakeFirst();
  return !!member;
}

export async function bindKey(ex: Exec, id: string, bindUserId: string) {
  await ex.updateTable('access_keys').set({ bind_user_id: bindUserId }).where('id', '=', id).execute();
}

/** The tenant's memberships with their users, by account. */
export function tenantMembers(ex: Exec, tenantId: string) {
  return ex
    .selectFrom('memberships')
    .innerJoin('users', 'users.id', 'memberships.user_id')
    .select(['users.id', 'users.account', 'users.nickname', 'memberships.role', 'memberships.project_id'])
    .where('memberships.tenant_id', '=', tenantId)
    .orderBy('users.account')
    .execute();
}

/** The scope's 20 keys with most calls since `since` (a day, YYYY-MM-DD). */
export function keyRankingRows(ex: Exec, ks: KeyScope, since: string) {
  return scopedKeys(ex, ks)
    .innerJoin('access_key_calls', 'access_key_calls.key_id', 'access_keys.id')
    .select([
      'access_keys.id',
      'access_keys.access_key',
      'access_keys.description',
      'owner.account as owner_account',
      'owner.nickname as owner_nickname',
      sql<string>`sum(access_key_calls.calls)`.as('calls'),
    ])
    .where('access_key_calls.day', '>=', since)
    .groupBy(['access_keys.id', 'access_keys.access_key', 'access_keys.description', 'owner.account', 'owner.nickname'])
    .orderBy(sql`sum(access_key_calls.calls)`, 'desc')
    .limit(20)
    .execute();
}

/** The scope's 20 most called actions since `since`, with how many keys called each. */
export function actionRankingRows(ex: Exec, ks: KeyScope, since: string) {
  return scopedKeys(ex, ks)
    .innerJoin('access_key_calls', 'access_key_calls.key_id', 'access_keys.id')
    .select(['access_key_calls.action', sql<string>`sum(access_key_calls.calls)`.as('calls'), sql<string>`count(distinct access_keys.id)`.as('keys')])
    .where('access_key_calls.day', '>=', since)
    .groupBy('access_key_calls.action')
    .orderBy(sql`sum(access_key_calls.calls)`, 'desc')
    .limit(20)
    .execute();
}
