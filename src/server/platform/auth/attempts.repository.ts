// Attempt limits, the platform's one mechanism (ARCHITECTURE "Idempotency, attempt limits and
// paging are platform mechanisms"; docs/decisions/0003 and 0043). Everything limited counts here:
// sign-in per (account, client IP), a client IP's failing accounts, the sources failing on an
// account, each SMS code's guesses, step-up and password re-entry per user, bad AccessKey
// signatures per (key, client IP). A counter is one row of `login_attempts` keyed by what it
// limits ("pair:…", "sms:…", "reauth:…", …).
//
// `consumeAttempt` takes one attempt in a single statement (INSERT … ON CONFLICT DO UPDATE … WHERE
// … RETURNING): the row is locked by the update and the WHERE is evaluated on its latest version,
// so 40 parallel guesses cannot all pass a check made before any of them is counted. The caller
// takes the attempt first and only then checks the secret.
import { sql } from 'kysely';
import type { Db } from '../db/database.ts';

export interface AttemptLimit {
  /** attempts allowed in the window; the one that reaches it sets a wait and still goes on */
  max: number;
  /** counting window: attempts older than this are forgotten */
  windowMs: number;
  /** first wait once `max` is reached (doubles per further attempt); defaults to the window */
  baseMs?: number;
  /** longest wait; defaults to the window */
  capMs?: number;
}
export type Attempt = { ok: true; count: number } | { ok: false; until: Date };

/** Takes one attempt on `key`, or answers until when the key waits (no attempt taken then). */
export async function consumeAttempt(db: Db, key: string, limit: AttemptLimit): Promise<Attempt> {
  const now = new Date();
  const baseMs = limit.baseMs ?? limit.windowMs;
  const capMs = limit.capMs ?? limit.windowMs;
  const windowStart = new Date(now.getTime() - limit.windowMs);
  const firstWait = limit.max <= 1 ? new Date(now.getTime() + Math.min(baseMs, capMs)) : null;
  const next = sql<number>`case when login_attempts.window_start < ${windowStart} then 1 else login_attempts.failures + 1 end`;
  const row = await db
    .insertInto('login_attempts')
    .values({ key, failures: 1, window_start: now, locked_until: firstWait })
    .onConflict((oc) =>
      oc
        .column('key')
        .doUpdateSet({
          failures: next,
          window_start: sql`case when login_attempts.window_start < ${windowStart} then ${now}::timestamptz else login_attempts.window_start end`,
          locked_until: sql`case when ${next} >= ${limit.max}::int
          then ${now}::timestamptz + least(${baseMs}::float8 * power(2, least(${next} - ${limit.max}::int, 30)), ${capMs}::float8) * interval '1 millisecond'
          else null end`,
        })
        .where((eb) => eb.or([eb('login_attempts.locked_until', 'is', null), eb('login_attempts.locked_until', '<=', now)])),
    )
    .returning(['failures'])
    .executeTakeFirst();
  if (row) return { ok: true, count: row.failures };
  const held = await db.selectFrom('login_attempts').select('locked_until').where('key', '=', key).executeTakeFirst();
  const until = held?.locked_until ? new Date(held.locked_until) : now;
  return { ok: false, until: until > now ? until : new Date(now.getTime() + 1000) };
}

/** Gives back an attempt that a later check refused before the secret was checked. */
export async function refundAttempt(db: Db, key: string, max: number) {
  await db
    .updateTable('login_attempts')
    .set({
      failures: sql`greatest(failures - 1, 0)`,
      locked_until: sql`case when failures - 1 < ${max}::int then null else locked_until end`,
    })
    .where('key', '=', key)
    .execute();
}

/** Counts one event on `key` (a failing account on an IP, a failing source on an account); answers the count in the window. */
export async function countEvent(db: Db, key: string, windowMs: number): Promise<number> {
  const now = new Date();
  const windowStart = new Date(now.getTime() - windowMs);
  const row = await db
    .insertInto('login_attempts')
    .values({ key, failures: 1, window_start: now, locked_until: null })
    .onConflict((oc) =>
      oc.column('key').doUpdateSet({
        failures: sql`case when login_attempts.window_start < ${windowStart} then 1 else login_attempts.failures + 1 end`,
        window_start: sql`case when login_attempts.window_start < ${windowStart} then ${now}::timestamptz else login_attempts.window_start end`,
      }),
    )
    .returning(['failures'])
    .executeTakeFirstOrThrow();
  return row.failures;
}

/** The count on `key` inside the window (0 when there is none or it is older). */
export async function countInWindow(db: Db, key: string, windowMs: number): Promise<number> {
  const row = await db.selectFrom('login_attempts').select(['failures', 'window_start']).where('key', '=', key).executeTakeFirst();
  if (!row || new Date(row.window_start).getTime() < Date.now() - windowMs) return 0;
  return row.failures;
}

/**
 * Past `max` events in the window, `key` may go on once per `delayMs`: answers null when this
 * attempt may go on (claiming the slot atomically), else when to retry.
 */
export async function takeSlot(db: Db, key: string, max: number, windowMs: number, delayMs: number): Promise<Date | null> {
  const now = new Date();
  const windowStart = new Date(now.getTime() - windowMs);
  const claimed = await db
    .updateTable('login_attempts')
    .set({ locked_until: new Date(now.getTime() + delayMs) })
    .where('key', '=', key)
    .where('failures', '>=', max)
    .where('window_start', '>=', windowStart)
    .where((eb) => eb.or([eb('locked_until', 'is', null), eb('locked_until', '<=', now)]))
    .returning(['key'])
    .executeTakeFirst();
  if (claimed) return null;
  const row = await db.selectFrom('login_attempts').select(['failures', 'window_start', 'locked_until']).where('key', '=', key).executeTakeFirst();
  if (!row || row.failures < max || new Date(row.window_start) < windowStart) return null;
  return row.locked_until && new Date(row.locked_until) > now ? new Date(row.locked_until) : null;
}

/** Forgets `key` (a right password clears its counters). */
export async function clearAttempts(db: Db, key: string) {
  await db.deleteFrom('login_attempts').where('key', '=', key).execute();
}

/** Records that something happened now on `key` (a source's successful sign-in). */
export async function markNow(db: Db, key: string) {
  const now = new Date();
  await db
    .insertInto('login_attempts')
    .values({ key, failures: 0, window_start: now, locked_until: null })
    .onConflict((oc) => oc.column('key').doUpdateSet({ window_start: now }))
    .execute();
}

/** Whether `markNow(key)` happened within `withinMs`. */
export async function markedWithin(db: Db, key: string, withinMs: number): Promise<boolean> {
  const row = await db
    .selectFrom('login_attempts')
    .select('key')
    .where('key', '=', key)
    .where('window_start', '>=', new Date(Date.now() - withinMs))
    .executeTakeFirst();
  return !!row;
}

/** Drops counters idle for longer than `olderThanMs` whose wait is over. */
export async function sweepAttempts(db: Db, olderThanMs: number) {
  const before = new Date(Date.now() - olderThanMs);
  await db
    .deleteFrom('login_attempts')
    .where('window_start', '<', before)
    .where((eb) => eb.or([eb('locked_until', 'is', null), eb('locked_until', '<', new Date())]))
    .execute();
}
