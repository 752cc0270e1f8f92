// Administration of a managed database instance (issue 29, ADR 0058): under /api/v1/dbinstances/:id
// its parameters (/parameters, PUT /parameters/:name), plugins (/plugins, install with POST, uninstall
// with DELETE /plugins/:name), table sizes (/tablespaces) and metric series (/metrics). Thin: scope
// from the headers, then the service. Writes pass the platform's write hooks (idempotency, the
// operation log: oplog-actions.ts) like every write route.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { resolveScope } from '../platform/auth/scope.ts';
import type { TenancyRepository } from '../platform/auth/tenancy.repository.ts';
import type { Db } from '../platform/db/database.ts';
import type { DbConsoleDeps } from '../dbconsole/dbconsole.service.ts';
import { dbAdminRepository } from './dbadmin.repository.ts';
import {
  installExtension,
  instanceMetrics,
  listParameters,
  listPlugins,
  tableSpaces,
  uninstallExtension,
  updateParameter,
  type DbAdminDeps,
} from './dbadmin.service.ts';

/** What these routes use; the composition root hands it in (the slice builds its own deps over the SQL console's). */
export interface DbAdminRoutesDeps {
  db: Db;
  dbConsole: DbConsoleDeps;
  tenancy: TenancyRepository;
}

const read = { config: { permission: 'read:resource' } } as const;
// their names in the operation log: oplog-actions.ts
const write = { config: { permission: 'update:resource' } } as const;
const BASE = '/api/v1/dbinstances/:id';

export async function dbAdminRoutes(app: FastifyInstance, ctx: DbAdminRoutesDeps) {
  const deps: DbAdminDeps = { repo: dbAdminRepository(ctx.db), console: ctx.dbConsole, provider: app.engine.provider };
  const scope = (req: FastifyRequest) => resolveScope(req, ctx.tenancy);
  const p = (req: FastifyRequest) => req.params as { id: string; name: string };

  app.get(`${BASE}/parameters`, read, async (req) => listParameters(deps, await scope(req), p(req).id));
  app.put(`${BASE}/parameters/:name`, write, async (req) => updateParameter(deps, await scope(req), p(req).id, p(req).name, req.body));
  app.get(`${BASE}/plugins`, read, async (req) => listPlugins(deps, await scope(req), p(req).id));
  app.post(`${BASE}/plugins`, write, async (req, reply) => reply.status(201).send(await installExtension(deps, await scope(req), p(req).id, req.body)));
  app.delete(`${BASE}/plugins/:name`, write, async (req) => uninstallExtension(deps, await scope(req), p(req).id, p(req).name));
  app.get(`${BASE}/tablespaces`, read, async (req) => tableSpaces(deps, await scope(req), p(req).id));
  app.get(`${BASE}/metrics`, read, async (req) => instanceMetrics(deps, await scope(req), p(req).id, req.query));
}
