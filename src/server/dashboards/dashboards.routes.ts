// Dashboards (issue 31) under /api/v1/dashboards: the caller's panels in the tenant (read, add,
// change, remove, arrange — the caller's own setting, so `self`, inside a scope the caller may see)
// and the figures the pages draw (read:resource). Thin: scope from the headers, then the service;
// writes pass the platform's write hooks (idempotency, the operation log).
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { DASHBOARDS_URL } from '../../domain/dashboards.ts';
import { resolveScope } from '../platform/auth/scope.ts';
import type { TenancyRepository } from '../platform/auth/tenancy.repository.ts';
import type { Db } from '../platform/db/database.ts';
import { dashboardsRepository } from './dashboards.repository.ts';
import { addPanel, capacity, deletePanel, getLayout, gtmOverview, patchPanel, report, setOrder, summary, type DashboardsDeps } from './dashboards.service.ts';

export interface DashboardsRoutesDeps {
  db: Db;
  tenancy: TenancyRepository;
}

const own = { config: { permission: 'self' } } as const;
// A user's own arrangement of their overview is a preference, not an operation to audit (like marking a message read).
const ownWrite = { config: { permission: 'self', oplog: false } } as const;
const read = { config: { permission: 'read:resource' } } as const;

export async function dashboardsRoutes(app: FastifyInstance, ctx: DashboardsRoutesDeps) {
  const deps: DashboardsDeps = { repo: dashboardsRepository(ctx.db), now: () => new Date() };
  const scope = (req: FastifyRequest) => resolveScope(req, ctx.tenancy);
  const key = (req: FastifyRequest) => (req.params as { key: string }).key;

  app.get(`${DASHBOARDS_URL}/layout`, own, async (req) => getLayout(deps, await scope(req)));
  app.post(`${DASHBOARDS_URL}/panels`, ownWrite, async (req, reply) => reply.status(201).send(await addPanel(deps, await scope(req), req.body)));
  app.patch(`${DASHBOARDS_URL}/panels/:key`, ownWrite, async (req) => patchPanel(deps, await scope(req), key(req), req.body));
  app.delete(`${DASHBOARDS_URL}/panels/:key`, ownWrite, async (req) => deletePanel(deps, await scope(req), key(req)));
  app.put(`${DASHBOARDS_URL}/order`, ownWrite, async (req) => setOrder(deps, await scope(req), req.body));
  app.get(`${DASHBOARDS_URL}/summary`, read, async (req) => summary(deps, await scope(req), req.query));
  app.get(`${DASHBOARDS_URL}/capacity`, read, async (req) => capacity(deps, await scope(req), req.query));
  app.get(`${DASHBOARDS_URL}/report`, read, async (req) => report(deps, await scope(req), req.query));
  app.get(`${DASHBOARDS_URL}/gtm`, read, async (req) => gtmOverview(deps, await scope(req)));
}
