// Pure rules of the resource screens (wizard steps, retention days, tag pairs, ref pickers),
// apart from the React parts so unit tests run them without a DOM.
import { DELETE_RETENTION } from '../../../../domain/constants.ts';
import type { ActionDef, KindDefinition } from '../../../../domain/kinds/kind.ts';
import { kindOf } from '../../../../domain/kinds/registry.ts';
import { tagKeyRule, tagValueRule } from '../../../../domain/schemas/resource.schema.ts';
import type { Filters } from '../api.ts';
import { fieldDef, optionLabel, type PlaceNames, type Resource, type T } from '../kind-meta.ts';
import { PLACEMENT_KEYS, type FormField } from './zod-fields.ts';

const LAST_STEP_KEYS = new Set(['name', 'description', 'password']);

/** The wizard's steps: placement and charging, configuration, name and confirmation. */
export function wizardSteps(fields: readonly FormField[]): { key: string; fields: FormField[] }[] {
  const config = fields.filter((f) => !LAST_STEP_KEYS.has(f.key) && !PLACEMENT_KEYS.has(f.key) && (f.kind !== 'list' || f.item !== undefined));
  const last = fields.filter((f) => LAST_STEP_KEYS.has(f.key));
  return [{ key: 'placement', fields: [] }, ...(config.length ? [{ key: 'config', fields: config }] : []), { key: 'confirm', fields: last }];
}

/** Retention days: an integer 7–60 (seed 000 §5). */
export function retentionValid(v: string): boolean {
  return /^\d+$/.test(v) && Number(v) >= DELETE_RETENTION.min && Number(v) <= DELETE_RETENTION.max;
}

export const smsOperateType = (def: KindDefinition) => `delete_${def.kind}`;

/** The message of a tag pair, or null: key first, then value (seed 000 §5). */
export function tagPairError(key: string, value: string, t: (k: string) => string): string | null {
  const k = tagKeyRule.safeParse(key);
  if (!k.success) return t(`errors:rules.${k.error.issues[0]!.message === 'tag_key_first' ? 'tag_key_first' : 'tag_key'}`);
  if (!tagValueRule.safeParse(value).success) return t('errors:rules.tag_value');
  return null;
}

/** Filters of a ref param's picker: the states the guard allows, the same zone, this resource's children. */
export function paramRefFilters(def: KindDefinition, action: ActionDef, f: FormField, row: Resource | undefined): Filters {
  // Regions to sync are the regions of the resource's own vendor.
  if (f.kind === 'regions') return row ? { public_cloud_provider: row.vendor } : {};
  const g = (action.guards ?? []).find((x) => x.type === 'target' && x.param === f.key);
  if (!g || g.type !== 'target') return {};
  const out: Filters = { status: g.allowedFrom.join(',') };
  if (g.sameAz && row?.az_id) out.az_id = row.az_id;
  if (g.ofThis && row) {
    const target = kindOf(g.kind);
    const back = target?.filters.find((x) => x.param === `${def.kind}_id`);
    if (back) out[back.param] = row.id;
  }
  return out;
}

/**
 * A row of the purchase wizard's confirm step, as a user reads it: option names, numbers with the
 * field's unit (40 GB), region and zone names, a picked resource by name (and CIDR for a subnet)
 * rather than its id. `ref` is the picked resource: undefined while it loads, null when unknown.
 * List fields are summarised by the caller (listSummary).
 */
export function confirmValue(
  t: T,
  def: KindDefinition,
  f: FormField | undefined,
  key: string,
  value: unknown,
  opts: { places?: PlaceNames; ref?: Pick<Resource, 'name' | 'spec'> | null } = {},
): string {
  if (value === undefined || value === null || value === '') return '-';
  if (key === 'region_id') return opts.places?.regions[String(value)] ?? t('resources:common.loading');
  if (key === 'az_id') return opts.places?.azs[String(value)] ?? t('resources:common.loading');
  if (f?.kind === 'enum' || key === 'vendor' || key === 'charging_code') return optionLabel(t, def, key, String(value));
  if (f?.kind === 'boolean') return value ? t('kinds:common.yes') : t('kinds:common.no');
  if (f?.kind === 'ref') {
    if (opts.ref === undefined) return t('resources:common.loading');
    if (opts.ref === null) return String(value);
    const cidr = opts.ref.spec?.cidr;
    return typeof cidr === 'string' && cidr ? `${opts.ref.name}（${cidr}）` : opts.ref.name;
  }
  const unit = fieldDef(def, key)?.unit;
  return unit ? `${String(value)} ${t(`kinds:units.${unit}`)}` : String(value);
}
