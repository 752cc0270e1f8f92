// `GET /api/v1/resources`: every kind in the current scope (the resource overview and the
// benchmark's list endpoint). Kind-specific collections live in the resource engine.
import type { FastifyInstance } from 'fastify';
import { notFound } from '../../domain/errors.ts';
import { isId } from '../../domain/ids.ts';
import { resolveScope } from '../platform/auth/scope.ts';
import { rowPicker, runList } from '../platform/lib/list.ts';
import { RESOURCE_COLUMNS, RESOURCE_LIST, RESOURCE_TIMES } from './resources.repository.ts';
import type { ResourcesRepository } from './resources.repository.ts';
import type { TenancyRepository } from '../platform/auth/tenancy.repository.ts';

/** What these routes use; the composition root (app.ts) hands it in. */
export interface ResourcesRoutesDeps {
  resources: ResourcesRepository;
  tenancy: TenancyRepository;
}

export async function resourcesRoutes(app: FastifyInstance, ctx: ResourcesRoutesDeps) {
  // The bench's list (ADR 0050 addendum): rows picked anew with their times as text, written by
  // JSON.stringify (faster here than a serialiser compiled from a schema: `spec` is free-form).
  const pick = rowPicker(RESOURCE_COLUMNS, RESOURCE_TIMES);
  app.get('/api/v1/resources', async (req) => {
    const scope = await resolveScope(req, ctx.tenancy);
    return runList(ctx.resources.scopedQuery(scope), (qb) => qb.select([...RESOURCE_COLUMNS]), req.query, RESOURCE_LIST, pick);
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
