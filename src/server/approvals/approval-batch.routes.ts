// Queued decisions replayed in one request (the offline outbox). Each item answers exactly what it
// would have answered alone, in order; the run stops at an answer that means "not now" (the
// session, the rate limit, a key still in flight, a server error) and the caller keeps the rest.
// Two ways through (ADR 0032):
// - the common item — a key this user never sent, a scope and body that pass, a request they may
//   see that needs no step-up — is decided with its neighbours in ONE transaction
//   (`decideMany`: rows locked in id order, a savepoint per item), its idempotency answer and its
//   operation-log line written in that transaction;
// - any other item (a key seen before, a refused scope or body, a step-up, an item the fast path
//   could not finish) runs through the whole pipeline with `app.inject`, as every item did before.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { approveSchema, decisionBatchSchema, rejectSchema } from '../../domain/approvals/approval.schema.ts';
import { DECISION_URL } from '../../domain/approvals/decision-batch.ts';
import { needsStepUpForCost } from '../../domain/step-up.ts';
import { errorBody, parse } from '../platform/http/errors.plugin.ts';
import { requireUser, type AuthUser } from '../platform/auth/auth-user.ts';
import { heldIdempotencyKeys, storeIdempotentAnswer } from '../platform/http/idempotency.plugin.ts';
import { insertOplogLines, oplogLine, oplogPending, type OplogRequest } from '../oplog/operation-log.plugin.ts';
import type { Db } from '../platform/db/database.ts';
import type { TenancyRepository } from '../platform/auth/tenancy.repository.ts';
import type { ApprovalService } from './approval.service.ts';
import type { Exec } from './approval.repository.ts';
import { ApprovalConflict } from './approval-state.ts';
import type { Decision, ManyOutcome } from './approval-decide.ts';
import { conflictBody, headerScope, now } from './approval-route-kit.ts';

type Item = ReturnType<typeof decisionBatchSchema.parse>['requests'][number];
type Result = { status: number; body: unknown; in_flight?: true };
type Fast = { index: number; id: string; route: string; decision: Decision; body: unknown; headers: Record<string, string> };
/** What the decision batch uses; the approvals' routes hand it in. */
export interface DecisionBatchDeps {
  db: Db;
  approvals: ApprovalService;
  tenancy: TenancyRepository;
}
type Visible = Awaited<ReturnType<ApprovalService['visibleForDecision']>>;
type OplogLineValues = Awaited<ReturnType<typeof oplogLine>>;

const CHUNK = 25;
const idOf = (url: string) => DECISION_URL.exec(url)![0].split('/')[4]!;
const stops = (r: Result) => r.in_flight || r.status >= 500 || [401, 428, 429].includes(r.status);

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

/** The whole pipeline for one item, as if it were sent alone. */
async function viaPipeline(app: FastifyInstance, req: FastifyRequest, r: Item): Promise<Result> {
  const res = await app.inject({ method: 'POST', url: r.url, remoteAddress: req.ip, headers: itemHeaders(req, r), payload: JSON.stringify(r.body ?? {}) });
  let body: unknown = res.body;
  try {
    body = res.body ? res.json() : null;
  } catch {
    /* not JSON: kept as text */
  }
  const inFlight = res.headers['idempotency-in-flight'] === 'true';
  return { status: res.statusCode, body, ...(inFlight ? { in_flight: true as const } : {}) };
}

/** Which items may take the fast path (null: the pipeline), decided before anything is written. */
async function planFast(ctx: DecisionBatchDeps, req: FastifyRequest, requests: Item[], held: Set<string>, visible: Visible): Promise<(Fast | null)[]> {
  const fast: (Fast | null)[] = [];
  const seenKeys = new Set<string>();
  const seenIds = new Set<string>();
  for (const [index, r] of requests.entries()) {
    const id = idOf(r.url);
    const verb = r.url.endsWith('/approve') ? 'approve' : 'reject';
    // Only a session's caller (an AccessKey-signed batch sends its items without a token, as
    // before) and only the fields the decision reads (other fields meet the pipeline's hooks).
    const known = verb === 'approve' ? ['comment', 'level'] : ['reason', 'level'];
    const plain = Object.keys(r.body ?? {}).every((k) => known.includes(k));
    const fresh = !!req.authToken && !req.accessKey && plain && !held.has(r.key) && !seenKeys.has(r.key) && !seenIds.has(id);
    seenKeys.add(r.key);
    seenIds.add(id);
    const cost = visible.get(id);
    const body = r.body ?? {};
    const parsed = verb === 'approve' ? approveSchema.safeParse(body) : rejectSchema.safeParse(body);
    let scopeOk = false;
    if (fresh && cost && parsed.success && !needsStepUpForCost(cost.estimated_cost_fen)) {
      // The scope check of the lone route, on this item's headers.
      const view = Object.create(req, { headers: { value: itemHeaders(req, r) } }) as FastifyRequest;
      scopeOk = await headerScope(ctx, view).then(
        () => true,
        () => false,
      );
    }
    if (!scopeOk || !parsed.success) {
      fast.push(null);
      continue;
    }
    const decision: Decision =
      verb === 'approve'
        ? { action: 'approve', comment: (parsed.data as { comment?: string }).comment, level: parsed.data.level }
        : { action: 'reject', reason: (parsed.data as { reason: string }).reason, level: parsed.data.level };
    fast.push({ index, id, route: `/api/v1/approvals/:id/${verb}`, decision, body, headers: itemHeaders(req, r) });
  }
  return fast;
}

interface RunFast {
  ctx: DecisionBatchDeps;
  req: FastifyRequest;
  user: AuthUser;
  requests: Item[];
  visible: Visible;
  at: Date;
}

/** The answer of a fast item, as its lone route would have answered it. */
function answerOf(req: FastifyRequest, outcome: ManyOutcome): { status: number; answer: unknown } {
  if (outcome.ok) return { status: 200, answer: outcome.result };
  if (outcome.error instanceof ApprovalConflict) return { status: 409, answer: conflictBody(req.lang, outcome.error.key, outcome.error.current) };
  const status = outcome.error.status;
  return { status, answer: errorBody(req.lang, status, outcome.error.key, outcome.error.params) };
}

/** Stores one fast item's answer as its idempotency row and prepares its operation-log line; false: undo it. */
async function settleItem(run: RunFast, trx: Exec, item: Fast, outcome: ManyOutcome, lines: OplogLineValues[], done: Result[]): Promise<boolean> {
  const { req, user } = run;
  const r = run.requests[item.index]!;
  const owner = `u:${user.id}`;
  const { status, answer } = answerOf(req, outcome);
  const text = JSON.stringify(answer);
  const type = 'application/json; charset=utf-8';
  const stored = await storeIdempotentAnswer(trx, { owner, key: r.key, method: 'POST', url: r.url, body: item.body, status, answer: text, type });
  if (!stored) return false;
  const line: OplogRequest = {
    user,
    method: 'POST',
    route: item.route,
    pattern: item.route,
    config: undefined,
    body: item.body,
    params: { id: item.id },
    headers: item.headers,
    ip: req.ip,
  };
  // The request's title and place, read by the pre-check (what `subjectOf` would read).
  const seen = run.visible.get(item.id)!;
  const pending = await oplogPending(trx, line, { type: 'approval', id: item.id, name: seen.title, tenantId: seen.tenant_id, projectId: seen.project_id });
  if (pending) lines.push(await oplogLine(trx, line, pending, status, text));
  done.push({ status, body: JSON.parse(text) as unknown });
  return true;
}

/** Decides `items` in one transaction; answers the results of the prefix it finished. */
async function runFast(run: RunFast, items: Fast[]): Promise<Result[]> {
  const done: Result[] = [];
  const lines: OplogLineValues[] = [];
  const { stoppedBy } = await run.ctx.approvals.decideMany(
    run.user,
    items.map((x) => ({ id: x.id, decision: x.decision })),
    run.at,
    {
      settle: (trx, k, outcome) => settleItem(run, trx, items[k]!, outcome, lines, done),
      finish: (trx) => insertOplogLines(trx, lines),
    },
  );
  if (stoppedBy instanceof Error) run.req.log.warn({ err: stoppedBy }, 'decision batch: an item goes through the pipeline');
  return done;
}

export function decisionBatchRoute(app: FastifyInstance, ctx: DecisionBatchDeps) {
  app.post('/api/v1/approvals/decision-batch', async (req) => {
    const user = requireUser(req);
    const { requests } = parse(decisionBatchSchema, req.body ?? {});
    const results: Result[] = [];
    const at = now();
    // Pre-checks, one statement each for the whole batch: the keys already held, the requests visible.
    const held = await heldIdempotencyKeys(
      ctx.db,
      `u:${user.id}`,
      requests.map((r) => r.key),
    );
    const visible = await ctx.approvals.visibleForDecision(
      user,
      requests.map((r) => idOf(r.url)),
      at,
    );
    const fast = await planFast(ctx, req, requests, held, visible);
    const run: RunFast = { ctx, req, user, requests, visible, at };
    let i = 0;
    while (i < requests.length) {
      if (!fast[i]) {
        const res = await viaPipeline(app, req, requests[i]!);
        results.push(res);
        if (stops(res)) break;
        i++;
        continue;
      }
      const items: Fast[] = [];
      for (let j = i; j < requests.length && fast[j] && items.length < CHUNK; j++) items.push(fast[j]!);
      let done: Result[] = [];
      try {
        done = await runFast(run, items);
      } catch (err) {
        // The transaction failed as a whole (nothing of it stands): its items go one by one.
        req.log.warn({ err }, 'decision batch: a transaction failed; its items go through the pipeline');
      }
      results.push(...done);
      i += done.length;
      // An item the fast path did not finish goes through the pipeline, which answers it in full.
      if (done.length < items.length) fast[i] = null;
    }
    return { results };
  });
}
