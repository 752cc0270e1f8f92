// Whether this page needs the outbox's database (Dexie, ~30 KB gz) at all. An empty outbox — the
// usual case — never loads it: the inbox's card states, the outbox strip and the replay start
// only once the outbox is in use, that is when
// - the browser database already holds entries (a raw IndexedDB count, no Dexie; a database that
//   does not exist yet is not created by the look), or
// - this page loaded the outbox module to write (a decision, a work order…: outbox.ts calls
//   `outboxInUse()` when it loads), or
// - another tab of this origin wrote one (its outbox.ts says so on a BroadcastChannel).
// Once in use it stays in use for the page's life. Dexie then loads only when its chunk can be
// fetched (`loadWhenReachable`): offline on a first visit the approvals inbox stores and shows its
// decisions without it (outbox-queue.ts, outbox-raw.ts), and the replay starts when the network returns.
import type { OutboxEntry, OutboxState, OutboxWrite } from './outbox-rules.ts';
import { DB_NAME } from './idb-open.ts';

const CHANNEL = 'yunshu-outbox';
let active = false;
const waiting = new Set<() => void>();
let probing: Promise<void> | null = null;
let channel: BroadcastChannel | null = null;

function activate(): void {
  if (active) return;
  active = true;
  channel?.close();
  channel = null;
  for (const fn of [...waiting]) fn();
  waiting.clear();
}

/** Called by outbox.ts when it loads (and by its writes): from now on the outbox is live here and in the other tabs. */
export function outboxInUse(broadcast = false): void {
  if (broadcast && typeof BroadcastChannel !== 'undefined') {
    const out = new BroadcastChannel(CHANNEL);
    out.postMessage('in-use');
    out.close();
  }
  activate();
}

/** The number of entries in the outbox's object store, without Dexie; 0 when there is no database yet. */
export function countStoredEntries(): Promise<number> {
  return new Promise<number>((resolve) => {
    if (typeof indexedDB === 'undefined') return resolve(0);
    let req: IDBOpenDBRequest;
    try {
      req = indexedDB.open(DB_NAME);
    } catch {
      return resolve(0);
    }
    // No database yet: abort the creation (Dexie creates it with its schema when first needed).
    req.onupgradeneeded = () => req.transaction?.abort();
    req.onerror = () => resolve(0);
    req.onblocked = () => resolve(1); // someone is upgrading it: be safe, load the real thing
    req.onsuccess = () => {
      const db = req.result;
      db.onversionchange = () => db.close();
      if (!db.objectStoreNames.contains('outbox')) {
        db.close();
        return resolve(0);
      }
      try {
        const count = db.transaction('outbox', 'readonly').objectStore('outbox').count();
        count.onsuccess = () => {
          db.close();
          resolve(count.result);
        };
        count.onerror = () => {
          db.close();
          resolve(1);
        };
      } catch {
        db.close();
        resolve(1);
      }
    };
  });
}

function probe(): Promise<void> {
  probing ??= (async () => {
    if (typeof BroadcastChannel !== 'undefined' && !active) {
      channel = new BroadcastChannel(CHANNEL);
      channel.onmessage = () => activate();
    }
    if ((await countStoredEntries()) > 0) activate();
  })();
  return probing;
}

/** Runs `fn` once the outbox is in use (at once if it already is); returns a cancel function. */
export function whenOutboxInUse(fn: () => void): () => void {
  if (active) {
    fn();
    return () => undefined;
  }
  waiting.add(fn);
  void probe();
  return () => {
    waiting.delete(fn);
  };
}

export const isOutboxInUse = (): boolean => active;

/** What outbox.ts (Dexie) offers outbox-queue.ts once it is loaded: from then on every write goes through it. */
export interface DexieOutbox {
  enqueue: (write: OutboxWrite) => Promise<OutboxEntry>;
  listOutbox: (filter?: { states?: readonly OutboxState[]; ref?: string }) => Promise<OutboxEntry[]>;
  discard: (id: number) => Promise<boolean>;
  withdraw: (id: number) => Promise<boolean>;
  release: (id: number) => Promise<boolean>;
  retry: (id: number) => Promise<boolean>;
  editAndRequeue: (id: number, body: unknown) => Promise<boolean>;
  requestReplay: () => Promise<unknown>;
}
let dexieOutbox: DexieOutbox | null = null;

/** Called by outbox.ts when it loads. */
export function attachDexieOutbox(api: DexieOutbox): void {
  dexieOutbox = api;
}
export const attachedDexieOutbox = (): DexieOutbox | null => dexieOutbox;

/**
 * Whether a chunk this page has not fetched yet can be: online, or a service worker controls the
 * page (it activates only once its precache, every chunk included, is complete).
 */
function reachable(): boolean {
  if (typeof navigator === 'undefined') return true;
  return navigator.onLine !== false || !!navigator.serviceWorker?.controller;
}

const RETRY_MS = 30_000;

/**
 * Runs `load` (a dynamic import) once its chunk can be fetched; if the fetch fails anyway (a
 * network that says it is up but is not), tries again on the next `online` event or after
 * RETRY_MS. Never rejects: offline it simply waits.
 */
export function loadWhenReachable<T>(load: () => Promise<T>): Promise<T> {
  return new Promise<T>((resolve) => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    const later = () => {
      if (typeof window === 'undefined') return;
      window.addEventListener('online', attempt, { once: true });
      timer = setTimeout(attempt, RETRY_MS);
    };
    function attempt(): void {
      if (typeof window !== 'undefined') window.removeEventListener('online', attempt);
      clearTimeout(timer);
      if (!reachable()) {
        if (typeof window !== 'undefined') window.addEventListener('online', attempt, { once: true });
        return;
      }
      load().then(resolve, later);
    }
    attempt();
  });
}
