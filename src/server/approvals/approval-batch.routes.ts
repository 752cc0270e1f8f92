// Queued decisions replayed in one request (the offline outbox). Each item answers exactly what it
// would have answered alone, in order; the run stops at an answer that means "not now" (the
// session, a key still in flight, a server error) and the caller keeps the rest.
// Every item runs in this process through the functions the lone route runs (ADR 0032, 0051):
// - an item whose key this user never sent is checked as the lone route checks it (its scope, the
//   request's visibility, its body, a step-up for a costly approval) and, refused or not, settled
//   with its neighbours in ONE transaction (`decideMany`: rows locked in id order, a savepoint per
//   item), its idempotency answer and its operation-log line written in that transaction;
// - an item whose key is held already answers as the idempotency layer would: the stored answer,
//   422 for another body, "in flight" while another request holds it, or — its process having
//   died — the item run again under the taken-over key (a decision already applied answers the
//   request's current state).
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { AppError, unauthorized } from '../../domain/errors.ts';
import { approveSchema, decisionBatchSchema, rejectSchema } from '../../domain/approvals/approval.schema.ts';
import { DECISION_URL } from '../../domain/approvals/decision-batch.ts';
import { STEP_UP_REQUIRED_KEY, needsStepUpForCost } from '../../domain/step-up.ts';
import { errorBody, parse, validationBody } from '../platform/http/errors.plugin.ts';
import { requireUser, type AuthUser } from '../platform/auth/auth-user.ts';
import { heldIdempotencyKeys, idempotencyBodyHash, storeIdempotentAnswer } from '../platform/http/idempotency.plugin.ts';
import { insertOplogLines, oplogLine, oplogPending, type OplogRequest, type Subject } from '../oplog/operation-log.plugin.ts';
import { actionOf } from '../oplog/oplog-actions.ts';
import type { Db } from '../platform/db/database.ts';
import type { TenancyRepository } from '../platform/auth/tenancy.repository.ts';
import type { Config } from '../platform/config.ts';
import type { StepUpProofs } from '../platform/auth/step-up.ts';
import type { ApprovalService } from './approval.service.ts';
import type { Exec } from './approval.repository.ts';
import { ApprovalConflict } from './approval-state.ts';
import type { Decision, ManyItem, ManyOutcome } from './approval-decide.ts';
import { conflictBody, headerScope, now } from './approval-route-kit.ts';
import { answerKey, storedKey, takeOverKey } from './approval-batch.repository.ts';
import { requestSentence } from '../../domain/approvals/request-summary.ts';
import { sharedT } from '../platform/lib/i18n.ts';

type Item = ReturnType<typeof decisionBatchSchema.parse>['requests'][number];
type Result = { status: number; body: unknown; in_flight?: true };
/** One item ready to settle: a decision, or the refusal the lone route would have answered. */
type Planned = { index: number; id: string; route: string; body: unknown; headers: Record<string, string>; many: ManyItem };
/** What the decision batch uses; the approvals' routes hand it in. */
export interface DecisionBatchDeps {
  db: Db;
  approvals: ApprovalService;
  tenancy: TenancyRepository;
  /** step-up proofs of a costly approval (keys/passkey.service.ts) */
  passkeys: Pick<StepUpProofs, 'hasProof'>;
  config?: Pick<Config, 'idempotencyLeaseMs'>;
}
type Visible = Awaited<ReturnType<ApprovalService['visibleForDecision']>>;
type OplogLineValues = Awaited<ReturnType<typeof oplogLine>>;

const CHUNK = 25;
const JSON_TYPE = 'application/json; charset=utf-8';
const idOf = (url: string) => DECISION_URL.exec(url)![0].split('/')[4]!;
const stops = (r: Result) => r.in_flight || r.status >= 500 || [401, 428, 429].includes(r.status);

/** A refusal answered with a body of its own (a failed body schema: the catalogue's validation answer). */
class Answered extends AppError {
  readonly body: unknown;
  constructor(status: number, body: unknown) {
    super(status);
    this.body = body;
  }
}

/** The refusal as the error handler would answer it; undefined for a server error. */
function refusalOf(lang: FastifyRequest['lang'], err: unknown): AppError | undefined {
  if (err instanceof AppError) return err.status < 500 ? err : undefined;
  if (err instanceof z.ZodError) return new Answered(400, validationBody(lang, err));
  return undefined;
}

function itemHeaders(req: FastifyRequest, r: Item): Record<string, string> {
  return {
    'content-type': 'application/json',
    'x-auth-token': req.authToken!,
    'idempotency-key': r.key,
    'accept-language': req.lang,
    // The outbox keeps a success's status only: no detail to build per item.
    prefer: 'return=minimal',
    ...(r.tenant_id ? { 'x-tenant-id': r.tenant_id } : {}),
    ...(r.project_id ? { 'x-project-id': r.project_id } : {}),
    ...(r.step_up_token ? { 'x-step-up-token': r.step_up_token } : {}),
  };
}

interface Run {
  ctx: DecisionBatchDeps;
  req: FastifyRequest;
  user: AuthUser;
  owner: string;
  requests: Item[];
  visible: Visible;
  at: Date;
}

/** The lone route's checks, in its order: scope, visibility, body, step-up. Throws its refusal. */
async function checkItem(run: Run, r: Item, id: string, verb: 'approve' | 'reject', headers: Record<string, string>): Promise<Decision> {
  // The scope check of the lone route, on this item's headers.
  const view = Object.create(run.req, { headers: { value: headers } }) as FastifyRequest;
  await headerScope(run.ctx, view);
  const seen = run.visible.get(id);
  if (!seen) throw new AppError(404, 'not_found');
  const body = r.body ?? {};
  if (verb === 'reject') {
    const parsed = parse(rejectSchema, body);
    return { action: 'reject', reason: parsed.reason, level: parsed.level };
  }
  const parsed = parse(approveSchema, body);
  if (needsStepUpForCost(seen.estimated_cost_fen) && !(await run.ctx.passkeys.hasProof(run.user.id, r.step_up_token)))
    throw new AppError(403, STEP_UP_REQUIRED_KEY);
  return { action: 'approve', comment: parsed.comment, level: parsed.level };
}

/** One item planned: its decision, or its refusal; a server error ends the run. */
async function planItem(run: Run, index: number): Promise<Planned | { error: unknown }> {
  const r = run.requests[index]!;
  const id = idOf(r.url);
  const verb = r.url.endsWith('/approve') ? 'approve' : 'reject';
  const headers = itemHeaders(run.req, r);
  const base = { index, id, route: `/api/v1/approvals/:id/${verb}`, body: r.body ?? {}, headers };
  try {
    return { ...base, many: { id, decision: await checkItem(run, r, id, verb, headers) } };
  } catch (err) {
    const refused = refusalOf(run.req.lang, err);
    if (!refused) return { error: err };
    return { ...base, many: { id, decision: { action: 'approve' }, refused } };
  }
}

/** The answer of an item, as its lone route would have answered it. */
function answerOf(req: FastifyRequest, outcome: ManyOutcome): { status: number; answer: unknown } {
  if (outcome.ok) return { status: 200, answer: outcome.result };
  const err = outcome.error;
  if (err instanceof Answered) return { status: err.status, answer: err.body };
  if (err instanceof ApprovalConflict) return { status: 409, answer: conflictBody(req.lang, err.key, err.current) };
  return { status: err.status, answer: errorBody(req.lang, err.status, err.key, err.params) };
}

/** The item as the operation log sees it. */
function oplogRequest(run: Run, item: Pick<Planned, 'id' | 'route' | 'body' | 'headers'>): OplogRequest {
  const { user, req } = run;
  return {
    user,
    method: 'POST',
    route: item.route,
    pattern: item.route,
    config: undefined,
    body: item.body,
    params: { id: item.id },
    headers: item.headers,
    ip: req.ip,
    lang: req.lang,
  };
}

/**
 * The item's operation-log line: its subject as the pre-check read it, named by the request's
 * sentence in the caller's language (else read as the pipeline reads it).
 */
async function lineOf(run: Run, trx: Exec, item: Planned, status: number, text: string): Promise<OplogLineValues | null> {
  const seen = run.visible.get(item.id);
  const known: Subject | undefined = seen
    ? { type: 'approval', id: item.id, name: requestSentence(sharedT(run.req.lang), seen), tenantId: seen.tenant_id, projectId: seen.project_id }
    : undefined;
  const line = oplogRequest(run, item);
  const pending = await oplogPending(trx, line, known);
  return pending ? oplogLine(trx, line, pending, status, text) : null;
}

type Store = (trx: Exec, item: Planned, a: { status: number; answer: string; type: string }) => Promise<boolean>;

/** The key of an item never sent: its row is stored with its answer (state done, as the pipeline stores it). */
const storeFresh =
  (run: Run): Store =>
  (trx, item, a) => {
    const r = run.requests[item.index]!;
    return storeIdempotentAnswer(trx, { owner: run.owner, key: r.key, method: 'POST', url: r.url, body: item.body, ...a });
  };

/** Settles `items` in one transaction; answers the results of the prefix it finished and what stopped it. */
async function settle(run: Run, items: Planned[], store: Store): Promise<{ done: Result[]; stoppedBy?: unknown }> {
  const done: Result[] = [];
  const lines: OplogLineValues[] = [];
  const { stoppedBy } = await run.ctx.approvals.decideMany(
    run.user,
    items.map((x) => x.many),
    run.at,
    {
      settle: async (trx, k, outcome) => {
        const item = items[k]!;
        const { status, answer } = answerOf(run.req, outcome);
        const text = JSON.stringify(answer);
        if (!(await store(trx, item, { status, answer: text, type: JSON_TYPE }))) return false;
        const line = await lineOf(run, trx, item, status, text);
        if (line) lines.push(line);
        done.push({ status, body: JSON.parse(text) as unknown });
        return true;
      },
      finish: (trx) => insertOplogLines(trx, lines),
    },
  );
  return { done, ...(stoppedBy !== undefined ? { stoppedBy } : {}) };
}

/** A server error's answer (the key is left free, as the pipeline releases it). */
function serverError(run: Run, err: unknown): Result {
  run.req.log.error({ err }, 'decision batch: an item failed');
  return { status: 500, body: errorBody(run.req.lang, 500, 'internal') };
}

/** Writes one line outside a decision (a refusal the idempotency layer answered). */
async function lineAlone(run: Run, item: Pick<Planned, 'id' | 'route' | 'body' | 'headers'>, status: number, answer: unknown) {
  const line = oplogRequest(run, item);
  const action = actionOf(line.method, line.route, line.config, line.body);
  if (action) await insertOplogLines(run.ctx.db, [await oplogLine(run.ctx.db, line, { action, subject: null }, status, JSON.stringify(answer))]);
}

/** An item whose process died holding its key: run again under the taken-over key. */
async function takenOver(run: Run, index: number, applied: boolean): Promise<Result> {
  const r = run.requests[index]!;
  const planned = await planItem(run, index);
  if ('error' in planned) return serverError(run, planned.error);
  const store: Store = (trx, _item, a) => answerKey(trx, run.owner, r.key, a, !applied);
  if (applied && !planned.many.refused) {
    // Its decision committed before the process died: the request's current state answers it.
    const detail = await run.ctx.approvals.detail(run.user, planned.id, now()).then(
      (d) => ({ status: 200, answer: d as unknown }),
      (err: unknown) => {
        const refused = refusalOf(run.req.lang, err);
        if (!refused) throw err;
        return answerOf(run.req, { ok: false, error: refused });
      },
    );
    const text = JSON.stringify(detail.answer);
    await run.ctx.db.transaction().execute(async (trx) => {
      await answerKey(trx, run.owner, r.key, { status: detail.status, answer: text, type: JSON_TYPE });
      const line = await lineOf(run, trx, planned, detail.status, text);
      if (line) await insertOplogLines(trx, [line]);
    });
    return { status: detail.status, body: JSON.parse(text) as unknown };
  }
  const { done, stoppedBy } = await settle(run, [planned], store);
  if (done[0]) return done[0];
  if (stoppedBy === 'settle') return { status: 409, body: errorBody(run.req.lang, 409, 'idempotency_in_flight'), in_flight: true };
  return serverError(run, stoppedBy);
}

/** An item whose key is held already: what the idempotency layer answers for it. */
async function heldItem(run: Run, index: number): Promise<Result> {
  const r = run.requests[index]!;
  const stored = await storedKey(run.ctx.db, run.owner, r.key);
  const inFlight: Result = { status: 409, body: errorBody(run.req.lang, 409, 'idempotency_in_flight'), in_flight: true };
  // Gone meanwhile (expired): the item runs as a fresh one.
  if (!stored) return (await freshRun(run, index, 1)).results[0] ?? inFlight;
  const id = idOf(r.url);
  const route = `/api/v1/approvals/:id/${r.url.endsWith('/approve') ? 'approve' : 'reject'}`;
  if (stored.body_hash !== idempotencyBodyHash('POST', r.url, r.body ?? {})) {
    const answer = errorBody(run.req.lang, 422, 'idempotency_mismatch');
    await lineAlone(run, { id, route, body: r.body ?? {}, headers: itemHeaders(run.req, r) }, 422, answer);
    return { status: 422, body: answer };
  }
  if (stored.state === 'done') {
    const text = stored.response_body ?? '';
    let body: unknown = text;
    try {
      body = text ? JSON.parse(text) : null;
    } catch {
      /* not JSON: kept as text */
    }
    return { status: stored.response_status ?? 200, body };
  }
  const taken = await takeOverKey(run.ctx.db, run.owner, r.key, run.ctx.config?.idempotencyLeaseMs);
  if (!taken) return inFlight;
  return takenOver(run, index, taken.state === 'applied');
}

/** Items from `start` whose keys were never sent, up to `max`, settled in one transaction. */
async function freshRun(run: Run, start: number, max: number, fresh?: (index: number) => boolean): Promise<{ results: Result[]; stop: boolean }> {
  const items: Planned[] = [];
  const keys = new Set<string>();
  for (let j = start; j < run.requests.length && items.length < max; j++) {
    const r = run.requests[j]!;
    if (j > start && (keys.has(r.key) || (fresh && !fresh(j)))) break;
    const planned = await planItem(run, j);
    if ('error' in planned) {
      if (items.length) break;
      return { results: [serverError(run, planned.error)], stop: true };
    }
    items.push(planned);
    keys.add(r.key);
  }
  let outcome: Awaited<ReturnType<typeof settle>>;
  try {
    outcome = await settle(run, items, storeFresh(run));
  } catch (err) {
    // The transaction failed as a whole (nothing of it stands): its items go again one by one.
    if (items.length > 1) return { results: [], stop: false };
    return { results: [serverError(run, err)], stop: true };
  }
  const { done, stoppedBy } = outcome;
  // A key taken meanwhile by another request goes round again as a held key; a failed item alone.
  if (stoppedBy instanceof Error && done.length === 0 && items.length === 1) return { results: [serverError(run, stoppedBy)], stop: true };
  return { results: done, stop: false };
}

async function runBatch(run: Run): Promise<Result[]> {
  const { req, requests } = run;
  const results: Result[] = [];
  // An AccessKey-signed batch carries no session for its items: each would answer 401 alone.
  if (!req.authToken || req.accessKey) return [{ status: 401, body: errorBody(req.lang, 401, unauthorized().key) }];
  const held = await heldIdempotencyKeys(
    run.ctx.db,
    run.owner,
    requests.map((r) => r.key),
  );
  // A key sent earlier in this batch is held by the time its item comes.
  const sent = new Set<string>();
  const isHeld = (j: number) => held.has(requests[j]!.key) || sent.has(requests[j]!.key);
  let i = 0;
  let max = CHUNK;
  while (i < requests.length) {
    const ran = isHeld(i) ? { results: [await heldItem(run, i)], stop: false } : await freshRun(run, i, max, (j) => !isHeld(j));
    ran.results.forEach((_, k) => sent.add(requests[i + k]!.key));
    results.push(...ran.results);
    i += ran.results.length;
    if (ran.stop || ran.results.some(stops)) break;
    // A chunk that did not finish goes on one item at a time; a lone item whose key another
    // request took meanwhile answers as a held key.
    if (!ran.results.length && max === 1) held.add(requests[i]!.key);
    max = ran.results.length ? CHUNK : 1;
  }
  return results;
}

export function decisionBatchRoute(app: FastifyInstance, ctx: DecisionBatchDeps) {
  app.post('/api/v1/approvals/decision-batch', async (req) => {
    const user = requireUser(req);
    const { requests } = parse(decisionBatchSchema, req.body ?? {});
    const at = now();
    // The pre-check, one statement for the whole batch: the requests visible, with their costs and titles.
    const visible = await ctx.approvals.visibleForDecision(
      user,
      requests.map((r) => idOf(r.url)),
      at,
    );
    const results = await runBatch({ ctx, req, user, owner: `u:${user.id}`, requests, visible, at });
    return { results };
  });
}
