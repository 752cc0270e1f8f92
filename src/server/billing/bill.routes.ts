// Bills (issue 13, seed 000 billing routes): /api/v1/cloud/bills/tenants/… for the whole tenant
// (tenant-wide roles) and /api/v1/cloud/bills/projects/… for the project in X-Project-Id; monthly
// and daily sums by a dimension, usage lines, the monthly bills' states (billCheck: confirm,
// submit), and the dated exchange rates (admins edit them). A range covers at most 12 months.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { AppError, notFound, type Language } from '../../domain/errors.ts';
import { kindByProductCode } from '../../domain/kinds/registry.ts';
import { isId } from '../../domain/ids.ts';
import { pagingSchema } from '../../domain/list-query.ts';
import { PLATFORM_ROLES, TENANT_ROLES, can } from '../../domain/roles.ts';
import {
  BILL_TRANSITIONS,
  MAX_RANGE_MONTHS,
  type BillGroup,
  type BillTransition,
  dailyQuerySchema,
  daysBetween,
  inCloud,
  monthIndex,
  monthsBetween,
  monthsIn,
  monthlyQuerySchema,
  rateFromE4,
  rateSchema,
  rateToE4,
} from '../../domain/billing/billing.ts';
import { newId } from '../../domain/ids.ts';
import { requirePermission } from '../plugins/auth.plugin.ts';
import { resolveScope, type Scope } from '../plugins/scope.ts';
import type { AppContext } from '../context.ts';
import type { BillLine } from './bill.service.ts';
import { costCenterRoutes } from './cost-center.routes.ts';
import { orderRoutes } from './order.routes.ts';
import { convertRoutes } from './convert.routes.ts';
import { costStrategyRoutes } from './cost-strategy.routes.ts';
import { BILL_EXPORT_CODE, BILL_EXPORT_FIELDS } from './bill-export.ts';
import { exportStamp } from '../services/export.service.ts';
import { t } from '../lib/i18n.ts';

const pageSchema = pagingSchema({ defaultLimit: 50, maxLimit: 500 });
const lastDay = (month: string) => {
  const [y, m] = month.split('-').map(Number) as [number, number];
  return `${month}-${String(new Date(Date.UTC(y, m, 0)).getUTCDate()).padStart(2, '0')}`;
};

/** Refuses a reversed range or one longer than 12 months (localised 400). */
function checkMonths(start: string, end: string) {
  if (monthIndex(end) < monthIndex(start)) throw new AppError(400, 'billing.range_reversed');
  if (monthsIn(start, end) > MAX_RANGE_MONTHS) throw new AppError(400, 'billing.range_too_long', { max: MAX_RANGE_MONTHS });
}

export async function billRoutes(app: FastifyInstance, ctx: AppContext) {
  const { bills, meter } = ctx;
  await costCenterRoutes(app, ctx);

  /** The scope of a tenant bill (tenant-wide roles) or a project bill (the project of X-Project-Id). */
  async function scopeOf(req: FastifyRequest, level: 'tenants' | 'projects'): Promise<Scope & { billProject: string | null }> {
    const scope = await resolveScope(req, ctx.tenancy, { project: level === 'projects' ? 'required' : 'optional' });
    requirePermission(can(scope.roles, 'read', 'bill'));
    if (level === 'tenants') requirePermission(scope.roles.some((r) => TENANT_ROLES.includes(r) || PLATFORM_ROLES.includes(r)));
    await meter.settled();
    return { ...scope, billProject: level === 'projects' ? scope.projectId : null };
  }

  async function labels(tenantId: string, group: BillGroup, keys: string[], lang: Language): Promise<Map<string, string>> {
    if (!keys.length) return new Map();
    if (group === 'vendor') return new Map(keys.map((k) => [k, t(lang, `kinds:vendors.${k}`)]));
    if (group === 'product') return new Map(keys.map((k) => [k, t(lang, `kinds:${kindByProductCode(k)?.kind ?? k}.name`)]));
    if (group === 'project') {
      const rows = await ctx.db.selectFrom('projects').select(['id', 'name_zh']).where('tenant_id', '=', tenantId).where('id', 'in', keys).execute();
      return new Map(rows.map((r) => [r.id, r.name_zh]));
    }
    if (group === 'region') {
      const rows = await ctx.db.selectFrom('regions').select(['id', 'name']).where('id', 'in', keys).execute();
      return new Map(rows.map((r) => [r.id, r.name]));
    }
    return new Map();
  }

  async function grouped(tenantId: string, all: BillLine[], group: BillGroup, lang: Language) {
    const rows = bills.group(all, group);
    const names = await labels(tenantId, group, rows.map((r) => r.key).filter(Boolean), lang);
    const data = rows.map((r) => ({ ...r, label: r.label ?? names.get(r.key) ?? null }));
    return { count: data.length, data, summary: bills.total(all), currency: 'CNY' };
  }

  for (const level of ['tenants', 'projects'] as const) {
    const base = `/api/v1/cloud/bills/${level}`;

    app.get(`${base}/monthly`, async (req) => {
      const scope = await scopeOf(req, level);
      const q = monthlyQuerySchema.parse(req.query ?? {});
      checkMonths(q.start_month, q.end_month);
      const all = (await bills.lines({ tenantId: scope.tenantId, projectId: scope.billProject }, `${q.start_month}-01`, lastDay(q.end_month))).filter((l) =>
        inCloud(l.vendor, q.cloud),
      );
      const out = await grouped(scope.tenantId, all, q.group_by, req.lang);
      if (q.group_by !== 'month') return out;
      // Every month of the range, with its bill's state (a month with no usage shows zero).
      const byMonth = new Map(out.data.map((r) => [r.key, r]));
      const states =
        level === 'tenants' ? new Map((await bills.checks(scope.tenantId, monthsBetween(q.start_month, q.end_month))).map((c) => [c.month, c])) : new Map();
      const data = monthsBetween(q.start_month, q.end_month).map((m) => ({
        ...(byMonth.get(m) ?? { key: m, label: null, original_fen: 0, discount_fen: 0, amount_fen: 0, cash_fen: 0, voucher_fen: 0, gift_fen: 0, lines: 0 }),
        bill_id: states.get(m)?.id ?? null,
        state: states.get(m)?.state ?? null,
      }));
      return { ...out, count: data.length, data };
    });

    app.get(`${base}/daily`, async (req) => {
      const scope = await scopeOf(req, level);
      const q = dailyQuerySchema.parse(req.query ?? {});
      if (q.end_date < q.start_date) throw new AppError(400, 'billing.range_reversed');
      checkMonths(q.start_date.slice(0, 7), q.end_date.slice(0, 7));
      const all = (await bills.lines({ tenantId: scope.tenantId, projectId: scope.billProject }, q.start_date, q.end_date)).filter((l) =>
        inCloud(l.vendor, q.cloud),
      );
      const out = await grouped(scope.tenantId, all, q.group_by, req.lang);
      if (q.group_by !== 'day') return out;
      const byDay = new Map(out.data.map((r) => [r.key, r]));
      const days = Array.from({ length: daysBetween(q.start_date, q.end_date) }, (_, i) =>
        new Date(Date.parse(q.start_date) + i * 86_400_000).toISOString().slice(0, 10),
      );
      const data = days.map(
        (d) => byDay.get(d) ?? { key: d, label: null, original_fen: 0, discount_fen: 0, amount_fen: 0, cash_fen: 0, voucher_fen: 0, gift_fen: 0, lines: 0 },
      );
      return { ...out, count: data.length, data };
    });

    /** Usage lines (bill detail), paged; filters: resource_id, product_code, vendor. */
    app.get(`${base}/lines`, async (req) => {
      const scope = await scopeOf(req, level);
      const q = dailyQuerySchema
        .extend({ resource_id: z.string().optional(), product_code: z.string().optional(), vendor: z.string().optional() })
        .parse(req.query ?? {});
      const page = pageSchema.parse(req.query ?? {});
      if (q.end_date < q.start_date) throw new AppError(400, 'billing.range_reversed');
      checkMonths(q.start_date.slice(0, 7), q.end_date.slice(0, 7));
      const all = (await bills.lines({ tenantId: scope.tenantId, projectId: scope.billProject }, q.start_date, q.end_date)).filter(
        (l) =>
          inCloud(l.vendor, q.cloud) &&
          (!q.resource_id || l.resource_id === q.resource_id) &&
          (!q.product_code || l.product_code === q.product_code) &&
          (!q.vendor || l.vendor === q.vendor),
      );
      if (q.resource_id && !all.length) {
        const seen = await ctx.db
          .selectFrom('meter_segments')
          .select('id')
          .where('tenant_id', '=', scope.tenantId)
          .where('resource_id', '=', q.resource_id)
          .executeTakeFirst();
        if (!seen) throw notFound();
      }
      const shown = all.slice(page.__offset, page.__offset + page.__limit).map((l) => ({
        ...l,
        product_name: t(req.lang, `kinds:${l.kind}.name`),
        vendor_name: t(req.lang, `kinds:vendors.${l.vendor}`),
      }));
      return { count: all.length, data: shown, summary: bills.total(all) };
    });

    /** The bill's lines as .xlsx, through the export tasks (downloadRecord lists it). */
    app.get(`${base}/export`, async (req, reply) => {
      const scope = await scopeOf(req, level);
      const q = dailyQuerySchema.pick({ start_date: true, end_date: true }).parse(req.query ?? {});
      if (q.end_date < q.start_date) throw new AppError(400, 'billing.range_reversed');
      checkMonths(q.start_date.slice(0, 7), q.end_date.slice(0, 7));
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

  // billCheck: the tenant's monthly bills and their states.
  app.get('/api/v1/cloud/bills/tenants/checks', async (req) => {
    const scope = await scopeOf(req, 'tenants');
    const q = monthlyQuerySchema.pick({ start_month: true, end_month: true }).parse(req.query ?? {});
    checkMonths(q.start_month, q.end_month);
    const rows = await bills.checks(scope.tenantId, monthsBetween(q.start_month, q.end_month));
    const all = await bills.lines({ tenantId: scope.tenantId, projectId: null }, `${q.start_month}-01`, lastDay(q.end_month));
    const sums = new Map(bills.group(all, 'month').map((r) => [r.key, r]));
    const data = rows.map((r) => ({ ...r, amount_fen: sums.get(r.month)?.amount_fen ?? 0, original_fen: sums.get(r.month)?.original_fen ?? 0 }));
    return { count: data.length, data };
  });

  app.get('/api/v1/cloud/bills/tenants/checks/:id', async (req) => {
    const scope = await scopeOf(req, 'tenants');
    const { id } = req.params as { id: string };
    const row = isId(id) ? await bills.checkById(scope.tenantId, id) : undefined;
    if (!row) throw notFound();
    const all = await bills.lines({ tenantId: scope.tenantId, projectId: null }, `${row.month}-01`, lastDay(row.month));
    return { ...row, summary: bills.total(all), by_product: bills.group(all, 'product') };
  });

  for (const action of Object.keys(BILL_TRANSITIONS) as BillTransition[]) {
    app.post(`/api/v1/cloud/bills/tenants/checks/:id/${action}`, async (req) => {
      const scope = await scopeOf(req, 'tenants');
      requirePermission(scope.roles.includes('tenant_admin') || scope.roles.includes('super_admin'));
      const { id } = req.params as { id: string };
      if (!isId(id)) throw notFound();
      return bills.transition(scope.tenantId, id, action, scope.user.id);
    });
  }

  await orderRoutes(app, ctx);
  await convertRoutes(app, ctx);
  await costStrategyRoutes(app, ctx);

  // Exchange rates: everyone signed in reads them (bills show them); platform admins edit them.
  app.get('/api/v1/cloud/exchange-rates', async (req) => {
    const scope = await resolveScope(req, ctx.tenancy);
    requirePermission(can(scope.roles, 'read', 'bill'));
    const rows = await ctx.db.selectFrom('exchange_rates').selectAll().orderBy('currency').orderBy('effective_date', 'desc').execute();
    return { count: rows.length, data: rows.map((r) => ({ ...r, rate: rateFromE4(r.rate_e4) })) };
  });

  app.put('/api/v1/cloud/exchange-rates', async (req) => {
    const scope = await resolveScope(req, ctx.tenancy);
    requirePermission(can(scope.roles, 'update', 'tenant', 'any'));
    const body = rateSchema.parse(req.body ?? {});
    const now = new Date();
    const rate_e4 = rateToE4(body.rate);
    await ctx.db
      .insertInto('exchange_rates')
      .values({ id: newId(), currency: body.currency, effective_date: body.effective_date, rate_e4, updated_by: scope.user.id, updated_at: now })
      .onConflict((oc) => oc.columns(['currency', 'effective_date']).doUpdateSet({ rate_e4, updated_by: scope.user.id, updated_at: now }))
      .execute();
    return { currency: body.currency, effective_date: body.effective_date, rate: rateFromE4(rate_e4) };
  });
}
