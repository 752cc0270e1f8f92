// Disaster recovery (/api/v1/dr/tasks), CDP protection of an instance (/api/v1/data-protect/…),
// an instance's tables and its data-lake tasks (/api/v1/dbinstances/:id/…), ADR 0060. Thin: scope
// from the headers, then the service. Writes pass the platform's write hooks (idempotency, the
// operation log, whose names are in oplog-actions.ts).
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { resolveScope } from '../platform/auth/scope.ts';
import type { TenancyRepository } from '../platform/auth/tenancy.repository.ts';
import type { Db } from '../platform/db/database.ts';
import type { Config } from '../platform/config.ts';
import type { ResourcesRepository } from '../engine/resources.repository.ts';
import type { DbConsoleDeps } from '../dbconsole/dbconsole.service.ts';
import { dataProtectRepository } from './dataprotect.repository.ts';
import {
  createCdp,
  createDr,
  createLake,
  deleteDr,
  deleteLake,
  getDr,
  listCdp,
  listDr,
  listLake,
  listTables,
  stopDr,
  stopLake,
  switchoverDr,
  type DataProtectDeps,
} from './dataprotect.service.ts';

/** What these routes use from the composition root. */
export interface DataProtectRoutesDeps {
  db: Db;
  resources: ResourcesRepository;
  dbConsole: DbConsoleDeps;
  config: Pick<Config, 'cloudSimDelayMs'>;
  tenancy: TenancyRepository;
}

const read = { config: { permission: 'read:resource' } } as const;
// their names in the operation log: oplog-actions.ts
const write = { config: { permission: 'update:resource' } } as const;
const DR = '/api/v1/dr/tasks';
const DB = '/api/v1/dbinstances/:id';

export async function dataProtectRoutes(app: FastifyInstance, ctx: DataProtectRoutesDeps) {
  const deps: DataProtectDeps = {
    repo: dataProtectRepository(ctx.db),
    resources: ctx.resources,
    console: ctx.dbConsole,
    delayMs: ctx.config.cloudSimDelayMs,
    now: () => new Date(),
  };
  const scope = (req: FastifyRequest) => resolveScope(req, ctx.tenancy);
  const p = (req: FastifyRequest) => req.params as { id: string; taskId: string };

  app.get(DR, read, async (req) => listDr(deps, await scope(req), req.query));
  app.get(`${DR}/:id`, read, async (req) => getDr(deps, await scope(req), p(req).id));
  app.post(DR, write, async (req, reply) => reply.status(201).send(await createDr(deps, await scope(req), req.body)));
  app.post(`${DR}/:id/switchover`, write, async (req) => switchoverDr(deps, await scope(req), p(req).id));
  app.post(`${DR}/:id/stop`, write, async (req) => stopDr(deps, await scope(req), p(req).id));
  app.delete(`${DR}/:id`, write, async (req) => deleteDr(deps, await scope(req), p(req).id));

  app.get(`${DB}/tables`, read, async (req) => listTables(deps, await scope(req), p(req).id));
  app.get('/api/v1/data-protect/instances/:id/cdp', read, async (req) => listCdp(deps, await scope(req), p(req).id));
  app.post('/api/v1/data-protect/instances/:id/cdp', write, async (req, reply) =>
    reply.status(201).send(await createCdp(deps, await scope(req), p(req).id, req.body)),
  );

  app.get(`${DB}/lake-tasks`, read, async (req) => listLake(deps, await scope(req), p(req).id));
  app.post(`${DB}/lake-tasks`, write, async (req, reply) => reply.status(201).send(await createLake(deps, await scope(req), p(req).id, req.body)));
  app.post(`${DB}/lake-tasks/:taskId/stop`, write, async (req) => stopLake(deps, await scope(req), p(req).id, p(req).taskId));
  app.delete(`${DB}/lake-tasks/:taskId`, write, async (req) => deleteLake(deps, await scope(req), p(req).id, p(req).taskId));
}
