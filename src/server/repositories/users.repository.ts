// Users, sessions, memberships and the login lockout counters.
import { createHash, randomBytes } from 'node:crypto';
import { sql } from 'kysely';
import { jsonArrayFrom } from 'kysely/helpers/postgres';
import type { Db } from '../db/database.ts';
import type { Role } from '../../domain/roles.ts';
import { newId } from '../../domain/ids.ts';

export const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');

export interface Membership { tenant_id: string | null; project_id: string | null; role: Role }

export function usersRepository(db: Db) {
  return {
    findByAccount(account: string) {
      return db.selectFrom('users').selectAll().where('account', '=', account).executeTakeFirst();
    },
    findById(id: string) {
      return db.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirst();
    },
    async memberships(userId: string): Promise<Membership[]> {
      const rows = await db.selectFrom('memberships').select(['tenant_id', 'project_id', 'role']).where('user_id', '=', userId).execute();
      return rows.map((r) => ({ ...r, role: r.role as Role }));
    },
    /** Creates a session; answers the raw token (only its hash is stored). */
    async createSession(userId: string, ttlHours: number): Promise<string> {
      const token = randomBytes(32).toString('hex');
      await db.insertInto('sessions').values({
        token_hash: hashToken(token),
        user_id: userId,
        expires_at: new Date(Date.now() + ttlHours * 3600_000),
      }).execute();
      return token;
    },
    async userForToken(token: string) {
      return db.selectFrom('sessions').innerJoin('users', 'users.id', 'sessions.user_id')
        .selectAll('users')
        .where('sessions.token_hash', '=', hashToken(token))
        .where('sessions.expires_at', '>', sql<Date>`now()`)
        .executeTakeFirst();
    },
    /** The signed-in user of a live session with their memberships, in one round trip (every API call asks). */
    async sessionUser(token: string): Promise<(Awaited<ReturnType<typeof this.userForToken>> & { memberships: Membership[] }) | undefined> {
      const row = await db.selectFrom('sessions').innerJoin('users', 'users.id', 'sessions.user_id')
        .selectAll('users')
        .select((eb) => jsonArrayFrom(
          eb.selectFrom('memberships').select(['memberships.tenant_id', 'memberships.project_id', 'memberships.role']).whereRef('memberships.user_id', '=', 'users.id'),
        ).as('memberships'))
        .where('sessions.token_hash', '=', hashToken(token))
        .where('sessions.expires_at', '>', sql<Date>`now()`)
        .executeTakeFirst();
      if (!row) return undefined;
      const { memberships, ...user } = row;
      return { ...user, memberships: memberships.map((m) => ({ tenant_id: m.tenant_id, project_id: m.project_id, role: m.role as Role })) };
    },
    async deleteSession(token: string) {
      await db.deleteFrom('sessions').where('token_hash', '=', hashToken(token)).execute();
    },
    async deleteExpiredSessions() {
      await db.deleteFrom('sessions').where('expires_at', '<=', sql<Date>`now()`).execute();
    },
    async lockedUntil(key: string): Promise<Date | null> {
      const row = await db.selectFrom('login_attempts').select('locked_until').where('key', '=', key).executeTakeFirst();
      return row?.locked_until && row.locked_until > new Date() ? row.locked_until : null;
    },
    /**
     * Counts one failure for `key` inside a sliding window of `lockMinutes`; at `max` failures the
     * key is locked for `lockMinutes`. Answers whether the key is now locked.
     */
    async recordFailure(key: string, max: number, lockMinutes: number): Promise<boolean> {
      const windowMs = lockMinutes * 60_000;
      const now = new Date();
      const row = await db.insertInto('login_attempts')
        .values({ key, failures: 1, window_start: now, locked_until: null })
        .onConflict((oc) => oc.column('key').doUpdateSet({
          failures: sql`case when login_attempts.window_start < ${new Date(now.getTime() - windowMs)} then 1 else login_attempts.failures + 1 end`,
          window_start: sql`case when login_attempts.window_start < ${new Date(now.getTime() - windowMs)} then ${now} else login_attempts.window_start end`,
        }))
        .returning(['failures'])
        .executeTakeFirstOrThrow();
      if (row.failures >= max) {
        await db.updateTable('login_attempts').set({ locked_until: new Date(now.getTime() + windowMs), failures: 0, window_start: now }).where('key', '=', key).execute();
        return true;
      }
      return false;
    },
    async clearFailures(key: string) {
      await db.deleteFrom('login_attempts').where('key', '=', key).execute();
    },
    async insertUser(values: { account: string; nickname: string; password_hash: string; phone?: string | null; email?: string | null; user_type?: string; locked?: boolean; is_phone_validate?: boolean }) {
      const id = newId();
      await db.insertInto('users').values({ id, phone: null, email: null, user_type: 'local', area_code: '86', sign_pass_time: null, ...values }).execute();
      return id;
    },
    async addMembership(userId: string, role: Role, tenantId: string | null, projectId: string | null) {
      await db.insertInto('memberships').values({ id: newId(), user_id: userId, role, tenant_id: tenantId, project_id: projectId }).execute();
    },
  };
}
export type UsersRepository = ReturnType<typeof usersRepository>;
