// The sort cycle of the shared list page and its `__orders` value (list-query.ts re-exports these;
// kept apart so the phone list reads them without loading zod).
/** The sort cycle of the shared list page: normal → ascending → descending → normal. */
export type SortState = 'none' | 'asc' | 'desc';
export function nextSort(state: SortState): SortState {
  return state === 'none' ? 'asc' : state === 'asc' ? 'desc' : 'none';
}
export function sortToOrders(field: string, state: SortState): string | undefined {
  return state === 'none' ? undefined : state === 'asc' ? field : `-${field}`;
}
