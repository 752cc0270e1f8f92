// `GET /api/v1/resources`: every kind in the current scope (the resource overview and the
// benchmark's list endpoint). Kind-specific collections live in the resource engine.
import type { FastifyInstance } from 'fastify';
import { notFound } from '../../domain/errors.ts';
import { isId } from '../../domain/ids.ts';
import { resolveScope } from '../platform/auth/scope.ts';
import { runList, withIsoTimes } from '../platform/lib/list.ts';
import { RESOURCE_COLUMNS, RESOURCE_LIST, RESOURCE_LIST_RESPONSE, RESOURCE_TIMES } from './resources.repository.ts';
import type { ResourcesRepository } from './resources.repository.ts';
import type { TenancyRepository } from '../platform/auth/tenancy.repository.ts';

/** What these routes use; the composition root (app.ts) hands it in. */
export interface ResourcesRoutesDeps {
  resources: ResourcesRepository;
  tenancy: TenancyRepository;
}

export async function resourcesRoutes(app: FastifyInstance, ctx: ResourcesRoutesDeps) {
  // The bench's list (ADR 0050): its answer is written by a serialiser compiled from its schema.
  app.get('/api/v1/resources', { schema: { response: RESOURCE_LIST_RESPONSE } }, async (req) => {
    const scope = await resolveScope(req, ctx.tenancy);
    return runList(
      ctx.resources.scopedQuery(scope),
      (qb) => qb.select([...RESOURCE_COLUMNS]),
      req.query,
      RESOURCE_LIST,
      (r: Record<string, unknown>) => withIsoTimes(r, RESOURCE_TIMES),
    );
  });

  app.get('/api/v1/resources/:id', async (req) => {
    const scope = await resolveScope(req, ctx.tenancy);
    const { id } = req.params as { id: string };
    if (!isId(id)) throw notFound();
    const row = await ctx.resources.findScoped(scope, id);
    if (!row) throw notFound();
    return row;
  });
}
