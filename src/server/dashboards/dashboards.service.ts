// Dashboards (issue 31) as module functions over their deps: a user's panels in the tenant (added,
// renamed, turned on or off, removed, arranged — each change checked against the rules of
// domain/dashboards.ts under the row's lock, a refused change writing nothing), and the figures
// the pages draw: the overview's counts and 30-day trend, capacity per vendor and region against
// the simulated cloud's capacity, a report of chosen metrics, the GTM overview. Every figure is an
// aggregate of the caller's scope (another tenant's rows never enter a sum).
import { z } from 'zod';
import { AppError, conflict, notFound } from '../../domain/errors.ts';
import { newId } from '../../domain/ids.ts';
import { VENDOR_IDS } from '../../domain/kinds/common.ts';
import {
  BUILTIN_PANELS,
  CLUSTERS,
  CUSTOM_PANEL_MAX,
  clusterQuerySchema,
  defaultPanels,
  orderSchema,
  panelCreateSchema,
  panelPatchSchema,
  panelsRefusal,
  reorder,
  reportQuerySchema,
  type CapacityAnswer,
  type CapacityFigures,
  type Cluster,
  type GtmOverview,
  type Layout,
  type Panel,
  type ReportAnswer,
  type Summary,
} from '../../domain/dashboards.ts';
import { clusterCapacity } from '../engine/cloud/capacity.ts';
import type { Scope } from '../platform/auth/scope.ts';
import { parse } from '../platform/http/errors.plugin.ts';
import type { AggRow, AggScope, DashboardsRepository } from './dashboards.repository.ts';

export interface DashboardsDeps {
  repo: DashboardsRepository;
  now: () => Date;
}

const agg = (s: Scope): AggScope => ({ tenantId: s.tenantId, projectId: s.projectId });

/** Stored panels with any built-in one added since appended (on), so a new panel reaches everyone. */
function complete(panels: readonly Panel[]): Panel[] {
  const have = new Set(panels.map((p) => p.key));
  return [...panels, ...BUILTIN_PANELS.filter((k) => !have.has(k)).map((key): Panel => ({ key, type: 'builtin', on: true }))];
}

const layoutOut = (row: { panels: Panel[]; updated_at: Date } | undefined): Layout =>
  row
    ? { panels: complete(row.panels), updated_at: row.updated_at.getTime() > 0 ? row.updated_at.toISOString() : null }
    : { panels: defaultPanels(), updated_at: null };

export async function getLayout(deps: DashboardsDeps, scope: Scope): Promise<Layout> {
  return layoutOut(await deps.repo.layout(scope.user.id, scope.tenantId));
}

/** Applies `change` under the lock; a result that breaks a rule is refused (409) and nothing is written. */
async function change(deps: DashboardsDeps, scope: Scope, fn: (panels: Panel[]) => Panel[]): Promise<Layout> {
  const row = await deps.repo.changeLayout(scope.user.id, scope.tenantId, defaultPanels(), (stored) => {
    const next = fn(complete(stored));
    const refusal = panelsRefusal(next);
    if (refusal) throw conflict(`dashboards.${refusal}`, { max: CUSTOM_PANEL_MAX });
    return next;
  });
  return layoutOut(row);
}

export async function addPanel(deps: DashboardsDeps, scope: Scope, body: unknown): Promise<Layout> {
  const input = parse(panelCreateSchema, body);
  return change(deps, scope, (panels) => [...panels, { key: newId(), type: 'custom', on: true, name: input.name, metrics: input.metrics }]);
}

const find = (panels: Panel[], key: string) => {
  const i = panels.findIndex((p) => p.key === key);
  if (i < 0) throw notFound();
  return i;
};

export async function patchPanel(deps: DashboardsDeps, scope: Scope, key: string, body: unknown): Promise<Layout> {
  const input = parse(panelPatchSchema, body);
  return change(deps, scope, (panels) => {
    const i = find(panels, key);
    const p = panels[i]!;
    if (p.type === 'builtin' && (input.name !== undefined || input.metrics !== undefined)) throw conflict('dashboards.builtin_edit');
    const out = [...panels];
    out[i] = {
      ...p,
      ...(input.on !== undefined ? { on: input.on } : {}),
      ...(input.name !== undefined ? { name: input.name } : {}),
      ...(input.metrics ? { metrics: input.metrics } : {}),
    };
    return out;
  });
}

export async function deletePanel(deps: DashboardsDeps, scope: Scope, key: string): Promise<Layout> {
  return change(deps, scope, (panels) => {
    const i = find(panels, key);
    if (panels[i]!.type === 'builtin') throw conflict('dashboards.builtin_delete');
    return panels.filter((_, j) => j !== i);
  });
}

export async function setOrder(deps: DashboardsDeps, scope: Scope, body: unknown): Promise<Layout> {
  const { keys } = parse(orderSchema, body);
  return change(deps, scope, (panels) => {
    const next = reorder(panels, keys);
    if (!next) throw new AppError(400, 'dashboards.order_mismatch');
    return next;
  });
}

const ZERO: CapacityFigures = { count: 0, cores_used: 0, cores_total: 0, memory_used: 0, memory_total: 0, storage_used: 0, storage_total: 0 };

/** What one cluster uses in one group, from the group's sums. */
function used(cluster: Cluster, r: AggRow) {
  if (cluster === 'compute') return { count: r.compute_count, cores_used: r.cores_used, memory_used: r.memory_used, storage_used: r.storage_used };
  if (cluster === 'database') return { count: r.db_count, cores_used: r.db_cores, memory_used: r.db_memory, storage_used: r.db_storage };
  return { count: r.cache_count, cores_used: 0, memory_used: r.cache_memory, storage_used: 0 };
}

function add(a: CapacityFigures, b: CapacityFigures): CapacityFigures {
  const out = { ...a };
  for (const k of Object.keys(out) as (keyof CapacityFigures)[]) out[k] += b[k];
  return out;
}

function capacityOf(cluster: Cluster, rows: AggRow[]): CapacityAnswer {
  const out = rows
    .filter((r) => r.group_key)
    .map((r) => {
      const cap = clusterCapacity(r.vendor, r.group_key, cluster);
      return {
        vendor: r.vendor,
        region_id: r.group_key,
        region_name: r.group_label,
        ...used(cluster, r),
        cores_total: cap.cores,
        memory_total: cap.memory,
        storage_total: cap.storage,
      };
    })
    .sort(
      (a, b) =>
        VENDOR_IDS.indexOf(a.vendor as never) - VENDOR_IDS.indexOf(b.vendor as never) ||
        b.count - a.count ||
        a.region_name.localeCompare(b.region_name, 'zh-CN'),
    );
  return { cluster, rows: out, totals: out.reduce((t, r) => add(t, r), ZERO) };
}

export async function capacity(deps: DashboardsDeps, scope: Scope, query: unknown): Promise<CapacityAnswer> {
  const { cluster } = parse(clusterQuerySchema, query);
  return capacityOf(cluster, await deps.repo.aggregate(agg(scope), 'place'));
}

const summaryQuery = z.object({ vendor: z.enum(VENDOR_IDS).optional() });
const DAY = 86_400_000;
/** A China-time day as YYYY-MM-DD. */
const chinaDay = (t: number) => new Date(t + 8 * 3_600_000).toISOString().slice(0, 10);

export async function summary(deps: DashboardsDeps, scope: Scope, query: unknown): Promise<Summary> {
  const { vendor } = parse(summaryQuery, query);
  const s = agg(scope);
  // The trend's first day starts at China midnight 29 days ago.
  const today = Date.parse(`${chinaDay(deps.now().getTime())}T00:00:00+08:00`);
  const from = new Date(today - 29 * DAY);
  const [kinds, places, byVendor, created] = await Promise.all([
    deps.repo.kindCounts(s, vendor),
    deps.repo.aggregate(s, 'place', vendor),
    deps.repo.aggregate(s, 'vendor', vendor),
    deps.repo.createdPerDay(s, from, vendor),
  ]);
  const perDay = new Map(created.days.map((d) => [d.day, d.n]));
  let running = created.before;
  const trend = Array.from({ length: 30 }, (_, i) => {
    const day = chinaDay(from.getTime() + i * DAY);
    running += perDay.get(day) ?? 0;
    return { day, count: running };
  });
  const capacity = Object.fromEntries(CLUSTERS.map((c) => [c, capacityOf(c, places).totals])) as Summary['capacity'];
  return { kinds, vendors: byVendor.map((r) => ({ vendor: r.vendor, count: r.resource_count })), capacity, trend };
}

export async function report(deps: DashboardsDeps, scope: Scope, query: unknown): Promise<ReportAnswer> {
  const q = parse(reportQuerySchema, query);
  const rows = await deps.repo.aggregate(agg(scope), q.group);
  const pick = (r: AggRow) => Object.fromEntries(q.metrics.map((m) => [m, r[m]]));
  const outRows = rows.map((r) => ({ key: r.group_key, label: r.group_label, values: pick(r) }));
  const totals = Object.fromEntries(q.metrics.map((m) => [m, rows.reduce((t, r) => t + r[m], 0)]));
  return { group: q.group, metrics: q.metrics, rows: outRows, totals };
}

export async function gtmOverview(deps: DashboardsDeps, scope: Scope): Promise<GtmOverview> {
  const { stats, latest } = await deps.repo.gtm(agg(scope), 20);
  const sum = (k: 'n' | 'pools' | 'policies' | 'alarm_on') => stats.reduce((t, r) => t + Number(r[k]), 0);
  return {
    total: sum('n'),
    by_status: Object.fromEntries(stats.map((r) => [r.status, Number(r.n)])),
    pools: sum('pools'),
    policies: sum('policies'),
    alarm_on: sum('alarm_on'),
    instances: latest.map((r) => ({ ...r, cname: r.cname ?? '', pool_count: Number(r.pool_count), policy_count: Number(r.policy_count) })),
  };
}
