// Backup plans (seed 000 §3 "Backup plan", api catalogue "backup-policies"):
// GET/POST /api/v1/backup-policies, GET/PUT/DELETE /api/v1/backup-policies/:id, and the plans of
// one host or disk at /api/instances/:id/backup-policies and /api/volumes/:id/backup-policies.
// Scoped by the tenant/project headers; reading needs read:resource, writing the resource writes.
// The service and its simulated backup agent are built by the composition root (composition.ts).
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { can } from '../../domain/roles.ts';
import { BACKUP_PLAN_KINDS } from '../../domain/backup-plan.ts';
import { kindOf } from '../../domain/kinds/registry.ts';
import { requirePermission } from '../platform/auth/auth-user.ts';
import { resolveScope } from '../platform/auth/scope.ts';
import { t } from '../platform/lib/i18n.ts';
import type { backupPlanService } from './backup-plan.service.ts';
import type { TenancyRepository } from '../platform/auth/tenancy.repository.ts';

/** What these routes use; the composition root (app.ts) hands it in. */
export interface BackupPlanRoutesDeps {
  backupPlans: ReturnType<typeof backupPlanService>;
  tenancy: TenancyRepository;
}

export async function backupPlanRoutes(app: FastifyInstance, ctx: BackupPlanRoutesDeps) {
  const svc = ctx.backupPlans;
  const scopeFor = async (req: FastifyRequest, action: 'read' | 'create' | 'update' | 'delete') => {
    const scope = await resolveScope(req, ctx.tenancy);
    requirePermission(can(scope.roles, action, 'resource'));
    return scope;
  };
  const idOf = (req: FastifyRequest) => (req.params as { id: string }).id;

  app.get('/api/v1/backup-policies', async (req) => svc.list(await scopeFor(req, 'read'), req.query));

  app.post('/api/v1/backup-policies', async (req, reply) => {
    const scope = await scopeFor(req, 'create');
    const plan = await svc.create(scope, scope.user.id, req.body);
    return reply.status(201).send({ ...plan, message: t(req.lang, 'backup:messages.created') });
  });

  app.get('/api/v1/backup-policies/:id', async (req) => svc.get(await scopeFor(req, 'read'), idOf(req)));

  app.put('/api/v1/backup-policies/:id', async (req) => {
    const plan = await svc.update(await scopeFor(req, 'update'), idOf(req), req.body);
    return { ...plan, message: t(req.lang, 'backup:messages.updated') };
  });

  app.delete('/api/v1/backup-policies/:id', async (req) => {
    const done = await svc.remove(await scopeFor(req, 'delete'), idOf(req));
    return { ...done, message: t(req.lang, 'backup:messages.deleted') };
  });

  for (const kind of BACKUP_PLAN_KINDS) {
    const def = kindOf(kind);
    if (!def) continue;
    app.get(`/api/${def.collection}/:id/backup-policies`, async (req) => svc.listOf(await scopeFor(req, 'read'), kind, idOf(req), req.query));
  }
}
