// GET /api/v1/events: server-sent events for the caller, each scoped like the data it describes
// (events/event-audience.ts). EventSource cannot set headers and a session token must not sit in
// a URL (URLs end up in logs, proxies and browser history), so the browser first asks
// POST /api/v1/events/ticket with its X-Auth-Token for a 60-second single-use ticket and opens
// the stream with `?ticket=`. The scope comes as tenant_id/project_id query params, checked exactly
// like resolveScope. Opening the stream is not counted by the rate limit (EventSource reconnects on
// its own); tickets have their own per-user bucket.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ServerResponse } from 'node:http';
import { can } from '../../../domain/roles.ts';
import { authUserOf, requirePermission, requireUser } from '../auth/auth-user.ts';
import { resolveScope } from '../auth/scope.ts';
import type { TenancyRepository } from '../auth/tenancy.repository.ts';
import type { UsersRepository } from '../auth/users.repository.ts';
import type { EventBus } from './bus.ts';
import { delivered } from '../../../domain/events.ts';
import { eventVisible } from './event-audience.ts';

export const SSE_HEARTBEAT_MS = 15_000;
export const STREAM_TICKET_SECONDS = 60;
/** Tickets per user per minute: EventSource retries every 3 s, so this leaves room for many tabs. */
const TICKETS_PER_MINUTE = 300;

async function authenticateFromTicket(req: FastifyRequest, ctx: EventsRoutesDeps) {
  if (req.user) return;
  const q = req.query as Record<string, unknown>;
  const ticket = typeof q.ticket === 'string' ? q.ticket.trim() : '';
  if (!/^[0-9a-f]{64}$/.test(ticket)) return;
  const user = await ctx.users.redeemStreamTicket(ticket);
  if (!user || user.locked) return;
  req.user = authUserOf(user);
}

/** What these routes use; the composition root (app.ts) hands it in. */
export interface EventsRoutesDeps {
  events: EventBus;
  tenancy: TenancyRepository;
  users: UsersRepository;
}

export async function eventsRoutes(app: FastifyInstance, ctx: EventsRoutesDeps) {
  const open = new Set<ServerResponse>();
  app.addHook('preClose', async () => {
    for (const res of open) res.end();
    open.clear();
  });

  app.post('/api/v1/events/ticket', { config: { rateLimit: { max: TICKETS_PER_MINUTE, timeWindow: '1 minute' } } }, async (req) => {
    requireUser(req);
    const ticket = await ctx.users.createStreamTicket(req.authToken!, STREAM_TICKET_SECONDS);
    return { ticket, expires_in: STREAM_TICKET_SECONDS };
  });

  app.get('/api/v1/events', { config: { rateLimit: false } }, async (req, reply) => {
    await authenticateFromTicket(req, ctx);
    const q = req.query as Record<string, unknown>;
    // The query scope wins over the headers, and goes through the same membership check.
    if (typeof q.tenant_id === 'string') req.headers['x-tenant-id'] = q.tenant_id;
    if (typeof q.project_id === 'string') req.headers['x-project-id'] = q.project_id;
    const scope = await resolveScope(req, ctx.tenancy);
    requirePermission(can(scope.roles, 'read', 'resource'));

    reply.hijack();
    const res = reply.raw;
    res.writeHead(200, {
      'content-type': 'text/event-stream; charset=utf-8',
      'cache-control': 'no-store',
      // HTTP/2 has no connection headers (Node drops one, with a warning per stream).
      ...(req.raw.httpVersionMajor === 2 ? {} : { connection: 'keep-alive' }),
      'x-accel-buffering': 'no',
    });
    res.write(`retry: 3000\n: connected\n\n`);
    open.add(res);
    const unsubscribe = ctx.events.subscribe((e) => {
      if (!eventVisible(e, scope.user, scope)) return;
      res.write(`event: ${e.type}\ndata: ${JSON.stringify(delivered(e))}\n\n`);
    });
    const heartbeat = setInterval(() => res.write(': ping\n\n'), SSE_HEARTBEAT_MS);
    heartbeat.unref();
    const done = () => {
      clearInterval(heartbeat);
      unsubscribe();
      open.delete(res);
    };
    req.raw.on('close', done);
    res.on('close', done);
  });
}
