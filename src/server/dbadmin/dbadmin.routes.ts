// Administration of a managed database instance (issue 29, ADR 0058): under /api/v1/dbinstances/:id
// its parameters (/parameters, PUT /parameters/:name), plugins (/plugins, install with POST, uninstall
// with DELETE /plugins/:name), table sizes (/tablespaces) and metric series (/metrics). Thin: scope
// from the headers, then the service. Writes pass the platform's write hooks (idempotency, the
// operation log, named on each route) like every write route.
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
/** A write with its name in the operation log (notify:oplog.actions.<code>), named on the route itself. */
const write = (oplog: string) => ({ config: { permission: 'update:resource', oplog } }) as const;
const BASE = '/api/v1/dbinstances/:id';

export async function dbAdminRoutes(app: FastifyInstance, ctx: DbAdminRoutesDeps) {
  const deps: DbAdminDeps = { repo: dbAdminRepository(ctx.db), console: ctx.dbConsole, provider: app.engine.provider };
  const scope = (req: FastifyRequest) => resolveScope(req, ctx.tenancy);
  const p = (req: FastifyRequest) => req.params as { id: string; name: string };

  app.get(`${BASE}/parameters`, read, async (req) => listParameters(deps, await scope(req), p(req).id));
  app.put(`${BASE}/parameters/:name`, write('db_param_update'), async (req) => updateParameter(deps, await scope(req), p(req).id, p(req).name, req.body));
  app.get(`${BASE}/plugins`, read, async (req) => listPlugins(deps, await scope(req), p(req).id));
  app.post(`${BASE}/plugins`, write('db_plugin_install'), async (req, reply) =>
    reply.status(201).send(await installExtension(deps, await scope(req), p(req).id, req.body)),
  );
  app.delete(`${BASE}/plugins/:name`, write('db_plugin_uninstall'), async (req) => uninstallExtension(deps, await scope(req), p(req).id, p(req).name));
  app.get(`${BASE}/tablespaces`, read, async (req) => tableSpaces(deps, await scope(req), p(req).id));
  app.get(`${BASE}/metrics`, read, async (req) => instanceMetrics(deps, await scope(req), p(req).id, req.query));
}
