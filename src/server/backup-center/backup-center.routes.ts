// The backup centre (issue 29, ADR 0073): /api/v1/backup-center/products (each product's strategy
// count) and /api/v1/backup-center/:product — products files, mysql,
// pg, mongo, nas, oss and oracle: strategies (list, add, detail, edit, delete), records (the backup
// runs) and recoveries (list, add). Thin: scope from the headers, then the service. Writes pass the
// platform's write hooks (idempotency, the operation log) like every write route.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { resolveScope } from '../platform/auth/scope.ts';
import type { TenancyRepository } from '../platform/auth/tenancy.repository.ts';
import type { BackupCenterDeps } from './backup-center.deps.ts';
import {
  createStrategy,
  deleteStrategy,
  getStrategy,
  listProducts,
  listRecords,
  listRecoveries,
  listStrategies,
  startRecovery,
  updateStrategy,
} from './backup-center.service.ts';

export interface BackupCenterRoutesDeps {
  backupCenter: BackupCenterDeps;
  tenancy: TenancyRepository;
}

const read = { config: { permission: 'read:resource' } } as const;
// their names in the operation log: oplog-actions.ts
const write = { config: { permission: 'update:resource' } } as const;
const BASE = '/api/v1/backup-center/:product';

export async function backupCenterRoutes(app: FastifyInstance, ctx: BackupCenterRoutesDeps) {
  const deps = ctx.backupCenter;
  const scope = (req: FastifyRequest) => resolveScope(req, ctx.tenancy);
  const p = (req: FastifyRequest) => req.params as { product: string; id: string };

  app.get('/api/v1/backup-center/products', read, async (req) => listProducts(deps, await scope(req)));
  app.get(`${BASE}/strategies`, read, async (req) => listStrategies(deps, await scope(req), p(req).product, req.query));
  app.post(`${BASE}/strategies`, write, async (req, reply) => reply.status(201).send(await createStrategy(deps, await scope(req), p(req).product, req.body)));
  app.get(`${BASE}/strategies/:id`, read, async (req) => getStrategy(deps, await scope(req), p(req).product, p(req).id));
  app.put(`${BASE}/strategies/:id`, write, async (req) => updateStrategy(deps, await scope(req), p(req).product, p(req).id, req.body));
  app.delete(`${BASE}/strategies/:id`, write, async (req) => deleteStrategy(deps, await scope(req), p(req).product, p(req).id));
  app.get(`${BASE}/records`, read, async (req) => listRecords(deps, await scope(req), p(req).product, req.query));
  app.get(`${BASE}/recoveries`, read, async (req) => listRecoveries(deps, await scope(req), p(req).product, req.query));
  app.post(`${BASE}/recoveries`, write, async (req, reply) => reply.status(201).send(await startRecovery(deps, await scope(req), p(req).product, req.body)));
}
