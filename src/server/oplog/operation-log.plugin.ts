// The operation log is written by the request pipeline, not by services: every signed-in write to
// /api (any method but GET/HEAD/OPTIONS) leaves one line — who, which action (oplog-actions.ts),
// which resource (name and id), from which IP, and the outcome (成功, or 失败 with the error's
// title). A new area's routes are logged the moment they exist; naming them is optional, logging
// is not. The line is written in onSend, before the answer leaves, so a client that has its answer
// finds its line (docs/decisions/0017-notifications-and-operation-log.md).
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Insertable } from 'kysely';
import { newId, isId } from '../../domain/ids.ts';
import type { Db } from '../platform/db/database.ts';
import type { Database } from '../platform/db/tables.ts';
import type { AuthUser } from '../platform/auth/auth-user.ts';
import { accessOf, canSeeProject, canSeeTenant } from '../platform/auth/tenancy.repository.ts';
import { actionOf, type ActionRef } from './oplog-actions.ts';
import { approvalSubject, channelSubject, insertLine, insertLines, resourceSubject, tenantOfProject } from './operation-log.repository.ts';
import { addWriteHooks } from '../platform/http/write-hooks.ts';
import type { Language } from '../../domain/errors.ts';
import { requestSentence } from '../../domain/approvals/request-summary.ts';
import { sharedT } from '../platform/lib/i18n.ts';

export interface Subject {
  type: string | null;
  id: string | null;
  name: string | null;
  tenantId: string | null;
  projectId: string | null;
}

export interface Pending {
  action: ActionRef;
  subject: Subject | null;
}

declare module 'fastify' {
  interface FastifyRequest {
    oplog: Pending | null;
  }
}

const READS = new Set(['GET', 'HEAD', 'OPTIONS']);

function logged(req: FastifyRequest): boolean {
  return !!req.user && !READS.has(req.method) && req.url.startsWith('/api/');
}

/** The resource a route's `:id` names, read before the handler runs (a delete still finds its name). */
async function subjectOf(db: Db, id: string, action: ActionRef, url: string, lang: Language): Promise<Subject | null> {
  if (!isId(id)) return { type: null, id, name: null, tenantId: null, projectId: null };
  if (action.kind || !url.includes('approval')) {
    const r = await resourceSubject(db, id);
    if (r) return { type: r.kind, id, name: r.name, tenantId: r.tenant_id, projectId: r.project_id };
  }
  if (url.includes('/approvals/')) {
    const a = await approvalSubject(db, id);
    // named as the message centre names it, in the caller's words, never by its stored title
    if (a) return { type: 'approval', id, name: requestSentence(sharedT(lang), a), tenantId: a.tenant_id, projectId: a.project_id };
  }
  if (url.includes('/notify-channels/')) {
    const c = await channelSubject(db, id);
    if (c) return { type: 'notify_channel', id, name: c.name, tenantId: c.tenant_id, projectId: c.project_id };
  }
  return { type: action.kind ?? null, id, name: null, tenantId: null, projectId: null };
}

function headerId(headers: FastifyRequest['headers'], name: string): string | null {
  const v = headers[name];
  return typeof v === 'string' && isId(v.trim()) ? v.trim() : null;
}

function parse(payload: unknown): Record<string, unknown> | null {
  if (typeof payload !== 'string' || payload.length > 65_536 || !payload.startsWith('{')) return null;
  try {
    return JSON.parse(payload) as Record<string, unknown>;
  } catch {
    return null;
  }
}

/** One write as the log sees it: the pipeline's request, or an item of the decision batch (ADR 0032). */
export interface OplogRequest {
  user: AuthUser;
  method: string;
  /** the route's pattern (`/api/v1/approvals/:id/approve`), else the path */
  route: string;
  /** the route's pattern when a route matched (a line without a subject is typed by it) */
  pattern: string | undefined;
  config: { oplog?: string | false } | undefined;
  body: unknown;
  params: unknown;
  headers: FastifyRequest['headers'];
  ip: string;
  /** the caller's language: a name written in words is written in it, like the error's text */
  lang: Language;
}

/** What the line will be about, read before the handler runs (a delete still finds its name); `known` skips the look-up. */
export async function oplogPending(db: Db, r: OplogRequest, known?: Subject): Promise<Pending | null> {
  const action = actionOf(r.method, r.route, r.config, r.body);
  if (!action) return null;
  const id = (r.params as { id?: unknown } | undefined)?.id;
  // `known`: the subject the caller read already (the decision batch's approval requests).
  let subject = known ? { ...known } : typeof id === 'string' ? await subjectOf(db, id, action, r.route, r.lang) : null;
  // A thing of a tenant or project the caller may not see is neither named nor kept (not even its
  // id), nor is the line filed there: a probe of another tenant's id learns nothing from its own
  // log and writes nothing into the other tenant's.
  if (
    subject?.tenantId &&
    !(subject.projectId ? canSeeProject(accessOf(r.user), subject.tenantId, subject.projectId) : canSeeTenant(accessOf(r.user), subject.tenantId))
  )
    subject = { type: action.kind ?? null, id: null, name: null, tenantId: null, projectId: null };
  return { action, subject };
}

/** The line of a write that answered `statusCode` with `payload`. */
export async function oplogLine(
  db: Db,
  r: OplogRequest,
  pending: Pending,
  statusCode: number,
  payload: unknown,
): Promise<Insertable<Database['operation_logs']>> {
  const user = r.user;
  const body = parse(payload);
  const success = statusCode < 400;
  const subject: Subject = pending.subject ?? {
    type: pending.action.kind ?? typeOfRoute(r.pattern),
    id: null,
    name: null,
    tenantId: null,
    projectId: null,
  };
  // A created thing answers its id and name.
  if (success && body && !subject.id && typeof body.id === 'string') subject.id = body.id;
  if (success && body && !subject.name && typeof body.name === 'string') subject.name = body.name;
  // An id the caller typed that named nothing of theirs is kept only when the write went through
  // (a refused probe of someone else's id must not come back in the prober's own log).
  if (!success && !subject.tenantId) subject.id = null;
  // The line belongs to the resource's tenant/project, else to the scope the caller named (if theirs).
  let tenantId = subject.tenantId;
  let projectId = subject.projectId;
  if (!tenantId) {
    const access = accessOf(user);
    const ht = headerId(r.headers, 'x-tenant-id');
    const hp = headerId(r.headers, 'x-project-id');
    if (ht && canSeeTenant(access, ht)) {
      tenantId = ht;
      if (hp && canSeeProject(access, ht, hp)) {
        projectId = (await tenantOfProject(db, hp)) === ht ? hp : null;
      }
    }
  }
  return {
    id: newId(),
    user_id: user.id,
    account: user.account,
    nickname: user.nickname,
    tenant_id: tenantId,
    project_id: projectId,
    action: pending.action.code,
    method: r.method,
    route: r.route.slice(0, 300),
    resource_type: subject.type,
    resource_id: subject.id?.slice(0, 100) ?? null,
    resource_name: subject.name?.slice(0, 200) ?? null,
    ip: r.ip,
    status_code: statusCode,
    success,
    error_title: success ? null : errorText(body),
    created_at: new Date(),
  };
}

/** Lines made with `oplogLine`, written in the caller's transaction (the decision batch's). */
export async function insertOplogLines(db: Db, lines: Insertable<Database['operation_logs']>[]): Promise<void> {
  if (lines.length) await insertLines(db, lines);
}

const oplogRequest = (req: FastifyRequest, route: string): OplogRequest => ({
  user: req.user!,
  method: req.method,
  route,
  pattern: req.routeOptions.url,
  config: req.routeOptions.config,
  body: req.body,
  params: req.params,
  headers: req.headers,
  ip: req.ip,
  lang: req.lang,
});

export function registerOperationLog(app: FastifyInstance, db: Db) {
  app.decorateRequest('oplog', null);
  // Only write routes pass these hooks (platform/http/write-hooks.ts): reads are never logged.
  const pendingLine = async (req: FastifyRequest) => {
    if (!logged(req)) return;
    req.oplog = await oplogPending(db, oplogRequest(req, req.routeOptions.url ?? ''));
  };
  const writeLine = async (req: FastifyRequest, reply: FastifyReply, payload: unknown) => {
    if (!logged(req)) return payload;
    if (reply.getHeader('idempotent-replayed') || reply.getHeader('idempotency-in-flight')) return payload;
    const r = oplogRequest(req, req.routeOptions.url ?? req.url.split('?')[0]!);
    // An answer given before the handler (auth, validation, a missing route) has no pending line yet.
    const pending: Pending | null =
      req.oplog ??
      (() => {
        const action = actionOf(r.method, r.route, r.config, r.body);
        return action ? { action, subject: null } : null;
      })();
    if (!pending) return payload;
    try {
      await insertLine(db, await oplogLine(db, r, pending, reply.statusCode, payload));
    } catch (err) {
      req.log.error({ err }, 'operation log write failed');
    }
    return payload;
  };
  addWriteHooks(app, { preHandler: pendingLine, onSend: writeLine });
}

/** The refusal as the caller read it: the error's description (its title is the catalogue's generic 操作失败). */
function errorText(body: Record<string, unknown> | null): string | null {
  const text = typeof body?.description === 'string' ? body.description : typeof body?.title === 'string' ? body.title : null;
  return text ? text.slice(0, 200) : null;
}

/** What a route that is not a kind's works on, for a line without a looked-up subject (a create). */
function typeOfRoute(url: string | undefined): string | null {
  if (!url) return null;
  if (url.startsWith('/api/v1/approvals')) return 'approval';
  if (url.startsWith('/api/v1/notify-channels')) return 'notify_channel';
  return null;
}
