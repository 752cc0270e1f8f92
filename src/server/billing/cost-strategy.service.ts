// Cost optimisation (billCostSeo, zoneBillCostSeo; seed 001 §3, §5, §9): a tenant's strategies (at
// most 5 besides the built-in default), the one it applies (a new choice counts from the next
// Shanghai day; the applied one cannot be deleted) and the findings: each running host's CPU and
// memory peaks over the last whole day (the highest hourly average), read from the cloud's monitoring series, classified by
// the strategy in effect, with what acting on it would save a month.
import { newId } from '../../domain/ids.ts';
import { conflict, notFound } from '../../domain/errors.ts';
import { dayStart, hourlyCharge, shanghaiDay } from '../../domain/billing/billing.ts';
import {
  DEFAULT_COST_RULES,
  DEFAULT_STRATEGY_ID,
  FINDINGS,
  MAX_COST_STRATEGIES,
  classify,
  nextDay,
  savingOf,
  type CostRules,
  type Finding,
} from '../../domain/billing/orders.ts';
import type { PriceItem, UnitPrice } from '../../domain/pricing.ts';
import type { Db } from '../db/database.ts';
import type { CloudProvider } from '../cloud/provider.ts';

const HOURS_PER_MONTH = 720;
const HOUR_MS = 3_600_000;

/** The highest hourly average of a series of [t ms, value] samples, to two decimals. */
export function peakHourly(samples: [number, number][]): number {
  const sums = new Map<number, { sum: number; n: number }>();
  for (const [t, v] of samples) {
    const h = Math.floor((t - 1) / HOUR_MS);
    const b = sums.get(h) ?? { sum: 0, n: 0 };
    b.sum += v;
    b.n += 1;
    sums.set(h, b);
  }
  let peak = 0;
  for (const b of sums.values()) peak = Math.max(peak, b.sum / b.n);
  return Math.round(peak * 100) / 100;
}

export function costStrategyService(deps: { db: Db; provider: () => CloudProvider }) {
  const { db } = deps;

  async function choiceOf(tenantId: string, today: string) {
    const c = await db.selectFrom('cost_strategy_choices').selectAll().where('tenant_id', '=', tenantId).executeTakeFirst();
    if (!c) return { applied: DEFAULT_STRATEGY_ID, pending: null as string | null, effective_date: null as string | null };
    const started = c.effective_date <= today;
    return {
      applied: started ? (c.strategy_id ?? DEFAULT_STRATEGY_ID) : (c.previous_id ?? DEFAULT_STRATEGY_ID),
      pending: started ? null : (c.strategy_id ?? DEFAULT_STRATEGY_ID),
      effective_date: c.effective_date,
    };
  }

  async function list(tenantId: string, now = new Date()) {
    const rows = await db.selectFrom('cost_strategies').selectAll().where('tenant_id', '=', tenantId).orderBy('created_at').orderBy('id').execute();
    const choice = await choiceOf(tenantId, shanghaiDay(now));
    const all = [
      { id: DEFAULT_STRATEGY_ID, name: null as string | null, rules: DEFAULT_COST_RULES, is_default: true, created_at: null as Date | null },
      ...rows.map((r) => ({ id: r.id, name: r.name, rules: r.rules as unknown as CostRules, is_default: false, created_at: r.created_at })),
    ];
    return {
      applied_id: choice.applied,
      pending_id: choice.pending,
      effective_date: choice.effective_date,
      max: MAX_COST_STRATEGIES,
      count: all.length,
      data: all.map((s) => ({ ...s, applied: s.id === choice.applied, pending: s.id === choice.pending })),
    };
  }

  async function create(tenantId: string, body: { name: string; rules: CostRules }, now = new Date()) {
    return db.transaction().execute(async (trx) => {
      // One writer at a time per tenant (the 6th is refused even when two arrive together).
      await trx.selectFrom('tenants').select('id').where('id', '=', tenantId).forUpdate().executeTakeFirst();
      const n = await trx
        .selectFrom('cost_strategies')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('tenant_id', '=', tenantId)
        .executeTakeFirstOrThrow();
      if (Number(n.n) >= MAX_COST_STRATEGIES) throw conflict('orders.strategy_limit', { max: MAX_COST_STRATEGIES });
      const row = { id: newId(), tenant_id: tenantId, name: body.name, rules: JSON.stringify(body.rules), created_at: now, updated_at: now };
      await trx.insertInto('cost_strategies').values(row).execute();
      return { id: row.id, name: row.name, rules: body.rules };
    });
  }

  async function update(tenantId: string, id: string, body: { name: string; rules: CostRules }) {
    const r = await db
      .updateTable('cost_strategies')
      .set({ name: body.name, rules: JSON.stringify(body.rules), updated_at: new Date() })
      .where('id', '=', id)
      .where('tenant_id', '=', tenantId)
      .executeTakeFirst();
    if (!Number(r.numUpdatedRows)) throw notFound();
    return { id, name: body.name, rules: body.rules };
  }

  async function remove(tenantId: string, id: string, now = new Date()) {
    const row = await db.selectFrom('cost_strategies').select('id').where('id', '=', id).where('tenant_id', '=', tenantId).executeTakeFirst();
    if (!row) throw notFound();
    const choice = await choiceOf(tenantId, shanghaiDay(now));
    if (choice.applied === id || choice.pending === id) throw conflict('orders.strategy_in_use');
    await db.deleteFrom('cost_strategies').where('id', '=', id).execute();
    return { id, deleted: true };
  }

  /** Applies a strategy from the next Shanghai day; until then the one in effect stays. */
  async function apply(tenantId: string, id: string, now = new Date()) {
    if (id !== DEFAULT_STRATEGY_ID) {
      const row = await db.selectFrom('cost_strategies').select('id').where('id', '=', id).where('tenant_id', '=', tenantId).executeTakeFirst();
      if (!row) throw notFound();
    }
    const choice = await choiceOf(tenantId, shanghaiDay(now));
    const effective_date = nextDay(now);
    const values = {
      strategy_id: id === DEFAULT_STRATEGY_ID ? null : id,
      previous_id: choice.applied === DEFAULT_STRATEGY_ID ? null : choice.applied,
      effective_date,
      updated_at: now,
    };
    await db
      .insertInto('cost_strategy_choices')
      .values({ tenant_id: tenantId, ...values })
      .onConflict((oc) => oc.column('tenant_id').doUpdateSet(values))
      .execute();
    return { applied_id: choice.applied, pending_id: id, effective_date };
  }

  /** The findings of the strategy in effect over yesterday's monitoring (whole Shanghai day). */
  async function findings(scope: { tenantId: string; projectId: string | null }, now = new Date()) {
    const today = shanghaiDay(now);
    const choice = await choiceOf(scope.tenantId, today);
    let rules = DEFAULT_COST_RULES;
    let name: string | null = null;
    if (choice.applied !== DEFAULT_STRATEGY_ID) {
      const s = await db.selectFrom('cost_strategies').select(['name', 'rules']).where('id', '=', choice.applied).executeTakeFirst();
      if (s) {
        rules = s.rules as unknown as CostRules;
        name = s.name;
      }
    }
    const to = dayStart(today).getTime();
    const from = to - 86_400_000;
    let q = db
      .selectFrom('resources')
      .select(['id', 'name', 'project_id', 'vendor', 'region_id', 'az_id', 'spec'])
      .where('tenant_id', '=', scope.tenantId)
      .where('kind', '=', 'instance')
      .where('status', '=', 'running');
    if (scope.projectId) q = q.where('project_id', '=', scope.projectId);
    const hosts = await q.orderBy('name').orderBy('id').limit(1000).execute();
    const ids = hosts.map((h) => h.id);
    const segs = ids.length
      ? await db
          .selectFrom('meter_segments')
          .select(['resource_id', 'charging_code', 'items', 'units'])
          .where('resource_id', 'in', ids)
          .where('ended_at', 'is', null)
          .execute()
      : [];
    const charges = ids.length
      ? await db
          .selectFrom('bill_charges')
          .select(['resource_id', 'amount_fen', 'duration', 'charged_at'])
          .where('resource_id', 'in', ids)
          .orderBy('charged_at')
          .execute()
      : [];
    const azIds = [...new Set(hosts.map((h) => h.az_id).filter((x): x is string => !!x))];
    const azs = azIds.length ? await db.selectFrom('azs').select(['id', 'name']).where('id', 'in', azIds).execute() : [];
    const azName = new Map(azs.map((a) => [a.id, a.name]));
    const projects = await db.selectFrom('projects').select(['id', 'name_zh']).where('tenant_id', '=', scope.tenantId).execute();
    const projectName = new Map(projects.map((p) => [p.id, p.name_zh]));
    const provider = deps.provider();
    // The peak of the day's hourly averages: a sustained load, not one noisy sample.
    const max = (id: string, metric: 'cpu' | 'memory') => peakHourly(provider.series(id, metric, from, to));

    const data = hosts.map((h) => {
      const seg = segs.find((s) => s.resource_id === h.id);
      let monthly = 0;
      if (seg && seg.charging_code === 'quantity') monthly = hourlyCharge(seg.items as PriceItem[], seg.units as UnitPrice[], HOURS_PER_MONTH).amount_fen;
      else {
        const c = charges.filter((x) => x.resource_id === h.id).at(-1);
        if (c) monthly = Math.round(Number(c.amount_fen) / Math.max(1, c.duration));
      }
      const cpu_max = max(h.id, 'cpu');
      const memory_max = max(h.id, 'memory');
      const finding: Finding = classify(rules, cpu_max, memory_max);
      const spec = (typeof h.spec === 'string' ? JSON.parse(h.spec) : h.spec) as Record<string, unknown>;
      return {
        resource_id: h.id,
        resource_name: h.name,
        project_id: h.project_id,
        project_name: projectName.get(h.project_id) ?? null,
        vendor: h.vendor,
        az_id: h.az_id,
        az_name: h.az_id ? (azName.get(h.az_id) ?? null) : null,
        flavor: typeof spec.flavor === 'string' ? spec.flavor : null,
        cpu_max,
        memory_max,
        finding,
        monthly_fen: monthly,
        saving_fen: savingOf(finding, monthly),
      };
    });
    const summary = Object.fromEntries(
      [...FINDINGS, 'normal' as const].map((f) => {
        const of = data.filter((d) => d.finding === f);
        return [f, { count: of.length, saving_fen: of.reduce((n, d) => n + d.saving_fen, 0), monthly_fen: of.reduce((n, d) => n + d.monthly_fen, 0) }];
      }),
    );
    const zones = new Map<
      string,
      { az_id: string | null; az_name: string | null; total: number; idle: number; over: number; expand: number; saving_fen: number; monthly_fen: number }
    >();
    for (const d of data) {
      const k = d.az_id ?? '';
      const z = zones.get(k) ?? { az_id: d.az_id, az_name: d.az_name, total: 0, idle: 0, over: 0, expand: 0, saving_fen: 0, monthly_fen: 0 };
      z.total += 1;
      if (d.finding !== 'normal') z[d.finding] += 1;
      z.saving_fen += d.saving_fen;
      z.monthly_fen += d.monthly_fen;
      zones.set(k, z);
    }
    return {
      strategy: { id: choice.applied, name, rules },
      window: { from: new Date(from).toISOString(), to: new Date(to).toISOString(), day: shanghaiDay(new Date(from)) },
      summary,
      saving_fen: data.reduce((n, d) => n + d.saving_fen, 0),
      zones: [...zones.values()].sort((a, b) => b.saving_fen - a.saving_fen),
      count: data.length,
      data: data.sort((a, b) => b.saving_fen - a.saving_fen || a.resource_name.localeCompare(b.resource_name)),
    };
  }

  return { list, create, update, remove, apply, findings };
}
export type CostStrategyService = ReturnType<typeof costStrategyService>;
