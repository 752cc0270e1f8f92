// React hooks over the offline store: network status and live views of the outbox. dexie's
// liveQuery feeds useSyncExternalStore (dexie-react-hooks is not needed for this). The outbox views
// answer "empty" without loading Dexie until the outbox is in use (outbox-gate.ts); then they read
// it without Dexie (outbox-raw.ts) until Dexie's chunk can be fetched, and subscribe to the real
// live query from then on.
import { useMemo, useSyncExternalStore } from 'react';
export { useOnline } from './online.ts';
import type { YunshuDb } from './db.ts';
import { attachedDexieOutbox, loadWhenReachable, whenOutboxInUse } from './outbox-gate.ts';
import { onOutboxChanged, readEntries } from './outbox-raw.ts';
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
 * With `raw` (the same question asked through outbox-raw.ts, no Dexie) the view answers from the
 * moment the outbox is in use, re-reading on every change notice, until Dexie's chunk could be
 * fetched (`loadWhenReachable`: offline on a first visit, only when the network returns) and its
 * live query has answered.
 */
export function liveSource<T>(
  query: (db: YunshuDb) => Promise<T>,
  initial: T,
  same: (a: T, b: T) => boolean = Object.is,
  raw?: () => Promise<T>,
): LiveSource<T> {
  let value = initial;
  const listeners = new Set<() => void>();
  let stop: (() => void) | null = null;
  const set = (next: T) => {
    if (same(value, next)) return;
    value = next;
    for (const fn of [...listeners]) fn();
  };
  const start = () => {
    let closed = false;
    let live = false;
    let sub: { unsubscribe: () => void } | null = null;
    let stopRaw: (() => void) | null = null;
    const cancel = whenOutboxInUse(() => {
      if (raw) {
        // Answers applied in the order their reads started (a later read saw a later outbox).
        let asked = 0;
        let applied = 0;
        const read = () => {
          const n = ++asked;
          raw().then(
            (next) => {
              if (closed || live || n < applied) return;
              applied = n;
              set(next);
            },
            (err: unknown) => console.warn('offline store query failed', err),
          );
        };
        stopRaw = onOutboxChanged(read);
        read();
      }
      // Where outbox.ts is already in (a page that writes through Dexie: the desk's forms), Dexie is
      // in memory and the live views' small chunk is tried at once, offline too.
      const loadLive = () => import('./outbox-live.ts');
      const liveModule = attachedDexieOutbox() ? loadLive().catch(() => loadWhenReachable(loadLive)) : loadWhenReachable(loadLive);
      void liveModule.then(({ liveQuery, db }) => {
        if (closed) return;
        sub = liveQuery(() => query(db)).subscribe({
          next: (next) => {
            if (!live) {
              live = true;
              stopRaw?.();
              stopRaw = null;
            }
            set(next);
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
      stopRaw?.();
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
          () => readEntries({ ...(statesKey ? { states: statesKey.split(',') as OutboxState[] } : {}), ...(ref ? { ref } : {}) }),
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
const countsOf = (entries: readonly OutboxEntry[]): OutboxCounts => ({
  waiting: entries.filter((e) => e.state === 'pending' || e.state === 'sending').length,
  attention: entries.filter((e) => e.state === 'conflict' || e.state === 'needs_edit' || e.state === 'failed').length,
});

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
          async () => countsOf(await readEntries()),
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
