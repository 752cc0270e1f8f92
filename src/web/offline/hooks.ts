// React hooks over the offline store: network status and live views of the outbox. dexie's
// liveQuery feeds useSyncExternalStore (dexie-react-hooks is not needed for this). The outbox views
// answer "empty" without loading Dexie until the outbox is in use (outbox-gate.ts); then they
// subscribe to the real live query.
import { useMemo, useSyncExternalStore } from 'react';
export { useOnline } from './online.ts';
import type { YunshuDb } from './db.ts';
import { whenOutboxInUse } from './outbox-gate.ts';
import type { OutboxEntry, OutboxState } from './outbox-rules.ts';
import { readSnapshot, type Snapshot } from './snapshots.ts';

interface LiveSource<T> {
  subscribe: (onChange: () => void) => () => void;
  get: () => T;
}

/**
 * A live query of the outbox for useSyncExternalStore, started once the outbox is in use. An
 * answer equal to the last one (`same`) does not tell React at all: dexie re-runs a query on every
 * write to its table, and the 100-card inbox re-rendered on each (issue 10). One source serves
 * every component that subscribes to it (one dexie subscription, one query per write however many
 * components show the outbox); it stops when the last one leaves.
 */
export function liveSource<T>(query: (db: YunshuDb) => Promise<T>, initial: T, same: (a: T, b: T) => boolean = Object.is): LiveSource<T> {
  let value = initial;
  const listeners = new Set<() => void>();
  let stop: (() => void) | null = null;
  const start = () => {
    let closed = false;
    let sub: { unsubscribe: () => void } | null = null;
    const cancel = whenOutboxInUse(() => {
      void import('./outbox-live.ts').then(({ liveQuery, db }) => {
        if (closed) return;
        sub = liveQuery(() => query(db)).subscribe({
          next: (next) => {
            if (same(value, next)) return;
            value = next;
            for (const fn of [...listeners]) fn();
          },
          error: (err) => {
            console.warn('offline store query failed', err);
          },
        });
      });
    });
    return () => {
      closed = true;
      cancel();
      sub?.unsubscribe();
    };
  };
  return {
    subscribe(onChange) {
      listeners.add(onChange);
      stop ??= start();
      return () => {
        listeners.delete(onChange);
        if (listeners.size || !stop) return;
        stop();
        stop = null;
        // The next subscriber starts from nothing, as a fresh view would (not from an old answer).
        value = initial;
      };
    },
    get: () => value,
  };
}

/** Sources by what they show, shared by every component showing the same thing. */
const sources = new Map<string, LiveSource<unknown>>();
function sharedSource<T>(key: string, make: () => LiveSource<T>): LiveSource<T> {
  let source = sources.get(key) as LiveSource<T> | undefined;
  if (!source) {
    source = make();
    sources.set(key, source as LiveSource<unknown>);
  }
  return source;
}

function useLive<T>(source: LiveSource<T>, initial: T): T {
  return useSyncExternalStore(source.subscribe, source.get, () => initial);
}

const NO_ENTRIES: OutboxEntry[] = [];

/** Two outbox views are the same when every entry is (a few hundred small records: cheap next to a re-render). */
function sameEntries(a: OutboxEntry[], b: OutboxEntry[]): boolean {
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i] && JSON.stringify(a[i]) !== JSON.stringify(b[i])) return false;
  return true;
}

/** Outbox entries (oldest first), live; optionally only some states or one feature's `ref`. */
export function useOutbox(filter: { states?: readonly OutboxState[]; ref?: string } = {}): OutboxEntry[] {
  const statesKey = filter.states?.join(',') ?? '';
  const ref = filter.ref;
  const source = useMemo(
    () =>
      sharedSource(`entries:${statesKey}:${ref ?? ''}`, () =>
        liveSource(
          async (db) => {
            const states = statesKey ? statesKey.split(',') : null;
            const rows = ref ? await db.outbox.where('ref').equals(ref).toArray() : await db.outbox.toArray();
            return rows.filter((e) => !states || states.includes(e.state)).sort((a, b) => a.createdAt - b.createdAt || (a.id ?? 0) - (b.id ?? 0));
          },
          NO_ENTRIES,
          sameEntries,
        ),
      ),
    [statesKey, ref],
  );
  return useLive(source, NO_ENTRIES);
}

export interface OutboxCounts {
  waiting: number;
  attention: number;
}
const ZERO: OutboxCounts = { waiting: 0, attention: 0 };

/** Entries still to send (pending, sending) and entries that need the user (conflict, needs-edit, failed). */
export function useOutboxCounts(): OutboxCounts {
  const source = useMemo(
    () =>
      sharedSource('counts', () =>
        liveSource(
          async (db) => {
            const [waiting, attention] = await Promise.all([
              db.outbox.where('state').anyOf('pending', 'sending').count(),
              db.outbox.where('state').anyOf('conflict', 'needs_edit', 'failed').count(),
            ]);
            return { waiting, attention };
          },
          ZERO,
          (a, b) => a.waiting === b.waiting && a.attention === b.attention,
        ),
      ),
    [],
  );
  return useLive(source, ZERO);
}

/** A snapshot (undefined until read or when none was saved), read once per key. */
export function useSnapshot<T>(key: string): Snapshot<T> | undefined {
  const source = useMemo<LiveSource<Snapshot<T> | undefined>>(() => {
    let value: Snapshot<T> | undefined;
    return {
      subscribe(onChange) {
        let closed = false;
        readSnapshot<T>(key).then(
          (row) => {
            if (closed || row === undefined) return;
            value = row;
            onChange();
          },
          (err: unknown) => console.warn('offline store query failed', err),
        );
        return () => {
          closed = true;
        };
      },
      get: () => value,
    };
  }, [key]);
  return useLive(source, undefined);
}
