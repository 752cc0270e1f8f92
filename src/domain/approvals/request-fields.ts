// Every field of a request, as the approver reads it: the Chinese label and the formatted value
// (「4 核 8 GB」, 「阿里云」, 「包年包月」, 「12 个月」, 「15 Mbps」), never a raw code or JSON. Labels
// and option texts come from the kinds registry's locale keys (kinds:<kind>.fields.*, options.*,
// vendors.*, units.*), the same ones the resource screens use; the flavor text comes from FLAVORS.
// Pure apart from the `t` it is given (unit-tested in both languages).
import type { FieldDef } from '../kinds/kind.ts';
import { kindOf } from '../kinds/registry.ts';
import { FLAVORS } from '../kinds/instance/instance.kind.ts';
import { formatDateTime } from '../time-format.ts';

export type T = (key: string, opts?: Record<string, unknown>) => string;

/** Names of regions and zones by id, from the reference data (in the UI language). */
export interface PlaceNames {
  regions?: Record<string, string>;
  azs?: Record<string, string>;
}

export interface FieldRow {
  key: string;
  label: string;
  value: string;
}

/** What a request carries for the engine but an approver does not decide on. */
export const BOOKKEEPING_FIELDS: ReadonlySet<string> = new Set([
  'rule_id',
  'approval_request_id',
  'nat_gateway_id',
  'resource_id',
  'eip_id',
  'issued_at',
  'product_code',
  'password',
]);

/** What a priced unit of a product is: one host, a GB of disk, a Mbps of bandwidth. */
const UNIT_OF_KIND: Record<string, string> = { instance: 'set', volume: 'gb', eip: 'mbps', shared_bandwidth: 'mbps', nas: 'gb', bucket: 'gb' };
/** Units of fields the kinds do not declare (request payloads, quotas). */
const UNIT_OF_FIELD: Record<string, string> = {
  size: 'gb',
  size_gb: 'gb',
  memory: 'gb',
  memory_gb: 'gb',
  cpu: 'core',
  bandwidth: 'mbps',
  system_disk_size: 'gb',
  volume_gb: 'gb',
  vcpus: 'core',
};
const QUOTA_UNIT: Record<string, string> = { instances: 'set', vcpus: 'core', memory_gb: 'gb', volume_gb: 'gb', eips: 'count', snapshots: 'count' };

const RULE_TYPES = new Set(['firewall_policy', 'snat_rule', 'dnat_rule']);

const withUnit = (t: T, v: unknown, unit: string | undefined) => (unit ? `${String(v)} ${t(`kinds:units.${unit}`)}` : String(v));

/** 「4 核 8 GB」 from a flavor id of the catalogue, or from cpu and memory. */
export function flavorText(t: T, flavor: unknown, spec: Record<string, unknown> = {}): string {
  const f = FLAVORS.find((x) => x.id === flavor);
  const cpu = f?.cpu ?? spec.cpu;
  const memory = f?.memory ?? spec.memory;
  if (typeof cpu === 'number' && typeof memory === 'number') return t('kinds:format.flavor', { cpu, memory });
  return flavor === undefined || flavor === null ? '' : String(flavor);
}

/** Shanghai time, minutes precision (the same in both languages). */
export function timeText(value: unknown, _lang?: string): string {
  return formatDateTime(value);
}

function fieldOf(kind: string | undefined, key: string): FieldDef | undefined {
  return kind ? kindOf(kind)?.fields.find((f) => f.key === key) : undefined;
}

/** The label of a field of a request about `kind` (a resource or rule kind, or 'quota'). */
export function requestFieldLabel(t: T, kind: string | undefined, key: string): string {
  if (kind === 'quota') return t(`approvals:quota.${key}`, { defaultValue: key });
  const own = t(`approvals:field.${key}`, { defaultValue: '' });
  if (kind && kindOf(kind)) {
    const k = t(`kinds:${kind}.fields.${key}`, { defaultValue: '' });
    if (k) return k;
  }
  return own || t(`kinds:instance.fields.${key}`, { defaultValue: key });
}

function optionText(t: T, kind: string | undefined, key: string, value: string): string {
  if (key === 'vendor') return t(`kinds:vendors.${value}`, { defaultValue: value });
  if (key === 'charging' || key === 'charging_code') return t(`kinds:options.charging_code.${value}`, { defaultValue: value });
  const general = t(`kinds:options.${key}.${value}`, { defaultValue: value });
  return kind ? t(`kinds:${kind}.options.${key}.${value}`, { defaultValue: general }) : general;
}

export interface ValueContext {
  lang: string;
  places?: PlaceNames;
  kind?: string;
  spec?: Record<string, unknown>;
}

/** The text of one value: options by label, numbers with their unit, yes/no, times, lists. */
export function requestFieldValue(t: T, key: string, value: unknown, ctx: ValueContext): string {
  if (value === null || value === undefined || value === '') return '';
  const { kind } = ctx;
  if (kind === 'quota' && typeof value === 'number') return withUnit(t, value, QUOTA_UNIT[key]);
  if (key === 'flavor' && kind === 'instance') return flavorText(t, value, ctx.spec);
  if (key === 'kind' && typeof value === 'string') return t(`kinds:${value}.name`, { defaultValue: t(`approvals:kind.${value}`, { defaultValue: value }) });
  if (key === 'region_id') return ctx.places?.regions?.[String(value)] ?? String(value);
  if (key === 'az_id') return ctx.places?.azs?.[String(value)] ?? String(value);
  if (key === 'months') return t('approvals:months', { n: value });
  if (key === 'quota_key') return t(`approvals:quota.${String(value)}`, { defaultValue: String(value) });
  if (key === 'vendor' || key === 'charging' || key === 'charging_code') return optionText(t, kind, key, String(value));
  const def = fieldOf(kind, key);
  if (Array.isArray(value)) {
    const parts = value.map((v) => requestFieldValue(t, key, v, ctx)).filter(Boolean);
    return parts.join(typeof value[0] === 'object' ? t('approvals:list_sep_items') : ', ');
  }
  if (typeof value === 'object') {
    // A nested value (a data disk {type, size}): its parts as text, options and units resolved.
    return Object.entries(value as Record<string, unknown>)
      .map(([k, v]) => (k === 'type' ? optionText(t, 'volume', 'volume_type', String(v)) : requestFieldValue(t, k, v, ctx)))
      .filter(Boolean)
      .join(' ');
  }
  if (typeof value === 'boolean' || def?.type === 'boolean') return value === true || value === 'true' ? t('kinds:common.yes') : t('kinds:common.no');
  if (def?.type === 'datetime' || /_(time|at)$/.test(key)) return timeText(value, ctx.lang);
  if (def?.type === 'enum' || key === 'protocol' || key === 'volume_type') {
    const text = optionText(t, kind, key, String(value));
    return key === 'protocol' && text === String(value) ? String(value).toUpperCase() : text;
  }
  if (typeof value === 'number') return withUnit(t, value, def?.unit ?? UNIT_OF_FIELD[key]);
  return String(value);
}

export interface RequestLike {
  type: string;
  payload: Record<string, unknown> | null | undefined;
  /** the resource an expansion is about (name and kind from the detail) */
  resource?: { name?: string | null; kind?: string | null } | null;
}

/** The kind whose fields describe the request's payload. */
export function requestKind(req: RequestLike): string | undefined {
  const p = req.payload ?? {};
  if (RULE_TYPES.has(req.type)) return req.type;
  if (req.type === 'resource_purchase') return typeof p.kind === 'string' ? p.kind : undefined;
  if (req.type === 'resource_expansion') return req.resource?.kind ?? undefined;
  return undefined;
}

/**
 * The rows of a request's payload in reading order: what is bought (kind, name, vendor, place),
 * its spec field by field, how it is paid, then the reason. Empty values and bookkeeping ids are
 * left out.
 */
export function requestFieldRows(t: T, req: RequestLike, opts: { lang: string; places?: PlaceNames }): FieldRow[] {
  const p = { ...(req.payload ?? {}) };
  const kind = requestKind(req);
  const ctx: ValueContext = { lang: opts.lang, places: opts.places, kind };
  const rows: FieldRow[] = [];
  const push = (key: string, value: unknown, label = requestFieldLabel(t, kind, key), c: ValueContext = ctx) => {
    const text = requestFieldValue(t, key, value, c);
    if (text) rows.push({ key, label, value: text });
  };
  const reason = p.reason;
  delete p.reason;

  if (req.type === 'resource_purchase' || req.type === 'resource_expansion') {
    const spec = (p.spec && typeof p.spec === 'object' ? p.spec : {}) as Record<string, unknown>;
    const specCtx: ValueContext = { ...ctx, spec };
    if (req.type === 'resource_purchase') {
      push('kind', p.kind, t('approvals:field.kind'));
      push('name', p.name);
      push('vendor', p.vendor, t('approvals:field.vendor'));
      if (typeof p.region_id === 'string' && opts.places?.regions?.[p.region_id]) push('region_id', p.region_id);
      if (typeof p.az_id === 'string' && opts.places?.azs?.[p.az_id]) push('az_id', p.az_id);
    } else {
      push('resource_id', req.resource?.name ?? p.resource_id, t('approvals:field.resource'));
    }
    const knownFlavor = kind === 'instance' && FLAVORS.some((f) => f.id === spec.flavor);
    for (const [k, v] of Object.entries(spec)) {
      if (BOOKKEEPING_FIELDS.has(k)) continue;
      // A catalogue flavor already says its cores and memory.
      if (knownFlavor && (k === 'cpu' || k === 'memory')) continue;
      push(k, v, requestFieldLabel(t, kind, k), specCtx);
    }
    if (req.type === 'resource_purchase') {
      push('charging', p.charging, t('approvals:field.charging'));
      push('months', p.months, t('approvals:field.months'));
      const unit = kind ? UNIT_OF_KIND[kind] : undefined;
      if (p.units !== undefined) rows.push({ key: 'units', label: t('approvals:field.units'), value: withUnit(t, p.units, unit) });
    }
  } else if (req.type === 'quota_change') {
    push('quota_key', p.quota_key);
    const unit = QUOTA_UNIT[String(p.quota_key)];
    if (p.value !== undefined) rows.push({ key: 'value', label: t('approvals:field.value'), value: withUnit(t, p.value, unit) });
  } else if (req.type === 'catalogue_publish') {
    // A service catalogue entry sent for publishing (issue 31): its name, category and level in words, never its id.
    push('name', p.name, t('approvals:field.catalogue_name'));
    push('category', t(`approvals:catalogue.category.${String(p.category)}`), t('approvals:field.catalogue_category'));
    push('level', t(`approvals:catalogue.level.${String(p.level)}`), t('approvals:field.catalogue_level'));
  } else if (req.type === 'invoice_apply' || req.type === 'invoice_void' || req.type === 'invoice_red_flush') {
    // Invoice requests (ADR 0025): what the finance approver needs, never the ids.
    push('business_no', p.business_no, t('approvals:field.business_no'));
    push('invoice_no', p.invoice_no, t('approvals:field.invoice_no'));
    push('company', p.company, t('approvals:field.company'));
    if (Array.isArray(p.months)) rows.push({ key: 'bill_months', label: t('approvals:field.bill_months'), value: p.months.join(', ') });
    const fen = Number(p.amount_fen ?? 0);
    rows.push({
      key: 'invoice_amount',
      label: t('approvals:field.invoice_amount'),
      value: `¥${(fen / 100).toLocaleString('zh-CN', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`,
    });
  } else {
    for (const [k, v] of Object.entries(p)) {
      if (BOOKKEEPING_FIELDS.has(k) || k === 'region_id' || k === 'az_id') continue;
      push(k, v);
    }
  }
  push('reason', reason, t('approvals:field.reason'));
  return rows;
}
