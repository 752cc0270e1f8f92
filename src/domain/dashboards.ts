// Dashboards of the operations area (issue 31; seed 001 §2 "resource dashboards with customisable
// panels", §5 "at most 3 custom panels, panel name 1-12 characters, at least one panel must stay
// on"): a user's panels — the built-in ones (resource overview, the three capacity clusters, the
// spread over vendors) and up to three of their own, each a name and the metrics it shows — in the
// order they arranged, each on or off. The capacity views count the tenant's own resources per
// vendor and region against the cloud's capacity there; a report lays chosen metrics out by vendor,
// region or project. Shared by the server (which refuses) and the web (which checks before sending).
import { z } from 'zod';

export const DASHBOARDS_URL = '/api/v1/dashboards';

export const CUSTOM_PANEL_MAX = 3;
export const PANEL_NAME_MAX = 12;
export const PANEL_METRICS_MAX = 6;

export const CLUSTERS = ['compute', 'database', 'memory'] as const;
export type Cluster = (typeof CLUSTERS)[number];

/** The built-in panels, in their first order. */
export const BUILTIN_PANELS = ['overview', 'compute', 'database', 'memory', 'vendors'] as const;
export type BuiltinPanel = (typeof BUILTIN_PANELS)[number];

/** What a custom panel or a report can show: one aggregate of the scope's resources each. */
export const METRICS = {
  resource_count: { unit: 'count' },
  instance_count: { unit: 'count' },
  cores_used: { unit: 'core' },
  memory_used: { unit: 'gb' },
  storage_used: { unit: 'gb' },
  volume_count: { unit: 'count' },
  db_count: { unit: 'count' },
  db_cores: { unit: 'core' },
  db_memory: { unit: 'gb' },
  db_storage: { unit: 'gb' },
  cache_count: { unit: 'count' },
  cache_memory: { unit: 'gb' },
  eip_count: { unit: 'count' },
} as const;
export type MetricKey = keyof typeof METRICS;
export type MetricUnit = (typeof METRICS)[MetricKey]['unit'];
export const METRIC_KEYS = Object.keys(METRICS) as MetricKey[];

export const REPORT_GROUPS = ['vendor', 'region', 'project'] as const;
export type ReportGroup = (typeof REPORT_GROUPS)[number];

/** Kinds counted by the overview panel (each links to its list). */
export const OVERVIEW_KINDS = ['instance', 'volume', 'db_instance', 'cache_instance', 'vpc', 'eip'] as const;

/** A panel as stored and answered: built-in ones carry no name (their title is the page's text). */
export interface Panel {
  key: string;
  type: 'builtin' | 'custom';
  on: boolean;
  name?: string;
  metrics?: MetricKey[];
}
export interface Layout {
  panels: Panel[];
  updated_at: string | null;
}

/** Characters as people count them (a Han character or an emoji is one). */
export const charCount = (s: string) => [...s].length;

export const panelNameSchema = z
  .string()
  .trim()
  .refine((s) => charCount(s) >= 1, { message: 'panel_name_length' })
  .refine((s) => charCount(s) <= PANEL_NAME_MAX, { message: 'panel_name_length' });

const metricsSchema = z
  .array(z.enum(METRIC_KEYS as [MetricKey, ...MetricKey[]]))
  .min(1)
  .max(PANEL_METRICS_MAX)
  .refine((m) => new Set(m).size === m.length, { message: 'metrics_repeated' });

export const panelCreateSchema = z.strictObject({ name: panelNameSchema, metrics: metricsSchema });
export type PanelCreate = z.infer<typeof panelCreateSchema>;

export const panelPatchSchema = z
  .strictObject({ name: panelNameSchema.optional(), on: z.boolean().optional(), metrics: metricsSchema.optional() })
  .refine((p) => p.name !== undefined || p.on !== undefined || p.metrics !== undefined, { message: 'required' });
export type PanelPatch = z.infer<typeof panelPatchSchema>;

export const orderSchema = z.strictObject({
  keys: z
    .array(z.string().max(64))
    .min(1)
    .max(BUILTIN_PANELS.length + CUSTOM_PANEL_MAX),
});

export const reportQuerySchema = z.object({
  group: z.enum(REPORT_GROUPS).default('vendor'),
  metrics: z
    .string()
    .transform((s) => s.split(',').filter(Boolean))
    .pipe(metricsSchema),
});
export type ReportQuery = z.infer<typeof reportQuerySchema>;

/** Which cluster; the compute one when not named (the 集群容量 menu entry's own view). */
export const clusterQuerySchema = z.object({ cluster: z.enum(CLUSTERS).default('compute') });

/** The panels a user starts with: every built-in one, on. */
export function defaultPanels(): Panel[] {
  return BUILTIN_PANELS.map((key) => ({ key, type: 'builtin', on: true }));
}

export type PanelRefusal = 'custom_limit' | 'last_on' | 'builtin_delete' | 'builtin_edit' | 'order_mismatch';

/** Whether the panels keep the rules: at most three custom, at least one on, keys unique. */
export function panelsRefusal(panels: readonly Panel[]): PanelRefusal | null {
  if (panels.filter((p) => p.type === 'custom').length > CUSTOM_PANEL_MAX) return 'custom_limit';
  if (!panels.some((p) => p.on)) return 'last_on';
  return null;
}

/** The panels in the order of `keys`; null unless `keys` names each panel exactly once. */
export function reorder(panels: readonly Panel[], keys: readonly string[]): Panel[] | null {
  if (keys.length !== panels.length || new Set(keys).size !== keys.length) return null;
  const byKey = new Map(panels.map((p) => [p.key, p]));
  const out = keys.map((k) => byKey.get(k));
  return out.every(Boolean) ? (out as Panel[]) : null;
}

/** Moves the panel at `from` one step up (-1) or down (+1): the phone's way to arrange. */
export function moveBy<T>(list: readonly T[], from: number, step: -1 | 1): T[] {
  const to = from + step;
  if (from < 0 || from >= list.length || to < 0 || to >= list.length) return [...list];
  const out = [...list];
  const [item] = out.splice(from, 1);
  out.splice(to, 0, item!);
  return out;
}

/** Moves an item to another place (the desktop's drag and drop). */
export function moveTo<T>(list: readonly T[], from: number, to: number): T[] {
  if (from === to || from < 0 || from >= list.length || to < 0 || to >= list.length) return [...list];
  const out = [...list];
  const [item] = out.splice(from, 1);
  out.splice(to, 0, item!);
  return out;
}

/** Used and total of one cluster in one place (a vendor's region, or all of them). */
export interface CapacityFigures {
  count: number;
  cores_used: number;
  cores_total: number;
  memory_used: number;
  memory_total: number;
  storage_used: number;
  storage_total: number;
}
export interface CapacityRow extends CapacityFigures {
  vendor: string;
  region_id: string;
  region_name: string;
}
export interface CapacityAnswer {
  cluster: Cluster;
  rows: CapacityRow[];
  totals: CapacityFigures;
}

export interface Summary {
  kinds: Record<string, number>;
  vendors: { vendor: string; count: number }[];
  capacity: Record<Cluster, CapacityFigures>;
  /** resources in the scope at the end of each of the last 30 days (China time) */
  trend: { day: string; count: number }[];
}

export interface ReportRow {
  key: string;
  label: string;
  values: Record<string, number>;
}
export interface ReportAnswer {
  group: ReportGroup;
  metrics: MetricKey[];
  rows: ReportRow[];
  totals: Record<string, number>;
}

export interface GtmOverview {
  total: number;
  by_status: Record<string, number>;
  pools: number;
  policies: number;
  alarm_on: number;
  instances: { id: string; name: string; status: string; vendor: string; cname: string; pool_count: number; policy_count: number }[];
}

/** A share in whole percent, 0 when there is no total (never NaN on a screen). */
export const percent = (used: number, total: number) => (total > 0 ? Math.min(100, Math.round((used / total) * 100)) : 0);
