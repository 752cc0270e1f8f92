// The embedded backend (ADR 0054): each instance a PGlite database on a thread of its own, under
// DATA_DIR/dbconsole/<database> or in memory. It serves PostgreSQL instances when Yunshu runs on
// PGlite, and MySQL instances when no MYSQL_URL is set (then in PostgreSQL's dialect). A separate
// PGlite shares nothing with Yunshu's database. A statement past the time limit ends the thread;
// the next statement starts it again from its directory (in memory: empty).
import fs from 'node:fs/promises';
import path from 'node:path';
import { Worker } from 'node:worker_threads';
import type { EmbeddedAnswer, EmbeddedRequest } from './embedded-sql.worker.ts';
import { PG_SCHEMAS_SQL, pgGrants, pgIdent, pgLiteral, pgRevokes } from './pg-grants.ts';
import { SqlFailure, accountPrefix, capRows, type EngineAccount, type InstanceDb, type RunOptions, type SqlBackend, type SqlResult } from './sql-backend.ts';

interface Thread {
  worker: Worker;
  ready: Promise<void>;
  pending: Map<number, (a: EmbeddedAnswer) => void>;
}

/** `root`: the directory of the instances' data directories; undefined keeps them in memory. */
export function embeddedBackend(root: string | undefined): SqlBackend {
  const threads = new Map<string, Thread>();
  let nextId = 1;

  const dirOf = (db: InstanceDb) => (root ? path.join(root, db.dbName) : undefined);

  function start(db: InstanceDb): Thread {
    const worker = new Worker(new URL('./embedded-sql.worker.ts', import.meta.url), { workerData: { dataDir: dirOf(db) } });
    const pending = new Map<number, (a: EmbeddedAnswer) => void>();
    const ready = new Promise<void>((resolve, reject) => {
      worker.on('message', (m: EmbeddedAnswer | { ready: true }) => {
        if ('ready' in m) return resolve();
        const done = pending.get(m.id);
        pending.delete(m.id);
        if (pending.size === 0) worker.unref();
        done?.(m);
      });
      worker.on('error', reject);
      worker.on('exit', () => {
        threads.delete(db.dbName);
        for (const done of pending.values()) done({ id: 0, ok: false, code: 'exit', message: 'the instance stopped' });
        pending.clear();
      });
    });
    worker.unref();
    const t = { worker, ready, pending };
    threads.set(db.dbName, t);
    return t;
  }

  const threadOf = (db: InstanceDb) => threads.get(db.dbName) ?? start(db);

  async function stop(db: InstanceDb) {
    const t = threads.get(db.dbName);
    threads.delete(db.dbName);
    if (t) await t.worker.terminate();
  }

  async function run(db: InstanceDb, sql: string, o: RunOptions): Promise<SqlResult> {
    const t = threadOf(db);
    await t.ready.catch((e: unknown) => {
      threads.delete(db.dbName);
      throw new SqlFailure('unavailable', String(e));
    });
    const id = nextId++;
    const request: EmbeddedRequest = { id, sql, readonly: o.readonly, maxRows: o.maxRows, role: o.as?.user, schema: o.as?.database };
    let timer: NodeJS.Timeout | undefined;
    const answer = await new Promise<EmbeddedAnswer | 'timeout'>((resolve) => {
      t.pending.set(id, resolve);
      t.worker.ref();
      t.worker.postMessage(request);
      timer = setTimeout(() => resolve('timeout'), o.timeoutMs);
    }).finally(() => clearTimeout(timer));
    if (answer === 'timeout') {
      // PGlite cannot cancel a statement: the thread goes, and with it the statement.
      await stop(db);
      throw new SqlFailure('timeout', 'statement timeout');
    }
    if (!answer.ok) throw new SqlFailure(answer.code === '25006' ? 'read_only' : o.as && answer.code === '42501' ? 'denied' : 'error', answer.message);
    const capped = capRows(answer.rows, o.maxRows);
    return { columns: answer.columns, ...capped, row_count: answer.columns.length ? capped.rows.length : answer.affected };
  }

  // An embedded instance is a PGlite of its own: its superuser owns the schemas; accounts are roles of that PGlite.
  const admin = { readonly: false, maxRows: 1000, timeoutMs: 30_000 };
  const exec = async (db: InstanceDb, statements: readonly string[]) => {
    for (const statement of statements) await run(db, statement, admin);
  };
  const schemasOf = async (db: InstanceDb) => (await run(db, PG_SCHEMAS_SQL, admin)).rows.map((r) => String(r[0]));
  const listAccounts = async (db: InstanceDb) =>
    (await run(db, `select rolname from pg_roles where rolname like ${pgLiteral(`${accountPrefix(db).replace(/_/g, '\\_')}%`)} order by 1`, admin)).rows.map(
      (r) => String(r[0]),
    );
  const accounts = {
    databaseScope: 'schema' as const,
    defaultDatabase: () => 'public',
    createDatabase: (db: InstanceDb, name: string) => exec(db, [`create schema if not exists ${pgIdent(name)}`]),
    dropDatabase: (db: InstanceDb, name: string) => exec(db, [`drop schema if exists ${pgIdent(name)} cascade`]),
    createAccount: (db: InstanceDb, a: EngineAccount) =>
      exec(db, [`create role ${pgIdent(a.user)} login password ${pgLiteral(a.password)}`, ...pgGrants(a.user, a.privilege, a.databases)]),
    grantAccount: async (db: InstanceDb, a: Omit<EngineAccount, 'password'>) =>
      exec(db, [...pgRevokes(a.user, await schemasOf(db)), ...pgGrants(a.user, a.privilege, a.databases)]),
    setPassword: (db: InstanceDb, user: string, password: string) => exec(db, [`alter role ${pgIdent(user)} password ${pgLiteral(password)}`]),
    dropAccount: async (db: InstanceDb, user: string) => {
      if (!(await listAccounts(db)).includes(user)) return;
      // what the account made (DDL) passes to the instance's owner; then nothing holds the role
      await exec(db, [`reassign owned by ${pgIdent(user)} to current_user`, `drop owned by ${pgIdent(user)}`, `drop role if exists ${pgIdent(user)}`]);
    },
    listAccounts,
  };

  return {
    kind: 'pglite',
    ...accounts,
    async provision(db) {
      const dir = dirOf(db);
      if (dir) await fs.mkdir(dir, { recursive: true });
      await threadOf(db).ready;
    },
    run,
    async drop(db) {
      await stop(db);
      const dir = dirOf(db);
      if (dir) await fs.rm(dir, { recursive: true, force: true });
    },
    async close() {
      await Promise.all([...threads.values()].map((t) => t.worker.terminate()));
      threads.clear();
    },
  };
}
