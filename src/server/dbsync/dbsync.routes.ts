// Database object-storage sync tasks (issue 29, ADR 0071) at /api/v1/sync-tasks: list, detail and
// deleting a finished task's record. A task is started by its sync instance's 立即同步 action on the
// engine's route (POST /api/sync-instances/:id/actions). Thin: scope from the headers, then the service.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { resolveScope } from '../platform/auth/scope.ts';
import type { TenancyRepository } from '../platform/auth/tenancy.repository.ts';
import { deleteTask, getTask, listTasks, type DbSyncDeps } from './dbsync.service.ts';

export interface DbSyncRoutesDeps {
  dbSync: DbSyncDeps;
  tenancy: TenancyRepository;
}

const read = { config: { permission: 'read:resource' } } as const;
const remove = { config: { permission: 'update:resource', oplog: 'sync_task_delete' } } as const;
const BASE = '/api/v1/sync-tasks';

export async function dbSyncRoutes(app: FastifyInstance, ctx: DbSyncRoutesDeps) {
  const deps = ctx.dbSync;
  const scope = (req: FastifyRequest) => resolveScope(req, ctx.tenancy);
  const id = (req: FastifyRequest) => (req.params as { id: string }).id;

  app.get(BASE, read, async (req) => listTasks(deps, await scope(req), req.query));
  app.get(`${BASE}/:id`, read, async (req) => getTask(deps, await scope(req), id(req)));
  app.delete(`${BASE}/:id`, remove, async (req) => deleteTask(deps, await scope(req), id(req)));
}
