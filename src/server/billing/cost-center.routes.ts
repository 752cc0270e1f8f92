// Cost centre (costCenter): the tenant's balance, credit and warning threshold, recharges through
// the payment gateway, and the gateway's callback (signed, public, counted once).
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { notFound } from '../../domain/errors.ts';
import { isId } from '../../domain/ids.ts';
import { pagingSchema } from '../../domain/list-query.ts';
import { rechargeSchema, thresholdSchema } from '../../domain/billing/billing.ts';
import { requirePermission } from '../platform/auth/auth-user.ts';
import { resolveScope, scopeCan } from '../platform/auth/scope.ts';
import type { CostCenterService } from './cost-center.service.ts';
import type { MeterService } from './meter.service.ts';
import type { TenancyRepository } from '../platform/auth/tenancy.repository.ts';

const pageSchema = pagingSchema({ defaultLimit: 20, maxLimit: 100 });
const noticeSchema = z.object({
  trade_id: z.string().max(64),
  amount_fen: z.number().int(),
  gateway_trade_no: z.string().max(64),
  paid_at: z.iso.datetime(),
  sign: z.string().max(128),
});

/** What these routes use; the composition root (app.ts) hands it in. */
export interface CostCenterRoutesDeps {
  costCenter: CostCenterService;
  meter: MeterService;
  tenancy: TenancyRepository;
}

export async function costCenterRoutes(app: FastifyInstance, ctx: CostCenterRoutesDeps) {
  const { costCenter } = ctx;
  const tenantScope = async (req: Parameters<typeof resolveScope>[0], write = false) => {
    const scope = await resolveScope(req, ctx.tenancy);
    // what the routes declare (route-permissions.ts): tenant and platform roles read, the tenant administrator changes
    requirePermission(scopeCan(scope, write ? 'update' : 'read', 'cost_center'));
    await ctx.meter.settled();
    return scope;
  };

  app.get('/api/v1/cloud/cost-center', async (req) => {
    const scope = await tenantScope(req);
    return costCenter.account(scope.tenantId);
  });

  app.put('/api/v1/cloud/cost-center/threshold', async (req) => {
    const scope = await tenantScope(req, true);
    const body = thresholdSchema.parse(req.body ?? {});
    return costCenter.setThreshold(scope.tenantId, body.threshold);
  });

  app.post('/api/v1/cloud/cost-center/recharges', async (req, reply) => {
    const scope = await tenantScope(req, true);
    const body = rechargeSchema.parse(req.body ?? {});
    return reply.status(201).send(await costCenter.recharge(scope.tenantId, scope.user.id, body.amount));
  });

  app.get('/api/v1/cloud/cost-center/recharges', async (req) => {
    const scope = await tenantScope(req);
    const page = pageSchema.parse(req.query ?? {});
    const data = await costCenter.recharges(scope.tenantId, page.__limit, page.__offset);
    return { count: data.length, data };
  });

  app.get('/api/v1/cloud/cost-center/recharges/:id', async (req) => {
    const scope = await tenantScope(req);
    const { id } = req.params as { id: string };
    const row = isId(id) ? await costCenter.rechargeById(scope.tenantId, id) : undefined;
    if (!row) throw notFound();
    return row;
  });

  // The gateway's asynchronous notice: no session, the signature is the proof.
  app.post('/api/v1/cloud/payment/callback', async (req) => {
    return costCenter.settle(noticeSchema.parse(req.body ?? {}));
  });
}
