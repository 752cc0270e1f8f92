// Live status over the console's server-sent events (lib/server-events.ts). Each status event patches the cached rows of every
// resource query in place (lists, infinite lists, details): no reload. A resource the cache does
// not know yet (created elsewhere) refreshes that kind's lists once, debounced.
import { useEffect } from 'react';
import { useQueryClient, type InfiniteData, type QueryClient } from '@tanstack/react-query';
import type { ResourceRemovedEvent, ResourceStatusEvent } from '../../../domain/events.ts';
import { subscribe } from '../../lib/server-events.ts';
import { applyStatus, type Resource } from './kind-meta.ts';
import type { Page } from './api.ts';
import { resourceKeys } from './query-keys.ts';

/** What patching needs of a resource event (the stream hands over the whole event). */
export type ResourceEvent =
  | (Pick<ResourceStatusEvent, 'type' | 'id' | 'kind' | 'status'> & Partial<Pick<ResourceStatusEvent, 'locked'>>)
  | Pick<ResourceRemovedEvent, 'type' | 'id' | 'kind'>;

type Cached = Page<Resource> | InfiniteData<Page<Resource>> | Resource | undefined;

function patchPage(page: Page<Resource>, ev: ResourceEvent): [Page<Resource>, boolean] {
  let hit = false;
  const data =
    ev.type === 'resource.removed'
      ? page.data.filter((r) => {
          const gone = r.id === ev.id;
          hit ||= gone;
          return !gone;
        })
      : page.data.map((r) => {
          if (r.id !== ev.id) return r;
          hit = true;
          return applyStatus(r, ev);
        });
  if (!hit) return [page, false];
  const count = ev.type === 'resource.removed' && typeof page.count === 'number' ? Math.max(0, page.count - 1) : page.count;
  return [{ ...page, data, ...(count === undefined ? {} : { count }) }, true];
}

/** Applies one event to one cached value; answers the new value and whether the row was there. */
export function patchCached(value: Cached, ev: ResourceEvent): [Cached, boolean] {
  if (!value) return [value, false];
  if ('pages' in value) {
    let hit = false;
    const pages = value.pages.map((p) => {
      const [np, h] = patchPage(p, ev);
      hit ||= h;
      return np;
    });
    return [hit ? { ...value, pages } : value, hit];
  }
  if ('data' in value && Array.isArray(value.data)) return patchPage(value, ev);
  const row = value as Resource;
  if (row.id !== ev.id) return [value, false];
  if (ev.type === 'resource.removed') return [{ ...row, status: 'removed', in_between: false, available_actions: [] }, true];
  return [applyStatus(row, ev), true];
}

const pendingKinds = new Set<string>();
let flushTimer: ReturnType<typeof setTimeout> | undefined;

export function applyEvent(client: QueryClient, ev: ResourceEvent): void {
  let known = false;
  for (const [key, value] of client.getQueriesData<Cached>({ queryKey: resourceKeys.kind(ev.kind) })) {
    const [next, hit] = patchCached(value, ev);
    if (hit) {
      known = true;
      client.setQueryData(key, next);
      // The event carries the status only: an open detail also re-reads the row, since a finished
      // action may have changed its values too (a cloud account's synced regions, a disk's size).
      if (ev.type === 'resource.status' && key[2] === 'detail') void client.invalidateQueries({ queryKey: key, exact: true });
    }
  }
  // Recycle-bin lists and related-resource panels hold rows of other kinds' keys.
  for (const [key, value] of client.getQueriesData<Cached>({ queryKey: resourceKeys.anyKind })) {
    const [next, hit] = patchCached(value, ev);
    if (hit) {
      known = true;
      client.setQueryData(key, next);
    }
  }
  if (!known && ev.type === 'resource.status') {
    pendingKinds.add(ev.kind);
    clearTimeout(flushTimer);
    flushTimer = setTimeout(() => {
      for (const kind of pendingKinds) void client.invalidateQueries({ queryKey: resourceKeys.kind(kind), predicate: (q) => q.queryKey[2] !== 'detail' });
      pendingKinds.clear();
    }, 400);
  }
}

/** Keeps the console's event stream open while a resource screen is mounted, patching the query cache. */
export function useLiveResources(): void {
  const client = useQueryClient();
  useEffect(() => subscribe(['resource.status', 'resource.removed'], (ev) => applyEvent(client, ev)), [client]);
}

/** While the server events are the only way a row leaves its in-between state, a lost event would
 * leave it spinning: lists and details showing such a row also re-read every few seconds. */
export const SETTLE_POLL_MS = 5_000;

export function hasInBetween(value: Cached): boolean {
  if (!value) return false;
  if ('pages' in value) return value.pages.some((p) => p.data.some((r) => r.in_between));
  if ('data' in value && Array.isArray(value.data)) return value.data.some((r) => r.in_between);
  return Boolean((value as Resource).in_between);
}

/** For `refetchInterval`: poll while something on screen is between states. */
export const settlePoll = (query: { state: { data: unknown } }): number | false => (hasInBetween(query.state.data as Cached) ? SETTLE_POLL_MS : false);
