// AccessKeys (issue 15): created by a user in a tenant, the secret shown once and kept sealed,
// bound to a user whose roles a signed request carries, locked by operations administrators,
// counted by the signer (keys/signing.ts) per key, action and day.
import { randomBytes } from 'node:crypto';
import { AppError, notFound } from '../../domain/errors.ts';
import { newId } from '../../domain/ids.ts';
import {
  accessKeyState,
  authorizeAccessKeySchema,
  createAccessKeySchema,
  lockAccessKeySchema,
  MAX_KEYS_PER_USER,
  TEMPORARY_KEY_MAX_DAYS,
  updateAccessKeySchema,
} from '../../domain/keys.ts';
import { can } from '../../domain/roles.ts';
import type { Db } from '../platform/db/database.ts';
import type { SecretBox } from '../platform/lib/secret-box.ts';
import { runList } from '../platform/lib/list.ts';
import type { Scope } from '../platform/auth/scope.ts';
import {
  type AccessKeyRow,
  type KeyScope,
  type ScopedKeys,
  actionRankingRows,
  bindKey,
  countUserKeys,
  dailyCalls,
  deleteAccessKey,
  insertAccessKey,
  isTenantMember,
  keyRankingRows,
  keyRow,
  keyRows,
  lockUserKeys,
  scopedKeys,
  setKeyLock,
  tenantMembers,
  topActions,
  updateAccessKey,
  withNames,
} from './access-key.repository.ts';

function present(r: AccessKeyRow, now: Date) {
  return {
    id: r.id,
    access_key: r.access_key,
    description: r.description,
    key_type: r.key_type,
    expires_at: r.expires_at ? new Date(r.expires_at).toISOString() : null,
    enabled: r.enabled,
    locked: r.locked,
    locked_at: r.locked_at ? new Date(r.locked_at).toISOString() : null,
    lock_reason: r.lock_reason,
    state: accessKeyState(r, now),
    call_count: Number(r.call_count),
    last_used_at: r.last_used_at ? new Date(r.last_used_at).toISOString() : null,
    created_at: new Date(r.created_at).toISOString(),
    user_id: r.user_id,
    owner: r.owner_account ? { account: r.owner_account, nickname: r.owner_nickname } : undefined,
    bind_user_id: r.bind_user_id,
    bind_user: r.bind_account ? { account: r.bind_account, nickname: r.bind_nickname } : undefined,
  };
}
export type AccessKeyView = ReturnType<typeof present>;

const newAccessKey = () => `YSAK${randomBytes(8).toString('hex').toUpperCase()}`;
const newSecret = () => randomBytes(30).toString('base64url');

export interface AccessKeyDeps {
  db: Db;
  secrets: SecretBox;
}

/** Who may see every key of the scope's tenant (not only their own). */
const seesTenant = (scope: Scope) => can(scope.roles, 'audit', 'aksk');
const keyScope = (scope: Scope): KeyScope => ({ tenantId: scope.tenantId, userId: scope.user.id, all: seesTenant(scope) });

async function row({ db }: AccessKeyDeps, scope: Scope, id: string): Promise<AccessKeyRow> {
  const r = await keyRow(db, keyScope(scope), id);
  if (!r) throw notFound();
  return r;
}
/** A key the caller may change: their own, or any of the tenant when they audit it. */
async function ownRow(deps: AccessKeyDeps, scope: Scope, id: string): Promise<AccessKeyRow> {
  const r = await row(deps, scope, id);
  if (r.user_id !== scope.user.id && !seesTenant(scope)) throw new AppError(403, 'no_permission');
  return r;
}
/** The first day (China time) of the last `days` days, and `days` clamped to 1…365. */
function rankingWindow(query: { days?: string }) {
  const days = Math.min(Math.max(Number(query.days ?? 30) || 30, 1), 365);
  const since = new Date(Date.now() + 8 * 3600_000 - (days - 1) * 86_400_000).toISOString().slice(0, 10);
  return { days, since };
}

export function list({ db }: AccessKeyDeps, scope: Scope, query: unknown, now = new Date()) {
  return runList(
    scopedKeys(db, keyScope(scope)),
    (qb) => withNames(qb as ScopedKeys),
    query,
    {
      sortable: { created_at: 'access_keys.created_at', call_count: 'access_keys.call_count', last_used_at: 'access_keys.last_used_at' },
      filters: { key_type: 'access_keys.key_type' },
      booleanFilters: { locked: 'access_keys.locked', enabled: 'access_keys.enabled' },
      search: { param: 'access_key', columns: ['access_keys.access_key', 'access_keys.description'] },
      defaultOrder: '-created_at',
      idColumn: 'access_keys.id',
    },
    (r: AccessKeyRow) => present(r, now),
  );
}

export async function get(deps: AccessKeyDeps, scope: Scope, id: string, now = new Date()) {
  const r = await row(deps, scope, id);
  const actions = await topActions(deps.db, id);
  const daily = await dailyCalls(deps.db, id);
  return {
    data: {
      ...present(r, now),
      top_actions: actions.map((a) => ({ action: a.action, calls: Number(a.calls) })),
      daily: daily.map((d) => ({ day: d.day, calls: Number(d.calls) })).reverse(),
    },
  };
}

/** A temporary key's expiry (required, within TEMPORARY_KEY_MAX_DAYS); a permanent key has none. */
function expiryOf(input: { key_type: string; expires_at?: string | null }, now: Date): Date | null {
  if (input.key_type !== 'temporary') {
    if (input.expires_at) throw new AppError(400, 'keys.permanent_no_expiry');
    return null;
  }
  if (!input.expires_at) throw new AppError(400, 'keys.expiry_required');
  const expiresAt = new Date(input.expires_at);
  if (expiresAt.getTime() <= now.getTime() || expiresAt.getTime() > now.getTime() + TEMPORARY_KEY_MAX_DAYS * 86_400_000)
    throw new AppError(400, 'keys.expiry_range', { max: TEMPORARY_KEY_MAX_DAYS });
  return expiresAt;
}

/** Creates a key; the answer carries the secret, the only time it leaves the server. */
export async function create(deps: AccessKeyDeps, scope: Scope, body: unknown, now = new Date()) {
  const input = createAccessKeySchema.parse(body ?? {});
  const expiresAt = expiryOf(input, now);
  const id = newId();
  const secret = newSecret();
  await deps.db.transaction().execute(async (trx) => {
    // Serialise one user's creations so two at once cannot pass the limit together.
    await lockUserKeys(trx, scope.tenantId, scope.user.id);
    if ((await countUserKeys(trx, scope.tenantId, scope.user.id)) >= MAX_KEYS_PER_USER) throw new AppError(409, 'keys.too_many', { max: MAX_KEYS_PER_USER });
    await insertAccessKey(trx, {
      id,
      tenant_id: scope.tenantId,
      user_id: scope.user.id,
      access_key: newAccessKey(),
      secret_sealed: deps.secrets.seal({ secret }),
      description: input.description ?? '',
      key_type: input.key_type,
      expires_at: expiresAt,
      created_at: now,
    });
  });
  const { data } = await get(deps, scope, id, now);
  return { data, secret };
}

export async function update(deps: AccessKeyDeps, scope: Scope, id: string, body: unknown, now = new Date()) {
  const input = updateAccessKeySchema.parse(body ?? {});
  await ownRow(deps, scope, id);
  if (input.enabled !== undefined || input.description !== undefined) await updateAccessKey(deps.db, id, input);
  return get(deps, scope, id, now);
}

export async function remove(deps: AccessKeyDeps, scope: Scope, id: string) {
  await ownRow(deps, scope, id);
  await deleteAccessKey(deps.db, id);
}

export async function setLock(deps: AccessKeyDeps, scope: Scope, id: string, locked: boolean, body: unknown, now = new Date()) {
  const reason = locked ? lockAccessKeySchema.parse(body ?? {}).reason : null;
  const r = await row(deps, scope, id);
  if (r.locked === locked) throw new AppError(409, locked ? 'keys.already_locked' : 'keys.not_locked');
  await setKeyLock(deps.db, id, { locked, reason, by: locked ? scope.user.id : null, at: locked ? now : null });
  return get(deps, scope, id, now);
}

/** Binds the key to a user of its tenant: signed requests then carry that user's roles. */
export async function authorize(deps: AccessKeyDeps, scope: Scope, id: string, body: unknown, now = new Date()) {
  const { bind_user_id } = authorizeAccessKeySchema.parse(body ?? {});
  await row(deps, scope, id);
  if (!(await isTenantMember(deps.db, scope.tenantId, bind_user_id))) throw notFound();
  await bindKey(deps.db, id, bind_user_id);
  return get(deps, scope, id, now);
}

/** The tenant's users a key may be bound to, with their roles there. */
export async function bindableUsers({ db }: AccessKeyDeps, scope: Scope) {
  const rows = await tenantMembers(db, scope.tenantId);
  const byUser = new Map<string, { id: string; account: string; nickname: string; roles: string[] }>();
  for (const r of rows) {
    const u = byUser.get(r.id) ?? { id: r.id, account: r.account, nickname: r.nickname, roles: [] };
    if (!u.roles.includes(r.role)) u.roles.push(r.role);
    byUser.set(r.id, u);
  }
  return { data: [...byUser.values()] };
}

export async function overview({ db }: AccessKeyDeps, scope: Scope, now = new Date()) {
  const views = (await keyRows(db, keyScope(scope))).map((r) => present(r, now));
  const count = (state: string) => views.filter((v) => v.state === state).length;
  const soon = views.filter((v) => v.state === 'active' && v.expires_at && new Date(v.expires_at).getTime() - now.getTime() < 7 * 86_400_000).length;
  return {
    total: views.length,
    active: count('active'),
    disabled: count('disabled'),
    expired: count('expired'),
    locked: count('locked'),
    temporary: views.filter((v) => v.key_type === 'temporary').length,
    permanent: views.filter((v) => v.key_type === 'permanent').length,
    expiring_soon: soon,
    calls: views.reduce((s, v) => s + v.call_count, 0),
    recent: views.sort((a, b) => (b.last_used_at ?? '').localeCompare(a.last_used_at ?? '')).slice(0, 5),
  };
}

/** Keys ranked by calls over the last `days` days (akskRanking). */
export async function keyRanking({ db }: AccessKeyDeps, scope: Scope, query: { days?: string }) {
  const { days, since } = rankingWindow(query);
  const rows = await keyRankingRows(db, keyScope(scope), since);
  return {
    days,
    data: rows.map((r, i) => ({
      rank: i + 1,
      id: r.id,
      access_key: r.access_key,
      description: r.description,
      owner: { account: r.owner_account, nickname: r.owner_nickname },
      calls: Number(r.calls),
    })),
  };
}

/** Actions (method and route) ranked by signed calls over the last `days` days (actionRanking). */
export async function actionRanking({ db }: AccessKeyDeps, scope: Scope, query: { days?: string }) {
  const { days, since } = rankingWindow(query);
  const rows = await actionRankingRows(db, keyScope(scope), since);
  return { days, data: rows.map((r, i) => ({ rank: i + 1, action: r.action, calls: Number(r.calls), keys: Number(r.keys) })) };
}

const bound =
  <A extends unknown[], R>(deps: AccessKeyDeps, fn: (d: AccessKeyDeps, ...args: A) => R) =>
  (...args: A) =>
    fn(deps, ...args);

/** The service bound to its dependencies (composition.ts). */
export function accessKeyService(db: Db, secrets: SecretBox) {
  const deps: AccessKeyDeps = { db, secrets };
  return {
    list: bound(deps, list),
    get: bound(deps, get),
    create: bound(deps, create),
    update: bound(deps, update),
    remove: bound(deps, remove),
    setLock: bound(deps, setLock),
    authorize: bound(deps, authorize),
    bindableUsers: bound(deps, bindableUsers),
    overview: bound(deps, overview),
    keyRanking: bound(deps, keyRanking),
    actionRanking: bound(deps, actionRanking),
  };
}
export type AccessKeyService = ReturnType<typeof accessKeyService>;
