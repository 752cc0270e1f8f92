// AccessKeys (issue 15): created by a user in a tenant, the secret shown once and kept sealed,
// bound to a user whose roles a signed request carries, locked by operations administrators,
// counted by the signer (keys/signing.ts) per key, action and day.
import { randomBytes } from 'node:crypto';
import { sql } from 'kysely';
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
import type { Db } from '../db/database.ts';
import type { SecretBox } from '../lib/secret-box.ts';
import { runList } from '../lib/list.ts';
import type { Scope } from '../plugins/scope.ts';

/** Who may see every key of the scope's tenant (not only their own). */
const seesTenant = (scope: Scope) => can(scope.roles, 'audit', 'aksk');

const PUBLIC_COLUMNS = [
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

type Row = {
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

function present(r: Row, now: Date) {
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

export function accessKeyService(db: Db, secrets: SecretBox) {
  function base(scope: Scope) {
    let qb = db
      .selectFrom('access_keys')
      .innerJoin('users as owner', 'owner.id', 'access_keys.user_id')
      .innerJoin('users as bound', 'bound.id', 'access_keys.bind_user_id')
      .where('access_keys.tenant_id', '=', scope.tenantId);
    if (!seesTenant(scope)) qb = qb.where((eb) => eb.or([eb('access_keys.user_id', '=', scope.user.id), eb('access_keys.bind_user_id', '=', scope.user.id)]));
    return qb;
  }
  const withNames = <Q extends ReturnType<typeof base>>(qb: Q) =>
    qb.select([
      ...PUBLIC_COLUMNS,
      'owner.account as owner_account',
      'owner.nickname as owner_nickname',
      'bound.account as bind_account',
      'bound.nickname as bind_nickname',
    ]);

  async function row(scope: Scope, id: string): Promise<Row> {
    const r = await withNames(base(scope)).where('access_keys.id', '=', id).executeTakeFirst();
    if (!r) throw notFound();
    return r as Row;
  }
  /** A key the caller may change: their own, or any of the tenant when they audit it. */
  async function ownRow(scope: Scope, id: string): Promise<Row> {
    const r = await row(scope, id);
    if (r.user_id !== scope.user.id && !seesTenant(scope)) throw new AppError(403, 'no_permission');
    return r;
  }

  return {
    async list(scope: Scope, query: unknown, now = new Date()) {
      return runList(
        base(scope),
        (qb) => withNames(qb as ReturnType<typeof base>),
        query,
        {
          sortable: { created_at: 'access_keys.created_at', call_count: 'access_keys.call_count', last_used_at: 'access_keys.last_used_at' },
          filters: { key_type: 'access_keys.key_type' },
          booleanFilters: { locked: 'access_keys.locked', enabled: 'access_keys.enabled' },
          search: { param: 'access_key', columns: ['access_keys.access_key', 'access_keys.description'] },
          defaultOrder: '-created_at',
          idColumn: 'access_keys.id',
        },
        (r: Row) => present(r, now),
      );
    },
    async get(scope: Scope, id: string, now = new Date()) {
      const r = await row(scope, id);
      const actions = await db
        .selectFrom('access_key_calls')
        .select(['action', sql<string>`sum(calls)`.as('calls')])
        .where('key_id', '=', id)
        .groupBy('action')
        .orderBy(sql`sum(calls)`, 'desc')
        .limit(10)
        .execute();
      const daily = await db
        .selectFrom('access_key_calls')
        .select(['day', sql<string>`sum(calls)`.as('calls')])
        .where('key_id', '=', id)
        .groupBy('day')
        .orderBy('day', 'desc')
        .limit(30)
        .execute();
      return {
        data: {
          ...present(r, now),
          top_actions: actions.map((a) => ({ action: a.action, calls: Number(a.calls) })),
          daily: daily.map((d) => ({ day: d.day, calls: Number(d.calls) })).reverse(),
        },
      };
    },
    /** Creates a key; the answer carries the secret, the only time it leaves the server. */
    async create(scope: Scope, body: unknown, now = new Date()) {
      const input = createAccessKeySchema.parse(body ?? {});
      let expiresAt: Date | null = null;
      if (input.key_type === 'temporary') {
        if (!input.expires_at) throw new AppError(400, 'keys.expiry_required');
        expiresAt = new Date(input.expires_at);
        if (expiresAt.getTime() <= now.getTime() || expiresAt.getTime() > now.getTime() + TEMPORARY_KEY_MAX_DAYS * 86_400_000)
          throw new AppError(400, 'keys.expiry_range', { max: TEMPORARY_KEY_MAX_DAYS });
      } else if (input.expires_at) throw new AppError(400, 'keys.permanent_no_expiry');
      const id = newId();
      const secret = newSecret();
      await db.transaction().execute(async (trx) => {
        // Serialise one user's creations so two at once cannot pass the limit together.
        await sql`select pg_advisory_xact_lock(hashtext(${`aksk:${scope.tenantId}:${scope.user.id}`}))`.execute(trx);
        const { n } = await trx
          .selectFrom('access_keys')
          .select(sql<number>`count(*)::int`.as('n'))
          .where('tenant_id', '=', scope.tenantId)
          .where('user_id', '=', scope.user.id)
          .executeTakeFirstOrThrow();
        if (n >= MAX_KEYS_PER_USER) throw new AppError(409, 'keys.too_many', { max: MAX_KEYS_PER_USER });
        await trx
          .insertInto('access_keys')
          .values({
            id,
            tenant_id: scope.tenantId,
            user_id: scope.user.id,
            bind_user_id: scope.user.id,
            access_key: newAccessKey(),
            secret_sealed: secrets.seal({ secret }),
            description: input.description ?? '',
            key_type: input.key_type,
            expires_at: expiresAt,
            created_at: now,
          })
          .execute();
      });
      const { data } = await this.get(scope, id, now);
      return { data, secret };
    },
    async update(scope: Scope, id: string, body: unknown, now = new Date()) {
      const input = updateAccessKeySchema.parse(body ?? {});
      await ownRow(scope, id);
      if (input.enabled !== undefined || input.description !== undefined)
        await db
          .updateTable('access_keys')
          .set({
            ...(input.enabled !== undefined ? { enabled: input.enabled } : {}),
            ...(input.description !== undefined ? { description: input.description } : {}),
          })
          .where('id', '=', id)
          .execute();
      return this.get(scope, id, now);
    },
    async remove(scope: Scope, id: string) {
      await ownRow(scope, id);
      await db.deleteFrom('access_keys').where('id', '=', id).execute();
    },
    async setLock(scope: Scope, id: string, locked: boolean, body: unknown, now = new Date()) {
      const reason = locked ? lockAccessKeySchema.parse(body ?? {}).reason : null;
      const r = await row(scope, id);
      if (r.locked === locked) throw new AppError(409, locked ? 'keys.already_locked' : 'keys.not_locked');
      await db
        .updateTable('access_keys')
        .set({ locked, lock_reason: reason, locked_by: locked ? scope.user.id : null, locked_at: locked ? now : null })
        .where('id', '=', id)
        .execute();
      return this.get(scope, id, now);
    },
    /** Binds the key to a user of its tenant: signed requests then carry that user's roles. */
    async authorize(scope: Scope, id: string, body: unknown, now = new Date()) {
      const { bind_user_id } = authorizeAccessKeySchema.parse(body ?? {});
      await row(scope, id);
      const member = await db
        .selectFrom('memberships')
        .select('user_id')
        .where('user_id', '=', bind_user_id)
        .where('tenant_id', '=', scope.tenantId)
        .executeTakeFirst();
      if (!member) throw notFound();
      await db.updateTable('access_keys').set({ bind_user_id }).where('id', '=', id).execute();
      return this.get(scope, id, now);
    },
    /** The tenant's users a key may be bound to, with their roles there. */
    async bindableUsers(scope: Scope) {
      const rows = await db
        .selectFrom('memberships')
        .innerJoin('users', 'users.id', 'memberships.user_id')
        .select(['users.id', 'users.account', 'users.nickname', 'memberships.role', 'memberships.project_id'])
        .where('memberships.tenant_id', '=', scope.tenantId)
        .orderBy('users.account')
        .execute();
      const byUser = new Map<string, { id: string; account: string; nickname: string; roles: string[] }>();
      for (const r of rows) {
        const u = byUser.get(r.id) ?? { id: r.id, account: r.account, nickname: r.nickname, roles: [] };
        if (!u.roles.includes(r.role)) u.roles.push(r.role);
        byUser.set(r.id, u);
      }
      return { data: [...byUser.values()] };
    },
    async overview(scope: Scope, now = new Date()) {
      const rows = await withNames(base(scope)).execute();
      const views = rows.map((r) => present(r as Row, now));
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
    },
    /** Keys ranked by calls over the last `days` days (akskRanking). */
    async keyRanking(scope: Scope, query: { days?: string }) {
      const days = Math.min(Math.max(Number(query.days ?? 30) || 30, 1), 365);
      const since = new Date(Date.now() + 8 * 3600_000 - (days - 1) * 86_400_000).toISOString().slice(0, 10);
      const rows = await base(scope)
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
    },
    /** Actions (method and route) ranked by signed calls over the last `days` days (actionRanking). */
    async actionRanking(scope: Scope, query: { days?: string }) {
      const days = Math.min(Math.max(Number(query.days ?? 30) || 30, 1), 365);
      const since = new Date(Date.now() + 8 * 3600_000 - (days - 1) * 86_400_000).toISOString().slice(0, 10);
      const rows = await base(scope)
        .innerJoin('access_key_calls', 'access_key_calls.key_id', 'access_keys.id')
        .select(['access_key_calls.action', sql<string>`sum(access_key_calls.calls)`.as('calls'), sql<string>`count(distinct access_keys.id)`.as('keys')])
        .where('access_key_calls.day', '>=', since)
        .groupBy('access_key_calls.action')
        .orderBy(sql`sum(access_key_calls.calls)`, 'desc')
        .limit(20)
        .execute();
      return { days, data: rows.map((r, i) => ({ rank: i + 1, action: r.action, calls: Number(r.calls), keys: Number(r.keys) })) };
    },
  };
}
export type AccessKeyService = ReturnType<typeof accessKeyService>;
