// Data migration tasks (DTS and the data transfer centre's database tasks, ADR 0059) at the seed's
// `migrations` path: list, create, detail, change before the pre-check passed, pre-check, start,
// pause, delete. Thin: scope from the headers, then the service; writes pass the platform's write
// hooks (idempotency, the operation log, names in oplog-actions.ts).
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { resolveScope } from '../platform/auth/scope.ts';
import type { TenancyRepository } from '../platform/auth/tenancy.repository.ts';
import { createTask, deleteTask, getTask, listTasks, pauseTask, runPrecheck, sourceTables, startTask, updateTask, type DtsDeps } from './dts.service.ts';

export interface DtsRoutesDeps {
  dts: DtsDeps;
  tenancy: TenancyRepository;
}

const read = { config: { permission: 'read:resource' } } as const;
const write = { config: { permission: 'update:resource' } } as const;
const BASE = '/api/v1/migrations';

export async function dtsRoutes(app: FastifyInstance, ctx: DtsRoutesDeps) {
  const deps = ctx.dts;
  const scope = (req: FastifyRequest) => resolveScope(req, ctx.tenancy);
  const id = (req: FastifyRequest) => (req.params as { id: string }).id;

  app.get(BASE, read, async (req) => listTasks(deps, await scope(req), req.query));
  app.post(BASE, write, async (req, reply) => reply.status(201).send(await createTask(deps, await scope(req), req.body)));
  app.get('/api/v1/dbinstances/:id/migration-tables', read, async (req) => sourceTables(deps, await scope(req), id(req)));
  app.get(`${BASE}/:id`, read, async (req) => getTask(deps, await scope(req), id(req)));
  app.put(`${BASE}/:id`, write, async (req) => updateTask(deps, await scope(req), id(req), req.body));
  app.delete(`${BASE}/:id`, write, async (req) => deleteTask(deps, await scope(req), id(req)));
  app.post(`${BASE}/:id/precheck`, write, async (req) => runPrecheck(deps, await scope(req), id(req)));
  app.post(`${BASE}/:id/start`, write, async (req) => startTask(deps, await scope(req), id(req)));
  app.post(`${BASE}/:id/pause`, write, async (req) => pauseTask(deps, await scope(req), id(req)));
}
