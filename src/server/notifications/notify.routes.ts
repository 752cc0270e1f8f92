// Notification channels and settings:
// - team-chat robots of the current project: GET/POST /api/v1/notify-channels, PUT/DELETE
//   /api/v1/notify-channels/:id, POST /api/v1/notify-channels/:id/test (发送测试消息);
// - Web Push: GET /api/v1/push/vapid-public-key, GET/POST/DELETE /api/v1/push/subscriptions (per device);
// - the caller's per-category settings: GET/PUT /api/v1/site_messages/settings.
import type { FastifyInstance } from 'fastify';
import { notFound } from '../../domain/errors.ts';
import { isId } from '../../domain/ids.ts';
import { can } from '../../domain/roles.ts';
import { requirePermission, requireUser } from '../platform/auth/auth-user.ts';
import { resolveScope, type Scope } from '../platform/auth/scope.ts';
import type { NotificationService } from './notification.service.ts';
import type { TenancyRepository } from '../platform/auth/tenancy.repository.ts';

/** Who may change a project's robots: tenant/project administrators and the alarm managers. */
function canManage(scope: Scope): boolean {
  return can(scope.roles, 'update', 'project') || scope.roles.includes('project_owner') || can(scope.roles, 'update', 'alarm');
}

/** What these routes use; the composition root (app.ts) hands it in. */
export interface NotifyRoutesDeps {
  notifications: NotificationService;
  tenancy: TenancyRepository;
}

export async function notifyRoutes(app: FastifyInstance, ctx: NotifyRoutesDeps) {
  const svc = ctx.notifications;
  const projectScope = async (req: Parameters<typeof resolveScope>[0]) => {
    const scope = await resolveScope(req, ctx.tenancy, { project: 'required' });
    requirePermission(can(scope.roles, 'read', 'resource'));
    return scope as Scope & { projectId: string };
  };
  // The caller's own things (devices, settings): a scope given in the headers must still be theirs,
  // as for the site messages (another tenant's id answers 404).
  const self = async (req: Parameters<typeof resolveScope>[0]) => {
    const user = requireUser(req);
    if (req.headers['x-tenant-id']) await resolveScope(req, ctx.tenancy);
    return user;
  };
  const idOf = (req: { params: unknown }) => {
    const id = (req.params as { id: string }).id;
    if (!isId(id)) throw notFound();
    return id;
  };

  app.get('/api/v1/notify-channels', async (req) => {
    const scope = await projectScope(req);
    return { ...(await svc.listChannels(scope.tenantId, scope.projectId)), can_manage: canManage(scope) };
  });
  app.post('/api/v1/notify-channels', async (req, reply) => {
    const scope = await projectScope(req);
    requirePermission(canManage(scope));
    return reply.status(201).send(await svc.createChannel(scope.tenantId, scope.projectId, scope.user.id, req.body));
  });
  app.put('/api/v1/notify-channels/:id', async (req) => {
    const scope = await projectScope(req);
    const id = idOf(req);
    requirePermission(canManage(scope));
    return svc.updateChannel(scope.tenantId, scope.projectId, id, req.body);
  });
  app.delete('/api/v1/notify-channels/:id', async (req) => {
    const scope = await projectScope(req);
    const id = idOf(req);
    requirePermission(canManage(scope));
    return svc.deleteChannel(scope.tenantId, scope.projectId, id);
  });
  app.post('/api/v1/notify-channels/:id/test', async (req) => {
    const scope = await projectScope(req);
    const id = idOf(req);
    requirePermission(canManage(scope));
    return svc.testChannel(scope.tenantId, scope.projectId, id, req.lang, scope.user);
  });

  app.get('/api/v1/push/vapid-public-key', async (req) => {
    await self(req);
    return { public_key: await svc.vapidPublicKey() };
  });
  app.get('/api/v1/push/subscriptions', async (req) => ({ data: await svc.devices((await self(req)).id) }));
  app.post('/api/v1/push/subscriptions', async (req, reply) => {
    const user = await self(req);
    return reply.status(201).send(await svc.subscribe(user.id, req.body, req.headers['user-agent']));
  });
  app.delete('/api/v1/push/subscriptions', async (req) => {
    const user = await self(req);
    const q = req.query as { endpoint?: unknown };
    return svc.unsubscribe(user.id, (req.body as { endpoint?: unknown } | undefined)?.endpoint ?? q.endpoint);
  });

  app.get('/api/v1/site_messages/settings', async (req) => {
    const user = await self(req);
    const devices = await svc.devices(user.id);
    return { data: await svc.settings(user.id), email_enabled: svc.emailEnabled, has_email: await svc.hasEmail(user.id), push_devices: devices.length };
  });
  app.put('/api/v1/site_messages/settings', async (req) => ({ data: await svc.saveSettings((await self(req)).id, req.body) }));
}
