// A host's web console over a WebSocket (issue 30, ADR 0070). The page asks
// POST /api/v1/instances/:id/console-ticket with its session headers (the host must be in the
// caller's scope and in a state that has a console) for a 60-second single-use ticket — the event
// stream's tickets (platform/events) — and opens GET /api/v1/host-console, sending the ticket, the
// host and the scope as its FIRST MESSAGE. Nothing goes in the URL: a query string is refused, so
// a token pasted into a link never opens a console. Every line typed is answered by the simulated
// shell (host-shell.ts); `reboot` goes through the resource engine.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import websocket from '@fastify/websocket';
import type { WebSocket } from 'ws';
import { pickLanguage, type Language } from '../../domain/errors.ts';
import { authUserOf, requireUser } from '../platform/auth/auth-user.ts';
import { resolveScope } from '../platform/auth/scope.ts';
import type { TenancyRepository } from '../platform/auth/tenancy.repository.ts';
import type { UsersRepository } from '../platform/auth/users.repository.ts';
import { errorBody } from '../platform/http/errors.plugin.ts';
import { t } from '../platform/lib/i18n.ts';
import {
  AUTH_WAIT_MS,
  CLOSE,
  CONSOLE_TICKET_SECONDS,
  IDLE_MS,
  authMessage,
  closeCodeOf,
  consoleHost,
  greeting,
  inputMessage,
  languageOf,
  shellHostOf,
  typed,
  type ConsoleSession,
  type HostConsoleDeps,
} from './host-console.service.ts';
import { AppError } from '../../domain/errors.ts';

export interface HostConsoleRoutesDeps {
  tenancy: TenancyRepository;
  users: UsersRepository;
}

export const HOST_CONSOLE_URL = '/api/v1/host-console';
/** Tickets per user per minute: a page reconnecting after a reboot asks again. */
const TICKETS_PER_MINUTE = 60;

const send = (socket: WebSocket, msg: object) => socket.readyState === socket.OPEN && socket.send(JSON.stringify(msg));

/** Sends a refusal as `{type:'error', title, description}` in the caller's language and closes. */
function refuse(socket: WebSocket, lang: Language, err: unknown) {
  const status = err instanceof AppError ? err.status : 400;
  const key = err instanceof AppError ? err.key : 'bad_request';
  const params = err instanceof AppError ? err.params : undefined;
  send(socket, { type: 'error', status, ...errorBody(lang, status, key, params as Record<string, string | number> | undefined) });
  socket.close(closeCodeOf(err instanceof AppError ? err : new AppError(400, 'bad_request')));
}

function parseJson(data: unknown): unknown {
  try {
    return JSON.parse(String(data));
  } catch {
    return null;
  }
}

export async function hostConsoleRoutes(app: FastifyInstance, ctx: HostConsoleRoutesDeps) {
  const deps: HostConsoleDeps = { resources: app.engine.resources };
  await app.register(websocket, { options: { maxPayload: 4096 } });

  app.post(
    '/api/v1/instances/:id/console-ticket',
    { config: { permission: 'operate:resource', rateLimit: { max: TICKETS_PER_MINUTE, timeWindow: '1 minute' } } },
    async (req) => {
      const scope = await resolveScope(req, ctx.tenancy);
      await consoleHost(deps, scope, (req.params as { id: string }).id);
      const ticket = await ctx.users.createStreamTicket(req.authToken!, CONSOLE_TICKET_SECONDS);
      return { ticket, expires_in: CONSOLE_TICKET_SECONDS };
    },
  );

  app.route({
    method: 'GET',
    url: HOST_CONSOLE_URL,
    config: { permission: 'public', rateLimit: false },
    // A plain request (no upgrade, so no ticket) is not signed in here.
    handler: async (req, reply) => reply.status(401).send(errorBody(req.lang, 401, 'unauthorized')),
    wsHandler: (socket, req) => openConsole(socket, req, ctx, deps),
  });
}

/** Waits for the ticket, opens the console, then answers each line. */
function openConsole(socket: WebSocket, req: FastifyRequest, ctx: HostConsoleRoutesDeps, deps: HostConsoleDeps) {
  let lang: Language = req.lang ?? pickLanguage(req.headers['accept-language']);
  if (req.url.includes('?')) return refuse(socket, lang, new AppError(401, 'unauthorized'));
  let session: ConsoleSession | null = null;
  let busy = Promise.resolve();
  let idle = setTimeout(() => socket.close(CLOSE.idle), AUTH_WAIT_MS);
  const rearm = () => {
    clearTimeout(idle);
    idle = setTimeout(() => socket.close(CLOSE.idle), IDLE_MS);
  };
  socket.on('close', () => clearTimeout(idle));
  socket.on('message', (data) => {
    // One message at a time, in order (a reboot finishes before the next line is read).
    busy = busy.then(async () => {
      if (socket.readyState !== socket.OPEN) return;
      const msg = parseJson(data);
      try {
        if (!session) {
          const first = authMessage.safeParse(msg);
          lang = languageOf(first.success ? first.data : null, lang);
          if (!first.success) throw new AppError(401, 'unauthorized');
          session = await authenticate(req, ctx, deps, first.data);
          rearm();
          return void send(socket, greeting(session));
        }
        const input = inputMessage.safeParse(msg);
        if (!input.success) return void send(socket, { type: 'output', text: '' });
        rearm();
        const answer = await typed(deps, session, input.data.line);
        send(socket, { type: 'output', text: answer.text, ...(answer.effect ? { effect: answer.effect } : {}) });
        if (answer.effect === 'reboot') {
          send(socket, { type: 'closed', text: t(lang, 'errors:host_console.rebooting') });
          socket.close(CLOSE.done);
        } else if (answer.effect === 'exit') socket.close(CLOSE.done);
      } catch (err) {
        if (!(err instanceof AppError)) req.log.error({ err }, 'host console failed');
        refuse(socket, lang, err);
      }
    });
  });
}

/** Redeems the ticket for its session's user, then checks the scope and the host as a request would. */
async function authenticate(
  req: FastifyRequest,
  ctx: HostConsoleRoutesDeps,
  deps: HostConsoleDeps,
  msg: { ticket: string; host_id: string; tenant_id: string; project_id?: string },
) {
  const user = await ctx.users.redeemStreamTicket(msg.ticket);
  if (!user || user.locked) throw new AppError(401, 'unauthorized');
  req.user = authUserOf(user);
  req.headers['x-tenant-id'] = msg.tenant_id;
  if (msg.project_id) req.headers['x-project-id'] = msg.project_id;
  else delete req.headers['x-project-id'];
  requireUser(req);
  const scope = await resolveScope(req, ctx.tenancy);
  const row = await consoleHost(deps, scope, msg.host_id);
  return { scope, host: shellHostOf(row) };
}
