// The snapshots' key-value store (menus, catalogue, territories, profile, approvals lists): one
// IndexedDB object store through the browser's own API, not Dexie, so an anonymous visitor's
// portal keeps its catalogue readable offline without loading Dexie (~30 KB gz). Dexie keeps the
// outbox's live views (db.ts); the recently viewed resources have their own module (recent-raw.ts).
export interface KvRow {
  key: string;
  value: unknown;
  savedAt: number;
}

const DB_NAME = 'yunshu-kv';
const STORE = 'kv';
let opening: Promise<IDBDatabase> | null = null;

function open(): Promise<IDBDatabase> {
  opening ??= new Promise<IDBDatabase>((resolve, reject) => {
    const req = indexedDB.open(DB_NAME, 1);
    req.onupgradeneeded = () => {
      if (!req.result.objectStoreNames.contains(STORE)) req.result.createObjectStore(STORE, { keyPath: 'key' });
    };
    req.onsuccess = () => resolve(req.result);
    req.onerror = () => reject(req.error ?? new Error('indexedDB.open failed'));
    req.onblocked = () => reject(new Error('indexedDB.open blocked'));
  }).catch((err: unknown) => {
    opening = null;
    throw err;
  });
  return opening;
}

async function run<T>(mode: IDBTransactionMode, fn: (store: IDBObjectStore) => IDBRequest<T>): Promise<T> {
  const db = await open();
  return new Promise<T>((resolve, reject) => {
    const tx = db.transaction(STORE, mode);
    const req = fn(tx.objectStore(STORE));
    tx.oncomplete = () => resolve(req.result);
    tx.onerror = () => reject(tx.error ?? req.error ?? new Error('indexedDB transaction failed'));
    tx.onabort = () => reject(tx.error ?? new Error('indexedDB transaction aborted'));
  });
}

export const kvPut = (row: KvRow): Promise<unknown> => run('readwrite', (s) => s.put(row));
export const kvGet = (key: string): Promise<KvRow | undefined> => run('readonly', (s) => s.get(key) as IDBRequest<KvRow | undefined>);
export const kvClear = (): Promise<unknown> => run('readwrite', (s) => s.clear());
