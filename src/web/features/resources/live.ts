// Live status over the console's server-sent events (lib/server-events.ts): a resource screen keeps
// the stream open, and each status event patches the cached rows in place (live-patch.ts, loaded
// with the first event: it reads every kind's list model, which a phone list's first screen does not
// load, ADR 0057). Lists and details with a row between states also re-read every few seconds.
import { useEffect } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { subscribe } from '../../lib/server-events.ts';
import type { Resource } from './kind-meta.ts';
import type { Cached } from './live-patch.ts';

/** Keeps the console's event stream open while a resource screen is mounted, patching the query cache. */
export function useLiveResources(): void {
  const client = useQueryClient();
  // (events keep their order: once loaded, each import() settles in the order it was asked)
  useEffect(() => subscribe(['resource.status', 'resource.removed'], (ev) => void import('./live-patch.ts').then((m) => m.applyEvent(client, ev))), [client]);
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
