// The Idempotency-Key rows (idempotency.plugin.ts decides when each statement runs, ADR 0042).
// Leases are in database time, so processes whose clocks differ agree on when one has run out.
import { sql, type CompiledQuery, type Kysely } from 'kysely';
import type { Db } from '../db/database.ts';
import type { Database } from '../db/tables.ts';
import type { CreatedRow } from '../db/write-context.ts';

export interface KeyRef {
  owner: string;
  key: string;
}

/** A new row, in flight or with its final answer. */
export interface NewKeyRow {
  user_id: string;
  key: string;
  method: string;
  path: string;
  body_hash: string;
}

const leaseEnd = (leaseMs: number) => sql<Date>`now() + make_interval(secs => ${leaseMs / 1000})`;
const byKey = (db: Kysely<Database>, idem: KeyRef) => db.updateTable('idempotency_keys').where('user_id', '=', idem.owner).where('key', '=', idem.key);

/** Marks a claim applied (only while it is still in flight), in the caller's transaction. */
export async function markKeyApplied(trx: Kysely<Database>, idem: KeyRef): Promise<void> {
  await trx
    .updateTable('idempotency_keys')
    .set({ state: 'applied' })
    .where('user_id', '=', idem.owner)
    .where('key', '=', idem.key)
    .where('state', '=', 'in_flight')
    .execute();
}

/** The write context's mark: compiled here, run by the hook on the committing transaction's connection. */
export function markAppliedWithCreated(db: Db, idem: KeyRef, created: readonly CreatedRow[]): CompiledQuery<{ key: string }> {
  return db
    .updateTable('idempotency_keys')
    .set({ state: 'applied', response_body: JSON.stringify({ created }) })
    .where('user_id', '=', idem.owner)
    .where('key', '=', idem.key)
    .where('state', '=', 'in_flight')
    .returning('key')
    .compile();
}

/** Drops the owner's rows of `keys` created before `before` (expired). */
export async function deleteExpiredKeysOf(db: Db, owner: string, keys: string[], before: Date): Promise<void> {
  await db.deleteFrom('idempotency_keys').where('user_id', '=', owner).where('key', 'in', keys).where('created_at', '<', before).execute();
}

/** Which of `keys` the owner holds, in any state. */
export async function heldKeys(db: Db, owner: string, keys: string[]): Promise<string[]> {
  const rows = await db.selectFrom('idempotency_keys').select('key').where('user_id', '=', owner).where('key', 'in', keys).execute();
  return rows.map((r) => r.key);
}

/** Inserts a row with its final answer (state `done`, no lease); false when the key exists already. */
export async function insertDoneKey(
  trx: Kysely<Database>,
  row: NewKeyRow & { response_status: number; response_body: string; response_type: string },
): Promise<boolean> {
  const inserted = await trx
    .insertInto('idempotency_keys')
    .values({
      user_id: row.user_id,
      key: row.key,
      method: row.method,
      path: row.path,
      body_hash: row.body_hash,
      state: 'done',
      response_status: row.response_status,
      response_body: row.response_body,
      response_type: row.response_type,
      lease_until: null,
    })
    .onConflict((oc) => oc.columns(['user_id', 'key']).doNothing())
    .returning('key')
    .executeTakeFirst();
  return !!inserted;
}

/** Renews a claim's lease (a row already answered keeps none). */
export async function renewKeyLease(db: Db, idem: KeyRef, leaseMs: number): Promise<void> {
  await byKey(db, idem)
    .set({ lease_until: leaseEnd(leaseMs) })
    .where('state', '!=', 'done')
    .execute();
}

/** Drops a claim still in flight. */
export async function deleteInFlightKey(db: Db, idem: KeyRef): Promise<void> {
  await db.deleteFrom('idempotency_keys').where('user_id', '=', idem.owner).where('key', '=', idem.key).where('state', '=', 'in_flight').execute();
}

/** An applied claim keeps no lease (its retry may take it over at once). */
export async function clearAppliedLease(db: Db, idem: KeyRef): Promise<void> {
  await byKey(db, idem).set({ lease_until: null }).where('state', '=', 'applied').execute();
}

/** Drops the owner's row of `key` if created before `before` (expired). */
export async function deleteExpiredKey(db: Db, idem: KeyRef, before: Date): Promise<void> {
  await db.deleteFrom('idempotency_keys').where('user_id', '=', idem.owner).where('key', '=', idem.key).where('created_at', '<', before).execute();
}

/** Claims a new key in flight with a lease; false when the key exists already. */
export async function insertInFlightKey(db: Db, row: NewKeyRow, leaseMs: number): Promise<boolean> {
  const inserted = await db
    .insertInto('idempotency_keys')
    .values({
      user_id: row.user_id,
      key: row.key,
      method: row.method,
      path: row.path,
      body_hash: row.body_hash,
      state: 'in_flight',
      response_status: null,
      response_body: null,
      response_type: null,
      lease_until: leaseEnd(leaseMs),
    })
    .onConflict((oc) => oc.columns(['user_id', 'key']).doNothing())
    .returning('key')
    .executeTakeFirst();
  return !!inserted;
}

export async function keyRow(db: Db, idem: KeyRef) {
  return db.selectFrom('idempotency_keys').selectAll().where('user_id', '=', idem.owner).where('key', '=', idem.key).executeTakeFirstOrThrow();
}

/** Takes over a claim whose lease has run out (the lease is the lock); undefined when it is still held or answered. */
export async function takeOverKey(db: Db, idem: KeyRef, leaseMs: number) {
  return byKey(db, idem)
    .set({ lease_until: leaseEnd(leaseMs) })
    .where('state', '!=', 'done')
    .where((eb) => eb.or([eb('lease_until', 'is', null), eb('lease_until', '<', sql<Date>`now()`)]))
    .returning(['state', 'response_body'])
    .executeTakeFirst();
}

/** Stores the answer of a claim. */
export async function storeKeyAnswer(db: Db, idem: KeyRef, answer: { response_status: number; response_body: string; response_type: string | null }) {
  await byKey(db, idem)
    .set({ state: 'done', response_status: answer.response_status, response_body: answer.response_body, response_type: answer.response_type })
    .execute();
}

export async function purgeExpiredKeys(db: Db, before: Date): Promise<void> {
  await db.deleteFrom('idempotency_keys').where('created_at', '<', before).execute();
}
