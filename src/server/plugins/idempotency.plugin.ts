// Idempotency-Key on writes: the same key and body replay the stored answer, a different body
// answers 422, a request still in flight 409. Keys are per user (or per client IP before sign-in)
// and kept 24 hours. The offline outbox relies on this to deliver each queued write exactly once.
//
// A process can die mid-request (kill -9, OOM) without running a hook, so an in-flight row holds a
// lease (IDEMPOTENCY_LEASE_MS, renewed while the request runs): once it has run out, a retry with the
// same key and body takes the row over atomically and runs the handler again. A handler whose write
// must not run twice marks the row `applied` inside its own transaction (`markIdempotencyApplied`),
// so the retry that takes over knows the write landed and only answers it (`req.idempotency.applied`).
import { createHash } from 'node:crypto';
import { sql, type Kysely } from 'kysely';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AppError } from '../../domain/errors.ts';
import type { Db } from '../db/database.ts';
import type { Database } from '../db/tables.ts';

const KEY_PATTERN = /^[A-Za-z0-9_-]{1,128}$/;
export const IDEMPOTENCY_TTL_HOURS = 24;
export const DEFAULT_IDEMPOTENCY_LEASE_MS = 30_000;
const expiry = () => new Date(Date.now() - IDEMPOTENCY_TTL_HOURS * 3600_000);

export interface IdempotencyClaim {
  owner: string;
  key: string;
  /** a process that died before answering had already committed this request's write */
  applied: boolean;
}

declare module 'fastify' {
  interface FastifyRequest {
    idempotency: IdempotencyClaim | null;
  }
}

/**
 * A stable text of a parsed JSON body (key order ignored). Iterative, so no body can overflow the
 * stack here; own entries only, so a `__proto__` key is read as the data it is.
 */
export function canonical(value: unknown): string {
  const out: string[] = [];
  const stack: ({ text: string } | { value: unknown })[] = [{ value }];
  while (stack.length) {
    const item = stack.pop()!;
    if ('text' in item) {
      out.push(item.text);
      continue;
    }
    const v = item.value;
    if (Array.isArray(v)) {
      const parts: ({ text: string } | { value: unknown })[] = [{ text: '[' }];
      v.forEach((x, i) => parts.push(...(i ? [{ text: ',' }] : []), { value: x }));
      parts.push({ text: ']' });
      stack.push(...parts.reverse());
    } else if (v && typeof v === 'object') {
      const entries = Object.entries(v).sort(([x], [y]) => (x < y ? -1 : x > y ? 1 : 0));
      const parts: ({ text: string } | { value: unknown })[] = [{ text: '{' }];
      entries.forEach(([k, x], i) => parts.push({ text: `${i ? ',' : ''}${JSON.stringify(k)}:` }, { value: x }));
      parts.push({ text: '}' });
      stack.push(...parts.reverse());
    } else {
      out.push(JSON.stringify(v ?? null));
    }
  }
  return out.join('');
}

/**
 * Marks the request's key as applied inside the transaction that makes its write: the write and
 * the mark commit together, so a retry after a crash never applies the write a second time.
 */
export async function markIdempotencyApplied(trx: Kysely<Database>, req: FastifyRequest): Promise<void> {
  const idem = req.idempotency;
  if (!idem) return;
  await trx
    .updateTable('idempotency_keys')
    .set({ state: 'applied' })
    .where('user_id', '=', idem.owner)
    .where('key', '=', idem.key)
    .where('state', '=', 'in_flight')
    .execute();
}

/** What a key's body is compared by: the method, the URL and the body's canonical text. */
export function idempotencyBodyHash(method: string, url: string, body: unknown): string {
  return createHash('sha256')
    .update(`${method} ${url}\n${canonical(body)}`)
    .digest('hex');
}

/**
 * The batch's pre-check (ADR 0032): which of `keys` the owner holds already, in any state (expired
 * ones are dropped first, as the single request does). One statement each for all the keys.
 */
export async function heldIdempotencyKeys(db: Db, owner: string, keys: string[]): Promise<Set<string>> {
  if (!keys.length) return new Set();
  await db.deleteFrom('idempotency_keys').where('user_id', '=', owner).where('key', 'in', keys).where('created_at', '<', expiry()).execute();
  const rows = await db.selectFrom('idempotency_keys').select('key').where('user_id', '=', owner).where('key', 'in', keys).execute();
  return new Set(rows.map((r) => r.key));
}

/**
 * Stores a key with its final answer in the caller's transaction — the write it answers commits
 * with it, so there is no in-flight state and no lease (a crash loses both). The same row the
 * pipeline stores (state `done`, the answer as sent), so a retry replays it through the plugin.
 * Answers false when the key exists already (taken meanwhile by another request).
 */
export async function storeIdempotentAnswer(
  trx: Kysely<Database>,
  a: { owner: string; key: string; method: string; url: string; body: unknown; status: number; answer: string; type: string },
): Promise<boolean> {
  const inserted = await trx
    .insertInto('idempotency_keys')
    .values({
      user_id: a.owner,
      key: a.key,
      method: a.method,
      path: a.url.split('?')[0]!,
      body_hash: idempotencyBodyHash(a.method, a.url, a.body),
      state: 'done',
      response_status: a.status,
      response_body: a.answer,
      response_type: a.type,
      lease_until: null,
    })
    .onConflict((oc) => oc.columns(['user_id', 'key']).doNothing())
    .returning('key')
    .executeTakeFirst();
  return !!inserted;
}

export function registerIdempotency(app: FastifyInstance, db: Db, opts: { leaseMs?: number } = {}) {
  const leaseMs = opts.leaseMs ?? DEFAULT_IDEMPOTENCY_LEASE_MS;
  // Database time, so processes whose clocks differ agree on when a lease has run out.
  const leaseEnd = () => sql<Date>`now() + make_interval(secs => ${leaseMs / 1000})`;
  const renewals = new WeakMap<FastifyRequest, NodeJS.Timeout>();
  const byKey = (idem: { owner: string; key: string }) => db.updateTable('idempotency_keys').where('user_id', '=', idem.owner).where('key', '=', idem.key);

  function hold(req: FastifyRequest, claim: IdempotencyClaim) {
    req.idempotency = claim;
    // Renewed while the request runs, so only a dead process's lease runs out.
    const timer = setInterval(
      () => {
        byKey(claim)
          .set({ lease_until: leaseEnd() })
          .where('state', '!=', 'done')
          .execute()
          .catch((err) => req.log.warn({ err }, 'idempotency lease renewal failed'));
      },
      Math.max(leaseMs / 3, 50),
    );
    timer.unref();
    renewals.set(req, timer);
  }
  function stopRenewal(req: FastifyRequest) {
    clearInterval(renewals.get(req));
    renewals.delete(req);
  }
  /** Not a decision the server made: the same key may run again (a committed write stays marked). */
  async function release(idem: IdempotencyClaim) {
    await db.deleteFrom('idempotency_keys').where('user_id', '=', idem.owner).where('key', '=', idem.key).where('state', '=', 'in_flight').execute();
    await byKey(idem).set({ lease_until: null }).where('state', '=', 'applied').execute();
  }

  app.decorateRequest('idempotency', null);

  // Runs after auth (registered later), so the key is scoped to the signed-in user.
  app.addHook('preHandler', async (req, reply) => {
    const raw = req.headers['idempotency-key'];
    if (raw === undefined || !['POST', 'PUT', 'PATCH', 'DELETE'].includes(req.method) || !req.url.startsWith('/api/')) return;
    const key = Array.isArray(raw) ? (raw[0] ?? '') : raw;
    if (!KEY_PATTERN.test(key)) throw new AppError(400, 'idempotency_key_invalid');
    const owner = req.user ? `u:${req.user.id}` : `ip:${req.ip}`;
    const path = req.url.split('?')[0]!;
    const bodyHash = idempotencyBodyHash(req.method, req.url, req.body);

    await db.deleteFrom('idempotency_keys').where('user_id', '=', owner).where('key', '=', key).where('created_at', '<', expiry()).execute();
    const inserted = await db
      .insertInto('idempotency_keys')
      .values({
        user_id: owner,
        key,
        method: req.method,
        path,
        body_hash: bodyHash,
        state: 'in_flight',
        response_status: null,
        response_body: null,
        response_type: null,
        lease_until: leaseEnd(),
      })
      .onConflict((oc) => oc.columns(['user_id', 'key']).doNothing())
      .returning('key')
      .executeTakeFirst();
    if (inserted) return hold(req, { owner, key, applied: false });
    const stored = await db.selectFrom('idempotency_keys').selectAll().where('user_id', '=', owner).where('key', '=', key).executeTakeFirstOrThrow();
    if (stored.body_hash !== bodyHash) throw new AppError(422, 'idempotency_mismatch');
    if (stored.state !== 'done') {
      // The process that held the key died: one retry takes it over (the lease is the lock).
      const taken = await byKey({ owner, key })
        .set({ lease_until: leaseEnd() })
        .where('state', '!=', 'done')
        .where((eb) => eb.or([eb('lease_until', 'is', null), eb('lease_until', '<', sql<Date>`now()`)]))
        .returning('state')
        .executeTakeFirst();
      if (taken) return hold(req, { owner, key, applied: taken.state === 'applied' });
      // Tells an offline outbox "try again later" apart from a real conflict.
      reply.header('idempotency-in-flight', 'true');
      throw new AppError(409, 'idempotency_in_flight');
    }
    reply.header('idempotent-replayed', 'true');
    if (stored.response_type) reply.type(stored.response_type);
    return reply.status(stored.response_status ?? 200).send(stored.response_body ?? '');
  });

  app.addHook('onSend', async (req, reply, payload) => {
    const idem = req.idempotency;
    if (!idem) return payload;
    req.idempotency = null;
    stopRenewal(req);
    const body =
      typeof payload === 'string' ? payload : Buffer.isBuffer(payload) ? payload.toString('utf8') : payload === null || payload === undefined ? '' : null;
    if (reply.statusCode >= 500 || reply.statusCode === 429 || body === null) {
      await release(idem);
      return payload;
    }
    const type = reply.getHeader('content-type');
    await byKey(idem)
      .set({ state: 'done', response_status: reply.statusCode, response_body: body, response_type: typeof type === 'string' ? type : null })
      .execute();
    return payload;
  });

  // A client that hangs up does not end the handler: the row stays in flight until the handler
  // answers (onSend stores it), or its lease runs out if this process dies first.
  app.addHook('onResponse', async (req) => {
    stopRenewal(req);
  });
  app.addHook('onRequestAbort', async (req) => {
    stopRenewal(req);
  });
}

export async function purgeExpiredIdempotencyKeys(db: Db) {
  await db.deleteFrom('idempotency_keys').where('created_at', '<', expiry()).execute();
}
