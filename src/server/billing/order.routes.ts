// Orders (orderManage, orderGeneral, orderDetail/:id): every purchase, resize and conversion the
// meter saw, with the pricing module's result. A tenant-wide role sees the tenant's, a project role
// its project's. Filters: type, state, product (kind), creation days (Asia/Shanghai).
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { notFound } from '../../domain/errors.ts';
import { isId } from '../../domain/ids.ts';
import { PLATFORM_ROLES, TENANT_ROLES, can } from '../../domain/roles.ts';
import { orderOverviewSchema, orderQuerySchema } from '../../domain/billing/orders.ts';
import { requirePermission } from '../platform/auth/auth-user.ts';
import { resolveScope } from '../platform/auth/scope.ts';
import type { MeterService } from './meter.service.ts';
import type { TenancyRepository } from '../platform/auth/tenancy.repository.ts';
import type { Db } from '../platform/db/database.ts';
import { listOrders, orderDetail, overview } from './order.service.ts';

/** What the access guard checks (ADR 0021): the handler's own check, `read:order`. */
const READ = { config: { permission: 'read:order' } } as const;

/** What these routes use; the composition root (app.ts) hands it in. */
export interface OrderRoutesDeps {
  db: Db;
  meter: MeterService;
  tenancy: TenancyRepository;
}

export async function orderRoutes(app: FastifyInstance, ctx: OrderRoutesDeps) {
  const orderScope = async (req: FastifyRequest) => {
    const scope = await resolveScope(req, ctx.tenancy);
    requirePermission(can(scope.roles, 'read', 'order'));
    await ctx.meter.settled();
    const wide = scope.roles.some((r) => TENANT_ROLES.includes(r) || PLATFORM_ROLES.includes(r));
    return { tenantId: scope.tenantId, projectId: wide ? null : scope.projectId };
  };

  app.get('/api/v1/cloud/orders', READ, async (req) => {
    const s = await orderScope(req);
    return listOrders(ctx.db, s, orderQuerySchema.parse(req.query ?? {}));
  });

  app.get('/api/v1/cloud/orders/overview', READ, async (req) => {
    const s = await orderScope(req);
    return overview(ctx.db, s, orderOverviewSchema.parse(req.query ?? {}).months);
  });

  app.get('/api/v1/cloud/orders/:id', READ, async (req) => {
    const s = await orderScope(req);
    const { id } = req.params as { id: string };
    if (!isId(id)) throw notFound();
    return orderDetail(ctx.db, s, id);
  });
}
