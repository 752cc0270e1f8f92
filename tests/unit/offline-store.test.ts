// The Dexie store's logic on fake-indexeddb (a dev dependency used only here); the real browser
// runs these paths again in the Chromium end-to-end tests.
import 'fake-indexeddb/auto';
import { beforeEach, describe, expect, it } from 'vitest';
import { db } from '../../src/web/offline/db.ts';
import { liveSource } from '../../src/web/offline/hooks.ts';
import { discard, enqueue, listOutbox, release, replayOutbox, retry, withdraw, type Send } from '../../src/web/offline/outbox.ts';
import { rememberResource, recentResources, readSnapshot, saveSnapshot, clearReadCache } from '../../src/web/offline/snapshots.ts';
import { RECENT_RESOURCES_CAP } from '../../src/domain/constants.ts';

beforeEach(async () => {
  await db.outbox.clear();
  await db.recent.clear();
  await db.kv.clear();
});

const write = (n: number) => ({
  method: 'POST' as const,
  url: `/api/v1/approvals/${n}/approve`,
  body: { n },
  label: `#${n}`,
  headers: { 'X-Tenant-Id': 't1', 'X-Auth-Token': 'no' },
});

describe('snapshots and recent resources', () => {
  it('reads back a snapshot with its age', async () => {
    await saveSnapshot('menus', [{ code: 'a' }]);
    const snap = await readSnapshot<{ code: string }[]>('menus');
    expect(snap?.value).toEqual([{ code: 'a' }]);
    expect(Date.now() - snap!.savedAt).toBeLessThan(5000);
  });

  it('keeps the last 200 viewed resources, evicting the oldest', async () => {
    for (let i = 0; i < RECENT_RESOURCES_CAP + 15; i++) {
      await rememberResource({ id: `r${i}`, kind: i % 2 ? 'host' : 'disk', route: `/ecsDetail/r${i}`, title: `r${i}`, data: { i }, viewedAt: 1000 + i });
    }
    expect(await db.recent.count()).toBe(RECENT_RESOURCES_CAP);
    expect(await db.recent.get('r0')).toBeUndefined();
    expect(await db.recent.get('r14')).toBeUndefined();
    expect(await db.recent.get('r15')).toBeDefined();
    const recent = await recentResources({ limit: 3 });
    expect(recent.map((r) => r.id)).toEqual(['r214', 'r213', 'r212']);
    expect((await recentResources({ kind: 'host', limit: 2 })).map((r) => r.id)).toEqual(['r213', 'r211']);
  });

  it('viewing again moves a resource to the front instead of duplicating it', async () => {
    await rememberResource({ id: 'a', kind: 'host', route: '/a', title: 'a', data: null, viewedAt: 1 });
    await rememberResource({ id: 'b', kind: 'host', route: '/b', title: 'b', data: null, viewedAt: 2 });
    await rememberResource({ id: 'a', kind: 'host', route: '/a', title: 'a2', data: null, viewedAt: 3 });
    expect((await recentResources()).map((r) => r.title)).toEqual(['a2', 'b']);
  });

  it('sign-out clears the read cache but never the outbox', async () => {
    await saveSnapshot('menus', []);
    await enqueue(write(1));
    await clearReadCache();
    expect(await readSnapshot('menus')).toBeUndefined();
    expect(await db.outbox.count()).toBe(1);
  });
});

describe('outbox replay', () => {
  it('queues with a fresh key and only the scope headers', async () => {
    const a = await enqueue(write(1));
    const b = await enqueue(write(2));
    expect(a.idempotencyKey).toMatch(/^[0-9a-f]{32}$/);
    expect(a.idempotencyKey).not.toBe(b.idempotencyKey);
    expect(a.headers).toEqual({ 'X-Tenant-Id': 't1' });
  });

  it('sends in order and maps each answer to its state', async () => {
    for (let n = 1; n <= 5; n++) await enqueue(write(n));
    const seen: number[] = [];
    const answers: Record<number, { status: number; body: any }> = {
      1: { status: 200, body: { ok: true } },
      2: { status: 409, body: { title: '错误', description: '已处理', status: 'approved' } },
      3: { status: 422, body: { title: '错误', description: '原因必填' } },
      4: { status: 500, body: null },
      5: { status: 201, body: {} },
    };
    const send: Send = async (entry) => {
      const n = (entry.body as { n: number }).n;
      seen.push(n);
      return answers[n];
    };
    const summary = await replayOutbox(send);
    expect(seen).toEqual([1, 2, 3, 4, 5]);
    expect(summary).toMatchObject({ sent: 2, conflict: 1, needsEdit: 1, failed: 1, stopped: null });
    const states = (await listOutbox()).map((e) => [e.label, e.state, e.attempts]);
    expect(states).toEqual([
      ['#1', 'sent', 1],
      ['#2', 'conflict', 1],
      ['#3', 'needs_edit', 1],
      ['#4', 'failed', 1],
      ['#5', 'sent', 1],
    ]);
    expect((await listOutbox({ states: ['conflict'] }))[0].serverState).toMatchObject({ status: 'approved' });
  });

  it('a network failure keeps the entry and everything after it pending', async () => {
    for (let n = 1; n <= 3; n++) await enqueue(write(n));
    let calls = 0;
    const send: Send = async (entry) => {
      calls += 1;
      if ((entry.body as { n: number }).n === 2) throw new TypeError('Failed to fetch');
      return { status: 200, body: null };
    };
    const summary = await replayOutbox(send);
    expect(summary.stopped).toBe('network');
    expect(calls).toBe(2);
    expect((await listOutbox()).map((e) => e.state)).toEqual(['sent', 'pending', 'pending']);
    // Back online: the rest goes out, with the same keys.
    const keys: string[] = [];
    await replayOutbox(async (entry) => {
      keys.push(entry.idempotencyKey);
      return { status: 200, body: null };
    });
    expect((await listOutbox()).map((e) => e.state)).toEqual(['sent', 'sent', 'sent']);
    const stored = await listOutbox();
    expect(keys).toEqual([stored[1].idempotencyKey, stored[2].idempotencyKey]);
  });

  it('two replays never overlap and each entry is sent once', async () => {
    for (let n = 1; n <= 4; n++) await enqueue(write(n));
    let inFlight = 0;
    let maxInFlight = 0;
    const sent: number[] = [];
    const send: Send = async (entry) => {
      inFlight += 1;
      maxInFlight = Math.max(maxInFlight, inFlight);
      await new Promise((r) => setTimeout(r, 5));
      sent.push((entry.body as { n: number }).n);
      inFlight -= 1;
      return { status: 200, body: null };
    };
    await Promise.all([replayOutbox(send), replayOutbox(send), replayOutbox(send)]);
    expect(maxInFlight).toBe(1);
    expect(sent).toEqual([1, 2, 3, 4]);
  });

  it('an entry left "sending" by a closed tab is sent again with its key', async () => {
    const e = await enqueue(write(1));
    await db.outbox.update(e.id!, { state: 'sending' });
    const keys: string[] = [];
    await replayOutbox(async (entry) => {
      keys.push(entry.idempotencyKey);
      return { status: 200, body: null };
    });
    expect(keys).toEqual([e.idempotencyKey]);
  });

  it('retry and discard are the user’s choice; nothing disappears otherwise', async () => {
    const a = await enqueue(write(1));
    const b = await enqueue(write(2));
    await replayOutbox(async () => ({ status: 409, body: { title: 't', description: 'd' } }));
    expect(await retry(a.id!)).toBe(true);
    const retried = (await listOutbox()).find((e) => e.id === a.id)!;
    expect(retried.state).toBe('pending');
    expect(retried.idempotencyKey).not.toBe(a.idempotencyKey);
    expect(await discard(b.id!)).toBe(true);
    expect((await listOutbox()).map((e) => e.id)).toEqual([a.id]);
  });

  it('a held entry (undo window) is not sent before its time; withdrawn it is gone, released it goes at once', async () => {
    const later = Date.now() + 60_000;
    const a = await enqueue({ ...write(1), notBefore: later });
    const b = await enqueue({ ...write(2), notBefore: later });
    const c = await enqueue(write(3));
    const sent: unknown[] = [];
    const send: Send = async (entry) => {
      sent.push(entry.body);
      return { status: 200, body: null };
    };
    await replayOutbox(send);
    expect(sent).toEqual([{ n: 3 }]);
    expect(await withdraw(a.id!)).toBe(true);
    expect(await release(b.id!)).toBe(true);
    await replayOutbox(send);
    expect(sent).toEqual([{ n: 3 }, { n: 2 }]);
    expect((await listOutbox()).map((e) => [e.id, e.state])).toEqual([
      [b.id, 'sent'],
      [c.id, 'sent'],
    ]);
    // Gone out: it can no longer be taken back, and a sent entry is never withdrawn.
    expect(await withdraw(b.id!)).toBe(false);
  });
});

describe('outbox replay of consecutive decisions in one batch', () => {
  const hex = (n: number) => n.toString(16).padStart(32, '0');
  const decision = (n: number) => ({ ...write(n), url: `/api/v1/approvals/${hex(n)}/approve` });
  const noSingle: Send = async (entry) => {
    throw new Error(`sent alone: ${entry.url}`);
  };

  it('sends a run of decisions together, in order, and other writes alone between runs', async () => {
    for (const n of [1, 2, 3]) await enqueue(decision(n));
    await enqueue({ ...write(4), url: '/api/v1/workorders' });
    for (const n of [5, 6]) await enqueue(decision(n));
    const batches: number[][] = [];
    const singles: number[] = [];
    const summary = await replayOutbox(
      async (entry) => {
        singles.push((entry.body as { n: number }).n);
        return { status: 201, body: {} };
      },
      {
        sendBatch: async (entries) => {
          batches.push(entries.map((e) => (e.body as { n: number }).n));
          expect(entries.every((e) => e.state === 'pending' || e.state === 'sending')).toBe(true);
          return entries.map(() => ({ status: 200, body: {} }));
        },
      },
    );
    expect(batches).toEqual([
      [1, 2, 3],
      [5, 6],
    ]);
    expect(singles).toEqual([4]);
    expect(summary).toMatchObject({ sent: 6, stopped: null });
    expect((await listOutbox()).every((e) => e.state === 'sent' && e.attempts === 1)).toBe(true);
  });

  it('maps each answer of a batch; the server stopping at "not now" keeps the rest queued in order', async () => {
    for (const n of [1, 2, 3, 4]) await enqueue(decision(n));
    const summary = await replayOutbox(noSingle, {
      sendBatch: async () => [
        { status: 200, body: {} },
        { status: 409, body: { title: '错误', description: '已处理', status: 'approved' } },
        { status: 429, body: { title: '错误', description: '请求频率过高！' } },
      ],
    });
    expect(summary).toMatchObject({ sent: 1, conflict: 1, stopped: 'later' });
    expect((await listOutbox()).map((e) => [e.label, e.state, e.attempts])).toEqual([
      ['#1', 'sent', 1],
      ['#2', 'conflict', 1],
      ['#3', 'pending', 1],
      ['#4', 'pending', 0],
    ]);
  });

  it('a network failure leaves the whole batch pending with the same keys', async () => {
    for (const n of [1, 2]) await enqueue(decision(n));
    const keys = (await listOutbox()).map((e) => e.idempotencyKey);
    const summary = await replayOutbox(noSingle, {
      sendBatch: async () => {
        throw new Error('Failed to fetch');
      },
    });
    expect(summary.stopped).toBe('network');
    const after = await listOutbox();
    expect(after.map((e) => e.state)).toEqual(['pending', 'pending']);
    expect(after.map((e) => e.idempotencyKey)).toEqual(keys);
    // Sent again later, together, with the same keys: the server answers each once.
    const sentKeys: string[] = [];
    await replayOutbox(noSingle, {
      sendBatch: async (entries) => {
        sentKeys.push(...entries.map((e) => e.idempotencyKey));
        return entries.map(() => ({ status: 200, body: {} }));
      },
    });
    expect(sentKeys).toEqual(keys);
    expect((await listOutbox()).map((e) => e.state)).toEqual(['sent', 'sent']);
  });
});

describe('live views of the outbox during a replay (issue 10)', () => {
  const hex = (n: number) => n.toString(16).padStart(32, '0');
  const decision = (n: number) => ({ ...write(n), url: `/api/v1/approvals/${hex(n)}/approve` });
  const noSingle: Send = async (entry) => {
    throw new Error(`sent alone: ${entry.url}`);
  };
  /** Resolves once `check` holds for the source's value (the live query answers asynchronously). */
  const until = <T>(source: { subscribe: (fn: () => void) => () => void; get: () => T }, check: (v: T) => boolean) =>
    new Promise<void>((resolve) => {
      if (check(source.get())) return resolve();
      const stop = source.subscribe(() => {
        if (!check(source.get())) return;
        stop();
        resolve();
      });
    });

  it('100 decisions replay with their states written per batch: a live view never sees some sent and others not', async () => {
    for (let n = 1; n <= 100; n++) await enqueue(decision(n));
    const source = liveSource(async (d) => (await d.outbox.toArray()).map((e) => e.state), [] as string[]);
    const seen: string[] = [];
    const stop = source.subscribe(() => seen.push([...new Set(source.get())].sort().join('+')));
    await until(source, (v) => v.length === 100);
    let batches = 0;
    await replayOutbox(noSingle, {
      sendBatch: async (entries) => {
        batches += 1;
        return entries.map(() => ({ status: 200, body: {} }));
      },
    });
    await until(source, (v) => v.every((s) => s === 'sent'));
    stop();
    expect(batches).toBe(1);
    // Every answer the view saw had all 100 entries in one state (pending, sending, sent).
    expect(seen.every((states) => ['pending', 'sending', 'sent'].includes(states))).toBe(true);
    expect(seen.at(-1)).toBe('sent');
  });

  it('one live query serves every subscriber of a source, and stops with the last one', async () => {
    let runs = 0;
    const source = liveSource(async (d) => {
      runs += 1;
      return d.outbox.count();
    }, 0);
    const a: number[] = [];
    const b: number[] = [];
    const stopA = source.subscribe(() => a.push(source.get()));
    const stopB = source.subscribe(() => b.push(source.get()));
    await enqueue(write(1));
    await until(source, (v) => v === 1);
    await enqueue(write(2));
    await until(source, (v) => v === 2);
    expect(a).toEqual(b);
    expect(a.at(-1)).toBe(2);
    // One query per change for both subscribers (not one each): the first answer and two writes,
    // give or take a re-run dexie makes when a write lands while a query is running.
    expect(runs).toBeLessThanOrEqual(4);
    stopA();
    stopB();
    const after = runs;
    await enqueue(write(3));
    await listOutbox();
    expect(runs).toBe(after);
    // A later subscriber starts from nothing, then sees the current answer.
    expect(source.get()).toBe(0);
    const stopC = source.subscribe(() => undefined);
    await until(source, (v) => v === 3);
    stopC();
  });
});
