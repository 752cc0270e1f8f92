// The operation log (logManage): GET /api/v1/operation-logs (cursor paging with __cursor, filters
// user, resource, action, success, from, to), GET /api/v1/operation-logs/actions (the action filter's
// options), POST /api/v1/operation-logs/export (an export task; the file appears under 下载记录).
import type { FastifyInstance } from 'fastify';
import { EXPORT_MAX_ROWS } from '../../domain/constants.ts';
import { resolveScope } from '../platform/auth/scope.ts';
import { t } from '../platform/lib/i18n.ts';
import { exportStamp } from '../platform/lib/export-stamp.ts';
import { oplogQuerySchema, viewOf } from './operation-log.service.ts';
import type { OperationLogService } from './operation-log.service.ts';
import type { TenancyRepository } from '../platform/auth/tenancy.repository.ts';

export const OPLOG_PRODUCT_CODE = 'operation_log';

/** What these routes use; the composition root (app.ts) hands it in. */
export interface OperationLogRoutesDeps {
  operationLogs: OperationLogService;
  tenancy: TenancyRepository;
}

export async function operationLogRoutes(app: FastifyInstance, ctx: OperationLogRoutesDeps) {
  const logs = ctx.operationLogs;
  app.engine.exporter.register(OPLOG_PRODUCT_CODE, async (task) =>
    logs.xlsx({ tenantId: task.filters.view_tenant || null, projectId: task.filters.view_project || null }, task.filters, task.lang, EXPORT_MAX_ROWS),
  );

  app.get('/api/v1/operation-logs', async (req) => {
    const scope = await resolveScope(req, ctx.tenancy);
    return logs.list(viewOf(scope), req.query as Record<string, unknown>, req.lang);
  });

  app.get('/api/v1/operation-logs/actions', async (req) => {
    const scope = await resolveScope(req, ctx.tenancy);
    return { data: await logs.actions(viewOf(scope), req.lang) };
  });

  app.post('/api/v1/operation-logs/export', async (req, reply) => {
    const scope = await resolveScope(req, ctx.tenancy);
    const view = viewOf(scope);
    const body = (req.body ?? {}) as Record<string, unknown>;
    const q = oplogQuerySchema.parse(body);
    const filters: Record<string, string> = { view_tenant: view.tenantId ?? '', view_project: view.projectId ?? '' };
    if (q.user) filters.user = q.user;
    if (q.from) filters.from = q.from;
    if (q.to) filters.to = q.to;
    for (const k of ['action', 'resource'] as const) if (typeof body[k] === 'string' && body[k]) filters[k] = String(body[k]).slice(0, 100);
    const id = await app.engine.exports.insert({
      tenant_id: scope.tenantId,
      project_id: scope.projectId,
      user_id: scope.user.id,
      product_code: OPLOG_PRODUCT_CODE,
      fields: ['created_at', 'user', 'action', 'resource', 'resource_id', 'ip', 'result'],
      filters,
      lang: req.lang,
      file_name: `${t(req.lang, 'notify:oplog.title')}-${exportStamp(new Date())}.xlsx`,
    });
    return reply.status(202).send({ id, state: 'queued', message: t(req.lang, 'kinds:messages.export_queued') });
  });
}
