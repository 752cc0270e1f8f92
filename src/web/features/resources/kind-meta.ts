// Labels, values and action availability of a kind for the screens. Everything comes from the
// kind definition and the locales (kinds:<kind>.fields.*, kinds:status.*, kinds:<kind>.actions.*);
// nothing here is retyped per kind. Pure apart from the `t` it is given.
import type { FieldDef } from '../../../domain/kinds/kind.ts';
import type { ListAction, ListKind } from '../../../domain/kinds/list-kind.ts';
import { isInBetween, locationText } from '../../../domain/kinds/kind.ts';
import { actionBlock, menuActions } from '../../../domain/kinds/action-block.ts';
import { ROUTE_TABLE } from '../../../domain/navigation/route-table.ts';
import { buildPath } from '../../../domain/navigation/rules.ts';
import { kindDetailPath } from '../../../domain/kinds/kind-paths.ts';
import { formatDateTime } from '../../../domain/time-format.ts';
import { statusView } from '../../../domain/status-tones.ts';
import { byteSize } from '../../lib/byte-size.ts';
import { kindActionLabel } from '../../lib/kind-labels.ts';

export type T = (key: string, opts?: Record<string, unknown>) => string;

export interface Resource {
  id: string;
  kind: string;
  name: string;
  status: string;
  locked: boolean;
  vendor: string;
  region_id: string | null;
  az_id: string | null;
  tenant_id?: string;
  project_id?: string;
  spec: Record<string, unknown>;
  created_at: string;
  updated_at?: string;
  in_between?: boolean;
  available_actions?: string[];
  relations?: { relation: string; id: string; kind: string; name: string; status: string; direction: 'in' | 'out' }[];
  /** names of the resources its ref fields point at, answered by the server beside the row */
  ref_names?: Record<string, string>;
}

/** Names of regions and zones, for ref fields pointing at them. */
export interface PlaceNames {
  regions: Record<string, string>;
  azs: Record<string, string>;
}

export const kindLabel = (t: T, def: ListKind) => t(`kinds:${def.kind}.name`);
export const fieldLabel = (t: T, def: ListKind, key: string) =>
  t(`kinds:${def.kind}.fields.${key}`, { defaultValue: t(`kinds:instance.fields.${key}`, { defaultValue: key }) });
export const statusLabel = (t: T, status: string) => t(`kinds:status.${status}`, { defaultValue: status });
export const actionLabel = (t: T, def: ListKind, id: string) => kindActionLabel(t, def.kind, id);

export function optionLabel(t: T, def: ListKind, key: string, value: string): string {
  if (key === 'vendor') return t(`kinds:vendors.${value}`, { defaultValue: value });
  // A dot would split the key (s6.large.2): locales spell it with '_' (s6_large_2).
  const v = value.replace(/\./g, '_');
  return t(`kinds:${def.kind}.options.${key}.${v}`, { defaultValue: t(`kinds:options.${key}.${v}`, { defaultValue: value }) });
}

export type StatusTone = 'success' | 'danger' | 'processing' | 'default' | 'warning';
const SUCCESS = new Set(['running', 'available', 'mounted', 'in_use', 'allocated', 'enabled', 'online', 'issued', 'done']);
const WARNING = new Set(['approving', 'expansion_approving', 'pending_review', 'applying', 'queued']);
export function statusTone(def: ListKind | undefined, status: string): StatusTone {
  if (def && def.statuses.failure.includes(status)) return 'danger';
  if (def && isInBetween(def, status)) return 'processing';
  if (status === 'error' || status === 'failed') return 'danger';
  if (WARNING.has(status)) return 'warning';
  if (SUCCESS.has(status)) return 'success';
  // the seed's resource statuses (domain/status-tones.ts): 已过期 and 已锁定 warn, moving states move
  const tone = statusView('resource', status).tone;
  return tone === 'primary' ? 'processing' : tone;
}

export function formatTime(value: unknown): string {
  return formatDateTime(value, { seconds: true });
}

export function fieldDef(def: ListKind, key: string): FieldDef | undefined {
  return def.fields.find((f) => f.key === key);
}

/** The raw value of a field of a row (a column or a spec key). */
export function rawValue(def: ListKind, row: Resource, key: string): unknown {
  const f = fieldDef(def, key);
  if (f?.source === 'spec' || (!f && !(key in row))) return row.spec?.[key];
  return (row as unknown as Record<string, unknown>)[key];
}

/** The address people know a resource by (its first IP field with a value), for a phone card; else null. */
export function cardAddress(def: ListKind, row: Resource): string | null {
  for (const f of def.fields) {
    if (f.type !== 'ip') continue;
    const v = rawValue(def, row, f.key);
    if (typeof v === 'string' && v) return v;
  }
  return null;
}

/** The text of a field for lists, details and copying. */
/** The name a row keeps beside a ref field (`hub_id` → `hub_name`), if any. */
function nameBeside(row: Resource, key: string): string | undefined {
  const v = key.endsWith('_id') ? row.spec?.[`${key.slice(0, -3)}_name`] : undefined;
  return typeof v === 'string' && v ? v : undefined;
}

/** A field that only repeats the name of a ref field beside it (hub_name beside hub_id): the ref row shows it. */
export function repeatsRefName(def: ListKind, key: string): boolean {
  if (!key.endsWith('_name')) return false;
  const ref = fieldDef(def, `${key.slice(0, -5)}_id`);
  return ref?.type === 'ref';
}

/** The keys that name an entry of a list (what the entry is); the rest describe it. */
const ENTRY_NAMES = ['address', 'ip', 'domain', 'host', 'name', 'url', 'path'];

/** One entry of a list field in words: its name, then its other values with their options' labels or a short label. */
function entryText(t: T, def: ListKind, entry: Record<string, unknown>): string {
  const nameKey = ENTRY_NAMES.find((k) => typeof entry[k] === 'string' && entry[k]);
  const rest = Object.entries(entry)
    .filter(([k, x]) => k !== nameKey && x !== null && x !== undefined && x !== '' && typeof x !== 'object')
    .map(([k, x]) => {
      if (typeof x === 'boolean') return `${t(`kinds:common.entry.${k}`, { defaultValue: k })}${x ? t('kinds:common.yes') : t('kinds:common.no')}`;
      const option = t(`kinds:${def.kind}.options.${k}.${String(x)}`, { defaultValue: '' });
      return option || `${t(`kinds:common.entry.${k}`, { defaultValue: k })} ${String(x)}`;
    });
  const name = nameKey ? String(entry[nameKey]) : '';
  return rest.length ? `${name}（${rest.join('，')}）` : name;
}

export function displayValue(t: T, def: ListKind, row: Resource, key: string, places?: PlaceNames): string {
  const f = fieldDef(def, key);
  const v = rawValue(def, row, key);
  if (v === undefined || v === null || v === '') return '-';
  if (key === 'locked') return v ? t('kinds:common.locked') : t('kinds:common.unlocked');
  // Every resource has a vendor column, listed in its kind's fields or not (a subnet takes its VPC's).
  if (key === 'vendor') return optionLabel(t, def, key, String(v));
  // A list of names (a certificate's domains, a task's URLs) reads as a list, not as JSON.
  if (Array.isArray(v) && v.every((x) => typeof x === 'string')) return v.length ? v.join(', ') : '-';
  // A list of entries (a CDN domain's origins) reads as one line each: 47.101.12.34（主，权重 10）.
  if (Array.isArray(v) && v.every((x) => x && typeof x === 'object' && !Array.isArray(x)))
    return v.length ? v.map((x) => entryText(t, def, x as Record<string, unknown>)).join('；') : '-';
  switch (f?.type) {
    case 'status':
      return statusLabel(t, String(v));
    case 'boolean':
      return v ? t('kinds:common.yes') : t('kinds:common.no');
    case 'datetime':
      return formatTime(v);
    case 'location':
      return locationText(v);
    case 'enum':
      return optionLabel(t, def, key, String(v));
    case 'number':
      // (a size in bytes — unit 'bytes' or a field named *_bytes — reads as 1.2 GB)
      if (f.unit === 'bytes' || key.endsWith('_bytes')) return byteSize(Number(v));
      return f.unit ? `${String(v)} ${t(`kinds:units.${f.unit}`)}` : String(v);
    case 'ref':
      if (f.ref === 'region') return places?.regions[String(v)] ?? String(v);
      if (f.ref === 'az') return places?.azs[String(v)] ?? String(v);
      // the name the server answered, else the row's own copy of it (hub_id → hub_name); never the id
      return row.ref_names?.[key] ?? nameBeside(row, key) ?? t('kinds:common.ref_gone');
    default:
      return typeof v === 'object' ? JSON.stringify(v) : String(v);
  }
}

export function routePath(name: string, params: Record<string, string> = {}): string | undefined {
  const r = ROUTE_TABLE.find((x) => x.name === name);
  return r ? buildPath(r.path, params) : undefined;
}
/** A kind's detail page of a resource (domain/kinds/kind-paths.ts). */
export const detailPath = (def: Pick<ListKind, 'routes'>, id: string): string | undefined => kindDetailPath(def, id);
export const listPath = (def: ListKind) => routePath(def.routes.list);
export const buyPath = (def: ListKind) => (def.routes.buy ? routePath(def.routes.buy) : undefined);

// (the action rules are the domain's: domain/kinds/action-block.ts)
export { actionBlock, menuActions };

/** The key spec shown on a phone card: the displayed columns beyond name, id, status, vendor, time. */
export function cardSpecKeys(def: ListKind, max = 3): string[] {
  const skip = new Set(['name', 'id', 'status', 'vendor', 'created_at', 'locked']);
  return def.columns
    .filter((c) => c.display !== false && !skip.has(c.field))
    .slice(0, max)
    .map((c) => c.field);
}

/** Whether a row may be picked for a batch action: a deleted row may still show, but not be picked. */
/** The batch actions to offer for a selection: those the state machine allows for at least one row (none for hosts awaiting approval). */
export function offeredBatchActions(def: ListKind, actions: readonly ListAction[], rows: readonly Pick<Resource, 'status' | 'locked'>[]): ListAction[] {
  return actions.filter((a) => rows.some((r) => actionBlock(def, a, r) === null));
}

export function selectableRow(row: Pick<Resource, 'status'>): boolean {
  return row.status !== 'deleted';
}
