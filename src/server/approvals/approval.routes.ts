// The approvals API: processes, requests and decisions, delegations, site messages, and the
// periodic escalation / issuing check (stopped when the app closes). Handlers call services only.
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { AppError, notFound, type Language } from '../../domain/errors.ts';
import { isId } from '../../domain/ids.ts';
import { can } from '../../domain/roles.ts';
import {
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
import { markIdempotencyApplied } from '../plugins/idempotency.plugin.ts';
import { resolveScope } from '../plugins/scope.ts';
import { accessOf, canSeeTenant } from '../repositories/tenancy.repository.ts';
import { t } from '../lib/i18n.ts';
import { siteMessageIdsSchema } from '../../domain/schemas/site-message.schema.ts';
import type { AppContext } from '../context.ts';
import { ApprovalConflict, type CurrentState } from './approval.service.ts';
import { requireStepUpForApprovals } from '../keys/passkey.routes.ts';

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

  app.post('/api/v1/approvals/:id/approve', async (req, reply) => {
    const { user } = await headerScope(req);
    const id = idParam(req.params);
    await approvals.assertVisible(user, id, now());
    const body = parse(approveSchema, req.body ?? {});
    // A costly request needs a fresh step-up (passkey or password) of the approver (ADR 0023).
    await requireStepUpForApprovals(req, ctx, [id]);
    return withConflict(reply, req.lang, async () => {
      // A retry whose first attempt committed the decision and then died answers that decision.
      if (!req.idempotency?.applied) {
        const decided = await approvals.decide(user, id, { action: 'approve', comment: body.comment, level: body.level }, now(), {
          inTransaction: (trx) => markIdempotencyApplied(trx, req),
        });
        if (wantsMinimal(req, reply)) return decided;
      }
      return approvals.detail(user, id, now());
    });
  });

  // Queued decisions replayed in one request (the offline outbox): each runs through the whole
  // pipeline on its own — auth, scope, its own Idempotency-Key, the decision — exactly as if it had
  // come alone, in order. The run stops at an answer that means "not now" (the session, the rate
  // limit, a key still in flight, a server error); the caller keeps the rest queued.
  app.post('/api/v1/approvals/decision-batch', async (req) => {
    requireUser(req);
    const { requests } = parse(decisionBatchSchema, req.body ?? {});
    const results: { status: number; body: unknown; in_flight?: true }[] = [];
    for (const r of requests) {
      const res = await app.inject({
        method: 'POST',
        url: r.url,
        remoteAddress: req.ip,
        headers: {
          'content-type': 'application/json',
          'x-auth-token': req.authToken!,
          'idempotency-key': r.key,
          'accept-language': req.lang,
          // The outbox keeps a success's status only: no detail to build per item.
          prefer: 'return=minimal',
          ...(r.tenant_id ? { 'x-tenant-id': r.tenant_id } : {}),
          ...(r.project_id ? { 'x-project-id': r.project_id } : {}),
          ...(r.step_up_token ? { 'x-step-up-token': r.step_up_token } : {}),
        },
        payload: JSON.stringify(r.body ?? {}),
      });
      let body: unknown = res.body;
      try {
        body = res.body ? res.json() : null;
      } catch {
        /* not JSON: kept as text */
      }
      const inFlight = res.headers['idempotency-in-flight'] === 'true';
      results.push({ status: res.statusCode, body, ...(inFlight ? { in_flight: true as const } : {}) });
      if (inFlight || res.statusCode >= 500 || [401, 428, 429].includes(res.statusCode)) break;
    }
    return { results };
  });

  app.post('/api/v1/approvals/:id/reject', async (req, reply) => {
    const { user } = await headerScope(req);
    const id = idParam(req.params);
    await approvals.assertVisible(user, id, now());
    const body = parse(rejectSchema, req.body ?? {});
    return withConflict(reply, req.lang, async () => {
      // A retry whose first attempt committed the decision and then died answers that decision.
      if (!req.idempotency?.applied) {
        const decided = await approvals.decide(user, id, { action: 'reject', reason: body.reason, level: body.level }, now(), {
          inTransaction: (trx) => markIdempotencyApplied(trx, req),
        });
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
