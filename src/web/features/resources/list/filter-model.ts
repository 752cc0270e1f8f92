// The list filters a kind declares (kind.filters), as controls of the phone filter sheet and the
// desktop filter bar, and their state in the URL's search params (reload and back keep them).
// Pure: unit-tested in tests/unit/filter-model.test.ts.
import { listKindOf, type ListFilter, type ListKind } from '../../../../domain/kinds/list-kind.ts';
import { optionLabel, statusLabel, type T } from '../kind-meta.ts';
import { withFilter, type ListFilters } from '../list-state.ts';

/** The search box (name or ID): every list draws it ahead of the other controls. */
export const SEARCH_PARAM = 'name';
/** The placement cascade under the vendor filter: region, then zone (seed 000 §4). */
export const PLACE_PARAMS = ['az.region_id', 'az.id'] as const;
/** The vendor filter (the seed calls it `provider`): options are the vendors the server lists. */
export const VENDOR_PARAM = 'provider';

export type FilterControl =
  | { param: string; key: string; type: 'search' }
  | { param: string; key: string; type: 'text' }
  | { param: string; key: string; type: 'boolean' }
  | { param: string; key: string; type: 'ref'; refKind: string }
  | { param: string; key: string; type: 'vendor' }
  | { param: string; key: string; type: 'enum'; options: readonly string[] };

/**
 * A filter as its control shows it: the kind's list model (list-kind.ts, derived from the
 * registry: an enum's values from the field's options or the create schema, a ref's kind) has them;
 * a full definition given here (desktop tables, tests) is read through its kind's list model.
 */
function listFilterOf(def: ListKind, f: ListFilter): ListFilter {
  if ('options' in f || 'refKind' in f) return f;
  return listKindOf(def.kind)?.filters.find((x) => x.param === f.param) ?? f;
}

/** The controls of a kind's declared filters, in the kind's order. */
export function filterControls(def: ListKind): FilterControl[] {
  return def.filters.map((f): FilterControl => {
    const base = { param: f.param, key: f.key };
    if (f.param === SEARCH_PARAM) return { ...base, type: 'search' };
    if (f.param === VENDOR_PARAM) return { ...base, type: 'vendor' };
    switch (f.type) {
      case 'enum':
        return { ...base, type: 'enum', options: listFilterOf(def, f).options ?? [] };
      case 'boolean':
        return { ...base, type: 'boolean' };
      case 'ref': {
        const refKind = listFilterOf(def, f).refKind;
        // A ref whose kind is not in the registry can still be typed in as an ID.
        return refKind ? { ...base, type: 'ref', refKind } : { ...base, type: 'text' };
      }
      default:
        return { ...base, type: 'text' };
    }
  });
}

/** The label of a filter: the kind's field label (kinds:<kind>.fields.<key>). */
export function filterLabel(t: T, def: ListKind, c: FilterControl): string {
  return t(`kinds:${def.kind}.fields.${c.key}`, { defaultValue: t(`kinds:instance.fields.${c.key}`, { defaultValue: c.key }) });
}

/** The label of an enum or boolean value of a filter. */
export function filterOptionLabel(t: T, def: ListKind, c: FilterControl, value: string): string {
  if (c.key === 'status') return statusLabel(t, value);
  if (c.type === 'boolean') {
    if (c.key === 'locked') return t(value === 'true' ? 'kinds:common.locked' : 'kinds:common.unlocked');
    return t(value === 'true' ? 'kinds:common.yes' : 'kinds:common.no');
  }
  return optionLabel(t, def, c.key, value);
}

/** The params a kind's list keeps in the URL: its declared filters and the placement cascade. */
export function urlFilterParams(def: ListKind): string[] {
  const own = def.filters.map((f) => f.param);
  // A kind placed by vendor alone (a cloud account) has no region or zone to filter by.
  return own.includes(VENDOR_PARAM) && def.placement !== 'vendor' ? [...own, ...PLACE_PARAMS] : own;
}

/** The filters in the URL's search params (other params are not filters of this kind). */
export function filtersFromSearch(def: ListKind, search: URLSearchParams): ListFilters {
  const out: ListFilters = {};
  for (const p of urlFilterParams(def)) {
    const v = search.get(p);
    if (v) out[p] = v;
  }
  return out;
}

/** The search params with the kind's filters replaced by `filters` (other params kept). */
export function searchWithFilters(def: ListKind, search: URLSearchParams, filters: ListFilters): URLSearchParams {
  const next = new URLSearchParams(search);
  for (const p of urlFilterParams(def)) next.delete(p);
  for (const p of urlFilterParams(def)) if (filters[p]) next.set(p, filters[p]);
  return next;
}

/** One filter changed (vendor clears region and zone, region clears zone). */
export const setFilter = (filters: ListFilters, param: string, value: string | undefined): ListFilters => withFilter(filters, param, value);

/** How many filters are set besides the search box (the badge on the phone's filter button). */
export const activeFilterCount = (filters: ListFilters) => Object.keys(filters).filter((k) => k !== SEARCH_PARAM && filters[k]).length;
