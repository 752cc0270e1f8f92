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
import type { Db } from '../platform/db/database.ts';
import type { CloudProvider } from '../engine/cloud/provider.ts';
import * as repo from './cost-strategy.repository.ts';
import { projectNames } from './bill.repository.ts';

export interface CostStrategyDeps {
  db: Db;
  provider: () => CloudProvider;
}

type FindingScope = { tenantId: string; projectId: string | null };

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

/** The strategy applied on `today` and the one waiting for the next day. */
async function choiceOf(deps: CostStrategyDeps, tenantId: string, today: string) {
  const c = await repo.choiceRow(deps.db, tenantId);
  if (!c) return { applied: DEFAULT_STRATEGY_ID, pending: null as string | null, effective_date: null as string | null };
  const started = c.effective_date <= today;
  return {
    applied: started ? (c.strategy_id ?? DEFAULT_STRATEGY_ID) : (c.previous_id ?? DEFAULT_STRATEGY_ID),
    pending: started ? null : (c.strategy_id ?? DEFAULT_STRATEGY_ID),
    effective_date: c.effective_date,
  };
}

export async function list(deps: CostStrategyDeps, tenantId: string, now = new Date()) {
  const rows = await repo.strategiesOf(deps.db, tenantId);
  const choice = await choiceOf(deps, tenantId, shanghaiDay(now));
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

export async function create(deps: CostStrategyDeps, tenantId: string, body: { name: string; rules: CostRules }, now = new Date()) {
  return deps.db.transaction().execute(async (trx) => {
    // One writer at a time per tenant (the 6th is refused even when two arrive together).
    await repo.lockTenant(trx, tenantId);
    if ((await repo.countStrategies(trx, tenantId)) >= MAX_COST_STRATEGIES) throw conflict('orders.strategy_limit', { max: MAX_COST_STRATEGIES });
    const row = { id: newId(), tenant_id: tenantId, name: body.name, rules: JSON.stringify(body.rules), created_at: now, updated_at: now };
    await repo.insertStrategy(trx, row);
    return { id: row.id, name: row.name, rules: body.rules };
  });
}

export async function update(deps: CostStrategyDeps, tenantId: string, id: string, body: { name: string; rules: CostRules }) {
  const updated = await repo.updateStrategy(deps.db, tenantId, id, { name: body.name, rules: JSON.stringify(body.rules), updated_at: new Date() });
  if (!updated) throw notFound();
  return { id, name: body.name, rules: body.rules };
}

export async function remove(deps: CostStrategyDeps, tenantId: string, id: string, now = new Date()) {
  if (!(await repo.strategyExists(deps.db, tenantId, id))) throw notFound();
  const choice = await choiceOf(deps, tenantId, shanghaiDay(now));
  if (choice.applied === id || choice.pending === id) throw conflict('orders.strategy_in_use');
  await repo.deleteStrategy(deps.db, id);
  return { id, deleted: true };
}

/** Applies a strategy from the next Shanghai day; until then the one in effect stays. */
export async function apply(deps: CostStrategyDeps, tenantId: string, id: string, now = new Date()) {
  if (id !== DEFAULT_STRATEGY_ID && !(await repo.strategyExists(deps.db, tenantId, id))) throw notFound();
  const choice = await choiceOf(deps, tenantId, shanghaiDay(now));
  const effective_date = nextDay(now);
  await repo.upsertChoice(deps.db, tenantId, {
    strategy_id: id === DEFAULT_STRATEGY_ID ? null : id,
    previous_id: choice.applied === DEFAULT_STRATEGY_ID ? null : choice.applied,
    effective_date,
    updated_at: now,
  });
  return { applied_id: choice.applied, pending_id: id, effective_date };
}

/** The strategy in effect on `today`: its id, name and rules (the default's when it is gone). */
async function strategyInEffect(deps: CostStrategyDeps, tenantId: string, today: string) {
  const choice = await choiceOf(deps, tenantId, today);
  const s = choice.applied !== DEFAULT_STRATEGY_ID ? await repo.strategyRules(deps.db, choice.applied) : undefined;
  return { id: choice.applied, name: s ? s.name : null, rules: s ? (s.rules as unknown as CostRules) : DEFAULT_COST_RULES };
}

type Host = Awaited<ReturnType<typeof repo.runningHosts>>[number];
type HostFinding = ReturnType<typeof findingOf>;

/** What the findings read besides the hosts: their open intervals and charges, zone and project names. */
async function hostContext(deps: CostStrategyDeps, scope: FindingScope, hosts: Host[]) {
  const ids = hosts.map((h) => h.id);
  const azIds = [...new Set(hosts.map((h) => h.az_id).filter((x): x is string => !!x))];
  return {
    segs: await repo.openSegmentsOf(deps.db, ids),
    charges: await repo.chargesOf(deps.db, ids),
    azName: new Map((await repo.azNames(deps.db, azIds)).map((a) => [a.id, a.name])),
    projectName: new Map((await projectNames(deps.db, scope.tenantId)).map((p) => [p.id, p.name_zh])),
  };
}
type HostContext = Awaited<ReturnType<typeof hostContext>>;

/** A host's monthly cost: its hourly interval over a month, or its last period charge per month. */
function monthlyOf(c: HostContext, id: string) {
  const seg = c.segs.find((s) => s.resource_id === id);
  if (seg && seg.charging_code === 'quantity') return hourlyCharge(seg.items as PriceItem[], seg.units as UnitPrice[], HOURS_PER_MONTH).amount_fen;
  const charge = c.charges.filter((x) => x.resource_id === id).at(-1);
  return charge ? Math.round(Number(charge.amount_fen) / Math.max(1, charge.duration)) : 0;
}

function findingOf(c: HostContext, rules: CostRules, h: Host, peak: (id: string, metric: 'cpu' | 'memory') => number) {
  const monthly = monthlyOf(c, h.id);
  const cpu_max = peak(h.id, 'cpu');
  const memory_max = peak(h.id, 'memory');
  const finding: Finding = classify(rules, cpu_max, memory_max);
  const spec = (typeof h.spec === 'string' ? JSON.parse(h.spec) : h.spec) as Record<string, unknown>;
  return {
    resource_id: h.id,
    resource_name: h.name,
    project_id: h.project_id,
    project_name: c.projectName.get(h.project_id) ?? null,
    vendor: h.vendor,
    az_id: h.az_id,
    az_name: h.az_id ? (c.azName.get(h.az_id) ?? null) : null,
    flavor: typeof spec.flavor === 'string' ? spec.flavor : null,
    cpu_max,
    memory_max,
    finding,
    monthly_fen: monthly,
    saving_fen: savingOf(finding, monthly),
  };
}

function summaryOf(data: HostFinding[]) {
  return Object.fromEntries(
    [...FINDINGS, 'normal' as const].map((f) => {
      const of = data.filter((d) => d.finding === f);
      return [f, { count: of.length, saving_fen: of.reduce((n, d) => n + d.saving_fen, 0), monthly_fen: of.reduce((n, d) => n + d.monthly_fen, 0) }];
    }),
  );
}

type ZoneSum = {
  az_id: string | null;
  az_name: string | null;
  total: number;
  idle: number;
  over: number;
  expand: number;
  saving_fen: number;
  monthly_fen: number;
};

/** The findings by zone, largest saving first. */
function zonesOf(data: HostFinding[]) {
  const zones = new Map<string, ZoneSum>();
  for (const d of data) {
    const k = d.az_id ?? '';
    const z = zones.get(k) ?? { az_id: d.az_id, az_name: d.az_name, total: 0, idle: 0, over: 0, expand: 0, saving_fen: 0, monthly_fen: 0 };
    z.total += 1;
    if (d.finding !== 'normal') z[d.finding] += 1;
    z.saving_fen += d.saving_fen;
    z.monthly_fen += d.monthly_fen;
    zones.set(k, z);
  }
  return [...zones.values()].sort((a, b) => b.saving_fen - a.saving_fen);
}

/** The findings of the strategy in effect over yesterday's monitoring (whole Shanghai day). */
export async function findings(deps: CostStrategyDeps, scope: FindingScope, now = new Date()) {
  const today = shanghaiDay(now);
  const strategy = await strategyInEffect(deps, scope.tenantId, today);
  const to = dayStart(today).getTime();
  const from = to - 86_400_000;
  const hosts = await repo.runningHosts(deps.db, scope);
  const c = await hostContext(deps, scope, hosts);
  const provider = deps.provider();
  // The peak of the day's hourly averages: a sustained load, not one noisy sample.
  const peak = (id: string, metric: 'cpu' | 'memory') => peakHourly(provider.series(id, metric, from, to));
  const data = hosts.map((h) => findingOf(c, strategy.rules, h, peak));
  return {
    strategy,
    window: { from: new Date(from).toISOString(), to: new Date(to).toISOString(), day: shanghaiDay(new Date(from)) },
    summary: summaryOf(data),
    saving_fen: data.reduce((n, d) => n + d.saving_fen, 0),
    zones: zonesOf(data),
    count: data.length,
    data: data.sort((a, b) => b.saving_fen - a.saving_fen || a.resource_name.localeCompare(b.resource_name)),
  };
}

export function costStrategyService(deps: CostStrategyDeps) {
  return {
    list: (tenantId: string, now?: Date) => list(deps, tenantId, now),
    create: (tenantId: string, body: { name: string; rules: CostRules }, now?: Date) => create(deps, tenantId, body, now),
    update: (tenantId: string, id: string, body: { name: string; rules: CostRules }) => update(deps, tenantId, id, body),
    remove: (tenantId: string, id: string, now?: Date) => remove(deps, tenantId, id, now),
    apply: (tenantId: string, id: string, now?: Date) => apply(deps, tenantId, id, now),
    findings: (scope: FindingScope, now?: Date) => findings(deps, scope, now),
  };
}
export type CostStrategyService = ReturnType<typeof costStrategyService>;
