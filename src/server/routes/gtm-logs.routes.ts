// GET /api/gtm-instances/:id/logs: the operation log of a GTM instance (gtmDetail/gtmLog/:id),
// newest first, paged with __limit / __offset; an instance outside the caller's scope answers 404.
import type { FastifyInstance } from 'fastify';
import { pagingSchema } from '../../domain/list-query.ts';
import { notFound } from '../../domain/errors.ts';
import { isId } from '../../domain/ids.ts';
import { can } from '../../domain/roles.ts';
import { requirePermission } from '../plugins/auth.plugin.ts';
import { resolveScope } from '../plugins/scope.ts';
import { listGtmLogs } from '../repositories/gtm-logs.repository.ts';
import type { AppContext } from '../context.ts';

const pageSchema = pagingSchema({ defaultLimit: 20, maxLimit: 100 });

export async function gtmLogRoutes(app: FastifyInstance, ctx: AppContext) {
  app.get('/api/gtm-instances/:id/logs', async (req) => {
    const scope = await resolveScope(req, ctx.tenancy);
    requirePermission(can(scope.roles, 'read', 'resource'));
    const { id } = req.params as { id: string };
    const page = pageSchema.parse(req.query ?? {});
    const found = isId(id) ? await listGtmLogs(ctx.db, scope, id, page.__limit, page.__offset) : null;
    if (!found) throw notFound();
    return found;
  });
}
