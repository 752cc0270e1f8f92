// The service catalogue (issue 31) at the seed's `service-catalog` path: the tenant's entries (a
// list with filters, one entry), the owners and projects the forms offer, and for the catalogue's
// managers the writes (create, edit, delete, publish through approval, a service's configuration).
// Thin: scope from the headers, then the service; writes pass the platform's write hooks
// (idempotency, the operation log under the route's own action name).
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { CATALOGUE_URL } from '../../domain/service-catalogue.ts';
import { resolveScope } from '../platform/auth/scope.ts';
import type { TenancyRepository } from '../platform/auth/tenancy.repository.ts';
import {
  createEntry,
  deleteEntry,
  getEntry,
  listEntries,
  options,
  publishEntry,
  setConfig,
  updateEntry,
  type CatalogueDeps,
} from './service-catalogue.service.ts';

export interface CatalogueRoutesDeps {
  serviceCatalogue: CatalogueDeps;
  tenancy: TenancyRepository;
}

const read = { config: { permission: 'read:resource' } } as const;
const write = (oplog: string) => ({ config: { permission: 'update:service_catalogue', oplog } }) as const;

export async function serviceCatalogueRoutes(app: FastifyInstance, ctx: CatalogueRoutesDeps) {
  const deps = ctx.serviceCatalogue;
  const scope = (req: FastifyRequest) => resolveScope(req, ctx.tenancy);
  const id = (req: FastifyRequest) => (req.params as { id: string }).id;

  app.get(CATALOGUE_URL, read, async (req) => listEntries(deps, await scope(req), req.query));
  app.get(`${CATALOGUE_URL}/options`, read, async (req) => options(deps, await scope(req)));
  app.get(`${CATALOGUE_URL}/:id`, read, async (req) => getEntry(deps, await scope(req), id(req)));
  app.post(CATALOGUE_URL, write('catalogue_create'), async (req, reply) => reply.status(201).send(await createEntry(deps, await scope(req), req.body)));
  app.patch(`${CATALOGUE_URL}/:id`, write('catalogue_update'), async (req) => updateEntry(deps, await scope(req), id(req), req.body));
  app.delete(`${CATALOGUE_URL}/:id`, write('catalogue_delete'), async (req, reply) => {
    await deleteEntry(deps, await scope(req), id(req));
    return reply.status(204).send();
  });
  app.post(`${CATALOGUE_URL}/:id/publish`, write('catalogue_publish'), async (req) => publishEntry(deps, await scope(req), id(req), req.body));
  app.put(`${CATALOGUE_URL}/:id/config`, write('catalogue_config'), async (req) => setConfig(deps, await scope(req), id(req), req.body));
}
