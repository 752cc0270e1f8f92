// A kind's list filters as the URL's search params hold them (filter-model.ts), and the debounce of
// the search boxes: what both lists read on their first render. The filter controls themselves are
// in filter-bar.tsx, which the phone list loads only when its filter sheet first opens.
import { useCallback, useEffect, useMemo, useState } from 'react';
import { useSearchParams } from 'react-router';
import type { ListKind } from '../../../../domain/kinds/list-kind.ts';
import { filtersFromSearch, searchWithFilters } from './filter-model.ts';
import type { ListFilters } from '../list-state.ts';
import { FILTER_DEBOUNCE_MS } from '../../../../domain/constants.ts';

/** A value once it has stopped changing for `ms` (search boxes and text filters). */
export function useDebounced<T>(value: T, ms = FILTER_DEBOUNCE_MS): T {
  const [v, setV] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setV(value), ms);
    return () => clearTimeout(timer);
  }, [value, ms]);
  return v;
}

/** The kind's filters as the URL holds them, and a setter that replaces them (no new history entry). */
export function useUrlFilters(def: ListKind): [ListFilters, (next: ListFilters) => void] {
  const [search, setSearch] = useSearchParams();
  const key = search.toString();
  // eslint-disable-next-line react-hooks/exhaustive-deps -- `key` is the params' value; the object changes every render
  const filters = useMemo(() => filtersFromSearch(def, search), [def, key]);
  const set = useCallback(
    (next: ListFilters) => {
      setSearch((cur) => searchWithFilters(def, cur, next), { replace: true });
    },
    [def, setSearch],
  );
  return [filters, set];
}
