// The browser's offline database (db.ts's Dexie database) opened through IndexedDB's own API, for
// the modules that read and write it without Dexie (~30 KB gz): the outbox on the inbox's first visit
// (outbox-raw.ts) and the recently viewed resources on every detail page (recent-raw.ts). Same name,
// same version (Dexie's `version(1)` is IndexedDB's 10), same stores, key paths and indexes, so Dexie
// opens a database created here as its own.

/** The browser database of the outbox and the recently viewed resources (db.ts opens it with Dexie). */
export const DB_NAME = 'yunshu';

/** IndexedDB's version of db.ts's `db.version(1)` (Dexie multiplies by 10). */
export const IDB_VERSION = 10;
const OUTBOX_INDEXES = ['state', 'createdAt', 'ref', 'idempotencyKey'] as const;

/** Dexie's schema (db.ts), for a database that does not exist yet; existing stores are left alone. */
function createSchema(db: IDBDatabase): void {
  const has = (name: string) => db.objectStoreNames.contains(name);
  if (!has('kv')) db.createObjectStore('kv', { keyPath: 'key' });
  if (!has('recent')) {
    const recent = db.createObjectStore('recent', { keyPath: 'id' });
    recent.createIndex('viewedAt', 'viewedAt');
    recent.createIndex('kind', 'kind');
  }
  if (!has('outbox')) {
    const outbox = db.createObjectStore('outbox', { keyPath: 'id', autoIncrement: true });
    for (const name of OUTBOX_INDEXES) outbox.createIndex(name, name, { unique: name === 'idempotencyKey' });
  }
}

function openAt(version?: number): Promise<IDBDatabase> {
  return new Promise<IDBDatabase>((resolve, reject) => {
    const req = version === undefined ? indexedDB.open(DB_NAME) : indexedDB.open(DB_NAME, version);
    req.onupgradeneeded = () => createSchema(req.result);
    req.onsuccess = () => resolve(req.result);
    req.onerror = () => reject(req.error ?? new Error('indexedDB.open failed'));
  });
}

let opening: Promise<IDBDatabase> | null = null;

/** The offline database as Dexie made it (or made here in Dexie's schema), opened once. */
export function openOfflineDb(): Promise<IDBDatabase> {
  opening ??= openAt(IDB_VERSION)
    // A later Dexie schema upgraded the database: open it as it is (it still has the outbox).
    .catch((err: unknown) => ((err as { name?: string } | null)?.name === 'VersionError' ? openAt() : Promise.reject(err)))
    .then((db) => {
      // Never stand in the way of Dexie upgrading (or deleting) the database.
      db.onversionchange = () => {
        db.close();
        opening = null;
      };
      return db;
    })
    .catch((err: unknown) => {
      opening = null;
      throw err;
    });
  return opening;
}

/**
 * One transaction on one store of the offline database; resolves with what `fn` hands back once it
 * has committed, or rejects with the failed request's error (a ConstraintError for a key already
 * there), else the transaction's.
 */
export async function inStore<T>(name: string, mode: IDBTransactionMode, fn: (store: IDBObjectStore, done: (value: T) => void) => void): Promise<T> {
  const db = await openOfflineDb();
  return new Promise<T>((resolve, reject) => {
    const tx = db.transaction(name, mode);
    let result: T;
    fn(tx.objectStore(name), (value) => {
      result = value;
    });
    tx.oncomplete = () => resolve(result);
    tx.onerror = (event) => reject((event.target as IDBRequest | null)?.error ?? tx.error ?? new Error('indexedDB transaction failed'));
    tx.onabort = () => reject(tx.error ?? new Error('indexedDB transaction aborted'));
  });
}
