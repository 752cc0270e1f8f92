// The embedded database on a thread of its own (ADR 0039), and Kysely's driver for it.
// `pglite-worker.ts` holds PGlite; this side sends it statements without waiting for the previous
// one's answer to be handled, so the thread is never idle while the HTTP thread serialises an answer.
// Transactions keep their meaning: a connection's BEGIN makes the thread run only that
// connection's statements until its COMMIT or ROLLBACK, as the one shared connection did before.
import { Worker } from 'node:worker_threads';
import {
  CompiledQuery,
  PostgresAdapter,
  PostgresIntrospector,
  PostgresQueryCompiler,
  type DatabaseConnection,
  type Dialect,
  type Driver,
  type Kysely,
  type QueryResult,
  type TransactionSettings,
} from 'kysely';

export interface ThreadOptions {
  /** undefined: in memory */
  dataDir?: string;
  loadDataDir?: ArrayBuffer;
  /** PostgreSQL's buffer pool, a size such as `32MB`. */
  sharedBuffers: string;
}

/** `c`: the connection; its BEGIN makes the thread run only its statements until its COMMIT or ROLLBACK. */
type Statement = { t: 'q'; id: number; c: number; sql: string; params: readonly unknown[]; tx?: 'begin' | 'end' };
export type ToThread =
  | Statement
  | { t: 'listen'; id: number; channel: string; listener: number }
  | { t: 'unlisten'; id: number; listener: number }
  | { t: 'dump'; id: number }
  | { t: 'close'; id: number };
export type FromThread =
  | { t: 'ready' }
  | { t: 'fail'; error: { message: string; [field: string]: unknown } }
  | { t: 'ok'; id: number; rows: Record<string, unknown>[]; affected: number }
  | { t: 'dump'; id: number; buffer: ArrayBuffer }
  | { t: 'err'; id: number; error: { message: string; [field: string]: unknown } }
  | { t: 'note'; listener: number; payload: string };

type Answer = Extract<FromThread, { t: 'ok' } | { t: 'dump' }>;
type Distribute<T> = T extends unknown ? Omit<T, 'id'> : never;

/** An error as PostgreSQL reported it, with its fields (`code`, `constraint`, `detail`…). */
function rebuild(error: { message: string; [field: string]: unknown }): Error {
  return Object.assign(new Error(error.message), error);
}

export class PgliteThread {
  readonly #worker: Worker;
  readonly #pending = new Map<number, { resolve: (a: Answer) => void; reject: (e: Error) => void }>();
  readonly #listeners = new Map<number, (payload: string) => void>();
  #nextId = 1;
  #stopped: Error | null = null;
  /** Statements sent since the start (the bench counts them). */
  statements = 0;
  readonly waitReady: Promise<void>;

  constructor(options: ThreadOptions) {
    const transfer = options.loadDataDir ? [options.loadDataDir] : [];
    this.#worker = new Worker(new URL('./pglite-worker.ts', import.meta.url), { workerData: options, transferList: transfer });
    this.waitReady = new Promise((resolve, reject) => {
      this.#worker.on('message', (m: FromThread) => {
        switch (m.t) {
          case 'ready':
            // Idle, the thread does not keep the process alive (it is held while statements are in flight).
            if (this.#pending.size === 0) this.#worker.unref();
            return resolve();
          case 'fail':
            // The database did not open: the thread has nothing left to do.
            void this.#worker.terminate();
            return reject(rebuild(m.error));
          case 'note':
            return this.#listeners.get(m.listener)?.(m.payload);
          case 'err':
            return this.#settle(m.id)?.reject(rebuild(m.error));
          default:
            return this.#settle(m.id)?.resolve(m);
        }
      });
      const stop = (error: Error) => {
        this.#stopped ??= error;
        reject(error);
        for (const p of this.#pending.values()) p.reject(error);
        this.#pending.clear();
      };
      this.#worker.on('error', stop);
      this.#worker.on('exit', (code) => stop(new Error(`the embedded database's thread stopped (exit code ${code})`)));
    });
  }

  #settle(id: number) {
    const p = this.#pending.get(id);
    this.#pending.delete(id);
    // Nothing in flight: the thread no longer keeps the process alive.
    if (this.#pending.size === 0) this.#worker.unref();
    return p;
  }

  #call(message: Distribute<ToThread>): Promise<Answer> {
    if (this.#stopped) return Promise.reject(this.#stopped);
    const id = this.#nextId++;
    if (this.#pending.size === 0) this.#worker.ref();
    return new Promise<Answer>((resolve, reject) => {
      this.#pending.set(id, { resolve, reject });
      this.#worker.postMessage({ ...message, id });
    });
  }

  async query(connection: number, sql: string, params: readonly unknown[], tx?: 'begin' | 'end'): Promise<QueryResult<any>> {
    this.statements++;
    const answer = (await this.#call({ t: 'q', c: connection, sql, params, ...(tx ? { tx } : {}) })) as Extract<Answer, { t: 'ok' }>;
    return answer.affected ? { rows: answer.rows, numAffectedRows: BigInt(answer.affected) } : { rows: answer.rows };
  }

  /** LISTEN on a channel; answers the function that stops listening. */
  async listen(channel: string, fn: (payload: string) => void): Promise<() => Promise<void>> {
    const listener = this.#nextId++;
    this.#listeners.set(listener, fn);
    await this.#call({ t: 'listen', channel, listener });
    return async () => {
      this.#listeners.delete(listener);
      await this.#call({ t: 'unlisten', listener });
    };
  }

  /** The data directory as a tarball (tests start each file from one). */
  async dumpDataDir(): Promise<Blob> {
    const answer = (await this.#call({ t: 'dump' })) as Extract<Answer, { t: 'dump' }>;
    return new Blob([answer.buffer]);
  }

  async close(): Promise<void> {
    if (!this.#stopped) await this.#call({ t: 'close' }).catch(() => undefined);
    this.#stopped ??= new Error("the embedded database's thread is closed");
    await this.#worker.terminate();
  }
}

class ThreadConnection implements DatabaseConnection {
  readonly thread: PgliteThread;
  readonly id: number;
  constructor(thread: PgliteThread, id: number) {
    this.thread = thread;
    this.id = id;
  }
  executeQuery<R>(query: CompiledQuery): Promise<QueryResult<R>> {
    return this.thread.query(this.id, query.sql, query.parameters);
  }
  async *streamQuery<R>(query: CompiledQuery, chunkSize = 100): AsyncIterableIterator<QueryResult<R>> {
    const { rows } = await this.thread.query(this.id, query.sql, query.parameters);
    for (let i = 0; i < rows.length; i += chunkSize) yield { rows: rows.slice(i, i + chunkSize) };
  }
}

class ThreadDriver implements Driver {
  #connections = 0;
  readonly thread: PgliteThread;
  constructor(thread: PgliteThread) {
    this.thread = thread;
  }
  async init() {}
  // Every acquisition is a connection of its own: statements outside a transaction need no turn of
  // their own here, the thread runs them in the order they arrive.
  async acquireConnection(): Promise<DatabaseConnection> {
    return new ThreadConnection(this.thread, ++this.#connections);
  }
  async beginTransaction(connection: DatabaseConnection, settings: TransactionSettings) {
    const c = connection as ThreadConnection;
    const modes = [settings.isolationLevel && `isolation level ${settings.isolationLevel}`, settings.accessMode].filter(Boolean);
    await this.thread.query(c.id, modes.length ? `start transaction ${modes.join(', ')}` : 'begin', [], 'begin');
  }
  async commitTransaction(connection: DatabaseConnection) {
    await this.thread.query((connection as ThreadConnection).id, 'commit', [], 'end');
  }
  async rollbackTransaction(connection: DatabaseConnection) {
    await this.thread.query((connection as ThreadConnection).id, 'rollback', [], 'end');
  }
  async releaseConnection() {}
  async destroy() {
    await this.thread.close();
  }
}

export class PgliteThreadDialect implements Dialect {
  readonly thread: PgliteThread;
  constructor(thread: PgliteThread) {
    this.thread = thread;
  }
  createAdapter() {
    return new PostgresAdapter();
  }
  createDriver() {
    return new ThreadDriver(this.thread);
  }
  createQueryCompiler() {
    return new PostgresQueryCompiler();
  }
  createIntrospector(db: Kysely<any>) {
    return new PostgresIntrospector(db);
  }
}
