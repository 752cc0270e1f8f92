// Export as a queued task (seed 000 §4, §7): GET /api/v1/export/resource/{product_code} queues it,
// the scheduler writes the .xlsx, GET /api/export/resource/download_files lists the caller's tasks
// (downloadRecord) and …/{id}/file downloads one. Tasks belong to the tenant and the user.
import type { FastifyInstance } from 'fastify';
import { notFound } from '../../domain/errors.ts';
import { isId } from '../../domain/ids.ts';
import { kindByProductCode } from '../../domain/kinds/registry.ts';
import { kindEntity } from '../../domain/kinds/kind.ts';
import { can } from '../../domain/roles.ts';
import { exportQuerySchema } from '../../domain/schemas/resource.schema.ts';
import { splitMulti, NON_FILTER_PARAMS } from '../../domain/list-query.ts';
import { requirePermission } from '../platform/auth/auth-user.ts';
import { scopeCan, resolveScope } from '../platform/auth/scope.ts';
import { runList } from '../platform/lib/list.ts';
import { t } from '../platform/lib/i18n.ts';
import { EXPORT_COLUMNS, EXPORT_LIST } from './exports.repository.ts';
import { exportStamp } from './export.service.ts';
import { invalid } from './kind-hooks.ts';
import type { Engine } from './engine.ts';
import type { TenancyRepository } from '../platform/auth/tenancy.repository.ts';

/** What these routes use; the composition root (app.ts) hands it in. */
export interface ExportRoutesDeps {
  tenancy: TenancyRepository;
}

export async function exportRoutes(app: FastifyInstance, ctx: ExportRoutesDeps, engine: Engine) {
  app.get('/api/v1/export/resource/:product_code', async (req, reply) => {
    const scope = await resolveScope(req, ctx.tenancy);
    requirePermission(can(scope.roles, 'read', 'resource'));
    const def = kindByProductCode((req.params as { product_code: string }).product_code);
    if (!def) throw notFound();
    // a kind with its own entity (cloud accounts) is exported only by who may list it
    requirePermission(scopeCan(scope, 'read', kindEntity(def)));
    const q = exportQuerySchema.parse(req.query ?? {});
    const known = new Set(def.fields.map((f) => f.key));
    const fields = splitMulti(q.export_field_list);
    if (!fields.length || fields.some((f) => !known.has(f))) throw invalid('export_field_list', 'invalid_value');
    const filters: Record<string, string> = {};
    for (const [k, v] of Object.entries(req.query as Record<string, unknown>)) {
      if (k === 'export_field_list' || k === 'is_export_file' || NON_FILTER_PARAMS.has(k) || typeof v !== 'string') continue;
      filters[k] = v;
    }
    const stamp = exportStamp(new Date());
    const id = await engine.exports.insert({
      tenant_id: scope.tenantId,
      project_id: scope.projectId,
      user_id: scope.user.id,
      product_code: def.productCode,
      fields,
      filters,
      lang: req.lang,
      file_name: `${t(req.lang, `kinds:${def.kind}.name`)}-${stamp}.xlsx`,
    });
    return reply.status(202).send({ id, state: 'queued', message: t(req.lang, 'kinds:messages.export_queued') });
  });

  for (const prefix of ['/api/export/resource/download_files', '/api/v1/export/resource/download_files']) {
    app.get(prefix, async (req) => {
      const scope = await resolveScope(req, ctx.tenancy);
      return runList(
        engine.exports.ownedQuery(scope.tenantId, scope.user.id),
        (qb) => qb.select([...EXPORT_COLUMNS]),
        req.query,
        EXPORT_LIST,
        (r: Record<string, unknown>) => ({ ...r, download_url: r.state === 'done' ? `/api/export/resource/download_files/${String(r.id)}/file` : null }),
      );
    });

    app.get(`${prefix}/:id/file`, async (req, reply) => {
      const scope = await resolveScope(req, ctx.tenancy);
      const id = (req.params as { id: string }).id;
      if (!isId(id)) throw notFound();
      const file = await engine.exports.fileOf(scope.tenantId, scope.user.id, id);
      if (!file?.content) throw notFound();
      reply.header('content-type', 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
      reply.header('content-disposition', `attachment; filename="export.xlsx"; filename*=UTF-8''${encodeURIComponent(file.file_name)}`);
      return reply.send(Buffer.from(file.content));
    });
  }
}
