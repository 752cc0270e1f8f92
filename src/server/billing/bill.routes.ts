// Bills (issue 13, seed 000 billing routes): /api/v1/cloud/bills/tenants/… for the whole tenant
// (tenant-wide roles) and /api/v1/cloud/bills/projects/… for the project in X-Project-Id; monthly
// and daily sums by a dimension, usage lines, the monthly bills' states (billCheck: confirm,
// submit), and the dated exchange rates (admins edit them). A range covers at most 12 months.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { notFound } from '../../domain/errors.ts';
import { isId } from '../../domain/ids.ts';
import { pagingSchema } from '../../domain/list-query.ts';
import { PLATFORM_ROLES, TENANT_ROLES, can } from '../../domain/roles.ts';
import { BILL_TRANSITIONS, type BillTransition, dailyQuerySchema, monthlyQuerySchema, rateSchema } from '../../domain/billing/billing.ts';
import { requirePermission } from '../platform/auth/auth-user.ts';
import { resolveScope, type Scope } from '../platform/auth/scope.ts';
import type { BillService } from './bill.service.ts';
import type { MeterService } from './meter.service.ts';
import type { TenancyRepository } from '../platform/auth/tenancy.repository.ts';
import type { Db } from '../platform/db/database.ts';
import { costCenterRoutes, type CostCenterRoutesDeps } from './cost-center.routes.ts';
import { orderRoutes, type OrderRoutesDeps } from './order.routes.ts';
import { convertRoutes, type ConvertRoutesDeps } from './convert.routes.ts';
import { costStrategyRoutes, type CostStrategyRoutesDeps } from './cost-strategy.routes.ts';
import { BILL_EXPORT_CODE, BILL_EXPORT_FIELDS } from './bill-export.ts';
import { billLines, checkDays, checkDetail, checkList, dailyBill, exchangeRates, monthlyBill, setRate } from './bill-report.service.ts';
import { exportStamp } from '../platform/lib/export-stamp.ts';
import { t } from '../platform/lib/i18n.ts';

type Level = 'tenants' | 'projects';

const pageSchema = pagingSchema({ defaultLimit: 50, maxLimit: 500 });
const linesQuerySchema = dailyQuerySchema.extend({ resource_id: z.string().optional(), product_code: z.string().optional(), vendor: z.string().optional() });

/** The scope of a tenant bill (tenant-wide roles) or a project bill (the project of X-Project-Id). */
async function scopeOf(ctx: BillRoutesDeps, req: FastifyRequest, level: Level): Promise<Scope & { billProject: string | null }> {
  const scope = await resolveScope(req, ctx.tenancy, { project: level === 'projects' ? 'required' : 'optional' });
  requirePermission(can(scope.roles, 'read', 'bill'));
  if (level === 'tenants') requirePermission(scope.roles.some((r) => TENANT_ROLES.includes(r) || PLATFORM_ROLES.includes(r)));
  await ctx.meter.settled();
  return { ...scope, billProject: level === 'projects' ? scope.projectId : null };
}

const billScope = (s: { tenantId: string; billProject: string | null }) => ({ tenantId: s.tenantId, projectId: s.billProject });

function levelRoutes(app: FastifyInstance, ctx: BillRoutesDeps, level: Level) {
  const base = `/api/v1/cloud/bills/${level}`;

  app.get(`${base}/monthly`, async (req) => {
    const scope = await scopeOf(ctx, req, level);
    return monthlyBill(ctx.db, billScope(scope), monthlyQuerySchema.parse(req.query ?? {}), req.lang);
  });

  app.get(`${base}/daily`, async (req) => {
    const scope = await scopeOf(ctx, req, level);
    return dailyBill(ctx.db, billScope(scope), dailyQuerySchema.parse(req.query ?? {}), req.lang);
  });

  /** Usage lines (bill detail), paged; filters: resource_id, product_code, vendor. */
  app.get(`${base}/lines`, async (req) => {
    const scope = await scopeOf(ctx, req, level);
    const q = linesQuerySchema.parse(req.query ?? {});
    const page = pageSchema.parse(req.query ?? {});
    return billLines(ctx.db, billScope(scope), q, { limit: page.__limit, offset: page.__offset }, req.lang);
  });

  /** The bill's lines as .xlsx, through the export tasks (downloadRecord lists it). */
  app.get(`${base}/export`, async (req, reply) => {
    const scope = await scopeOf(ctx, req, level);
    const q = dailyQuerySchema.pick({ start_date: true, end_date: true }).parse(req.query ?? {});
    checkDays(q.start_date, q.end_date);
    const id = await app.engine.exports.insert({
      tenant_id: scope.tenantId,
      project_id: scope.billProject,
      user_id: scope.user.id,
      product_code: BILL_EXPORT_CODE,
      fields: [...BILL_EXPORT_FIELDS],
      filters: { start_date: q.start_date, end_date: q.end_date },
      lang: req.lang,
      file_name: `${t(req.lang, `billing:export.file_${level}`)}-${q.start_date}-${q.end_date}-${exportStamp(new Date())}.xlsx`,
    });
    return reply.status(202).send({ id, state: 'queued', message: t(req.lang, 'billing:export.queued') });
  });
}

/** billCheck: the tenant's monthly bills and their states. */
function checkRoutes(app: FastifyInstance, ctx: BillRoutesDeps) {
  app.get('/api/v1/cloud/bills/tenants/checks', async (req) => {
    const scope = await scopeOf(ctx, req, 'tenants');
    return checkList(ctx.db, scope.tenantId, monthlyQuerySchema.pick({ start_month: true, end_month: true }).parse(req.query ?? {}));
  });

  app.get('/api/v1/cloud/bills/tenants/checks/:id', async (req) => {
    const scope = await scopeOf(ctx, req, 'tenants');
    const { id } = req.params as { id: string };
    if (!isId(id)) throw notFound();
    return checkDetail(ctx.db, scope.tenantId, id);
  });

  for (const action of Object.keys(BILL_TRANSITIONS) as BillTransition[]) {
    app.post(`/api/v1/cloud/bills/tenants/checks/:id/${action}`, async (req) => {
      const scope = await scopeOf(ctx, req, 'tenants');
      requirePermission(scope.roles.includes('tenant_admin') || scope.roles.includes('super_admin'));
      const { id } = req.params as { id: string };
      if (!isId(id)) throw notFound();
      return ctx.bills.transition(scope.tenantId, id, action, scope.user.id);
    });
  }
}

/** Exchange rates: everyone signed in reads them (bills show them); platform admins edit them. */
function rateRoutes(app: FastifyInstance, ctx: BillRoutesDeps) {
  app.get('/api/v1/cloud/exchange-rates', async (req) => {
    const scope = await resolveScope(req, ctx.tenancy);
    requirePermission(can(scope.roles, 'read', 'bill'));
    return exchangeRates(ctx.db);
  });

  app.put('/api/v1/cloud/exchange-rates', async (req) => {
    const scope = await resolveScope(req, ctx.tenancy);
    requirePermission(can(scope.roles, 'update', 'tenant', 'any'));
    return setRate(ctx.db, rateSchema.parse(req.body ?? {}), scope.user.id);
  });
}

/** What these routes use; the composition root (app.ts) hands it in. */
export interface BillRoutesDeps extends CostCenterRoutesDeps, OrderRoutesDeps, ConvertRoutesDeps, CostStrategyRoutesDeps {
  bills: BillService;
  db: Db;
  meter: MeterService;
  tenancy: TenancyRepository;
}

export async function billRoutes(app: FastifyInstance, ctx: BillRoutesDeps) {
  await costCenterRoutes(app, ctx);
  for (const level of ['tenants', 'projects'] as const) levelRoutes(app, ctx, level);
  checkRoutes(app, ctx);
  await orderRoutes(app, ctx);
  await convertRoutes(app, ctx);
  await costStrategyRoutes(app, ctx);
  rateRoutes(app, ctx);
}
