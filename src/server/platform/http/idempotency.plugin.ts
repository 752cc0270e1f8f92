// Idempotency-Key on writes: the same key and body replay the stored answer, a different body
// answers 422, a request still in flight 409. Keys are per user (or per client IP before sign-in)
// and kept 24 hours. The offline outbox relies on this to deliver each queued write exactly once.
//
// A process can die mid-request (kill -9, OOM) without running a hook, so an in-flight row holds a
// lease (IDEMPOTENCY_LEASE_MS, renewed while the request runs): once it has run out, a retry with the
// same key and body takes the row over atomically.
//
// Exactly once for every keyed route, with no code in the route (ADR 0042): the request runs in a
// write context (db/write-context.ts) whose hook marks the row `applied` inside the first
// transaction of the request that commits (a lone write gets a transaction of its own), with the
// rows that transaction created. The mark needs the row still `in_flight`: a request whose key was
// taken over or answered meanwhile has its write rolled back instead. A retry that takes over an
// `applied` row never runs the handler again: it answers the current state of what was created
// (GET <path>/<id> of a created row, when that answers JSON) or the catalogued `idempotency_applied`
// answer. A route that answers an applied key itself (approval decisions, from the current state)
// says so with `config.idempotency = 'answers-applied'`; its writes are refused all the same.
import { createHash } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { AppError } from '../../../domain/errors.ts';
import type { Db } from '../db/database.ts';
import type { Database } from '../db/tables.ts';
import { writeContext, type CreatedRow, type WriteContext } from '../db/write-context.ts';
import { t } from '../lib/i18n.ts';
import { addWriteHooks } from './write-hooks.ts';
import {
  clearAppliedLease,
  deleteExpiredKey,
  deleteExpiredKeysOf,
  deleteInFlightKey,
  heldKeys,
  insertDoneKey,
  insertInFlightKey,
  keyRow,
  markAppliedWithCreated,
  markKeyApplied,
  purgeExpiredKeys,
  renewKeyLease,
  storeKeyAnswer,
  takeOverKey,
} from './idempotency.repository.ts';

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
  interface FastifyContextConfig {
    /** 'answers-applied': the handler answers a key whose write already committed (it reads `req.idempotency.applied`) */
    idempotency?: 'answers-applied';
  }
}

/** A request's write context with what the idempotency layer needs. */
interface KeyedWrite extends WriteContext {
  claim: IdempotencyClaim;
  /** the key was taken over or answered by another request: this one's write was refused */
  lost: boolean;
}
const keyedWrites = new WeakMap<FastifyRequest, KeyedWrite>();

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
      // Pushed one by one, last first: a spread of a long array's parts overflows the call stack.
      stack.push({ text: ']' });
      for (let i = v.length - 1; i >= 0; i--) {
        stack.push({ value: v[i] });
        if (i) stack.push({ text: ',' });
      }
      stack.push({ text: '[' });
    } else if (v && typeof v === 'object') {
      const entries = Object.entries(v).sort(([x], [y]) => (x < y ? -1 : x > y ? 1 : 0));
      stack.push({ text: '}' });
      for (let i = entries.length - 1; i >= 0; i--) {
        const [k, x] = entries[i]!;
        stack.push({ value: x }, { text: `${i ? ',' : ''}${JSON.stringify(k)}:` });
      }
      stack.push({ text: '{' });
    } else {
      out.push(JSON.stringify(v ?? null));
    }
  }
  return out.join('');
}

/**
 * Marks the request's key as applied inside the transaction that makes its write: the write and
 * the mark commit together, so a retry after a crash never applies the write a second time.
 * Inside a keyed request the write context does this by itself at COMMIT (nothing to do here); this
 * is for a caller outside one (a job, a test) that holds a claim.
 */
export async function markIdempotencyApplied(trx: Kysely<Database>, req: FastifyRequest): Promise<void> {
  const idem = req.idempotency;
  if (!idem || keyedWrites.has(req)) return;
  await markKeyApplied(trx, idem);
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
  await deleteExpiredKeysOf(db, owner, keys, expiry());
  return new Set(await heldKeys(db, owner, keys));
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
  return insertDoneKey(trx, {
    user_id: a.owner,
    key: a.key,
    method: a.method,
    path: a.url.split('?')[0]!,
    body_hash: idempotencyBodyHash(a.method, a.url, a.body),
    response_status: a.status,
    response_body: a.answer,
    response_type: a.type,
  });
}

/** The created rows an `applied` row records (its response_body until the answer is stored). */
function createdOf(text: string | null): CreatedRow[] {
  try {
    const parsed = JSON.parse(text ?? 'null') as { created?: CreatedRow[] } | null;
    return Array.isArray(parsed?.created) ? parsed.created.filter((r) => typeof r?.id === 'string' && /^[0-9a-f]{32}$/.test(r.id)) : [];
  } catch {
    return [];
  }
}

const FORWARDED = ['x-auth-token', 'x-tenant-id', 'x-project-id', 'accept-language'] as const;

/**
 * The answer to a retry whose first attempt committed its write and died before answering: the
 * current state of a created row where `GET <path>/<id>` reads it as JSON, else the catalogued
 * `idempotency_applied` answer (2xx: the outbox counts the write as delivered) with the created ids.
 */
async function answerApplied(app: FastifyInstance, req: FastifyRequest, reply: FastifyReply, created: CreatedRow[]) {
  const path = req.url.split('?')[0]!;
  const headers: Record<string, string> = {};
  for (const name of FORWARDED) if (typeof req.headers[name] === 'string') headers[name] = req.headers[name];
  reply.header('idempotency-applied', 'true');
  for (const row of created.slice(0, 5)) {
    // Read outside the retry's write context (GET routes never enter one of their own).
    const res = await writeContext.run(null, () => app.inject({ method: 'GET', url: `${path}/${row.id}`, headers, remoteAddress: req.ip }));
    if (res.statusCode === 200 && String(res.headers['content-type'] ?? '').startsWith('application/json'))
      return reply
        .status(req.method === 'POST' ? 201 : 200)
        .type('application/json; charset=utf-8')
        .send(res.body);
  }
  return reply.status(200).send({
    code: 'idempotency_applied',
    title: t(req.lang, 'errors:idempotency_applied_title'),
    description: t(req.lang, 'errors:idempotency_applied'),
    data: created.map((r) => ({ id: r.id })),
  });
}

/** The write context of a keyed request: its first committing transaction marks the key applied. */
function keyedWrite(db: Db, claim: IdempotencyClaim): KeyedWrite {
  const write: KeyedWrite = {
    claim,
    lost: false,
    open: true,
    committed: false,
    async beforeCommit(exec, created) {
      const marked = await exec(markAppliedWithCreated(db, claim, created));
      if (marked.rows.length) return;
      // Taken over (this process outlived its lease), answered meanwhile, or applied already.
      write.lost = true;
      throw new AppError(409, 'idempotency_in_flight');
    },
  };
  return write;
}

export function registerIdempotency(app: FastifyInstance, db: Db, opts: { leaseMs?: number } = {}) {
  const leaseMs = opts.leaseMs ?? DEFAULT_IDEMPOTENCY_LEASE_MS;
  const renewals = new WeakMap<FastifyRequest, NodeJS.Timeout>();

  function hold(req: FastifyRequest, claim: IdempotencyClaim) {
    req.idempotency = claim;
    // The request's writes commit with the key's mark (ADR 0042).
    const write = keyedWrite(db, claim);
    keyedWrites.set(req, write);
    // Renewed while the request runs, so only a dead process's lease runs out.
    const timer = setInterval(
      () => {
        renewKeyLease(db, claim, leaseMs).catch((err) => req.log.warn({ err }, 'idempotency lease renewal failed'));
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
    await deleteInFlightKey(db, idem);
    await clearAppliedLease(db, idem);
  }

  app.decorateRequest('idempotency', null);

  // Runs after auth (registered later), so the key is scoped to the signed-in user. Only write
  // routes pass these hooks (write-hooks.ts): a GET never carries a key's work.
  const claimKey = async (req: FastifyRequest, reply: FastifyReply) => {
    const raw = req.headers['idempotency-key'];
    if (raw === undefined || !['POST', 'PUT', 'PATCH', 'DELETE'].includes(req.method) || !req.url.startsWith('/api/')) return;
    const key = Array.isArray(raw) ? (raw[0] ?? '') : raw;
    if (!KEY_PATTERN.test(key)) throw new AppError(400, 'idempotency_key_invalid');
    const owner = req.user ? `u:${req.user.id}` : `ip:${req.ip}`;
    const path = req.url.split('?')[0]!;
    const bodyHash = idempotencyBodyHash(req.method, req.url, req.body);

    await deleteExpiredKey(db, { owner, key }, expiry());
    const inserted = await insertInFlightKey(db, { user_id: owner, key, method: req.method, path, body_hash: bodyHash }, leaseMs);
    if (inserted) return hold(req, { owner, key, applied: false });
    const stored = await keyRow(db, { owner, key });
    if (stored.body_hash !== bodyHash) throw new AppError(422, 'idempotency_mismatch');
    if (stored.state !== 'done') {
      // The process that held the key died: one retry takes it over (the lease is the lock).
      const taken = await takeOverKey(db, { owner, key }, leaseMs);
      if (!taken) {
        // Tells an offline outbox "try again later" apart from a real conflict.
        reply.header('idempotency-in-flight', 'true');
        throw new AppError(409, 'idempotency_in_flight');
      }
      const applied = taken.state === 'applied';
      hold(req, { owner, key, applied });
      // The write committed before its process died: it never runs again. The answer is stored as usual (onSend).
      if (applied && req.routeOptions.config?.idempotency !== 'answers-applied') return answerApplied(app, req, reply, createdOf(taken.response_body));
      return;
    }
    reply.header('idempotent-replayed', 'true');
    if (stored.response_type) reply.type(stored.response_type);
    return reply.status(stored.response_status ?? 200).send(stored.response_body ?? '');
  };
  // The rest of the request (later hooks, the handler) runs in its write context; a request without
  // a key runs outside any (an inner app.inject must not join its caller's).
  // A handler answering an applied key runs in it too: its mark finds the key applied, so a write refused.
  const enterWriteContext = (req: FastifyRequest, _reply: FastifyReply, done: () => void) => writeContext.run(keyedWrites.get(req) ?? null, done);

  const storeAnswer = async (req: FastifyRequest, reply: FastifyReply, payload: unknown) => {
    const idem = req.idempotency;
    const write = keyedWrites.get(req);
    if (write) write.open = false;
    if (!idem) return payload;
    req.idempotency = null;
    stopRenewal(req);
    if (write?.lost) {
      // Another request holds or answered the key: it stores the answer, not this one.
      if (reply.statusCode === 409) reply.header('idempotency-in-flight', 'true');
      return payload;
    }
    const body =
      typeof payload === 'string' ? payload : Buffer.isBuffer(payload) ? payload.toString('utf8') : payload === null || payload === undefined ? '' : null;
    if (reply.statusCode >= 500 || reply.statusCode === 429 || body === null) {
      await release(idem);
      return payload;
    }
    const type = reply.getHeader('content-type');
    await storeKeyAnswer(db, idem, { response_status: reply.statusCode, response_body: body, response_type: typeof type === 'string' ? type : null });
    return payload;
  };

  // A client that hangs up does not end the handler: the row stays in flight until the handler
  // answers (onSend stores it), or its lease runs out if this process dies first.
  const stop = async (req: FastifyRequest) => stopRenewal(req);
  addWriteHooks(app, {
    preHandler: [claimKey, enterWriteContext],
    onSend: storeAnswer,
    onResponse: stop,
    onRequestAbort: stop,
  });
}

export async function purgeExpiredIdempotencyKeys(db: Db) {
  await purgeExpiredKeys(db, expiry());
}
