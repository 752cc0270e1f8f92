// Users, sessions and memberships (the sign-in's attempt counters: attempts.repository.ts).
import { hash, randomBytes } from 'node:crypto';
import { sql } from 'kysely';
import { jsonArrayFrom } from 'kysely/helpers/postgres';
import type { Db } from '../db/database.ts';
import type { Role } from '../../../domain/roles.ts';
import { newId } from '../../../domain/ids.ts';
import type { AccessCache } from './access-cache.ts';

// Every API call hashes its token (the access cache keys sessions by the hash): the one-shot hash
// allocates no Hash object.
export const hashToken = (token: string) => hash('sha256', token, 'hex');

export interface Membership {
  tenant_id: string | null;
  project_id: string | null;
  role: Role;
}

/** A policy granted to a user (directly or through a group): its permissions and where they apply. */
export interface PolicyGrant {
  policy_id: string;
  /** a tenant's own policy applies only inside it */
  tenant_id: string | null;
  permissions: readonly string[];
  include_tenants: readonly string[];
  exclude_tenants: readonly string[];
  include_projects: readonly string[];
  exclude_projects: readonly string[];
}

/** The signed-in user of a live session: what authentication needs, nothing more (it may sit in the access cache). */
export interface SessionUser {
  id: string;
  account: string;
  nickname: string;
  locked: boolean;
  memberships: readonly Membership[];
  /** policies granted to the user or their groups (migration 0020) */
  grants: readonly PolicyGrant[];
  /** when the session ends (ms since the epoch) */
  expiresAt: number;
}

/** The session user (with memberships and grants) of a token hash, in one round trip. */
export async function sessionUserByHash(db: Db, tokenHash: string): Promise<SessionUser | undefined> {
  const row = await db
    .selectFrom('sessions')
    .innerJoin('users', 'users.id', 'sessions.user_id')
    .select(['users.id', 'users.account', 'users.nickname', 'users.locked', 'sessions.expires_at'])
    .select((eb) =>
      jsonArrayFrom(
        eb
          .selectFrom('memberships')
          .select(['memberships.tenant_id', 'memberships.project_id', 'memberships.role'])
          .whereRef('memberships.user_id', '=', 'users.id')
          // the roles of the user's groups (migration 0020) count as memberships
          .unionAll(
            eb
              .selectFrom('user_group_members as gm')
              .innerJoin('user_groups as g', 'g.id', 'gm.group_id')
              .innerJoin('user_group_roles as gr', 'gr.group_id', 'g.id')
              .select(['g.tenant_id', 'gr.project_id', 'gr.role'])
              .whereRef('gm.user_id', '=', 'users.id'),
          ),
      ).as('memberships'),
    )
    .select((eb) =>
      jsonArrayFrom(
        eb
          .selectFrom('policy_grants as pg')
          .innerJoin('policies as p', 'p.id', 'pg.policy_id')
          .select(['p.id as policy_id', 'p.tenant_id', 'p.permissions', 'p.include_tenants', 'p.exclude_tenants', 'p.include_projects', 'p.exclude_projects'])
          .where((w) =>
            w.or([
              w('pg.user_id', '=', w.ref('users.id')),
              w('pg.group_id', 'in', w.selectFrom('user_group_members as gm2').select('gm2.group_id').whereRef('gm2.user_id', '=', 'users.id')),
            ]),
          ),
      ).as('grants'),
    )
    .where('sessions.token_hash', '=', tokenHash)
    .where('sessions.expires_at', '>', sql<Date>`now()`)
    .executeTakeFirst();
  if (!row) return undefined;
  const { memberships, grants, expires_at, ...user } = row;
  // Frozen: a cached answer is shared by every request of the session.
  return Object.freeze({
    ...user,
    expiresAt: new Date(expires_at).getTime(),
    memberships: Object.freeze(memberships.map((m): Membership => Object.freeze({ tenant_id: m.tenant_id, project_id: m.project_id, role: m.role as Role }))),
    grants: Object.freeze(grants.map((g): PolicyGrant => Object.freeze({ ...g, permissions: g.permissions as string[] }))),
  });
}

export function findUserByAccount(db: Db, account: string) {
  return db.selectFrom('users').selectAll().where('account', '=', account).executeTakeFirst();
}

export function findUserById(db: Db, id: string) {
  return db.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirst();
}

export async function userMemberships(db: Db, userId: string): Promise<Membership[]> {
  const rows = await db.selectFrom('memberships').select(['tenant_id', 'project_id', 'role']).where('user_id', '=', userId).execute();
  return rows.map((r) => ({ ...r, role: r.role as Role }));
}

/** Creates a session; answers the raw token (only its hash is stored). */
export async function createSession(db: Db, userId: string, ttlHours: number): Promise<string> {
  const token = randomBytes(32).toString('hex');
  await db
    .insertInto('sessions')
    .values({
      token_hash: hashToken(token),
      user_id: userId,
      expires_at: new Date(Date.now() + ttlHours * 3600_000),
    })
    .execute();
  return token;
}

export function userForToken(db: Db, token: string) {
  return db
    .selectFrom('sessions')
    .innerJoin('users', 'users.id', 'sessions.user_id')
    .selectAll('users')
    .where('sessions.token_hash', '=', hashToken(token))
    .where('sessions.expires_at', '>', sql<Date>`now()`)
    .executeTakeFirst();
}

/** The signed-in user of a live session with their memberships, in one round trip (every API call asks). */
export function sessionUser(db: Db, cache: AccessCache | undefined, token: string): Promise<SessionUser | undefined> {
  const tokenHash = hashToken(token);
  if (!cache) return sessionUserByHash(db, tokenHash);
  return cache.get('session', tokenHash, () => sessionUserByHash(db, tokenHash), { owner: (u) => u.id, expiresAt: (u) => u.expiresAt });
}

/**
 * A ticket that opens the event stream once, within `ttlSeconds`, for the session of `token`.
 * Only its hash is stored, tied to the session: signing out voids it.
 */
export async function createStreamTicket(db: Db, token: string, ttlSeconds: number): Promise<string> {
  const ticket = randomBytes(32).toString('hex');
  await db
    .insertInto('stream_tickets')
    .values({
      ticket_hash: hashToken(ticket),
      session_hash: hashToken(token),
      expires_at: new Date(Date.now() + ttlSeconds * 1000),
    })
    .execute();
  return ticket;
}

/** Redeems a stream ticket (deleting it, so a second use finds nothing); answers the session's user. */
export async function redeemStreamTicket(db: Db, ticket: string) {
  const row = await db.deleteFrom('stream_tickets').where('ticket_hash', '=', hashToken(ticket)).returning(['session_hash', 'expires_at']).executeTakeFirst();
  if (!row || new Date(row.expires_at) <= new Date()) return undefined;
  return sessionUserByHash(db, row.session_hash);
}

export async function deleteExpiredStreamTickets(db: Db) {
  await db
    .deleteFrom('stream_tickets')
    .where('expires_at', '<=', sql<Date>`now()`)
    .execute();
}

export async function deleteSession(db: Db, token: string) {
  await db.deleteFrom('sessions').where('token_hash', '=', hashToken(token)).execute();
}

export async function deleteExpiredSessions(db: Db) {
  await db
    .deleteFrom('sessions')
    .where('expires_at', '<=', sql<Date>`now()`)
    .execute();
}

export interface NewUser {
  account: string;
  nickname: string;
  password_hash: string;
  phone?: string | null;
  email?: string | null;
  user_type?: string;
  locked?: boolean;
  is_phone_validate?: boolean;
}

export async function insertUser(db: Db, values: NewUser) {
  const id = newId();
  await db
    .insertInto('users')
    .values({ id, phone: null, email: null, user_type: 'local', area_code: '86', sign_pass_time: null, ...values })
    .execute();
  return id;
}

export async function addMembership(db: Db, userId: string, role: Role, tenantId: string | null, projectId: string | null) {
  await db.insertInto('memberships').values({ id: newId(), user_id: userId, role, tenant_id: tenantId, project_id: projectId }).execute();
}

/** The repository bound to the app's database (and the access cache for session users). */
export function usersRepository(db: Db, cache?: AccessCache) {
  return {
    findByAccount: (account: string) => findUserByAccount(db, account),
    findById: (id: string) => findUserById(db, id),
    memberships: (userId: string) => userMemberships(db, userId),
    createSession: (userId: string, ttlHours: number) => createSession(db, userId, ttlHours),
    userForToken: (token: string) => userForToken(db, token),
    sessionUser: (token: string) => sessionUser(db, cache, token),
    createStreamTicket: (token: string, ttlSeconds: number) => createStreamTicket(db, token, ttlSeconds),
    redeemStreamTicket: (ticket: string) => redeemStreamTicket(db, ticket),
    deleteExpiredStreamTickets: () => deleteExpiredStreamTickets(db),
    deleteSession: (token: string) => deleteSession(db, token),
    deleteExpiredSessions: () => deleteExpiredSessions(db),
    insertUser: (values: NewUser) => insertUser(db, values),
    addMembership: (userId: string, role: Role, tenantId: string | null, projectId: string | null) => addMembership(db, userId, role, tenantId, projectId),
  };
}
export type UsersRepository = ReturnType<typeof usersRepository>;
