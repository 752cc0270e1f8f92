// The approvals API: processes, requests and decisions, delegations, site messages, and the
// periodic escalation / issuing check (stopped when the app closes). Handlers call services only.
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { AppError, notFound, type Language } from '../../domain/errors.ts';
import { isId } from '../../domain/ids.ts';
import { can } from '../../domain/roles.ts';
import {
  approvalDetailsQuerySchema,
  approvalProcessSchema,
  approveSchema,
  batchApproveSchema,
  decisionBatchSchema,
  createRequestSchema,
  delegationSchema,
  rejectSchema,
} from '../../domain/approvals/approval.schema.ts';
import { errorBody, parse } from '../plugins/errors.plugin.ts';
import { requirePermission, requireUser, type AuthUser } from '../plugins/auth.plugin.ts';
import { heldIdempotencyKeys, storeIdempotentAnswer } from '../plugins/idempotency.plugin.ts';
import { insertOplogLines, oplogLine, oplogPending, type OplogRequest } from '../oplog/operation-log.plugin.ts';
import { DECISION_URL } from '../../domain/approvals/decision-batch.ts';
import { needsStepUpForCost } from '../../domain/step-up.ts';
import { resolveScope } from '../plugins/scope.ts';
import { accessOf, canSeeTenant } from '../repositories/tenancy.repository.ts';
import { t } from '../lib/i18n.ts';
import { siteMessageIdsSchema } from '../../domain/schemas/site-message.schema.ts';
import type { AppContext } from '../context.ts';
import { ApprovalConflict, type CurrentState, type Decision } from './approval.service.ts';
import { requireStepUpForApprovals } from '../keys/passkey.routes.ts';

type OplogLineValues = Awaited<ReturnType<typeof oplogLine>>;

/** How often escalation and deferred issuing run (APPROVAL_TICK_MS, default one minute). */
const TICK_MS = Number(process.env.APPROVAL_TICK_MS ?? 60_000) || 60_000;

function shanghaiTime(lang: Language, d: Date | string | null): string {
  if (!d) return '';
  return new Intl.DateTimeFormat(lang, {
    timeZone: 'Asia/Shanghai',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    hour12: false,
  }).format(new Date(d));
}

/** 409 body: the seed's {title, description} plus the request's current state for offline clients. */
export function conflictBody(lang: Language, key: string, current: CurrentState) {
  const decider = current.decided_by?.nickname ?? '';
  const useKey = key === 'approval_already_decided' && !current.decided_by ? 'approval_not_open' : key;
  return {
    ...errorBody(lang, 409, useKey, {
      decider,
      time: shanghaiTime(lang, current.decided_at),
      status: t(lang, `approvals:status.${current.status}`),
      level: current.current_level,
    }),
    code: useKey,
    current,
  };
}

// A decision whose key a retry finds applied (its first attempt committed, then died) is answered
// from the request's current state by the handler itself (ADR 0042); any write it tried is refused.
const ANSWERS_APPLIED = { config: { idempotency: 'answers-applied' } } as const;

export async function approvalRoutes(app: FastifyInstance, ctx: AppContext) {
  const approvals = ctx.approvals;
  const processes = ctx.approvalProcesses;
  const delegations = ctx.delegations;
  const messages = ctx.siteMessages;
  const rules = ctx.rules;
  const now = () => new Date();

  async function withConflict<T>(reply: FastifyReply, lang: Language, fn: () => Promise<T>) {
    try {
      return await fn();
    } catch (err) {
      if (err instanceof ApprovalConflict) return reply.status(409).send(conflictBody(lang, err.key, err.current));
      throw err;
    }
  }
  /**
   * Routes that work across the caller's tenants still honour X-Tenant-Id / X-Project-Id when
   * sent: a scope the caller may not see answers 404 like everywhere else. Answers the tenant.
   */
  async function headerScope(req: FastifyRequest): Promise<{ user: AuthUser; tenantId: string | null }> {
    const user = requireUser(req);
    if (!req.headers['x-tenant-id']) return { user, tenantId: null };
    const scope = await resolveScope(req, ctx.tenancy);
    return { user, tenantId: scope.tenantId };
  }
  /**
   * `Prefer: return=minimal` (RFC 7240): a decision answers `{id, status, current_level}` instead of
   * the whole detail (seven queries fewer). The decision batch asks it for every item: the outbox
   * keeps only a success's status (issue 10). Conflicts and errors answer in full either way.
   */
  const wantsMinimal = (req: FastifyRequest, reply: FastifyReply) => {
    if (!/(^|[\s,;])return=minimal\b/i.test(String(req.headers.prefer ?? ''))) return false;
    reply.header('preference-applied', 'return=minimal');
    return true;
  };
  const idParam = (params: unknown) => {
    const { id } = params as { id: string };
    if (!isId(id)) throw notFound();
    return id;
  };

  // ── approval processes ────────────────────────────────────────────────────────────────────
  async function processScope(req: Parameters<typeof resolveScope>[0]) {
    const scope = await resolveScope(req, ctx.tenancy);
    requirePermission(can(scope.roles, 'manage', 'approval_process'));
    return scope;
  }
  app.get('/api/v1/approval_process', async (req) => {
    const scope = await processScope(req);
    return processes.list(scope.tenantId, req.query);
  });
  app.get('/api/v1/approval_process/:id', async (req) => {
    const scope = await processScope(req);
    return processes.get(scope.tenantId, idParam(req.params));
  });
  app.post('/api/v1/approval_process', async (req, reply) => {
    const scope = await processScope(req);
    const input = parse(approvalProcessSchema, req.body);
    return reply.status(201).send(await processes.create(scope.tenantId, scope.user.id, input, now()));
  });
  app.put('/api/v1/approval_process/:id', async (req) => {
    const scope = await processScope(req);
    const id = idParam(req.params);
    await processes.get(scope.tenantId, id);
    return processes.update(scope.tenantId, id, parse(approvalProcessSchema, req.body), now());
  });
  app.delete('/api/v1/approval_process/:id', async (req, reply) => {
    const scope = await processScope(req);
    await processes.remove(scope.tenantId, idParam(req.params));
    return reply.status(204).send();
  });

  // ── requests and decisions ────────────────────────────────────────────────────────────────
  app.get('/api/v1/approvals', async (req) => {
    const { user, tenantId } = await headerScope(req);
    return approvals.list(user, req.query, now(), { tenantId: tenantId ?? undefined });
  });

  app.get('/api/v1/approvals/details', async (req) => {
    const { user } = await headerScope(req);
    const { ids } = parse(approvalDetailsQuerySchema, req.query);
    return approvals.details(user, ids, now());
  });

  app.get('/api/v1/approvals/:id', async (req) => {
    const { user } = await headerScope(req);
    return approvals.detail(user, idParam(req.params), now());
  });

  app.post('/api/v1/approvals', async (req, reply) => {
    const scope = await resolveScope(req, ctx.tenancy);
    const input = parse(createRequestSchema, req.body);
    return reply.status(201).send(await approvals.submit(scope.user, scope, input, now()));
  });

  app.post('/api/v1/approvals/batch-approve', async (req) => {
    const { user } = await headerScope(req);
    const { ids, comment } = parse(batchApproveSchema, req.body);
    await requireStepUpForApprovals(req, ctx, ids.filter(isId));
    const results = await approvals.batchApprove(user, ids, comment, now());
    return {
      count: results.length,
      succeeded: results.filter((r) => r.ok).length,
      failed: results.filter((r) => !r.ok).length,
      results: results.map((r) =>
        r.ok
          ? r
          : r.current
            ? { id: r.id, ok: false, status_code: r.status_code, ...conflictBody(req.lang, r.key, r.current) }
            : { id: r.id, ok: false, status_code: r.status_code, code: r.key, ...errorBody(req.lang, r.status_code, r.key) },
      ),
    };
  });

  app.post('/api/v1/approvals/:id/approve', ANSWERS_APPLIED, async (req, reply) => {
    const { user } = await headerScope(req);
    const id = idParam(req.params);
    await approvals.assertVisible(user, id, now());
    const body = parse(approveSchema, req.body ?? {});
    // A costly request needs a fresh step-up (passkey or password) of the approver (ADR 0023).
    await requireStepUpForApprovals(req, ctx, [id]);
    return withConflict(reply, req.lang, async () => {
      // A retry whose first attempt committed the decision and then died answers that decision.
      if (!req.idempotency?.applied) {
        const decided = await approvals.decide(user, id, { action: 'approve', comment: body.comment, level: body.level }, now());
        if (wantsMinimal(req, reply)) return decided;
      }
      return approvals.detail(user, id, now());
    });
  });

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
  app.post('/api/v1/approvals/decision-batch', async (req) => {
    const user = requireUser(req);
    const { requests } = parse(decisionBatchSchema, req.body ?? {});
    type Result = { status: number; body: unknown; in_flight?: true };
    const results: Result[] = [];
    const owner = `u:${user.id}`;
    const at = now();
    const itemHeaders = (r: (typeof requests)[number]) => ({
      'content-type': 'application/json',
      'x-auth-token': req.authToken!,
      'idempotency-key': r.key,
      'accept-language': req.lang,
      // The outbox keeps a success's status only: no detail to build per item.
      prefer: 'return=minimal',
      ...(r.tenant_id ? { 'x-tenant-id': r.tenant_id } : {}),
      ...(r.project_id ? { 'x-project-id': r.project_id } : {}),
      ...(r.step_up_token ? { 'x-step-up-token': r.step_up_token } : {}),
    });
    const viaPipeline = async (r: (typeof requests)[number]): Promise<Result> => {
      const res = await app.inject({ method: 'POST', url: r.url, remoteAddress: req.ip, headers: itemHeaders(r), payload: JSON.stringify(r.body ?? {}) });
      let body: unknown = res.body;
      try {
        body = res.body ? res.json() : null;
      } catch {
        /* not JSON: kept as text */
      }
      const inFlight = res.headers['idempotency-in-flight'] === 'true';
      return { status: res.statusCode, body, ...(inFlight ? { in_flight: true as const } : {}) };
    };
    const stops = (r: Result) => r.in_flight || r.status >= 500 || [401, 428, 429].includes(r.status);

    // Pre-checks, one statement each for the whole batch: the keys already held, the requests visible.
    const held = await heldIdempotencyKeys(
      ctx.db,
      owner,
      requests.map((r) => r.key),
    );
    const idOf = (url: string) => DECISION_URL.exec(url)![0].split('/')[4]!;
    const visible = await approvals.visibleForDecision(
      user,
      requests.map((r) => idOf(r.url)),
      at,
    );
    type Fast = { index: number; id: string; route: string; decision: Decision; body: unknown; headers: Record<string, string> };
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
        const view = Object.create(req, { headers: { value: itemHeaders(r) } }) as FastifyRequest;
        scopeOk = await headerScope(view).then(
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
      fast.push({ index, id, route: `/api/v1/approvals/:id/${verb}`, decision, body, headers: itemHeaders(r) });
    }

    /** Decides `items` in one transaction; answers the results of the prefix it finished. */
    const runFast = async (items: Fast[]): Promise<Result[]> => {
      const done: Result[] = [];
      const lines: OplogLineValues[] = [];
      const { stoppedBy } = await approvals.decideMany(
        user,
        items.map((x) => ({ id: x.id, decision: x.decision })),
        at,
        {
          settle: async (trx, k, outcome) => {
            const item = items[k]!;
            const r = requests[item.index]!;
            let status = 200;
            let answer: unknown;
            if (outcome.ok) answer = outcome.result;
            else if (outcome.error instanceof ApprovalConflict) {
              status = 409;
              answer = conflictBody(req.lang, outcome.error.key, outcome.error.current);
            } else {
              status = outcome.error.status;
              answer = errorBody(req.lang, status, outcome.error.key, outcome.error.params);
            }
            const text = JSON.stringify(answer);
            const stored = await storeIdempotentAnswer(trx, {
              owner,
              key: r.key,
              method: 'POST',
              url: r.url,
              body: item.body,
              status,
              answer: text,
              type: 'application/json; charset=utf-8',
            });
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
            const seen = visible.get(item.id)!;
            const pending = await oplogPending(trx, line, {
              type: 'approval',
              id: item.id,
              name: seen.title,
              tenantId: seen.tenant_id,
              projectId: seen.project_id,
            });
            if (pending) lines.push(await oplogLine(trx, line, pending, status, text));
            done.push({ status, body: JSON.parse(text) as unknown });
            return true;
          },
          finish: (trx) => insertOplogLines(trx, lines),
        },
      );
      if (stoppedBy instanceof Error) req.log.warn({ err: stoppedBy }, 'decision batch: an item goes through the pipeline');
      return done;
    };

    const CHUNK = 25;
    let i = 0;
    while (i < requests.length) {
      const first = fast[i];
      if (!first) {
        const res = await viaPipeline(requests[i]!);
        results.push(res);
        if (stops(res)) break;
        i++;
        continue;
      }
      const items: Fast[] = [];
      for (let j = i; j < requests.length && fast[j] && items.length < CHUNK; j++) items.push(fast[j]!);
      let done: Result[] = [];
      try {
        done = await runFast(items);
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

  app.post('/api/v1/approvals/:id/reject', ANSWERS_APPLIED, async (req, reply) => {
    const { user } = await headerScope(req);
    const id = idParam(req.params);
    await approvals.assertVisible(user, id, now());
    const body = parse(rejectSchema, req.body ?? {});
    return withConflict(reply, req.lang, async () => {
      // A retry whose first attempt committed the decision and then died answers that decision.
      if (!req.idempotency?.applied) {
        const decided = await approvals.decide(user, id, { action: 'reject', reason: body.reason, level: body.level }, now());
        if (wantsMinimal(req, reply)) return decided;
      }
      return approvals.detail(user, id, now());
    });
  });

  // ── rules and quotas the requests change ──────────────────────────────────────────────────
  app.get('/api/v1/firewall-orders', async (req) => rules.firewallPolicies(await resolveScope(req, ctx.tenancy), req.query));
  app.get('/api/v1/nat-rules', async (req) => rules.natRules(await resolveScope(req, ctx.tenancy), req.query));
  // Whether the current project's process covers a request type (the NAT tabs say when a rule is issued).
  app.get('/api/v1/approval-requirements', async (req) => {
    const scope = await resolveScope(req, ctx.tenancy, { project: 'required' });
    requirePermission(can(scope.roles, 'read', 'resource'));
    return rules.requirements({ tenantId: scope.tenantId, projectId: scope.projectId! }, req.query);
  });
  app.get('/api/v1/project-quotas', async (req) => {
    const scope = await resolveScope(req, ctx.tenancy, { project: 'required' });
    return rules.quotas({ tenantId: scope.tenantId, projectId: scope.projectId! });
  });

  // ── delegations ───────────────────────────────────────────────────────────────────────────
  app.post('/api/v1/approval-delegations', async (req, reply) => {
    const { user, tenantId: headerTenant } = await headerScope(req);
    const input = parse(delegationSchema, req.body);
    const tenantId = input.tenant_id ?? headerTenant;
    if (!tenantId) throw new AppError(400, 'scope_required');
    if (!isId(tenantId) || !canSeeTenant(accessOf(user), tenantId)) throw notFound();
    return reply.status(201).send(await delegations.create(tenantId, user.id, input, now()));
  });
  app.get('/api/v1/approval-delegations', async (req) => delegations.list((await headerScope(req)).user.id, req.query as Record<string, unknown>, now()));
  app.delete('/api/v1/approval-delegations/:id', async (req, reply) => {
    await delegations.remove((await headerScope(req)).user.id, idParam(req.params));
    return reply.status(204).send();
  });

  // ── site messages ─────────────────────────────────────────────────────────────────────────
  app.get('/api/v1/site_messages', async (req) => messages.list((await headerScope(req)).user.id, req.query as Record<string, unknown>, req.lang));
  app.get('/api/v1/site_messages/unread_count', async (req) => {
    const { user } = await headerScope(req);
    return { count: await messages.unreadCount(user.id), by_category: await messages.unreadByCategory(user.id) };
  });
  app.get('/api/v1/site_messages/:id', async (req) => {
    const { user } = await headerScope(req);
    const found = await messages.get(user.id, idParam(req.params), req.lang);
    if (!found) throw notFound();
    return found;
  });
  // Delete: one (DELETE …/:id) or several of the caller's (POST …/delete {ids}); others' ids are ignored.
  app.delete('/api/v1/site_messages/:id', async (req) => {
    const { user } = await headerScope(req);
    if (!(await messages.remove(user.id, [idParam(req.params)]))) throw notFound();
    return { count: 1, unread_count: await messages.unreadCount(user.id) };
  });
  app.post('/api/v1/site_messages/delete', async (req) => {
    const { user } = await headerScope(req);
    const { ids } = siteMessageIdsSchema.parse(req.body ?? {});
    return { count: await messages.remove(user.id, ids), unread_count: await messages.unreadCount(user.id) };
  });
  app.post('/api/v1/site_messages/read_all', async (req) => ({ count: await messages.markAllRead((await headerScope(req)).user.id, now()) }));
  app.post('/api/v1/site_messages/:id/read', async (req) => {
    const { user } = await headerScope(req);
    const id = idParam(req.params);
    if (!(await messages.markRead(user.id, id, now()))) throw notFound();
    return { id, status: 'read', unread_count: await messages.unreadCount(user.id) };
  });

  // ── escalation and deferred issuing ───────────────────────────────────────────────────────
  let running: Promise<void> | null = null;
  const tick = () => {
    if (running) return;
    running = (async () => {
      try {
        await approvals.escalateOverdue(now());
        await approvals.issueDue(now());
      } catch (err) {
        app.log.warn({ err }, 'approval escalation/issuing check failed');
      } finally {
        running = null;
      }
    })();
  };
  const timer = setInterval(tick, TICK_MS);
  timer.unref();
  app.addHook('onClose', async () => {
    clearInterval(timer);
    if (running) await running;
  });
}
