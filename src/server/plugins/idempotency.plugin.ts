// Idempotency-Key on writes: the same key and body replay the stored answer, a different body
// answers 422, a request still in flight 409. Keys are per user (or per client IP before sign-in)
// and kept 24 hours. The offline outbox relies on this to deliver each queued write exactly once.
import { createHash } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { AppError } from '../../domain/errors.ts';
import type { Db } from '../db/database.ts';

const KEY_PATTERN = /^[A-Za-z0-9_-]{1,128}$/;
export const IDEMPOTENCY_TTL_HOURS = 24;
const expiry = () => new Date(Date.now() - IDEMPOTENCY_TTL_HOURS * 3600_000);

declare module 'fastify' {
  interface FastifyRequest { idempotency: { owner: string; key: string } | null }
}

function canonical(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonical).join(',')}]`;
  if (value && typeof value === 'object') {
    return `{${Object.keys(value).sort().map((k) => `${JSON.stringify(k)}:${canonical((value as Record<string, unknown>)[k])}`).join(',')}}`;
  }
  return JSON.stringify(value ?? null);
}

export function registerIdempotency(app: FastifyInstance, db: Db) {
  app.decorateRequest('idempotency', null);

  // Runs after auth (registered later), so the key is scoped to the signed-in user.
  app.addHook('preHandler', async (req, reply) => {
    const raw = req.headers['idempotency-key'];
    if (raw === undefined || !['POST', 'PUT', 'PATCH', 'DELETE'].includes(req.method) || !req.url.startsWith('/api/')) return;
    const key = Array.isArray(raw) ? raw[0] ?? '' : raw;
    if (!KEY_PATTERN.test(key)) throw new AppError(400, 'idempotency_key_invalid');
    const owner = req.user ? `u:${req.user.id}` : `ip:${req.ip}`;
    const path = req.url.split('?')[0]!;
    const bodyHash = createHash('sha256').update(`${req.method} ${req.url}\n${canonical(req.body)}`).digest('hex');

    await db.deleteFrom('idempotency_keys')
      .where('user_id', '=', owner).where('key', '=', key)
      .where('created_at', '<', expiry())
      .execute();
    const inserted = await db.insertInto('idempotency_keys')
      .values({ user_id: owner, key, method: req.method, path, body_hash: bodyHash, state: 'in_flight', response_status: null, response_body: null, response_type: null })
      .onConflict((oc) => oc.columns(['user_id', 'key']).doNothing())
      .returning('key')
      .executeTakeFirst();
    if (inserted) {
      req.idempotency = { owner, key };
      return;
    }
    const stored = await db.selectFrom('idempotency_keys').selectAll().where('user_id', '=', owner).where('key', '=', key).executeTakeFirstOrThrow();
    if (stored.body_hash !== bodyHash) throw new AppError(422, 'idempotency_mismatch');
    if (stored.state !== 'done') {
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
    if (reply.statusCode >= 500 || reply.statusCode === 429) {
      // Not a decision the server made: let the client try again with the same key.
      await db.deleteFrom('idempotency_keys').where('user_id', '=', idem.owner).where('key', '=', idem.key).execute();
      return payload;
    }
    const body = typeof payload === 'string' ? payload : Buffer.isBuffer(payload) ? payload.toString('utf8') : payload === null || payload === undefined ? '' : null;
    if (body === null) {
      await db.deleteFrom('idempotency_keys').where('user_id', '=', idem.owner).where('key', '=', idem.key).execute();
      return payload;
    }
    const type = reply.getHeader('content-type');
    await db.updateTable('idempotency_keys')
      .set({ state: 'done', response_status: reply.statusCode, response_body: body, response_type: typeof type === 'string' ? type : null })
      .where('user_id', '=', idem.owner).where('key', '=', idem.key)
      .execute();
    return payload;
  });

  // A request that dies without an answer must not pin its key as in flight forever.
  app.addHook('onRequestAbort', async (req) => {
    const idem = req.idempotency;
    if (idem) await db.deleteFrom('idempotency_keys').where('user_id', '=', idem.owner).where('key', '=', idem.key).execute();
  });
}

export async function purgeExpiredIdempotencyKeys(db: Db) {
  await db.deleteFrom('idempotency_keys').where('created_at', '<', expiry()).execute();
}
