// GET /api/v1/events: server-sent events of resource status changes for the caller's tenant
// (and project, when given). EventSource cannot set headers, so the token may come as `token`
// and the scope as tenant_id/project_id query params; they are checked exactly like resolveScope.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ServerResponse } from 'node:http';
import { can } from '../../domain/roles.ts';
import { isPlatformRole } from '../../domain/roles.ts';
import { requirePermission } from '../plugins/auth.plugin.ts';
import { resolveScope } from '../plugins/scope.ts';
import type { Engine } from '../services/engine.ts';
import type { AppContext } from '../context.ts';
import type { ResourceEvent } from '../events/bus.ts';
import { APPROVAL_EVENTS, type ApprovalEvent, type SiteMessageEvent } from '../approvals/approval-events.ts';

export const SSE_HEARTBEAT_MS = 15_000;

async function authenticateFromQuery(req: FastifyRequest, ctx: AppContext) {
  if (req.user) return;
  const q = req.query as Record<string, unknown>;
  const token = typeof q.token === 'string' ? q.token.trim() : '';
  if (!token || token.length > 256) return;
  const user = await ctx.users.userForToken(token);
  if (!user || user.locked) return;
  const memberships = await ctx.users.memberships(user.id);
  req.user = { id: user.id, account: user.account, nickname: user.nickname, memberships,
    platformRoles: memberships.filter((m) => m.tenant_id === null && isPlatformRole(m.role)).map((m) => m.role) };
}

export async function eventsRoutes(app: FastifyInstance, ctx: AppContext, engine: Engine) {
  const open = new Set<ServerResponse>();
  app.addHook('preClose', async () => {
    for (const res of open) res.end();
    open.clear();
  });

  // Approvals publish on their in-process emitter; hand them to the bus (NOTIFY on PostgreSQL) so
  // every process's streams see them. They go to the people concerned, not to the whole tenant.
  const personal = new Set<string>(Object.values(APPROVAL_EVENTS));
  for (const name of personal) {
    ctx.approvalEvents.on(name, (payload: ApprovalEvent | SiteMessageEvent) => {
      const e = { ...payload, type: name, project_id: 'project_id' in payload ? payload.project_id : null, at: new Date().toISOString() };
      engine.bus.publish([e as unknown as ResourceEvent]).catch((err) => app.log.warn({ err }, 'approval event publish failed'));
    });
  }
  // The approvers of the request and their active deputies (delegations), the requester, or the
  // addressee of a site message.
  const concerns = (e: Record<string, unknown>, userId: string) =>
    e.user_id === userId || e.requester_id === userId
    || (Array.isArray(e.approver_ids) && e.approver_ids.includes(userId))
    || (Array.isArray(e.delegate_ids) && e.delegate_ids.includes(userId));

  app.get('/api/v1/events', async (req, reply) => {
    await authenticateFromQuery(req, ctx);
    const q = req.query as Record<string, unknown>;
    // The query scope wins over the headers, and goes through the same membership check.
    if (typeof q.tenant_id === 'string') req.headers['x-tenant-id'] = q.tenant_id;
    if (typeof q.project_id === 'string') req.headers['x-project-id'] = q.project_id;
    const scope = await resolveScope(req, ctx.tenancy);
    requirePermission(can(scope.roles, 'read', 'resource'));

    reply.hijack();
    const res = reply.raw;
    res.writeHead(200, { 'content-type': 'text/event-stream; charset=utf-8', 'cache-control': 'no-store', connection: 'keep-alive', 'x-accel-buffering': 'no' });
    res.write(`retry: 3000\n: connected\n\n`);
    open.add(res);
    const unsubscribe = engine.bus.subscribe((e) => {
      if (personal.has(e.type)) {
        // A decision also concerns the co-approvers who did not make it: their inboxes drop the card.
        const decidedHere = (e.type as string) === APPROVAL_EVENTS.decided && e.tenant_id === scope.tenantId;
        if (!decidedHere && !concerns(e as unknown as Record<string, unknown>, scope.user.id)) return;
        const { approver_ids: _a, delegate_ids: _d, ...shown } = e as unknown as Record<string, unknown>;
        res.write(`event: ${e.type}\ndata: ${JSON.stringify(shown)}\n\n`);
        return;
      }
      if (e.tenant_id !== scope.tenantId) return;
      if (scope.projectId && e.project_id && e.project_id !== scope.projectId) return;
      res.write(`event: ${e.type}\ndata: ${JSON.stringify(e)}\n\n`);
    });
    const heartbeat = setInterval(() => res.write(': ping\n\n'), SSE_HEARTBEAT_MS);
    heartbeat.unref();
    const done = () => { clearInterval(heartbeat); unsubscribe(); open.delete(res); };
    req.raw.on('close', done);
    res.on('close', done);
  });
}
