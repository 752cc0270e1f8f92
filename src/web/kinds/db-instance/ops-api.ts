// The calls of an instance's parameters, plugins, table sizes and metrics (ADR 0058), and the pages'
// addresses. Writes carry their own Idempotency-Key and show their refusal in the page (no shell notice).
import { del, get, post, put } from '../../lib/request.ts';
import { routePath } from '../../features/resources/kind-meta.ts';

const base = (id: string) => `v1/dbinstances/${id}`;
const quiet = { isNeedloading: false, notice: false } as const;
const once = () => ({ ...quiet, headers: { 'Idempotency-Key': crypto.randomUUID() } });

export type ParamType = 'bool' | 'integer' | 'real' | 'enum' | 'set' | 'string';
export interface DbParam {
  name: string;
  value: string;
  type: ParamType;
  unit: string | null;
  min: number | null;
  max: number | null;
  options: string[] | null;
  editable: boolean;
  saved: { value: string; applied: boolean; updated_at: string } | null;
}
export interface DbPlugin {
  name: string;
  version: string | null;
  installed_version: string | null;
  description: string;
  status: string;
}
export interface TableSize {
  schema: string;
  table: string;
  rows: number;
  data_bytes: number;
  index_bytes: number;
  total_bytes: number;
}
export interface TableSizes {
  engine: 'pg' | 'mysql';
  totals: { tables: number; rows: number; data_bytes: number; index_bytes: number; total_bytes: number };
  schemas: { schema: string; tables: number; total_bytes: number }[];
  data: TableSize[];
}
export interface MetricSeries {
  range: string;
  series: { metric: string; data: { ts: string; value: number }[] }[];
}

export const opsKeys = {
  params: (id: string) => ['dbops', id, 'params'] as const,
  plugins: (id: string) => ['dbops', id, 'plugins'] as const,
  tables: (id: string) => ['dbops', id, 'tables'] as const,
  metrics: (id: string, range: string) => ['dbops', id, 'metrics', range] as const,
};

export const listParams = (id: string) => get<{ engine: 'pg' | 'mysql'; data: DbParam[] }>(`${base(id)}/parameters`, undefined, quiet);
export const saveParam = (id: string, name: string, value: string) =>
  put<{ name: string; value: string; applied: boolean }>(`${base(id)}/parameters/${encodeURIComponent(name)}`, { value }, once());
export const listPlugins = (id: string) => get<{ engine: 'pg' | 'mysql'; manageable: boolean; data: DbPlugin[] }>(`${base(id)}/plugins`, undefined, quiet);
export const installPlugin = (id: string, name: string) => post<DbPlugin>(`${base(id)}/plugins`, { name }, once());
export const uninstallPlugin = (id: string, name: string) => del(`${base(id)}/plugins/${encodeURIComponent(name)}`, undefined, once());
export const tableSizes = (id: string) => get<TableSizes>(`${base(id)}/tablespaces`, undefined, quiet);
export const instanceMetrics = (id: string, range: string) => get<MetricSeries>(`${base(id)}/metrics`, { range }, quiet);

/** The four pages, by route name. */
export const OPS_PAGES = [
  { route: 'databaseDetail_setupParams', key: 'params' },
  { route: 'databaseDetail_plugin', key: 'plugins' },
  { route: 'databaseDetail_monitor', key: 'monitor' },
  { route: 'databaseDetail_tableSpaces', key: 'tablespaces' },
] as const;
export type OpsPage = (typeof OPS_PAGES)[number]['route'];
export const opsPath = (route: OpsPage | 'dbRecycleBinDetail', id: string) => routePath(route, { id }) ?? '/database';

/** A size as 512 B / 12.5 KB / 3.4 MB / 1.2 GB. */
export function bytesText(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  const units = ['KB', 'MB', 'GB', 'TB'];
  let v = bytes / 1024;
  let i = 0;
  while (v >= 1024 && i < units.length - 1) {
    v /= 1024;
    i++;
  }
  return `${v >= 100 ? v.toFixed(0) : v.toFixed(1)} ${units[i]}`;
}

/** A count with thousands separators. */
export const countText = (n: number) => n.toLocaleString('zh-CN');
