// The outbox without Dexie (ADR 0027, addendum of 2026-11-25) on fake-indexeddb: the approvals inbox
// queues and shows decisions offline before Dexie's chunk could be fetched; Dexie later opens the
// same database as its own and replays each entry once, with the key it was queued with. The tests
// run in order in one module state, as a page would: offline first, then the network returns.
import 'fake-indexeddb/auto';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { attachedDexieOutbox, isOutboxInUse } from '../../src/web/offline/outbox-gate.ts';
import { liveSource } from '../../src/web/offline/hooks.ts';
import { addEntry, readEntries } from '../../src/web/offline/outbox-raw.ts';
import { IDB_VERSION } from '../../src/web/offline/idb-open.ts';
import * as queue from '../../src/web/offline/outbox-queue.ts';
import { newEntry, type OutboxEntry } from '../../src/web/offline/outbox-rules.ts';

const write = (n: number) => ({
  method: 'POST' as const,
  url: `/api/v1/approvals/${n.toString(16).padStart(32, '0')}/approve`,
  body: { level: 1 },
  label: `#${n}`,
  ref: `approval:${n}`,
  headers: { 'X-Tenant-Id': 't1', 'X-Auth-Token': 'no' },
});

/** Resolves once `check` holds for the source's value (its reads answer asynchronously). */
const until = <T>(source: { subscribe: (fn: () => void) => () => void; get: () => T }, check: (v: T) => boolean) =>
  new Promise<void>((resolve) => {
    if (check(source.get())) return resolve();
    const stop = source.subscribe(() => {
      if (!check(source.get())) return;
      stop();
      resolve();
    });
  });

const keysOf = (entries: OutboxEntry[]) => entries.map((e) => e.idempotencyKey);

const queued: OutboxEntry[] = [];
const warnings: string[] = [];
const warn = vi.spyOn(console, 'warn').mockImplementation((...args: unknown[]) => {
  warnings.push(args.map(String).join(' '));
});
afterAll(() => {
  warn.mockRestore();
  vi.unstubAllGlobals();
});

describe('offline on a first visit: no Dexie', () => {
  it('queues decisions into a new database with Dexie’s version and stores, and shows them', async () => {
    vi.stubGlobal('navigator', { onLine: false });
    expect((await indexedDB.databases()).map((d) => d.name)).not.toContain('yunshu');
    expect(isOutboxInUse()).toBe(false);

    const entries = liveSource<OutboxEntry[]>(
      async (db) => db.outbox.toArray(),
      [],
      undefined,
      () => queue.listOutbox(),
    );
    const seen: number[] = [];
    const stop = entries.subscribe(() => seen.push(entries.get().length));

    queued.push(await queue.enqueue(write(1)));
    queued.push(await queue.enqueue(write(2)));
    expect(isOutboxInUse()).toBe(true);
    expect(attachedDexieOutbox()).toBeNull();
    await until(entries, (v) => v.length === 2);
    // A later write shows too (the change notice re-reads the store).
    queued.push(await queue.enqueue(write(3)));
    await until(entries, (v) => v.length === 3);
    expect(keysOf(entries.get())).toEqual(keysOf(queued));
    stop();
    expect(queued.map((e) => e.id)).toEqual([1, 2, 3]);
    expect(queued.every((e) => e.state === 'pending' && e.headers['X-Auth-Token'] === undefined)).toBe(true);
    expect(await queue.listOutbox({ ref: 'approval:2', states: ['pending', 'sending'] })).toHaveLength(1);

    const info = await new Promise<{ version: number; stores: Record<string, { keyPath: unknown; auto: boolean; indexes: string[] }> }>((resolve) => {
      const req = indexedDB.open('yunshu');
      req.onsuccess = () => {
        const db = req.result;
        const tx = db.transaction([...db.objectStoreNames], 'readonly');
        const stores = Object.fromEntries(
          [...db.objectStoreNames].map((name) => {
            const s = tx.objectStore(name);
            const indexes = [...s.indexNames].map((i) => `${i}${s.index(i).unique ? '!' : ''}`).sort();
            return [name, { keyPath: s.keyPath, auto: s.autoIncrement, indexes }];
          }),
        );
        db.close();
        resolve({ version: db.version, stores });
      };
    });
    expect(info.version).toBe(IDB_VERSION);
    expect(info.stores).toEqual({
      kv: { keyPath: 'key', auto: false, indexes: [] },
      recent: { keyPath: 'id', auto: false, indexes: ['kind', 'viewedAt'] },
      outbox: { keyPath: 'id', auto: true, indexes: ['createdAt', 'idempotencyKey!', 'ref', 'state'] },
    });
  });

  it('the unique index refuses a second entry with a key already queued', async () => {
    const again = newEntry(write(1), Date.now(), queued[0]!.idempotencyKey);
    await expect(addEntry(again)).rejects.toMatchObject({ name: 'ConstraintError' });
    expect(await readEntries()).toHaveLength(3);
  });

  it('discard and retry work on the store too', async () => {
    const extra = await queue.enqueue(write(4));
    expect(await queue.discard(extra.id!)).toBe(true);
    expect(await queue.discard(extra.id!)).toBe(false);
    // A pending entry is not retried (nothing to do).
    expect(await queue.retry(queued[0]!.id!)).toBe(true);
    expect(keysOf(await readEntries())).toEqual(keysOf(queued));
  });
});

describe('the network returns: Dexie takes over', () => {
  it('opens the database as its own (no schema repair, same version) and replays each entry once with its key', async () => {
    vi.unstubAllGlobals();
    const { db } = await import('../../src/web/offline/db.ts');
    const outbox = await import('../../src/web/offline/outbox.ts');
    expect(attachedDexieOutbox()).not.toBeNull();
    expect(keysOf(await db.outbox.toArray())).toEqual(keysOf(queued));
    expect(db.verno).toBe(1);
    expect(db.backendDB().version).toBe(IDB_VERSION);
    expect(warnings.filter((w) => w.includes('SchemaDiff'))).toEqual([]);

    const sent: string[] = [];
    const send = async (entry: OutboxEntry) => {
      sent.push(entry.idempotencyKey);
      return { status: 200, body: {} };
    };
    await outbox.replayOutbox(send);
    await outbox.replayOutbox(send);
    expect(sent).toEqual(keysOf(queued));
    expect((await db.outbox.toArray()).map((e) => e.state)).toEqual(['sent', 'sent', 'sent']);
  });

  it('a Dexie live view sees a write made without Dexie (another tab still offline, or one in flight)', async () => {
    const { db } = await import('../../src/web/offline/db.ts');
    const count = liveSource(async (d) => d.outbox.count(), -1);
    const stop = count.subscribe(() => undefined);
    await until(count, (v) => v === 3);
    await addEntry(newEntry(write(5), Date.now()));
    await until(count, (v) => v === 4);
    stop();
    expect(await db.outbox.where('ref').equals('approval:5').count()).toBe(1);
    // From now on the queue writes through Dexie.
    const viaDexie = await queue.enqueue(write(6));
    expect(viaDexie.id).toBe(6);
  });
});
