// GET /api/gtm-instances/:id/logs: the operation log of a GTM instance (gtmDetail/gtmLog/:id),
// newest first, paged with __limit / __offset; an instance outside the caller's scope answers 404.
import type { FastifyInstance } from 'fastify';
import { pagingSchema } from '../../domain/list-query.ts';
import { notFound } from '../../domain/errors.ts';
import { isId } from '../../domain/ids.ts';
import { can } from '../../domain/roles.ts';
import { requirePermission } from '../platform/auth/auth-user.ts';
import { resolveScope } from '../platform/auth/scope.ts';
import { listGtmLogs } from './gtm-logs.repository.ts';
import type { TenancyRepository } from '../platform/auth/tenancy.repository.ts';
import type { Db } from '../platform/db/database.ts';

const pageSchema = pagingSchema({ defaultLimit: 20, maxLimit: 100 });

/** What these routes use; the composition root (app.ts) hands it in. */
export interface GtmLogRoutesDeps {
  db: Db;
  tenancy: TenancyRepository;
}

export async function gtmLogRoutes(app: FastifyInstance, ctx: GtmLogRoutesDeps) {
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
