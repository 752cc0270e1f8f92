// Orders (orderManage, orderGeneral, orderDetail/:id): every purchase, resize and conversion the
// meter saw, with the pricing module's result; a page of them, their months' sums by type, and one
// with its resource and project. Module functions over the app's database.
import { notFound } from '../../domain/errors.ts';
import { dayStart, monthOf, monthIndex, shanghaiDay } from '../../domain/billing/billing.ts';
import type { Db } from '../platform/db/database.ts';
import * as repo from './order.repository.ts';
import type { OrderScope } from './order.repository.ts';

export interface OrderQuery {
  order_type?: string;
  state?: string;
  kind?: string;
  resource_id?: string;
  /** creation days (Asia/Shanghai), inclusive */
  start_date?: string;
  end_date?: string;
  __limit: number;
  __offset: number;
}

export async function listOrders(db: Db, s: OrderScope, f: OrderQuery) {
  const filter: repo.OrderFilter = {
    order_type: f.order_type,
    state: f.state,
    kind: f.kind,
    resource_id: f.resource_id,
    from: f.start_date ? dayStart(f.start_date) : undefined,
    before: f.end_date ? new Date(dayStart(f.end_date).getTime() + 86_400_000) : undefined,
  };
  const count = await repo.countOrders(db, s, filter);
  const data = await repo.pageOfOrders(db, s, filter, f.__limit, f.__offset);
  return { count, data };
}

type MonthSum = { month: string; count: number; sum_price: number; cheap_price: number; by_type: Record<string, number> };
type TypeSum = { order_type: string; count: number; sum_price: number };
type OverviewRow = Awaited<ReturnType<typeof repo.ordersSince>>[number];

/** Adds an order to its month's and its type's sums (orders outside the months are left out). */
function addTo(byMonth: Map<string, MonthSum>, byType: Map<string, TypeSum>, r: OverviewRow) {
  const m = byMonth.get(shanghaiDay(new Date(r.created_at)).slice(0, 7));
  if (!m) return;
  m.count += 1;
  m.sum_price += Number(r.sum_price);
  m.cheap_price += Number(r.cheap_price);
  m.by_type[r.order_type] = (m.by_type[r.order_type] ?? 0) + 1;
  const t = byType.get(r.order_type) ?? { order_type: r.order_type, count: 0, sum_price: 0 };
  t.count += 1;
  t.sum_price += Number(r.sum_price);
  byType.set(r.order_type, t);
}

/** orderGeneral: counts and sums by month and type over the last months (Shanghai months). */
export async function overview(db: Db, s: OrderScope, months: number, now = new Date()) {
  const last = monthIndex(shanghaiDay(now).slice(0, 7));
  const first = monthOf(last - months + 1);
  const rows = await repo.ordersSince(db, s, dayStart(`${first}-01`));
  const list = Array.from({ length: months }, (_, i) => monthOf(last - months + 1 + i));
  const byMonth = new Map(list.map((m) => [m, { month: m, count: 0, sum_price: 0, cheap_price: 0, by_type: {} as Record<string, number> }]));
  const byType = new Map<string, TypeSum>();
  for (const r of rows) addTo(byMonth, byType, r);
  const monthsOut = [...byMonth.values()];
  return {
    start_month: first,
    end_month: monthOf(last),
    total: { count: rows.length, sum_price: monthsOut.reduce((n, m) => n + m.sum_price, 0), cheap_price: monthsOut.reduce((n, m) => n + m.cheap_price, 0) },
    months: monthsOut,
    types: [...byType.values()].sort((a, b) => b.count - a.count),
  };
}

/** One order, with its project's name and its resource if it still exists (its kind's detail page), else only its name. */
export async function orderDetail(db: Db, s: OrderScope, id: string) {
  const row = await repo.orderById(db, s, id);
  if (!row) throw notFound();
  const res = await repo.orderResource(db, s.tenantId, row.resource_id);
  const project = await repo.projectNameOf(db, row.project_id);
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
}
