// The list filters a kind declares (kind.filters), as controls of the phone filter sheet and the
// desktop filter bar, and their state in the URL's search params (reload and back keep them).
// Pure: unit-tested in tests/unit/filter-model.test.ts. The controls of the filters are in
// filter-controls.ts (they read every kind's list model, which a phone list's first screen does not).
import type { ListKind } from '../../../../domain/kinds/list-kind.ts';
import { withFilter, type ListFilters } from '../list-state.ts';

/** The search box (name or ID): every list draws it ahead of the other controls. */
export const SEARCH_PARAM = 'name';
/** The placement cascade under the vendor filter: region, then zone (seed 000 §4). */
export const PLACE_PARAMS = ['az.region_id', 'az.id'] as const;
/** The vendor filter (the seed calls it `provider`): options are the vendors the server lists. */
export const VENDOR_PARAM = 'provider';

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
