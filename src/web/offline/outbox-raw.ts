// The outbox's object store through the browser's own IndexedDB API, without Dexie (~30 KB gz), so
// the approvals inbox stores and shows a decision taken offline on a first visit, before Dexie could
// be fetched (ADR 0027, addendum of 2026-11-25). It is Dexie's database (db.ts), not a copy: same
// name, same version (Dexie's `version(1)` is IndexedDB's 10), same stores, key paths and indexes, so
// Dexie opens a database created here as its own; entries are stored as Dexie stores them (the
// autoincrement id set by IndexedDB, the unique idempotencyKey index refusing a second copy of a key).
// Every write here tells Dexie's live queries, in this tab and the others, on Dexie's own channel.
import { DB_NAME } from './idb-open.ts';
import { inStore } from './idb-open.ts';
import type { OutboxEntry, OutboxState } from './outbox-rules.ts';

const STORE = 'outbox';
const INDEXES = ['state', 'createdAt', 'ref', 'idempotencyKey'] as const;

/**
 * Dexie 4's cross-tab and in-tab change notice (dexie.mjs: `STORAGE_MUTATED_DOM_EVENT_NAME`, its
 * BroadcastChannel): a message names the changed parts; Dexie re-runs the live queries reading them
 * and drops their cached answers. One message per write, covering the whole outbox table, in the
 * shape Dexie itself sends when it creates a database.
 */
const DEXIE_CHANNEL = 'x-storagemutated-1';
const EVERYTHING = { d: 1, from: -Infinity, to: [[[]]] };
const OUTBOX_PARTS: Record<string, typeof EVERYTHING> = Object.fromEntries(
  ['', ':dels', ...INDEXES].map((part) => [`idb://${DB_NAME}/${STORE}/${part}`, EVERYTHING]),
);

/** One transaction on the outbox; resolves with what `fn` hands back once it has committed. */
const run = <T>(mode: IDBTransactionMode, fn: (store: IDBObjectStore, done: (value: T) => void) => void) => inStore<T>(STORE, mode, fn);

const listeners = new Set<() => void>();
let receiver: BroadcastChannel | null = null;

/** Tells Dexie (this tab's and the other tabs') and this module's listeners that the outbox changed. */
function changed(): void {
  if (typeof BroadcastChannel === 'undefined') {
    // No channel (an old browser): Dexie in this tab also listens for the notice as a window event.
    if (typeof dispatchEvent === 'function') dispatchEvent(new CustomEvent(DEXIE_CHANNEL, { detail: OUTBOX_PARTS }));
    for (const fn of [...listeners]) fn();
    return;
  }
  // Delivered to every other channel object of the name, this tab's included (Dexie's and `receiver`).
  const out = new BroadcastChannel(DEXIE_CHANNEL);
  out.postMessage(OUTBOX_PARTS);
  out.close();
}

/**
 * Runs `fn` whenever the outbox changes: a write here, or a write in another tab (here or through
 * Dexie there). For the views that read the outbox without Dexie. Returns the unsubscribe function.
 */
export function onOutboxChanged(fn: () => void): () => void {
  listeners.add(fn);
  if (!receiver && typeof BroadcastChannel !== 'undefined') {
    receiver = new BroadcastChannel(DEXIE_CHANNEL);
    (receiver as BroadcastChannel & { unref?: () => void }).unref?.();
    receiver.onmessage = () => {
      for (const l of [...listeners]) l();
    };
  }
  return () => {
    listeners.delete(fn);
    if (listeners.size || !receiver) return;
    receiver.close();
    receiver = null;
  };
}

/** Stores a new entry (no id yet) as Dexie's `db.outbox.add` would; answers it with its id. */
export async function addEntry(entry: OutboxEntry): Promise<OutboxEntry> {
  const id = await run<IDBValidKey>('readwrite', (store, done) => {
    const req = store.add(entry);
    req.onsuccess = () => done(req.result);
  });
  changed();
  return { ...entry, id: id as number };
}

/** The entries, oldest first; optionally only some states or one feature's `ref` (outbox.ts's listOutbox). */
export async function readEntries(filter: { states?: readonly OutboxState[]; ref?: string } = {}): Promise<OutboxEntry[]> {
  const rows = await run<OutboxEntry[]>('readonly', (store, done) => {
    const req = (filter.ref !== undefined ? store.index('ref').getAll(filter.ref) : store.getAll()) as IDBRequest<OutboxEntry[]>;
    req.onsuccess = () => done(req.result);
  });
  return rows.filter((e) => !filter.states || filter.states.includes(e.state)).sort((a, b) => a.createdAt - b.createdAt || (a.id ?? 0) - (b.id ?? 0));
}

/**
 * Reads entry `id` and, in the same transaction, deletes it (`'delete'`), patches it (an object) or
 * leaves it (`null`) as `decide` says; answers whether it changed.
 */
export async function changeEntry(id: number, decide: (entry: OutboxEntry | undefined) => Partial<OutboxEntry> | 'delete' | null): Promise<boolean> {
  const did = await run<boolean>('readwrite', (store, done) => {
    done(false);
    const get = store.get(id) as IDBRequest<OutboxEntry | undefined>;
    get.onsuccess = () => {
      const verdict = decide(get.result);
      if (verdict === null || !get.result) return;
      if (verdict === 'delete') store.delete(id);
      else store.put({ ...get.result, ...verdict });
      done(true);
    };
  });
  if (did) changed();
  return did;
}
