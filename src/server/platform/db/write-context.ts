// The request's write context (ADR 0042): a hook that joins the first committing transaction of a
// request. The database layer knows nothing of what the hook does (idempotency.plugin.ts marks the
// request's Idempotency-Key applied with it); it only promises that
// - every transaction committed inside the context runs `beforeCommit` on its own connection, just
//   before COMMIT, until one has committed; a hook that throws rolls the transaction back;
// - a write statement run outside a transaction inside the context is wrapped in a transaction of
//   its own (BEGIN; the statement; the hook; COMMIT), so a single insert is covered too;
// - the rows each transaction inserted (table and id, as far as the statement names them) are
//   handed to the hook, so it can record what the write created.
import { AsyncLocalStorage } from 'node:async_hooks';
import type {
  CompiledQuery,
  DatabaseConnection,
  Dialect,
  DatabaseIntrospector,
  Driver,
  Kysely,
  QueryCompiler,
  QueryResult,
  TransactionSettings,
  DialectAdapter,
  RootOperationNode,
} from 'kysely';

/** A row a transaction inserted. */
export interface CreatedRow {
  table: string;
  id: string;
}

export interface WriteContext {
  /** false once the request's answer is on its way: later statements are not the request's write */
  open: boolean;
  /** set once a transaction of the request has committed with the hook */
  committed: boolean;
  /** a transaction of the request between its hook and its COMMIT (others wait for its outcome) */
  committing?: Promise<void> | null;
  /** Runs inside the transaction, on its connection, right before COMMIT. */
  beforeCommit(exec: (query: CompiledQuery) => Promise<QueryResult<unknown>>, created: readonly CreatedRow[]): Promise<void>;
}

export const writeContext = new AsyncLocalStorage<WriteContext | null>();

/** The context's hook applies (open, not yet committed). */
function active(): WriteContext | null {
  const ctx = writeContext.getStore();
  return ctx && ctx.open && !ctx.committed ? ctx : null;
}

/**
 * Commits through the hook: the first transaction of the request to get here runs it; one that
 * comes while another is between its hook and its COMMIT waits, and needs no hook if that one
 * committed. `commit` and `rollback` act on the connection.
 */
async function commitWithHook(
  ctx: WriteContext,
  exec: (query: CompiledQuery) => Promise<QueryResult<unknown>>,
  created: readonly CreatedRow[],
  commit: () => Promise<void>,
  rollback: () => Promise<void>,
): Promise<void> {
  while (ctx.committing) await ctx.committing;
  if (ctx.committed || !ctx.open) return commit();
  let settle = () => {};
  ctx.committing = new Promise<void>((resolve) => (settle = resolve));
  try {
    try {
      await ctx.beforeCommit(exec, created);
    } catch (err) {
      await rollback();
      throw err;
    }
    await commit();
    ctx.committed = true;
  } finally {
    ctx.committing = null;
    settle();
  }
}

const WRITE_KINDS = new Set(['InsertQueryNode', 'UpdateQueryNode', 'DeleteQueryNode', 'MergeQueryNode']);
const RAW_WRITE = /^\s*(insert|update|delete|merge|truncate)\b/i;

function isWrite(query: CompiledQuery): boolean {
  const node = query.query as RootOperationNode | undefined;
  if (node && WRITE_KINDS.has(node.kind)) return true;
  return (!node || node.kind === 'RawNode') && RAW_WRITE.test(query.sql);
}

const MAX_CREATED = 20;

/** The first row's id an INSERT names (its values or its RETURNING), if any. */
function insertedRow(query: CompiledQuery, result: QueryResult<unknown>): CreatedRow | null {
  const node = query.query as
    | { kind: string; into?: { table?: { identifier?: { name?: string } } }; columns?: { column?: { name?: string } }[]; values?: { values?: unknown[] } }
    | undefined;
  if (node?.kind !== 'InsertQueryNode') return null;
  const table = node.into?.table?.identifier?.name;
  if (!table) return null;
  const returned = (result.rows[0] as { id?: unknown } | undefined)?.id;
  if (typeof returned === 'string') return { table, id: returned };
  const at = (node.columns ?? []).findIndex((c) => c.column?.name === 'id');
  const first = node.values?.values?.[0] as { kind?: string; values?: unknown[] } | undefined;
  if (at < 0 || !first?.values) return null;
  const cell = first.values[at] as { kind?: string; value?: unknown } | string | undefined;
  const id = first.kind === 'PrimitiveValueListNode' ? cell : (cell as { value?: unknown } | undefined)?.value;
  return typeof id === 'string' ? { table, id } : null;
}

class ContextConnection implements DatabaseConnection {
  inTransaction = false;
  /** the hook rolled this transaction back already (Kysely then asks for a rollback again) */
  rolledBack = false;
  created: CreatedRow[] = [];
  readonly inner: DatabaseConnection;
  readonly driver: Driver;
  constructor(inner: DatabaseConnection, driver: Driver) {
    this.inner = inner;
    this.driver = driver;
  }
  async executeQuery<R>(query: CompiledQuery): Promise<QueryResult<R>> {
    const ctx = active();
    if (!ctx || !isWrite(query)) return this.inner.executeQuery<R>(query);
    if (this.inTransaction) {
      const result = await this.inner.executeQuery<R>(query);
      this.note(query, result);
      return result;
    }
    // A lone write: a transaction of its own, so the hook commits with it.
    await this.driver.beginTransaction(this.inner, {});
    let result: QueryResult<R>;
    try {
      result = await this.inner.executeQuery<R>(query);
    } catch (err) {
      await this.driver.rollbackTransaction(this.inner);
      throw err;
    }
    await commitWithHook(
      ctx,
      (q) => this.inner.executeQuery(q),
      [insertedRow(query, result)].filter((r) => r !== null),
      () => this.driver.commitTransaction(this.inner),
      () => this.driver.rollbackTransaction(this.inner),
    );
    return result;
  }
  streamQuery<R>(query: CompiledQuery, chunkSize?: number): AsyncIterableIterator<QueryResult<R>> {
    return this.inner.streamQuery<R>(query, chunkSize);
  }
  note(query: CompiledQuery, result: QueryResult<unknown>) {
    if (this.created.length >= MAX_CREATED) return;
    const row = insertedRow(query, result);
    if (row) this.created.push(row);
  }
}

type SavepointFn = (connection: DatabaseConnection, name: string, compile: QueryCompiler['compileQuery']) => Promise<void>;

class ContextDriver implements Driver {
  readonly inner: Driver;
  // Only what the wrapped driver offers (Kysely tells a driver without savepoints by their absence).
  savepoint?: SavepointFn;
  rollbackToSavepoint?: SavepointFn;
  releaseSavepoint?: SavepointFn;
  constructor(inner: Driver) {
    this.inner = inner;
    for (const name of ['savepoint', 'rollbackToSavepoint', 'releaseSavepoint'] as const) {
      const fn = inner[name]?.bind(inner);
      if (fn) this[name] = (connection, sp, compile) => fn((connection as ContextConnection).inner, sp, compile);
    }
  }
  init() {
    return this.inner.init();
  }
  async acquireConnection(): Promise<DatabaseConnection> {
    return new ContextConnection(await this.inner.acquireConnection(), this.inner);
  }
  async beginTransaction(connection: DatabaseConnection, settings: TransactionSettings) {
    const c = connection as ContextConnection;
    await this.inner.beginTransaction(c.inner, settings);
    c.inTransaction = true;
    c.rolledBack = false;
    c.created = [];
  }
  async commitTransaction(connection: DatabaseConnection) {
    const c = connection as ContextConnection;
    const ctx = active();
    c.inTransaction = false;
    if (!ctx) return this.inner.commitTransaction(c.inner);
    await commitWithHook(
      ctx,
      (q) => c.inner.executeQuery(q),
      c.created,
      () => this.inner.commitTransaction(c.inner),
      async () => {
        c.rolledBack = true;
        await this.inner.rollbackTransaction(c.inner);
      },
    );
  }
  async rollbackTransaction(connection: DatabaseConnection) {
    const c = connection as ContextConnection;
    c.inTransaction = false;
    if (c.rolledBack) return;
    await this.inner.rollbackTransaction(c.inner);
  }
  releaseConnection(connection: DatabaseConnection) {
    return this.inner.releaseConnection((connection as ContextConnection).inner);
  }
  destroy() {
    return this.inner.destroy();
  }
}

/** `dialect` with the write context's hooks on its driver (both databases get it: database.ts). */
export class WriteContextDialect implements Dialect {
  readonly inner: Dialect;
  constructor(inner: Dialect) {
    this.inner = inner;
  }
  createAdapter(): DialectAdapter {
    return this.inner.createAdapter();
  }
  createDriver(): Driver {
    return new ContextDriver(this.inner.createDriver());
  }
  createQueryCompiler(): QueryCompiler {
    return this.inner.createQueryCompiler();
  }
  createIntrospector(db: Kysely<any>): DatabaseIntrospector {
    return this.inner.createIntrospector(db);
  }
}
