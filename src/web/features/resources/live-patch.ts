// The patching of the query cache by the console's resource events (live.ts subscribes and loads
// this module with the first event): each status event patches the cached rows of every resource
// query in place (lists, infinite lists, details), with what the row's kind now allows (its list
// model, list-kind.ts: every kind's, so it stays off a phone list's first screen, ADR 0057). A
// resource the cache does not know yet (created elsewhere) refreshes that kind's lists once, debounced.
import type { InfiniteData, QueryClient } from '@tanstack/react-query';
import type { ResourceRemovedEvent, ResourceStatusEvent } from '../../../domain/events.ts';
import { isInBetween } from '../../../domain/kinds/kind.ts';
import { listKindOf } from '../../../domain/kinds/list-kind.ts';
import { actionBlock, menuActions, type Resource } from './kind-meta.ts';
import type { Page } from './api.ts';
import { resourceKeys } from './query-keys.ts';

/** Applies a live status event to a row (status, lock flag, and what it now allows). */
export function applyStatus(row: Resource, ev: { status?: string; locked?: boolean }): Resource {
  const def = listKindOf(row.kind);
  const status = ev.status ?? row.status;
  const locked = ev.locked ?? row.locked;
  const next = { ...row, status, locked };
  if (!def) return next;
  return {
    ...next,
    in_between: isInBetween(def, status),
    available_actions: menuActions(def)
      .filter((a) => actionBlock(def, a, next) === null)
      .map((a) => a.id),
  };
}

/** What patching needs of a resource event (the stream hands over the whole event). */
export type ResourceEvent =
  | (Pick<ResourceStatusEvent, 'type' | 'id' | 'kind' | 'status'> & Partial<Pick<ResourceStatusEvent, 'locked'>>)
  | Pick<ResourceRemovedEvent, 'type' | 'id' | 'kind'>;

export type Cached = Page<Resource> | InfiniteData<Page<Resource>> | Resource | undefined;

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
