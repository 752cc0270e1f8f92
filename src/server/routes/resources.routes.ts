// `GET /api/v1/resources`: every kind in the current scope (the resource overview and the
// benchmark's list endpoint). Kind-specific collections live in the resource engine.
import type { FastifyInstance } from 'fastify';
import { notFound } from '../../domain/errors.ts';
import { isId } from '../../domain/ids.ts';
import { resolveScope } from '../plugins/scope.ts';
import { runList } from '../lib/list.ts';
import { RESOURCE_COLUMNS, RESOURCE_LIST } from '../repositories/resources.repository.ts';
import type { AppContext } from '../context.ts';

export async function resourcesRoutes(app: FastifyInstance, ctx: AppContext) {
  app.get('/api/v1/resources', async (req) => {
    const scope = await resolveScope(req, ctx.tenancy);
    return runList(ctx.resources.scopedQuery(scope), (qb) => qb.select([...RESOURCE_COLUMNS]), req.query, RESOURCE_LIST);
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
