// Backups of managed database instances (the seed's `dbinstances` family with its `backups` and
// `restores`, ADR 0056): the instance's one policy at /backup-policy, its runs at /backups (pause
// and resume), its restores at /restores. Thin: scope from the headers, then the service. Writes
// pass the platform's write hooks (idempotency, the operation log) like every write route.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { resolveScope } from '../platform/auth/scope.ts';
import type { TenancyRepository } from '../platform/auth/tenancy.repository.ts';
import {
  createPolicy,
  deletePolicy,
  getBackup,
  getPolicy,
  listBackups,
  listRestores,
  pauseOrResume,
  startBackup,
  startRestore,
  updatePolicy,
  type DbBackupsDeps,
} from './dbbackups.service.ts';

/** What these routes use; the composition root hands it in. */
export interface DbBackupsRoutesDeps {
  dbBackups: DbBackupsDeps;
  tenancy: TenancyRepository;
}

const read = { config: { permission: 'read:resource' } } as const;
// their names in the operation log: oplog-actions.ts
const write = { config: { permission: 'update:resource' } } as const;
const BASE = '/api/v1/dbinstances/:id';

export async function dbBackupsRoutes(app: FastifyInstance, ctx: DbBackupsRoutesDeps) {
  const deps = ctx.dbBackups;
  const scope = (req: FastifyRequest) => resolveScope(req, ctx.tenancy);
  const p = (req: FastifyRequest) => req.params as { id: string; backupId: string };

  app.get(`${BASE}/backup-policy`, read, async (req) => getPolicy(deps, await scope(req), p(req).id));
  app.post(`${BASE}/backup-policy`, write, async (req, reply) => reply.status(201).send(await createPolicy(deps, await scope(req), p(req).id, req.body)));
  app.put(`${BASE}/backup-policy`, write, async (req) => updatePolicy(deps, await scope(req), p(req).id, req.body));
  app.delete(`${BASE}/backup-policy`, write, async (req) => deletePolicy(deps, await scope(req), p(req).id));

  app.get(`${BASE}/backups`, read, async (req) => listBackups(deps, await scope(req), p(req).id, req.query));
  app.get(`${BASE}/backups/:backupId`, read, async (req) => getBackup(deps, await scope(req), p(req).id, p(req).backupId));
  app.post(`${BASE}/backups`, write, async (req, reply) => reply.status(201).send(await startBackup(deps, await scope(req), p(req).id, req.body)));
  app.post(`${BASE}/backups/:backupId/pause`, write, async (req) => pauseOrResume(deps, await scope(req), p(req).id, p(req).backupId, 'paused'));
  app.post(`${BASE}/backups/:backupId/resume`, write, async (req) => pauseOrResume(deps, await scope(req), p(req).id, p(req).backupId, 'running'));

  app.get(`${BASE}/restores`, read, async (req) => listRestores(deps, await scope(req), p(req).id, req.query));
  app.post(`${BASE}/restores`, write, async (req, reply) => reply.status(201).send(await startRestore(deps, await scope(req), p(req).id, req.body)));
}
