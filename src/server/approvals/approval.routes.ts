// The approvals API: processes, requests and decisions, delegations, site messages, and the
// periodic escalation / issuing check (stopped when the app closes). Handlers call services only;
// each group of routes is registered by a function of its own.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AppError, notFound } from '../../domain/errors.ts';
import { isId } from '../../domain/ids.ts';
import { can } from '../../domain/roles.ts';
import {
  approvalDetailsQuerySchema,
  approvalProcessSchema,
  approveSchema,
  batchApproveSchema,
  createRequestSchema,
  delegationSchema,
  rejectSchema,
} from '../../domain/approvals/approval.schema.ts';
import { errorBody, parse } from '../platform/http/errors.plugin.ts';
import { requirePermission } from '../platform/auth/auth-user.ts';
import { resolveScope } from '../platform/auth/scope.ts';
import { accessOf, canSeeTenant } from '../platform/auth/tenancy.repository.ts';
import { siteMessageIdsSchema } from '../../domain/schemas/site-message.schema.ts';
import type { approvalProcessService, delegationService } from './approval-process.service.ts';
import type { ApprovalService } from './approval.service.ts';
import type { ruleService } from './rule.service.ts';
import type { siteMessageService } from './site-message.service.ts';
import type { TenancyRepository } from '../platform/auth/tenancy.repository.ts';
import { requireStepUp, requireStepUpForApprovals, type StepUpProofs } from '../platform/auth/step-up.ts';
import { needsStepUpForCost } from '../../domain/step-up.ts';
import { conflictBody, headerScope, idParam, now, wantsMinimal, withConflict } from './approval-route-kit.ts';
import { decisionBatchRoute, type DecisionBatchDeps } from './approval-batch.routes.ts';

export { conflictBody } from './approval-route-kit.ts';

/** How often escalation and deferred issuing run (APPROVAL_TICK_MS, default one minute). */
const TICK_MS = Number(process.env.APPROVAL_TICK_MS ?? 60_000) || 60_000;

// A decision whose key a retry finds applied (its first attempt committed, then died) is answered
// from the request's current state by the handler itself (ADR 0042); any write it tried is refused.
const ANSWERS_APPLIED = { config: { idempotency: 'answers-applied' } } as const;

function processRoutes(app: FastifyInstance, ctx: ApprovalRoutesDeps) {
  const processes = ctx.approvalProcesses;
  async function processScope(req: FastifyRequest) {
    const scope = await resolveScope(req, ctx.tenancy);
    requirePermission(can(scope.roles, 'manage', 'approval_process'));
    return scope;
  }
  app.get('/api/v1/approval_process', async (req) => processes.list((await processScope(req)).tenantId, req.query));
  app.get('/api/v1/approval_process/:id', async (req) => processes.get((await processScope(req)).tenantId, idParam(req.params)));
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
}

function requestRoutes(app: FastifyInstance, ctx: ApprovalRoutesDeps) {
  const approvals = ctx.approvals;
  app.get('/api/v1/approvals', async (req) => {
    const { user, tenantId } = await headerScope(ctx, req);
    return approvals.list(user, req.query, now(), { tenantId: tenantId ?? undefined });
  });
  app.get('/api/v1/approvals/details', async (req) => {
    const { user } = await headerScope(ctx, req);
    const { ids } = parse(approvalDetailsQuerySchema, req.query);
    return approvals.details(user, ids, now());
  });
  app.get('/api/v1/approvals/:id', async (req) => {
    const { user } = await headerScope(ctx, req);
    return approvals.detail(user, idParam(req.params), now());
  });
  app.post('/api/v1/approvals', async (req, reply) => {
    const scope = await resolveScope(req, ctx.tenancy);
    const input = parse(createRequestSchema, req.body);
    return reply.status(201).send(await approvals.submit(scope.user, scope, input, now()));
  });
}

function batchApproveRoute(app: FastifyInstance, ctx: ApprovalRoutesDeps) {
  app.post('/api/v1/approvals/batch-approve', async (req) => {
    const { user } = await headerScope(ctx, req);
    const { ids, comment } = parse(batchApproveSchema, req.body);
    await requireStepUpForApprovals(req, ctx, ids.filter(isId));
    const results = await ctx.approvals.batchApprove(user, ids, comment, now());
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
}

function decisionRoutes(app: FastifyInstance, ctx: ApprovalRoutesDeps) {
  const approvals = ctx.approvals;
  app.post('/api/v1/approvals/:id/approve', ANSWERS_APPLIED, async (req, reply) => {
    const { user } = await headerScope(ctx, req);
    const id = idParam(req.params);
    const seen = await approvals.assertVisible(user, id, now());
    const body = parse(approveSchema, req.body ?? {});
    // A costly request needs a fresh step-up (passkey or password) of the approver (ADR 0023);
    // its cost came with the visibility check.
    if (needsStepUpForCost(seen.estimated_cost_fen)) await requireStepUp(req, ctx);
    return withConflict(reply, req.lang, async () => {
      // A retry whose first attempt committed the decision and then died answers that decision.
      if (!req.idempotency?.applied) {
        const decided = await approvals.decide(user, id, { action: 'approve', comment: body.comment, level: body.level }, now());
        if (wantsMinimal(req, reply)) return decided;
      }
      return approvals.detail(user, id, now());
    });
  });
  app.post('/api/v1/approvals/:id/reject', ANSWERS_APPLIED, async (req, reply) => {
    const { user } = await headerScope(ctx, req);
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
}

function ruleRoutes(app: FastifyInstance, ctx: ApprovalRoutesDeps) {
  const rules = ctx.rules;
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
}

function delegationRoutes(app: FastifyInstance, ctx: ApprovalRoutesDeps) {
  const delegations = ctx.delegations;
  app.post('/api/v1/approval-delegations', async (req, reply) => {
    const { user, tenantId: headerTenant } = await headerScope(ctx, req);
    const input = parse(delegationSchema, req.body);
    const tenantId = input.tenant_id ?? headerTenant;
    if (!tenantId) throw new AppError(400, 'scope_required');
    if (!isId(tenantId) || !canSeeTenant(accessOf(user), tenantId)) throw notFound();
    return reply.status(201).send(await delegations.create(tenantId, user.id, input, now()));
  });
  app.get('/api/v1/approval-delegations', async (req) => delegations.list((await headerScope(ctx, req)).user.id, req.query as Record<string, unknown>, now()));
  app.delete('/api/v1/approval-delegations/:id', async (req, reply) => {
    await delegations.remove((await headerScope(ctx, req)).user.id, idParam(req.params));
    return reply.status(204).send();
  });
}

function messageRoutes(app: FastifyInstance, ctx: ApprovalRoutesDeps) {
  const messages = ctx.siteMessages;
  const userOf = async (req: FastifyRequest) => (await headerScope(ctx, req)).user;
  app.get('/api/v1/site_messages', async (req) => messages.list((await userOf(req)).id, req.query as Record<string, unknown>, req.lang));
  app.get('/api/v1/site_messages/unread_count', async (req) => {
    const user = await userOf(req);
    return { count: await messages.unreadCount(user.id), by_category: await messages.unreadByCategory(user.id) };
  });
  app.get('/api/v1/site_messages/:id', async (req) => {
    const user = await userOf(req);
    const found = await messages.get(user.id, idParam(req.params), req.lang);
    if (!found) throw notFound();
    return found;
  });
  // Delete: one (DELETE …/:id) or several of the caller's (POST …/delete {ids}); others' ids are ignored.
  app.delete('/api/v1/site_messages/:id', async (req) => {
    const user = await userOf(req);
    if (!(await messages.remove(user.id, [idParam(req.params)]))) throw notFound();
    return { count: 1, unread_count: await messages.unreadCount(user.id) };
  });
  app.post('/api/v1/site_messages/delete', async (req) => {
    const user = await userOf(req);
    const { ids } = siteMessageIdsSchema.parse(req.body ?? {});
    return { count: await messages.remove(user.id, ids), unread_count: await messages.unreadCount(user.id) };
  });
  app.post('/api/v1/site_messages/read_all', async (req) => ({ count: await messages.markAllRead((await userOf(req)).id, now()) }));
  app.post('/api/v1/site_messages/:id/read', async (req) => {
    const user = await userOf(req);
    const id = idParam(req.params);
    if (!(await messages.markRead(user.id, id, now()))) throw notFound();
    return { id, status: 'read', unread_count: await messages.unreadCount(user.id) };
  });
}

/** Escalation and deferred issuing, once a tick; the app waits for a running check when it closes. */
function scheduleChecks(app: FastifyInstance, ctx: ApprovalRoutesDeps) {
  let running: Promise<void> | null = null;
  const tick = () => {
    if (running) return;
    running = (async () => {
      try {
        await ctx.approvals.escalateOverdue(now());
        await ctx.approvals.issueDue(now());
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

/** What these routes use; the composition root (app.ts) hands it in. */
export interface ApprovalRoutesDeps extends DecisionBatchDeps {
  /** step-up proofs before deciding (keys/passkey.service.ts) */
  passkeys: StepUpProofs;
  approvalProcesses: ReturnType<typeof approvalProcessService>;
  approvals: ApprovalService;
  delegations: ReturnType<typeof delegationService>;
  rules: ReturnType<typeof ruleService>;
  siteMessages: ReturnType<typeof siteMessageService>;
  tenancy: TenancyRepository;
}

export async function approvalRoutes(app: FastifyInstance, ctx: ApprovalRoutesDeps) {
  processRoutes(app, ctx);
  requestRoutes(app, ctx);
  batchApproveRoute(app, ctx);
  decisionRoutes(app, ctx);
  decisionBatchRoute(app, ctx);
  ruleRoutes(app, ctx);
  delegationRoutes(app, ctx);
  messageRoutes(app, ctx);
  scheduleChecks(app, ctx);
}
