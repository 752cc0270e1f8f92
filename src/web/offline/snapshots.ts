// Snapshots of server data (menus, catalogue, territories, profile) and the recently viewed
// resources, so screens can still show something when the network is gone.
import { RECENT_RESOURCES_CAP } from '../../domain/constants.ts';
import { offlineDataSavedAtAtom, store } from '../lib/store.ts';
import type { RecentRow } from './db.ts';
import { kvClear, kvGet, kvPut } from './kv-store.ts';
import { clearRecent, putRecent, readRecent, readRecentRow } from './recent-raw.ts';

export interface Snapshot<T> {
  value: T;
  savedAt: number;
}

export async function saveSnapshot<T>(key: string, value: T): Promise<void> {
  await kvPut({ key, value, savedAt: Date.now() });
}

export async function readSnapshot<T>(key: string): Promise<Snapshot<T> | undefined> {
  const row = await kvGet(key);
  return row ? { value: row.value as T, savedAt: row.savedAt } : undefined;
}

export type RememberedResource = Omit<RecentRow, 'viewedAt'> & { viewedAt?: number };

/** Records a viewed resource (moving it to the front) and evicts the oldest beyond the cap. */
export async function rememberResource(resource: RememberedResource, cap = RECENT_RESOURCES_CAP): Promise<void> {
  await putRecent({ ...resource, viewedAt: resource.viewedAt ?? Date.now() }, cap);
}

/** The most recently viewed resources first, optionally of one kind. */
export async function recentResources(opts: { kind?: string; limit?: number } = {}): Promise<RecentRow[]> {
  return readRecent(opts.kind, opts.limit ?? RECENT_RESOURCES_CAP);
}

export async function readRecentResource(id: string): Promise<RecentRow | undefined> {
  return readRecentRow(id);
}

/**
 * Forgets the snapshots and recent resources (on sign-out, so the next user of the device does not
 * read them). The outbox is kept: queued writes are never dropped silently; the outbox screen
 * shows them and the user discards them explicitly.
 */
export async function clearReadCache(): Promise<void> {
  await Promise.all([kvClear(), clearRecent()]);
}

export interface Loaded<T> {
  value: T;
  savedAt: number;
  fromSnapshot: boolean;
}

/** Errors that mean "no answer" rather than an answer: offline, DNS, time-out, aborted. */
function isNoAnswer(err: unknown): boolean {
  if (typeof navigator !== 'undefined' && navigator.onLine === false) return true;
  const status = (err as { status?: unknown } | null)?.status;
  return !(typeof status === 'number' && status > 0);
}

/**
 * Loads through `fetcher` and keeps a snapshot; when no answer comes back, serves the last
 * snapshot instead and records its age for the offline banner. HTTP errors are rethrown.
 */
export async function loadWithSnapshot<T>(key: string, fetcher: () => Promise<T>): Promise<Loaded<T>> {
  try {
    const value = await fetcher();
    const savedAt = Date.now();
    // The copy is written behind the answer: the screen does not wait for IndexedDB (on a first visit
    // opening it creates the database — a task between the data and a landing page's largest paint).
    void kvPut({ key, value, savedAt }).catch(() => undefined);
    return { value, savedAt, fromSnapshot: false };
  } catch (err) {
    if (!isNoAnswer(err)) throw err;
    const snap = await readSnapshot<T>(key);
    if (!snap) throw err;
    store.set(offlineDataSavedAtAtom, snap.savedAt);
    return { ...snap, fromSnapshot: true };
  }
}
