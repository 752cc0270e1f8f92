// Cost optimisation strategies and findings (billCostSeo with resourceStatistics and
// billCostStatistics, zoneBillCostSeo), project spending limits (projectLimitManage) and the
// model-as-a-service bill detail (billDetailMaas). Tenant-wide roles manage; readers of bills read.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { notFound } from '../../domain/errors.ts';
import { isId } from '../../domain/ids.ts';
import { PLATFORM_ROLES, TENANT_ROLES, can } from '../../domain/roles.ts';
import { DEFAULT_STRATEGY_ID, costStrategySchema, projectLimitSchema, yuanToFen } from '../../domain/billing/orders.ts';
import { monthSchema, shanghaiDay } from '../../domain/billing/billing.ts';
import { requirePermission } from '../platform/auth/auth-user.ts';
import { resolveScope } from '../platform/auth/scope.ts';
import type { CostStrategyService } from './cost-strategy.service.ts';
import type { MeterService } from './meter.service.ts';
import type { ProjectLimitService } from './project-limit.service.ts';
import type { TenancyRepository } from '../platform/auth/tenancy.repository.ts';
import type { Db } from '../platform/db/database.ts';
import { maasBill } from './bill-report.service.ts';

const strategyId = (id: string) => (id === DEFAULT_STRATEGY_ID || isId(id) ? id : null);

/** What the access guard checks (ADR 0021), as the handlers do: readers of bills read, the managers change. */
const READ = { config: { permission: 'read:bill' } } as const;
const STRATEGY = { config: { permission: 'manage:cost_strategy' } } as const;
const LIMIT = { config: { permission: 'manage:project_limit' } } as const;

/** What these routes use; the composition root (app.ts) hands it in. */
export interface CostStrategyRoutesDeps {
  costStrategies: CostStrategyService;
  db: Db;
  meter: MeterService;
  projectLimits: ProjectLimitService;
  tenancy: TenancyRepository;
}

export async function costStrategyRoutes(app: FastifyInstance, ctx: CostStrategyRoutesDeps) {
  const { costStrategies, projectLimits } = ctx;

  async function readScope(req: FastifyRequest) {
    const scope = await resolveScope(req, ctx.tenancy);
    requirePermission(can(scope.roles, 'read', 'bill'));
    await ctx.meter.settled();
    const wide = scope.roles.some((r) => TENANT_ROLES.includes(r) || PLATFORM_ROLES.includes(r));
    return { ...scope, billProject: wide ? null : scope.projectId };
  }
  async function manageScope(req: FastifyRequest, entity: 'cost_strategy' | 'project_limit') {
    const scope = await resolveScope(req, ctx.tenancy);
    requirePermission(can(scope.roles, 'manage', entity));
    return scope;
  }

  app.get('/api/v1/cloud/cost_optimize/strategies', READ, async (req) => {
    const s = await readScope(req);
    return costStrategies.list(s.tenantId);
  });
  app.post('/api/v1/cloud/cost_optimize/strategies', STRATEGY, async (req) => {
    const s = await manageScope(req, 'cost_strategy');
    return costStrategies.create(s.tenantId, costStrategySchema.parse(req.body ?? {}));
  });
  app.put('/api/v1/cloud/cost_optimize/strategies/:id', STRATEGY, async (req) => {
    const s = await manageScope(req, 'cost_strategy');
    const { id } = req.params as { id: string };
    if (!isId(id)) throw notFound();
    return costStrategies.update(s.tenantId, id, costStrategySchema.parse(req.body ?? {}));
  });
  app.delete('/api/v1/cloud/cost_optimize/strategies/:id', STRATEGY, async (req) => {
    const s = await manageScope(req, 'cost_strategy');
    const { id } = req.params as { id: string };
    if (!isId(id)) throw notFound();
    return costStrategies.remove(s.tenantId, id);
  });
  app.post('/api/v1/cloud/cost_optimize/strategies/:id/apply', STRATEGY, async (req) => {
    const s = await manageScope(req, 'cost_strategy');
    const id = strategyId((req.params as { id: string }).id);
    if (!id) throw notFound();
    return costStrategies.apply(s.tenantId, id);
  });
  app.get('/api/v1/cloud/cost_optimize/findings', READ, async (req) => {
    const s = await readScope(req);
    return costStrategies.findings({ tenantId: s.tenantId, projectId: s.billProject });
  });

  app.get('/api/v1/cloud/project-limits', READ, async (req) => {
    const s = await readScope(req);
    await projectLimits.check(s.tenantId);
    return projectLimits.list(s.tenantId, s.billProject);
  });
  app.put('/api/v1/cloud/project-limits/:projectId', LIMIT, async (req) => {
    const s = await manageScope(req, 'project_limit');
    const projectId = await projectLimits.projectOf(s.tenantId, (req.params as { projectId: string }).projectId);
    const body = projectLimitSchema.parse(req.body ?? {});
    return projectLimits.set(s.tenantId, projectId, yuanToFen(body.monthly_limit), s.user.id);
  });
  app.delete('/api/v1/cloud/project-limits/:projectId', LIMIT, async (req) => {
    const s = await manageScope(req, 'project_limit');
    const projectId = await projectLimits.projectOf(s.tenantId, (req.params as { projectId: string }).projectId);
    return projectLimits.remove(s.tenantId, projectId);
  });

  // billDetailMaas: token usage by model for a month (the demo's model service lines).
  app.get('/api/v1/cloud/bills/maas', READ, async (req) => {
    const s = await readScope(req);
    const { month } = z.object({ month: monthSchema.default(shanghaiDay(new Date()).slice(0, 7)) }).parse(req.query ?? {});
    return maasBill(ctx.db, { tenantId: s.tenantId, projectId: s.billProject }, month);
  });
}
