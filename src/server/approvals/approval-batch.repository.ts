// The SQL of the decision batch's own idempotency steps for a key it finds held (ADR 0032, 0051):
// the stored row, the take-over of a row whose process died, and its answer. The same statements
// the idempotency plugin runs for a request sent alone (platform/http/idempotency.plugin.ts).
import { sql, type Kysely } from 'kysely';
import type { Database } from '../platform/db/tables.ts';
import { DEFAULT_IDEMPOTENCY_LEASE_MS } from '../platform/http/idempotency.plugin.ts';

type Exec = Kysely<Database>;
const byKey = (db: Exec, owner: string, key: string) => db.updateTable('idempotency_keys').where('user_id', '=', owner).where('key', '=', key);

/** The key's row as stored, if any. */
export async function storedKey(db: Exec, owner: string, key: string) {
  return db
    .selectFrom('idempotency_keys')
    .select(['body_hash', 'state', 'response_status', 'response_body', 'response_type'])
    .where('user_id', '=', owner)
    .where('key', '=', key)
    .executeTakeFirst();
}

/** Takes over a row whose lease ran out (its process died); undefined while another holds it. */
export async function takeOverKey(db: Exec, owner: string, key: string, leaseMs = DEFAULT_IDEMPOTENCY_LEASE_MS) {
  return byKey(db, owner, key)
    .set({ lease_until: sql<Date>`now() + make_interval(secs => ${leaseMs / 1000})` })
    .where('state', '!=', 'done')
    .where((eb) => eb.or([eb('lease_until', 'is', null), eb('lease_until', '<', sql<Date>`now()`)]))
    .returning(['state'])
    .executeTakeFirst();
}

/** Stores the answer of a taken-over key; with `whileInFlight`, only if no write has marked it since (false then). */
export async function answerKey(db: Exec, owner: string, key: string, a: { status: number; answer: string; type: string }, whileInFlight = false) {
  let qb = byKey(db, owner, key).set({ state: 'done', response_status: a.status, response_body: a.answer, response_type: a.type });
  if (whileInFlight) qb = qb.where('state', '=', 'in_flight');
  return !!(await qb.returning('key').executeTakeFirst());
}
