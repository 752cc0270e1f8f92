// Form fields read from a kind's zod schema (the same rules the server applies, seed 001 §5):
// which inputs to draw, defaults, whether required, and the seed's 'label + message' texts.
// Read through zod's public z.toJSONSchema, never its internals. Pure: unit-tested in
// tests/unit/form-fields-json.test.ts.
import { z } from 'zod';
import { placementParent, type KindDefinition } from '../../../../domain/kinds/kind.ts';
import { kindOf } from '../../../../domain/kinds/registry.ts';
import { ruleText, type IssueLike } from '../../../lib/rule-text.ts';

/** `regions`: a list of region ids (a cloud account's synced regions), picked among the regions of a vendor. */
export type FieldKind = 'text' | 'password' | 'number' | 'enum' | 'boolean' | 'ref' | 'list' | 'regions';

export interface FormField {
  key: string;
  kind: FieldKind;
  required: boolean;
  options?: string[];
  defaultValue?: unknown;
  /** for ref fields: the kind whose resources are offered */
  refKind?: string;
  min?: number;
  max?: number;
  schema: z.ZodType;
  /** for list fields (a zod array of objects): the fields of one row; min/max count the rows */
  item?: FormField[];
}

/** Placement and charging keys: the wizard draws these itself (vendor → region → zone cascade). */
export const PLACEMENT_KEYS = new Set(['vendor', 'region_id', 'az_id', 'charging_code', 'duration']);

/** The kind a `*_id` param points at: from guards, creation links, placement, or field refs. */
export function refKindOf(def: KindDefinition | undefined, key: string): string | undefined {
  if (!def) return key.endsWith('_id') && kindOf(key.slice(0, -3)) ? key.slice(0, -3) : undefined;
  for (const a of def.actions) for (const g of a.guards ?? []) if (g.type === 'target' && g.param === key) return g.kind;
  for (const l of def.createLinks ?? []) if (l.param === key) return l.kind;
  if (placementParent(def)?.from === key) return placementParent(def)!.kind;
  const f = def.fields.find((x) => x.key === key && x.type === 'ref');
  if (f?.ref && kindOf(f.ref)) return f.ref;
  return key.endsWith('_id') && kindOf(key.slice(0, -3)) ? key.slice(0, -3) : undefined;
}

// ── the schema as JSON Schema ───────────────────────────────────────────────────────────────
// The fields are read from z.toJSONSchema (zod's public description of a schema) on its input
// side: what a form sends. Defaulted and optional keys are not `required` there; a nullable one
// is an anyOf with null (or a type list with 'null'); transforms and refinements are not
// representable and read as "any" — the field still validates through its zod schema.

/** The parts of a JSON Schema node the form reads. */
interface JsonNode {
  type?: string | string[];
  enum?: unknown[];
  default?: unknown;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: number;
  exclusiveMaximum?: number;
  minLength?: number;
  maxLength?: number;
  minItems?: number;
  maxItems?: number;
  items?: JsonNode;
  properties?: Record<string, JsonNode>;
  required?: string[];
  anyOf?: JsonNode[];
  oneOf?: JsonNode[];
}

const jsonCache = new WeakMap<z.ZodType, JsonNode>();
/** The schema's JSON Schema (input side), computed once per schema. */
export function jsonSchemaOf(schema: z.ZodType): JsonNode {
  let out = jsonCache.get(schema);
  if (!out) {
    out = z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' }) as JsonNode;
    jsonCache.set(schema, out);
  }
  return out;
}

const isNull = (n: JsonNode) => n.type === 'null';
/** A node without its null alternative, and whether null was one (a nullable field). */
function withoutNull(n: JsonNode): { node: JsonNode; nullable: boolean } {
  if (Array.isArray(n.type) && n.type.includes('null')) {
    const rest = n.type.filter((x) => x !== 'null');
    return { node: { ...n, type: rest.length === 1 ? rest[0] : rest }, nullable: true };
  }
  const alts = n.anyOf ?? n.oneOf;
  if (alts?.some(isNull)) {
    const rest = alts.filter((x) => !isNull(x));
    const { anyOf: _a, oneOf: _o, ...own } = n;
    return { node: rest.length === 1 ? { ...own, ...rest[0] } : { ...own, anyOf: rest }, nullable: true };
  }
  return { node: n, nullable: false };
}

/** zod's integer checks state the safe-integer range: not a bound anyone typed. */
const bound = (v: number | undefined) => (typeof v === 'number' && Math.abs(v) < Number.MAX_SAFE_INTEGER ? v : undefined);

/** The zod object of an array of objects (through optional, nullable and default), via zod's public classes. */
function rowObject(s: z.ZodType): z.ZodObject<any> | undefined {
  let cur: z.ZodType = s;
  while (cur instanceof z.ZodOptional || cur instanceof z.ZodNullable || cur instanceof z.ZodDefault) cur = cur.unwrap() as z.ZodType;
  return cur instanceof z.ZodArray && cur.element instanceof z.ZodObject ? cur.element : undefined;
}

/** A default the field's input can show (an object default, zod's prefault({}), is not one). */
function fits(kind: FieldKind, v: unknown): boolean {
  if (v === undefined || v === null) return false;
  if (kind === 'list' || kind === 'regions') return Array.isArray(v);
  return typeof v !== 'object';
}

function fieldsOfJson(json: JsonNode, shape: Record<string, z.ZodType>, def: KindDefinition | undefined, skip: ReadonlySet<string>): FormField[] {
  const out: FormField[] = [];
  const requiredKeys = new Set(json.required ?? []);
  for (const [key, raw] of Object.entries(json.properties ?? {})) {
    if (skip.has(key)) continue;
    const s = shape[key];
    if (!s) continue;
    const { node, nullable } = withoutNull(raw);
    const type = Array.isArray(node.type) ? undefined : node.type;
    const ref = refKindOf(def, key);
    let kind: FieldKind;
    if (node.enum) kind = 'enum';
    else if (type === 'boolean') kind = 'boolean';
    else if (type === 'number' || type === 'integer') kind = 'number';
    else if (type === 'array') kind = key.endsWith('region_ids') && node.items?.type === 'string' ? 'regions' : 'list';
    else if (ref && key.endsWith('_id')) kind = 'ref';
    else kind = key === 'password' ? 'password' : 'text';
    const min = bound(node.minimum ?? node.exclusiveMinimum) ?? node.minLength ?? node.minItems;
    const max = bound(node.maximum ?? node.exclusiveMaximum) ?? node.maxLength ?? node.maxItems;
    const row = kind === 'list' && node.items?.type === 'object' ? rowObject(s) : undefined;
    const given = raw.default ?? node.default;
    out.push({
      key,
      kind,
      required: requiredKeys.has(key) && !nullable,
      schema: s,
      defaultValue: fits(kind, given) ? given : undefined,
      min,
      max,
      refKind: kind === 'ref' ? ref : undefined,
      options: node.enum ? node.enum.map(String) : undefined,
      ...(row && node.items ? { item: fieldsOfJson(node.items, row.shape as Record<string, z.ZodType>, undefined, new Set()) } : {}),
    });
  }
  return out;
}

/**
 * The form fields of an object schema: kind, required, options, default and bounds from its JSON
 * Schema; `schema` is the key's own zod schema, which validates the value as the server will.
 */
export function fieldsOf(schema: z.ZodObject<any>, def?: KindDefinition, skip: ReadonlySet<string> = new Set()): FormField[] {
  // A kind whose create body is a union (certificate sources, CDN task types) has its own form (route-forms.ts).
  if (!(schema instanceof z.ZodObject)) return [];
  return fieldsOfJson(jsonSchemaOf(schema), schema.shape as Record<string, z.ZodType>, def, skip);
}

/** Starting values: zod defaults, else the first option of a required enum. */
export function initialValues(fields: readonly FormField[]): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const f of fields) {
    if (f.defaultValue !== undefined) out[f.key] = f.defaultValue;
    else if (f.kind === 'enum' && f.required && f.options?.length) out[f.key] = f.options[0];
  }
  return out;
}

/** A form value as the schema expects it: '' is "not given". */
export function cleanValue(v: unknown): unknown {
  return v === '' ? undefined : v;
}

// ── list fields ─────────────────────────────────────────────────────────────────────────────
// A list field (data disks of a host) is a repeatable group of rows. Its messages are keyed by
// path like the server's 400 answers: `data_disks.0.size` for a row's field, `data_disks` for the
// row count.

/** The error key of a row's field. */
export const itemKey = (listKey: string, index: number, field: string) => `${listKey}.${index}.${field}`;

/** A new row: the row fields' defaults (and the first option of a required enum). */
export function newListRow(f: FormField): Record<string, unknown> {
  return initialValues(f.item ?? []);
}

/** Whether another row may be added (the schema's max count). */
export function canAddRow(f: FormField, rows: readonly unknown[]): boolean {
  return f.max === undefined || rows.length < f.max;
}

/** The rows of a list value ('' and non-arrays are no rows). */
export const rowsOf = (v: unknown): Record<string, unknown>[] => (Array.isArray(v) ? (v as Record<string, unknown>[]) : []);

/**
 * Validates a list field: `label(key)` names each row's field as 'list label + row number + field
 * label' (数据盘 2 容量不能小于 10); the count rule is keyed by the list. Answers key → message.
 */
export function validateList(
  f: FormField,
  value: unknown,
  labels: { list: string; item: (key: string) => string },
  t: (key: string, opts?: Record<string, unknown>) => string,
  exists: (key: string) => boolean,
): Record<string, string> {
  const out: Record<string, string> = {};
  const rows = rowsOf(value);
  if (!rows.length && f.required) {
    out[f.key] = `${labels.list}${t('errors:rules.required')}`;
    return out;
  }
  rows.forEach((row, i) => {
    for (const sub of f.item ?? []) {
      const m = validateField(sub, row[sub.key], `${labels.list} ${i + 1} ${labels.item(sub.key)}`, t, exists);
      if (m) out[itemKey(f.key, i, sub.key)] = m;
    }
  });
  const r = f.schema.safeParse(cleanForm({ rows }).rows);
  if (!r.success) {
    for (const issue of r.error.issues) {
      const row = issue.path.length >= 2 ? Number(issue.path[0]) : null;
      const key = row === null ? f.key : itemKey(f.key, row, String(issue.path[1]));
      if (out[key]) continue;
      const rule = ruleText(issue as IssueLike, t, exists);
      out[key] = row === null ? `${labels.list}${rule}` : `${labels.list} ${row + 1} ${labels.item(String(issue.path[1]))}${rule}`;
    }
  }
  return out;
}

/** Drops a list field's messages (all rows) before they are recomputed. */
export function withoutListErrors(errors: Record<string, string>, listKey: string): Record<string, string> {
  return Object.fromEntries(Object.entries(errors).filter(([k]) => k !== listKey && !k.startsWith(`${listKey}.`)));
}

/** Form values as the schema expects them, rows of list fields included ('' is "not given"). */
export function cleanForm(values: Record<string, unknown>): Record<string, unknown> {
  const row = (r: unknown) => (r && typeof r === 'object' && !Array.isArray(r) ? Object.fromEntries(Object.entries(r).map(([k, v]) => [k, cleanValue(v)])) : r);
  return Object.fromEntries(Object.entries(values).map(([k, v]) => [k, Array.isArray(v) ? v.map(row) : cleanValue(v)]));
}

/** Validates one field (on blur): the message 'label + rule', or null. */
export function validateField(
  f: FormField,
  value: unknown,
  label: string,
  t: (key: string, opts?: Record<string, unknown>) => string,
  exists: (key: string) => boolean,
): string | null {
  const v = cleanValue(value);
  if (v === undefined && f.required) return `${label}${t('errors:rules.required')}`;
  if (v === undefined) return null;
  const r = f.schema.safeParse(v);
  if (r.success) return null;
  return `${label}${ruleText(r.error.issues[0] as IssueLike, t, exists, f.key)}`;
}

/** Validates the whole form against the schema (object-level rules too): field → message. */
export function validateAll(
  schema: z.ZodType,
  values: Record<string, unknown>,
  label: (key: string) => string,
  t: (key: string, opts?: Record<string, unknown>) => string,
  exists: (key: string) => boolean,
): Record<string, string> {
  const clean = cleanForm(values);
  const r = schema.safeParse(clean);
  if (r.success) return {};
  const out: Record<string, string> = {};
  for (const issue of r.error.issues) {
    // A row of a list field is keyed by its path (data_disks.0.size); `label` names it.
    const key = issue.path.length >= 3 && typeof issue.path[1] === 'number' ? issue.path.slice(0, 3).join('.') : String(issue.path[0] ?? '');
    if (out[key]) continue;
    const v = issue.path.reduce<unknown>((at, p) => (at && typeof at === 'object' ? (at as Record<PropertyKey, unknown>)[p as PropertyKey] : undefined), clean);
    out[key] =
      v === undefined && (issue.code === 'invalid_type' || issue.message === 'required')
        ? `${label(key)}${t('errors:rules.required')}`
        : `${label(key)}${ruleText(issue as IssueLike, t, exists)}`;
  }
  return out;
}
