// The thread that holds the embedded database (ADR 0039). PGlite runs PostgreSQL as WebAssembly
// on the thread that calls it, so on the HTTP thread every statement stopped the server from
// parsing, authorising and serialising other requests (54% of its CPU under the list bench). Here it
// runs beside it: `pglite-thread.ts` sends statements, this thread runs them one at a time in the
// order they came, and while a transaction is open it runs only that transaction's statements —
// the others wait, as they waited for the single connection before.
import { parentPort, workerData } from 'node:worker_threads';
import { PGlite } from '@electric-sql/pglite';
import { installFastParser, PLAN_PER_RUN, StatementRunner } from './pglite-protocol.ts';
import type { ToThread, FromThread, ThreadOptions } from './pglite-thread.ts';

const port = parentPort!;
const options = workerData as ThreadOptions;

installFastParser();

const start = (loadDataDir?: ArrayBuffer) =>
  // One options object: PGlite 0.4 reads its second argument only when the first is a path, so
  // `new PGlite(undefined, {loadDataDir})` (in memory) silently started an empty database.
  new PGlite({
    ...(options.dataDir ? { dataDir: options.dataDir } : {}),
    ...(loadDataDir ? { loadDataDir: new Blob([loadDataDir]) } : {}),
    // int8 (counts, money in fen) as JS numbers: amounts stay far below 2^53.
    parsers: { 20: (v: string) => Number(v) },
  });

/**
 * Starts PGlite with its settings. PGlite 0.4 ignores `startParams` beyond its own, so settings are
 * made in SQL: the plan per run for this session, and the buffer pool — it lives in the server's
 * memory (issue 10: ≤ 512 MB), and PostgreSQL takes it only at start — written with ALTER SYSTEM and
 * taken by starting once more, the first time a data directory is opened.
 */
async function open(): Promise<PGlite> {
  let db = start(options.loadDataDir);
  await db.waitReady;
  const same = await db.query<{ same: boolean }>(`select pg_size_bytes(current_setting('shared_buffers')) = pg_size_bytes($1) as same`, [
    options.sharedBuffers,
  ]);
  if (options.dataDir && !same.rows[0]?.same) {
    await db.exec(`alter system set shared_buffers = '${options.sharedBuffers}'`);
    await db.close();
    db = start();
    await db.waitReady;
  }
  await db.exec(PLAN_PER_RUN);
  return db;
}

let db!: PGlite;
let statements!: StatementRunner;

const send = (message: FromThread, transfer?: ArrayBuffer[]) => port.postMessage(message, transfer);

/** Everything a PostgreSQL error carries (code, constraint, detail…), so callers read it as from `pg`. */
function errorOf(e: unknown): Extract<FromThread, { t: 'err' }>['error'] {
  if (!(e instanceof Error)) return { message: String(e) };
  const fields: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(e)) if (v === undefined || typeof v !== 'object') fields[k] = v;
  return { ...fields, message: e.message, name: e.name };
}

const queue: ToThread[] = [];
const unlisteners = new Map<number, () => Promise<void>>();
/** The connection whose transaction is open; only its statements run until it ends. */
let owner: number | null = null;
let running = false;

async function run(m: ToThread): Promise<void> {
  switch (m.t) {
    case 'q': {
      const result = await statements.run(m.sql, m.params);
      if (m.tx === 'begin') owner = m.c;
      else if (m.tx === 'end') owner = null;
      send({ t: 'ok', id: m.id, rows: result.rows, affected: result.affected });
      return;
    }
    case 'listen': {
      const stop = await db.listen(m.channel, (payload) => send({ t: 'note', listener: m.listener, payload }));
      unlisteners.set(m.listener, stop);
      send({ t: 'ok', id: m.id, rows: [], affected: 0 });
      return;
    }
    case 'unlisten': {
      await unlisteners.get(m.listener)?.();
      unlisteners.delete(m.listener);
      send({ t: 'ok', id: m.id, rows: [], affected: 0 });
      return;
    }
    case 'dump': {
      const buffer = await (await db.dumpDataDir('none')).arrayBuffer();
      send({ t: 'dump', id: m.id, buffer }, [buffer]);
      return;
    }
    case 'close':
      await db.close();
      send({ t: 'ok', id: m.id, rows: [], affected: 0 });
      return;
  }
}

/** The first message that may run now: any while no transaction is open, else only its owner's. */
function next(): ToThread | undefined {
  const i = owner === null ? 0 : queue.findIndex((m) => m.t === 'q' && m.c === owner);
  return i < 0 || i >= queue.length ? undefined : queue.splice(i, 1)[0];
}

async function pump(): Promise<void> {
  // Nothing runs before the database is open (the other side waits for `ready` anyway).
  if (running || !statements) return;
  running = true;
  try {
    for (let m = next(); m; m = next()) {
      try {
        await run(m);
      } catch (e) {
        // A failed COMMIT or ROLLBACK still ends the transaction (PostgreSQL answers it with one).
        if (m.t === 'q' && m.tx === 'end') owner = null;
        send({ t: 'err', id: m.id, error: errorOf(e) });
      }
    }
  } finally {
    running = false;
  }
}

port.on('message', (m: ToThread) => {
  queue.push(m);
  void pump();
});

open().then(
  (opened) => {
    db = opened;
    statements = new StatementRunner(db);
    send({ t: 'ready' });
    void pump();
  },
  (e: unknown) => send({ t: 'fail', error: errorOf(e) }),
);
