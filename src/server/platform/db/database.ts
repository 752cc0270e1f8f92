// One Kysely instance over PGlite (embedded, DATA_DIR) or PostgreSQL (DATABASE_URL).
// The same migrations and queries run on both.
import fs from 'node:fs';
import v8 from 'node:v8';
import {
  Kysely,
  Migrator,
  sql,
  PostgresDialect,
  type KyselyPlugin,
  type Migration,
  type MigrationProvider,
  type PluginTransformQueryArgs,
  type PluginTransformResultArgs,
  type QueryId,
  type QueryResult,
  type RootOperationNode,
  type UnknownRow,
} from 'kysely';
import { PgliteThread, PgliteThreadDialect } from './pglite-thread.ts';
import pg from 'pg';
import type { Database } from './tables.ts';
import { WriteContextDialect } from './write-context.ts';
import * as m0001 from './migrations/0001-foundation.ts';
import * as m0002 from './migrations/0002-resource-engine.ts';
import * as m0003 from './migrations/0003-approvals.ts';
import * as m0004 from './migrations/0004-resource-list-indexes.ts';
import * as m0005 from './migrations/0005-backup-plans.ts';
import * as m0006 from './migrations/0006-service-catalog.ts';
import * as m0007 from './migrations/0007-rules-in-engine.ts';
import * as m0008 from './migrations/0008-backup-plan-states.ts';
import * as m0009 from './migrations/0009-idempotency-lease.ts';
import * as m0010 from './migrations/0010-trust-what-exists.ts';
import * as m0011 from './migrations/0011-stream-tickets.ts';
import * as m0012 from './migrations/0012-dns-cdn-ssl.ts';
import * as m0013 from './migrations/0013-gtm-logs.ts';
import * as m0014 from './migrations/0014-alarms.ts';
import * as m0015 from './migrations/0015-notifications.ts';
import * as m0016 from './migrations/0016-service-desk.ts';
import * as m0017 from './migrations/0017-portal.ts';
import * as m0018 from './migrations/0018-access-change-notify.ts';
import * as m0019 from './migrations/0019-billing.ts';
import * as m0023 from './migrations/0023-orders-costs.ts';
import * as m0024 from './migrations/0024-invoices.ts';
import * as m0025 from './migrations/0025-signup.ts';
import * as m0021 from './migrations/0021-org.ts';
import * as m0022 from './migrations/0022-keys.ts';
import * as m0020 from './migrations/0020-access.ts';
import * as m0026 from './migrations/0026-bastion.ts';
import * as m0027 from './migrations/0027-db-console.ts';
import * as m0028 from './migrations/0028-db-accounts.ts';
import * as m0029 from './migrations/0029-db-backups.ts';
import * as m0030 from './migrations/0030-db-parameters.ts';
import * as m0032 from './migrations/0032-dataprotect.ts';
import * as m0031 from './migrations/0031-dts.ts';
import * as m0033 from './migrations/0033-order-numbers.ts';
import * as m0035 from './migrations/0035-protect-tasks.ts';
import * as m0036 from './migrations/0036-object-storage.ts';
import * as m0039 from './migrations/0039-icp-filings.ts';
import * as m0040 from './migrations/0040-service-catalogue.ts';
import * as m0041 from './migrations/0041-security-scan.ts';
import * as m0042 from './migrations/0042-dashboard-layouts.ts';
import * as m0043 from './migrations/0043-stacks.ts';
import * as m0045 from './migrations/0045-sync-tasks.ts';
import * as m0046 from './migrations/0046-backup-center.ts';

// Migrations are listed here, in order, so they run the same from source, tests and bundles.
const MIGRATIONS: Record<string, Migration> = {
  '0001-foundation': m0001,
  '0002-resource-engine': m0002,
  '0003-approvals': m0003,
  '0004-resource-list-indexes': m0004,
  '0005-backup-plans': m0005,
  '0006-service-catalog': m0006,
  '0007-rules-in-engine': m0007,
  '0008-backup-plan-states': m0008,
  '0009-idempotency-lease': m0009,
  '0010-trust-what-exists': m0010,
  '0011-stream-tickets': m0011,
  '0012-dns-cdn-ssl': m0012,
  '0013-gtm-logs': m0013,
  '0014-alarms': m0014,
  '0015-notifications': m0015,
  '0016-service-desk': m0016,
  '0017-portal': m0017,
  '0018-access-change-notify': m0018,
  '0019-billing': m0019,
  '0023-orders-costs': m0023,
  '0024-invoices': m0024,
  '0025-signup': m0025,
  '0021-org': m0021,
  '0022-keys': m0022,
  '0020-access': m0020,
  '0026-bastion': m0026,
  '0027-db-console': m0027,
  '0028-db-accounts': m0028,
  '0029-db-backups': m0029,
  '0030-db-parameters': m0030,
  '0032-dataprotect': m0032,
  '0031-dts': m0031,
  '0033-order-numbers': m0033,
  '0035-protect-tasks': m0035,
  '0036-object-storage': m0036,
  '0039-icp-filings': m0039,
  '0040-service-catalogue': m0040,
  '0041-security-scan': m0041,
  '0042-dashboard-layouts': m0042,
  '0043-stacks': m0043,
  '0045-sync-tasks': m0045,
  '0046-backup-center': m0046,
};

class StaticProvider implements MigrationProvider {
  async getMigrations() {
    return MIGRATIONS;
  }
}

export type Db = Kysely<Database>;
/** What a repository function runs on: the app's Kysely or an open transaction. */
export type Exec = Db;

export interface DbHandle {
  db: Db;
  kind: 'pglite' | 'postgres';
  /** The PostgreSQL connection string when on PostgreSQL (LISTEN/NOTIFY needs its own client). */
  url?: string;
  /** The embedded database's thread (LISTEN on PGlite goes through it). */
  pglite?: PgliteThread;
  /**
   * Calls `fn` after each statement of this process that wrote to sessions, users, memberships,
   * tenants or projects has completed (the access cache drops what it holds at once; other
   * processes learn of it through migration 0018's NOTIFY). Answers the unsubscribe function.
   */
  onAccessWrite(fn: () => void): () => void;
  close(): Promise<void>;
}

const ACCESS_TABLES = new Set([
  'sessions',
  'users',
  'memberships',
  'tenants',
  'projects',
  'user_groups',
  'user_group_roles',
  'user_group_members',
  'policies',
  'policy_grants',
]);
const ACCESS_RAW_WRITE =
  /\b(insert\s+into|update|delete\s+from|truncate)\s+(table\s+)?(only\s+)?"?(sessions|users|memberships|tenants|projects|user_groups|user_group_roles|user_group_members|policies|policy_grants)\b/i;

/** The tables a write statement changes (none for a read). */
function writtenTables(node: RootOperationNode): string[] {
  const names = (n: unknown): string[] => {
    const t = n as { kind?: string; table?: { identifier?: { name?: string } }; froms?: unknown[]; node?: unknown } | undefined;
    if (!t) return [];
    if (t.kind === 'TableNode') return [t.table?.identifier?.name ?? ''];
    if (t.kind === 'AliasNode') return names(t.node);
    if (t.kind === 'FromNode') return (t.froms ?? []).flatMap(names);
    return [];
  };
  switch (node.kind) {
    case 'InsertQueryNode':
      // A new session changes nothing cached (unknown tokens are never cached).
      return names(node.into).filter((t) => t !== 'sessions');
    case 'UpdateQueryNode':
      return names(node.table);
    case 'DeleteQueryNode':
      return names(node.from);
    case 'RawNode': {
      const text = node.sqlFragments.join(' ');
      const m = ACCESS_RAW_WRITE.exec(text);
      if (!m) return [];
      const table = m[4]!.toLowerCase();
      return table === 'sessions' && /^insert/i.test(m[1]!) ? [] : [table];
    }
    default:
      return [];
  }
}

/** Tells subscribers when a statement that wrote to an access table has completed. */
class AccessWritePlugin implements KyselyPlugin {
  readonly listeners = new Set<() => void>();
  readonly #pending = new WeakMap<QueryId, true>();
  transformQuery(args: PluginTransformQueryArgs): RootOperationNode {
    if (this.listeners.size && writtenTables(args.node).some((t) => ACCESS_TABLES.has(t))) this.#pending.set(args.queryId, true);
    return args.node;
  }
  async transformResult(args: PluginTransformResultArgs): Promise<QueryResult<UnknownRow>> {
    if (this.#pending.has(args.queryId)) {
      this.#pending.delete(args.queryId);
      for (const fn of this.listeners) fn();
    }
    return args.result;
  }
  subscribe(fn: () => void) {
    this.listeners.add(fn);
    return () => void this.listeners.delete(fn);
  }
}

// int8 (counts, money in fen) as JS numbers: amounts stay far below 2^53.
pg.types.setTypeParser(20, (v) => Number(v));

export async function openDatabase(opts: {
  url?: string;
  dataDir?: string;
  memory?: boolean;
  /** PGlite: start from this dump of a data directory (tests) */ loadDataDir?: Blob;
}): Promise<DbHandle> {
  if (opts.url) {
    const pool = new pg.Pool({ connectionString: opts.url, max: Number(process.env.DB_POOL_SIZE ?? 10) });
    const writes = new AccessWritePlugin();
    const db = new Kysely<Database>({ dialect: new WriteContextDialect(new PostgresDialect({ pool })), plugins: [writes] });
    return { db, kind: 'postgres', url: opts.url, onAccessWrite: (fn) => writes.subscribe(fn), close: () => db.destroy() };
  }
  // PGlite is PostgreSQL compiled to WebAssembly. V8 first compiles it with its baseline compiler
  // (Liftoff) and then re-compiles hot functions with its optimizing one in the background, which
  // raised the server's peak memory from ~270 MB to ~820 MB within seconds of starting (issue 10:
  // ≤ 512 MB). PGLITE_WASM=liftoff (default) keeps the baseline code; PGLITE_WASM=optimize tiers up.
  // The flag must be set before the module is compiled, and applies to the whole process.
  if ((process.env.PGLITE_WASM || 'liftoff') === 'liftoff')
    for (const flag of ['--liftoff-only', '--no-wasm-tier-up', '--no-wasm-dynamic-tiering']) v8.setFlagsFromString(flag);
  // After each full collection V8 lets the old generation grow to a multiple of what survived, up to
  // 4× on a fast machine, and request garbage piles up until the next one. With PGlite's thread the
  // server's peak under the list bench was 481–617 MB; a fixed 1.3× keeps it at 352–388 MB at the
  // same throughput (ADR 0039). V8 reads the flag at every collection. PostgreSQL deployments are
  // left alone: with several workers on two cores it cost them ~15% of their throughput.
  v8.setFlagsFromString('--heap-growing-percent=30');
  // V8 compiles a WebAssembly function when it is first called, so the first seconds of traffic after
  // a start paid for compiling PostgreSQL piece by piece (first cursor run of the list bench: p99
  // 129–364 ms against 85–96 compiled up front). Compiled at start instead: +45 ms to open, +60–80 MB
  // of code (peak 440 MB under the bench; ADR 0039).
  v8.setFlagsFromString('--no-wasm-lazy-compilation');
  let dataDir: string | undefined;
  if (!opts.memory) {
    dataDir = opts.dataDir ?? './data';
    fs.mkdirSync(dataDir, { recursive: true });
  }
  // A smaller buffer pool than PostgreSQL's 128 MB default: PGlite's pool lives in the server's own
  // memory (issue 10: ≤ 512 MB under load); the OS file cache still holds the table files.
  // PGlite runs on a thread of its own, beside the HTTP thread (ADR 0039).
  const sharedBuffers = process.env.PGLITE_SHARED_BUFFERS || '32MB';
  if (!/^[1-9]\d*(kB|MB|GB)$/.test(sharedBuffers)) throw new Error(`PGLITE_SHARED_BUFFERS must be a size such as 32MB, not ${sharedBuffers}`);
  const thread = new PgliteThread({
    ...(dataDir ? { dataDir } : {}),
    ...(opts.loadDataDir ? { loadDataDir: await opts.loadDataDir.arrayBuffer() } : {}),
    sharedBuffers,
  });
  await thread.waitReady;
  const writes = new AccessWritePlugin();
  const db = new Kysely<Database>({ dialect: new WriteContextDialect(new PgliteThreadDialect(thread)), plugins: [writes] });
  return { db, kind: 'pglite', pglite: thread, onAccessWrite: (fn) => writes.subscribe(fn), close: () => db.destroy() };
}

export async function migrate(db: Kysely<any>): Promise<void> {
  // Every start runs this: when each migration is recorded already, skip Kysely's Migrator, whose
  // schema introspection reads the whole catalog (0.8 s and ~350 MB of transient memory on PGlite).
  const done = await sql<{ name: string }>`select name from kysely_migration`.execute(db).then(
    (r) => new Set(r.rows.map((row) => row.name)),
    () => new Set<string>(),
  );
  if (Object.keys(MIGRATIONS).every((name) => done.has(name))) return;
  const migrator = new Migrator({ db, provider: new StaticProvider() });
  const { error, results } = await migrator.migrateToLatest();
  const failed = results?.find((r) => r.status === 'Error');
  if (error || failed) throw new Error(`migration ${failed?.migrationName ?? ''} failed: ${String(error)}`);
}

// Any fixed number: the key of the session lock under which a process prepares the database.
const PREPARE_LOCK_KEY = 0x79756e73; // 'yuns'

/**
 * Runs `prepare` (migrations, secret key, demo data) once at a time across every process on one
 * PostgreSQL: a session advisory lock, held on one connection of its own from before the first
 * migration until the seed is done. A process that starts at the same moment waits there and then
 * finds the work done. PGlite is one process: nothing to wait for.
 */
export async function underPrepareLock<T>(handle: DbHandle, prepare: () => Promise<T>): Promise<T> {
  if (handle.kind !== 'postgres' || !handle.url) return prepare();
  const client = new pg.Client({ connectionString: handle.url });
  await client.connect();
  try {
    await client.query('select pg_advisory_lock($1)', [PREPARE_LOCK_KEY]);
    try {
      return await prepare();
    } finally {
      await client.query('select pg_advisory_unlock($1)', [PREPARE_LOCK_KEY]);
    }
  } finally {
    await client.end();
  }
}

export async function ping(db: Kysely<any>): Promise<void> {
  await sql`select 1`.execute(db);
}
