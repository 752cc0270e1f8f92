// The one module that owns the browser database (STYLE item 9: storage behind one module).
// Other modules of src/web/offline/ use `db`; nothing outside src/web/offline/ imports Dexie.
import { Dexie, type EntityTable } from 'dexie';
import type { OutboxEntry } from './outbox-rules.ts';
import { DB_NAME } from './idb-open.ts';

/** A snapshot read when the network is gone: menus, catalogue, territories, profile… */
export interface KvRow {
  key: string;
  value: unknown;
  savedAt: number;
}

/** A resource the user looked at, readable offline (the last RECENT_RESOURCES_CAP of them). */
export interface RecentRow {
  id: string;
  kind: string;
  route: string;
  title: string;
  data: unknown;
  viewedAt: number;
}

export type YunshuDb = Dexie & {
  kv: EntityTable<KvRow, 'key'>;
  recent: EntityTable<RecentRow, 'id'>;
  outbox: EntityTable<OutboxEntry, 'id'>;
};

export const db = new Dexie(DB_NAME) as YunshuDb;

db.version(1).stores({
  kv: 'key',
  recent: 'id, viewedAt, kind',
  outbox: '++id, state, createdAt, ref, &idempotencyKey',
});
