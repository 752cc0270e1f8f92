// The list page's query state (seed 000 §2, §7): filters, sort, page. Sorting, filtering and
// searching reset the page to 1. Pure: unit-tested in tests/unit/list-state.test.ts.
import { sortToOrders, type SortState } from '../../../domain/list-sort.ts';
import { industryRequirements } from '../../../domain/tenant-industry.ts';

/** Filter param → value: the kind's declared filters (kind.filters) and the placement cascade. */
export type ListFilters = Record<string, string>;

export interface ListState {
  filters: ListFilters;
  sort: { field: string | null; state: SortState };
  page: number;
  pageSize: number;
}

export const initialListState = (pageSize = 10): ListState => ({ filters: {}, sort: { field: null, state: 'none' }, page: 1, pageSize });

export type ListEvent =
  | { type: 'filter'; key: string; value: string | undefined }
  | { type: 'sort'; field: string | null; state: SortState }
  | { type: 'page'; page: number; pageSize: number }
  | { type: 'reset' };

/** Vendor change clears region and zone; region change clears the zone (seed 000 §4). */
export function withFilter(filters: ListFilters, key: string, value: string | undefined): ListFilters {
  const next: ListFilters = { ...filters };
  if (value) next[key] = value;
  else delete next[key];
  if (key === 'provider') {
    delete next['az.region_id'];
    delete next['az.id'];
  }
  if (key === 'az.region_id') delete next['az.id'];
  return next;
}

export function listReducer(state: ListState, ev: ListEvent): ListState {
  switch (ev.type) {
    case 'filter':
      return { ...state, filters: withFilter(state.filters, ev.key, ev.value), page: 1 };
    case 'sort':
      return { ...state, sort: { field: ev.state === 'none' ? null : ev.field, state: ev.state }, page: 1 };
    case 'page':
      return { ...state, page: ev.pageSize !== state.pageSize ? 1 : ev.page, pageSize: ev.pageSize };
    case 'reset':
      return initialListState(state.pageSize);
  }
}

/** The list call's parameters: filters, __limit, __offset and __orders. */
export function listParams(state: ListState): Record<string, string | number> {
  const out: Record<string, string | number> = { __limit: state.pageSize, __offset: (state.page - 1) * state.pageSize };
  for (const [k, v] of Object.entries(state.filters)) if (v) out[k] = v;
  const orders = state.sort.field ? sortToOrders(state.sort.field, state.sort.state) : undefined;
  if (orders) out.__orders = orders;
  return out;
}

/** The 实业经营 contract tip (seed 000 §4): year packages of these products for tenants whose contracts renew themselves. */
export const CONTRACT_TIP_PRODUCTS = ['instance', 'dbinstance', 'nas', 'volume', 'phyhost', 'sans', 'dedicated_host'] as const;
export function showContractTip(productCode: string, chargingCode: string | undefined, businessType: string | undefined): boolean {
  return chargingCode === 'year' && industryRequirements(businessType).contractAutoRenew && (CONTRACT_TIP_PRODUCTS as readonly string[]).includes(productCode);
}

/** Duration options in months, only for the year model (seed 000 §3, §4). */
export const DURATIONS = [1, 2, 3, 4, 5, 6, 12, 24, 36] as const;

/** Zones sorted by sort_value; the first is chosen unless editing (seed 000 §4). */
export function sortZones<Z extends { sort_value: number }>(zones: readonly Z[]): Z[] {
  return [...zones].sort((a, b) => a.sort_value - b.sort_value);
}

/** Fen as yuan with two decimals. */
export const yuan = (fen: number | undefined) => (typeof fen === 'number' ? (fen / 100).toFixed(2) : '--');
