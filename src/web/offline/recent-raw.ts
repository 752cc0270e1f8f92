// The recently viewed resources (ARCHITECTURE.md "Offline": the last 200, readable offline) through
// IndexedDB's own API, in Dexie's database and schema (idb-open.ts), so a detail page keeps its offline
// copy without fetching Dexie (~30 KB gz) on every first visit (issue 28). No live query reads this
// store, so a write here owes Dexie no change notice.
import { inStore } from './idb-open.ts';
import type { RecentRow } from './db.ts';

const STORE = 'recent';

const run = <T>(mode: IDBTransactionMode, fn: (store: IDBObjectStore, done: (value: T) => void) => void) => inStore<T>(STORE, mode, fn);

/** Puts `row` (replacing its earlier copy) and deletes the oldest beyond `cap`, in one transaction. */
export function putRecent(row: RecentRow, cap: number): Promise<void> {
  return run<void>('readwrite', (store, done) => {
    store.put(row);
    const counted = store.count();
    counted.onsuccess = () => {
      let extra = counted.result - cap;
      if (extra <= 0) return done();
      const cursor = store.index('viewedAt').openKeyCursor();
      cursor.onsuccess = () => {
        const c = cursor.result;
        if (!c || extra <= 0) return done();
        store.delete(c.primaryKey);
        extra--;
        c.continue();
      };
    };
  });
}

/** The most recent first: of one kind, or all; at most `limit`. */
export function readRecent(kind: string | undefined, limit: number): Promise<RecentRow[]> {
  return run<RecentRow[]>('readonly', (store, done) => {
    if (kind !== undefined) {
      const req = store.index('kind').getAll(kind) as IDBRequest<RecentRow[]>;
      req.onsuccess = () => done(req.result.sort((a, b) => b.viewedAt - a.viewedAt).slice(0, limit));
      return;
    }
    const rows: RecentRow[] = [];
    const cursor = store.index('viewedAt').openCursor(null, 'prev');
    cursor.onsuccess = () => {
      const c = cursor.result;
      if (!c || rows.length >= limit) return done(rows);
      rows.push(c.value as RecentRow);
      c.continue();
    };
  });
}

export function readRecentRow(id: string): Promise<RecentRow | undefined> {
  return run<RecentRow | undefined>('readonly', (store, done) => {
    const req = store.get(id) as IDBRequest<RecentRow | undefined>;
    req.onsuccess = () => done(req.result);
  });
}

export function clearRecent(): Promise<void> {
  return run<void>('readwrite', (store, done) => {
    store.clear().onsuccess = () => done();
  });
}
