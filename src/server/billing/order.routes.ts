// Orders (orderManage, orderGeneral, orderDetail/:id): every purchase, resize and conversion the
// meter saw, with the pricing module's result. A tenant-wide role sees the tenant's, a project role
// its project's. Filters: type, state, product (kind), creation days (Asia/Shanghai).
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { notFound } from '../../domain/errors.ts';
import { isId } from '../../domain/ids.ts';
import { PLATFORM_ROLES, TENANT_ROLES, can } from '../../domain/roles.ts';
import { dayStart, monthOf, monthIndex, shanghaiDay } from '../../domain/billing/billing.ts';
import { orderOverviewSchema, orderQuerySchema } from '../../domain/billing/orders.ts';
import { requirePermission } from '../plugins/auth.plugin.ts';
import { resolveScope } from '../plugins/scope.ts';
import type { AppContext } from '../context.ts';

/** What the access guard checks (ADR 0021): the handler's own check, `read:order`. */
const READ = { config: { permission: 'read:order' } } as const;

export async function orderRoutes(app: FastifyInstance, ctx: AppContext) {
  const orderScope = async (req: FastifyRequest) => {
    const scope = await resolveScope(req, ctx.tenancy);
    requirePermission(can(scope.roles, 'read', 'order'));
    await ctx.meter.settled();
    const wide = scope.roles.some((r) => TENANT_ROLES.includes(r) || PLATFORM_ROLES.includes(r));
    return { tenantId: scope.tenantId, projectId: wide ? null : scope.projectId };
  };
  const ordersOf = (s: { tenantId: string; projectId: string | null }) => {
    let q = ctx.db.selectFrom('orders').where('tenant_id', '=', s.tenantId);
    if (s.projectId) q = q.where('project_id', '=', s.projectId);
    return q;
  };

  app.get('/api/v1/cloud/orders', READ, async (req) => {
    const s = await orderScope(req);
    const f = orderQuerySchema.parse(req.query ?? {});
    let q = ordersOf(s);
    if (f.order_type) q = q.where('order_type', '=', f.order_type);
    if (f.state) q = q.where('state', '=', f.state);
    if (f.kind) q = q.where('kind', '=', f.kind);
    if (f.resource_id) q = q.where('resource_id', '=', f.resource_id);
    if (f.start_date) q = q.where('created_at', '>=', dayStart(f.start_date));
    if (f.end_date) q = q.where('created_at', '<', new Date(dayStart(f.end_date).getTime() + 86_400_000));
    const count = await q.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
    const data = await q.selectAll().orderBy('created_at', 'desc').orderBy('id').limit(f.__limit).offset(f.__offset).execute();
    return { count: Number(count.n), data };
  });

  // orderGeneral: counts and sums by month and type over the last months (Shanghai months).
  app.get('/api/v1/cloud/orders/overview', READ, async (req) => {
    const s = await orderScope(req);
    const { months } = orderOverviewSchema.parse(req.query ?? {});
    const now = new Date();
    const last = monthIndex(shanghaiDay(now).slice(0, 7));
    const first = monthOf(last - months + 1);
    const rows = await ordersOf(s)
      .select(['order_type', 'created_at', 'sum_price', 'cheap_price'])
      .where('created_at', '>=', dayStart(`${first}-01`))
      .execute();
    const list = Array.from({ length: months }, (_, i) => monthOf(last - months + 1 + i));
    const byMonth = new Map(list.map((m) => [m, { month: m, count: 0, sum_price: 0, cheap_price: 0, by_type: {} as Record<string, number> }]));
    const byType = new Map<string, { order_type: string; count: number; sum_price: number }>();
    for (const r of rows) {
      const m = byMonth.get(shanghaiDay(new Date(r.created_at)).slice(0, 7));
      if (!m) continue;
      m.count += 1;
      m.sum_price += Number(r.sum_price);
      m.cheap_price += Number(r.cheap_price);
      m.by_type[r.order_type] = (m.by_type[r.order_type] ?? 0) + 1;
      const t = byType.get(r.order_type) ?? { order_type: r.order_type, count: 0, sum_price: 0 };
      t.count += 1;
      t.sum_price += Number(r.sum_price);
      byType.set(r.order_type, t);
    }
    const monthsOut = [...byMonth.values()];
    return {
      start_month: first,
      end_month: monthOf(last),
      total: { count: rows.length, sum_price: monthsOut.reduce((n, m) => n + m.sum_price, 0), cheap_price: monthsOut.reduce((n, m) => n + m.cheap_price, 0) },
      months: monthsOut,
      types: [...byType.values()].sort((a, b) => b.count - a.count),
    };
  });

  app.get('/api/v1/cloud/orders/:id', READ, async (req) => {
    const s = await orderScope(req);
    const { id } = req.params as { id: string };
    const row = isId(id) ? await ordersOf(s).selectAll().where('id', '=', id).executeTakeFirst() : undefined;
    if (!row) throw notFound();
    // The resource link: the resource if it still exists (its kind's detail page), else only its name.
    const res = await ctx.db
      .selectFrom('resources')
      .select(['id', 'kind', 'status', 'spec'])
      .where('id', '=', row.resource_id)
      .where('tenant_id', '=', s.tenantId)
      .executeTakeFirst();
    const project = await ctx.db.selectFrom('projects').select(['name_zh']).where('id', '=', row.project_id).executeTakeFirst();
    const spec = (res?.spec ?? {}) as Record<string, unknown>;
    return {
      ...row,
      project_name: project?.name_zh ?? null,
      resource: res
        ? {
            id: res.id,
            kind: res.kind,
            status: res.status,
            charging_code: spec.charging_code ?? 'quantity',
            charging_since: spec.charging_since ?? null,
            contract_until: spec.contract_until ?? null,
          }
        : null,
    };
  });
}
