// A host's web console (issue 30): the ticket a signed-in caller asks for with its headers, the
// first WebSocket message that redeems it (the session token never travels in a URL: ADR 0070),
// and the lines typed afterwards. The host is looked up in the caller's scope like every resource
// read (another tenant's or project's host answers 404), the host's state must allow a console,
// and `reboot` goes through the resource engine's restart action like the restart button.
import { z } from 'zod';
import { AppError, conflict, pickLanguage, type Language } from '../../domain/errors.ts';
import { instanceKind } from '../../domain/kinds/instance/instance.kind.ts';
import { scopeCan, type Scope } from '../platform/auth/scope.ts';
import { requirePermission } from '../platform/auth/auth-user.ts';
import type { ResourceService } from '../engine/resource.service.ts';
import type { ResourceRow } from '../engine/engine.repository.ts';
import { lastLogin, promptOf, runLine, type ShellAnswer, type ShellHost } from './host-shell.ts';

/** The states in which a host has a console to open (seed 001: "host state does not allow opening the console"). */
export const CONSOLE_STATES: readonly string[] = ['running'];
export const CONSOLE_TICKET_SECONDS = 60;
/** How long the socket waits for its first message (the ticket) before closing. */
export const AUTH_WAIT_MS = 10_000;
/** An idle console closes after this long without a line typed. */
export const IDLE_MS = 15 * 60_000;
export const MAX_LINE = 512;

/** Close codes the page tells apart (4000-4999 are the application's). */
export const CLOSE = { badRequest: 4400, unauthorized: 4401, forbidden: 4403, notFound: 4404, refused: 4409, idle: 4408, done: 1000 } as const;

export const authMessage = z.object({
  type: z.literal('auth'),
  ticket: z.string().regex(/^[0-9a-f]{64}$/),
  host_id: z.string().regex(/^[0-9a-f]{32}$/),
  tenant_id: z.string().regex(/^[0-9a-f]{32}$/),
  project_id: z
    .string()
    .regex(/^[0-9a-f]{32}$/)
    .optional(),
  lang: z.string().max(16).optional(),
});
export type AuthMessage = z.infer<typeof authMessage>;

export const inputMessage = z.object({ type: z.literal('input'), line: z.string().max(MAX_LINE) });

export interface HostConsoleDeps {
  resources: ResourceService;
}

export function languageOf(msg: { lang?: string } | null, fallback: Language): Language {
  return msg?.lang ? pickLanguage(msg.lang) : fallback;
}

/** The host a scope may open a console on: seen in the scope, the caller may operate it, its state allows it. */
export async function consoleHost(deps: HostConsoleDeps, scope: Scope, id: string): Promise<ResourceRow> {
  const row = await deps.resources.findOr404(scope, instanceKind, id);
  requirePermission(scopeCan(scope, 'operate', 'resource'));
  if (!CONSOLE_STATES.includes(row.status)) throw conflict('refusals.instance.console');
  return row;
}

export function shellHostOf(row: ResourceRow): ShellHost {
  const spec = (typeof row.spec === 'string' ? JSON.parse(row.spec) : row.spec) as Record<string, unknown>;
  return { id: row.id, name: row.name, spec, bootedAt: new Date(row.updated_at as unknown as string) };
}

export interface ConsoleSession {
  scope: Scope;
  host: ShellHost;
}

/** What the page is told when the console opens: the host, the prompt and a greeting. */
export function greeting(session: ConsoleSession) {
  const { host } = session;
  const ip = typeof host.spec.private_ip === 'string' ? host.spec.private_ip : '';
  return {
    type: 'ready' as const,
    host: { name: host.name, private_ip: ip, image: host.spec.image ?? null },
    prompt: promptOf(host),
    text: `${lastLogin(new Date())}\nType "help" for the commands of this console.`,
  };
}

/** One typed line: the shell's answer, and a reboot sent through the engine (its refusals are the engine's). */
export async function typed(deps: HostConsoleDeps, session: ConsoleSession, line: string): Promise<ShellAnswer> {
  const answer = runLine(session.host, line);
  if (answer.effect === 'reboot') {
    await deps.resources.act(session.scope, instanceKind, session.host.id, { action: 'reboot' });
    return { text: 'Broadcast message from root@' + session.host.name + ':\nThe system is going down for reboot NOW!', effect: 'reboot' };
  }
  return answer;
}

/** The close code that goes with a refusal. */
export function closeCodeOf(err: unknown): number {
  if (!(err instanceof AppError)) return CLOSE.badRequest;
  if (err.status === 401) return CLOSE.unauthorized;
  if (err.status === 403) return CLOSE.forbidden;
  if (err.status === 404) return CLOSE.notFound;
  if (err.status === 409) return CLOSE.refused;
  return CLOSE.badRequest;
}
