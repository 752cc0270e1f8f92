// The operation log is written by the request pipeline, not by services: every signed-in write to
// /api (any method but GET/HEAD/OPTIONS) leaves one line — who, which action (oplog-actions.ts),
// which resource (name and id), from which IP, and the outcome (成功, or 失败 with the error's
// title). A new area's routes are logged the moment they exist; naming them is optional, logging
// is not. The line is written in onSend, before the answer leaves, so a client that has its answer
// finds its line (docs/decisions/0017-notifications-and-operation-log.md).
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { newId, isId } from '../../domain/ids.ts';
import type { Db } from '../db/database.ts';
import { accessOf, canSeeProject, canSeeTenant } from '../repositories/tenancy.repository.ts';
import { actionOf, type ActionRef } from './oplog-actions.ts';

interface Subject {
  type: string | null;
  id: string | null;
  name: string | null;
  tenantId: string | null;
  projectId: string | null;
}

interface Pending {
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
async function subjectOf(db: Db, id: string, action: ActionRef, url: string): Promise<Subject | null> {
  if (!isId(id)) return { type: null, id, name: null, tenantId: null, projectId: null };
  if (action.kind || !url.includes('approval')) {
    const r = await db.selectFrom('resources').select(['kind', 'name', 'tenant_id', 'project_id']).where('id', '=', id).executeTakeFirst();
    if (r) return { type: r.kind, id, name: r.name, tenantId: r.tenant_id, projectId: r.project_id };
  }
  if (url.includes('/approvals/')) {
    const a = await db.selectFrom('approval_requests').select(['title', 'tenant_id', 'project_id']).where('id', '=', id).executeTakeFirst();
    if (a) return { type: 'approval', id, name: a.title, tenantId: a.tenant_id, projectId: a.project_id };
  }
  if (url.includes('/notify-channels/')) {
    const c = await db.selectFrom('notify_channels').select(['name', 'tenant_id', 'project_id']).where('id', '=', id).executeTakeFirst();
    if (c) return { type: 'notify_channel', id, name: c.name, tenantId: c.tenant_id, projectId: c.project_id };
  }
  return { type: action.kind ?? null, id, name: null, tenantId: null, projectId: null };
}

function headerId(req: FastifyRequest, name: string): string | null {
  const v = req.headers[name];
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

export function registerOperationLog(app: FastifyInstance, db: Db) {
  app.decorateRequest('oplog', null);
  app.addHook('preHandler', async (req) => {
    if (!logged(req)) return;
    const action = actionOf(req.method, req.routeOptions.url ?? '', req.routeOptions.config, req.body);
    if (!action) return;
    const id = (req.params as { id?: unknown } | undefined)?.id;
    let subject = typeof id === 'string' ? await subjectOf(db, id, action, req.routeOptions.url ?? '') : null;
    // A thing of a tenant or project the caller may not see is neither named nor kept (not even its
    // id), nor is the line filed there: a probe of another tenant's id learns nothing from its own
    // log and writes nothing into the other tenant's.
    if (
      subject?.tenantId &&
      !(subject.projectId ? canSeeProject(accessOf(req.user!), subject.tenantId, subject.projectId) : canSeeTenant(accessOf(req.user!), subject.tenantId))
    )
      subject = { type: action.kind ?? null, id: null, name: null, tenantId: null, projectId: null };
    req.oplog = { action, subject };
  });
  app.addHook('onSend', async (req, reply, payload) => {
    if (!logged(req)) return payload;
    if (reply.getHeader('idempotent-replayed') || reply.getHeader('idempotency-in-flight')) return payload;
    // An answer given before the handler (auth, validation, a missing route) has no pending line yet.
    const pending: Pending | null =
      req.oplog ??
      (() => {
        const action = actionOf(req.method, req.routeOptions.url ?? req.url.split('?')[0]!, req.routeOptions.config, req.body);
        return action ? { action, subject: null } : null;
      })();
    if (!pending) return payload;
    const user = req.user!;
    const body = parse(payload);
    const success = reply.statusCode < 400;
    const subject: Subject = pending.subject ?? {
      type: pending.action.kind ?? typeOfRoute(req.routeOptions.url),
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
      const ht = headerId(req, 'x-tenant-id');
      const hp = headerId(req, 'x-project-id');
      if (ht && canSeeTenant(access, ht)) {
        tenantId = ht;
        if (hp && canSeeProject(access, ht, hp)) {
          const p = await db.selectFrom('projects').select('tenant_id').where('id', '=', hp).executeTakeFirst();
          projectId = p?.tenant_id === ht ? hp : null;
        }
      }
    }
    try {
      await db
        .insertInto('operation_logs')
        .values({
          id: newId(),
          user_id: user.id,
          account: user.account,
          nickname: user.nickname,
          tenant_id: tenantId,
          project_id: projectId,
          action: pending.action.code,
          method: req.method,
          route: (req.routeOptions.url ?? req.url.split('?')[0]!).slice(0, 300),
          resource_type: subject.type,
          resource_id: subject.id?.slice(0, 100) ?? null,
          resource_name: subject.name?.slice(0, 200) ?? null,
          ip: req.ip,
          status_code: reply.statusCode,
          success,
          error_title: success ? null : errorText(body),
          created_at: new Date(),
        })
        .execute();
    } catch (err) {
      req.log.error({ err }, 'operation log write failed');
    }
    return payload;
  });
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
