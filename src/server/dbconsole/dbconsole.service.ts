// The SQL console of managed database instances (issue 29, ADR 0054) as module functions over their
// dependencies: an instance's backing database is made when it first runs (the engine's status
// event, or the first statement), statements run as the instance's own user within the row cap and
// the time limit, every statement is kept in the instance's history, and the database is dropped
// when the instance is removed for good.
import { randomBytes } from 'node:crypto';
import { z } from 'zod';
import { AppError, badRequest, conflict, notFound } from '../../domain/errors.ts';
import { isId } from '../../domain/ids.ts';
import { dbInstanceKind } from '../../domain/kinds/db-instance/db-instance.kind.ts';
import { isSqlConsoleEngine, type SqlConsoleAnswer } from '../../domain/kinds/db-instance/db-instance.rules.ts';
import { dbSqlRequestSchema } from '../../domain/kinds/db-instance/db-instance.schema.ts';
import { parse } from '../platform/http/errors.plugin.ts';
import { requirePermission } from '../platform/auth/auth-user.ts';
import { scopeCan, type Scope } from '../platform/auth/scope.ts';
import { rowPicker, runList } from '../platform/lib/list.ts';
import type { SecretBox } from '../platform/lib/secret-box.ts';
import type { ResourceRow } from '../platform/db/resource-rows.ts';
import type { ResourcesRepository } from '../engine/resources.repository.ts';
import type { DomainEvent } from '../../domain/events.ts';
import { HISTORY_COLUMNS, HISTORY_LIST, HISTORY_TIMES, type BackendKind, type BackendRow, type DbConsoleRepository } from './dbconsole.repository.ts';
import { SqlFailure, type InstanceDb, type RunOptions, type SqlBackend } from './sql-backend.ts';
import type { DbAccountsRepository } from './dbaccounts.repository.ts';

export const DB_KIND = dbInstanceKind.kind;

export interface DbConsoleDeps {
  repo: DbConsoleRepository;
  /** the instances' accounts and databases (ADR 0055) */
  accounts: DbAccountsRepository;
  resources: ResourcesRepository;
  secrets: SecretBox;
  /** the backends this process reaches: the embedded one always, MySQL and PostgreSQL when configured */
  backends: Partial<Record<BackendKind, SqlBackend>> & { pglite: SqlBackend };
  limits: { maxRows: number; timeoutMs: number };
  log: { warn: (obj: object, msg: string) => void };
  /** provisioning in flight in this process, by instance id (two calls wait for one) */
  inFlight: Map<string, Promise<BackendRow>>;
}

/** The answer a statement gets (its shape is the domain's, shared with the web). */
export type SqlAnswer = SqlConsoleAnswer;

/** Where a new instance's database goes: MySQL on MYSQL_URL, PostgreSQL on Yunshu's PostgreSQL, else embedded. */
export function chooseBackend(deps: Pick<DbConsoleDeps, 'backends'>, engine: string): SqlBackend {
  return (engine === 'mysql' ? deps.backends.mysql : deps.backends.postgres) ?? deps.backends.pglite;
}

/** The backend an instance's database lives on (fixed when it was made; chosen now when it is not made yet). */
export function backendOfRow(deps: Pick<DbConsoleDeps, 'backends'>, row: BackendRow): SqlBackend {
  if (!row.provisioned_at) return chooseBackend(deps, row.engine);
  const backend = deps.backends[row.backend];
  if (!backend) throw new SqlFailure('unavailable', `no ${row.backend} backend is configured`);
  return backend;
}

/** A fresh identity for an instance's database: short random names, random passwords (sealed). */
/** The planned names of a seeded instance start so: they are drawn again when its database is made. */
const SEEDED = 'seed';

/** Fresh names and passwords of an instance's database and users (`seed`: the demo's, drawn again when made). */
function freshNames(deps: Pick<DbConsoleDeps, 'secrets'>, seeded = false) {
  const short = (seeded ? SEEDED : '') + randomBytes(6).toString('hex');
  const secret = deps.secrets.seal({ password: randomBytes(18).toString('base64url'), ro_password: randomBytes(18).toString('base64url') });
  return { db_name: `yunshu_db_${short}`, user_name: `yunshu_u_${short}`, ro_user_name: `yunshu_r_${short}`, secret_sealed: secret };
}

function newIdentity(
  deps: Pick<DbConsoleDeps, 'secrets'>,
  resource: Pick<ResourceRow, 'id' | 'tenant_id' | 'spec'>,
  initSql: unknown,
  backend: BackendKind,
  seeded = false,
) {
  return {
    resource_id: resource.id,
    tenant_id: resource.tenant_id,
    engine: String(resource.spec.engine),
    backend,
    ...freshNames(deps, seeded),
    init_sql: initSql ?? null,
  };
}

export function instanceDbOf(deps: Pick<DbConsoleDeps, 'secrets'>, row: BackendRow): InstanceDb {
  const s = deps.secrets.open(row.secret_sealed) as { password: string; ro_password: string };
  return { dbName: row.db_name, user: row.user_name, password: s.password, roUser: row.ro_user_name, roPassword: s.ro_password };
}

/**
 * Records an instance's database (demo rows carry statements to run once it exists); nothing is made
 * yet, and the backend is chosen again when it is made (the seed does not know the deployment's).
 */
export function planBackend(
  deps: Pick<DbConsoleDeps, 'repo' | 'secrets'>,
  resource: Pick<ResourceRow, 'id' | 'tenant_id' | 'spec'>,
  initSql?: readonly string[],
  backend: BackendKind = 'pglite',
  seeded = false,
) {
  return deps.repo.claimBackend(newIdentity(deps, resource, initSql, backend, seeded));
}

/** Makes the instance's database and users if they are not there yet; answers its backend row. */
export function ensureBackend(deps: DbConsoleDeps, resource: Pick<ResourceRow, 'id' | 'tenant_id' | 'spec'>): Promise<BackendRow> {
  const running = deps.inFlight.get(resource.id);
  if (running) return running;
  const work = provision(deps, resource).finally(() => deps.inFlight.delete(resource.id));
  deps.inFlight.set(resource.id, work);
  return work;
}

async function provision(deps: DbConsoleDeps, resource: Pick<ResourceRow, 'id' | 'tenant_id' | 'spec'>): Promise<BackendRow> {
  const planned = (await deps.repo.backendOf(resource.id)) ?? (await planBackend(deps, resource, [], chooseBackend(deps, String(resource.spec.engine)).kind));
  if (planned.provisioned_at) return planned;
  // A seeded instance's names are drawn again when its database is made: copies of one seeded database
  // (deployments, test files) on one database server must not make and drop the same database. The
  // first process to rename wins; the others read its names and make the same database (idempotent).
  const row = planned.db_name.startsWith(`yunshu_db_${SEEDED}`) ? await deps.repo.renamePlanned(resource.id, planned.db_name, freshNames(deps)) : planned;
  const backend = chooseBackend(deps, row.engine);
  const db = instanceDbOf(deps, row);
  await backend.provision(db);
  const init = Array.isArray(row.init_sql) ? (row.init_sql as unknown[]).filter((s): s is string => typeof s === 'string') : [];
  // Demo tables are a courtesy: one that is there already (another process made it) does not stop the instance.
  for (const sql of init)
    await backend
      .run(db, sql, { readonly: false, maxRows: 1, timeoutMs: 30_000 })
      .catch((err: unknown) => deps.log.warn({ err, id: resource.id }, 'a demo statement failed'));
  await deps.repo.markProvisioned(resource.id, backend.kind);
  return { ...row, backend: backend.kind, provisioned_at: new Date(), init_sql: null };
}

/** The instance in the caller's scope that the console may reach (404 outside the scope, 409 when it cannot). */
async function consoleInstance(deps: DbConsoleDeps, scope: Scope, id: string): Promise<ResourceRow> {
  if (!isId(id)) throw notFound();
  const row = (await deps.resources.findScoped(scope, id, DB_KIND)) as ResourceRow | undefined;
  if (!row) throw notFound();
  if (!isSqlConsoleEngine(row.spec.engine)) throw conflict('refusals.db_instance.console_unsupported');
  if (row.status !== 'running') throw conflict('refusals.db_instance.not_running');
  return row;
}

/** POST /api/v1/dbinstances/:id/sql: one statement as the instance's user; writes need update:resource. */
/** The console's request: a statement, optionally read-only, optionally as one of the instance's accounts (ADR 0055). */
const sqlRequestSchema = dbSqlRequestSchema.extend({ account: z.string().trim().min(1).max(64).optional() });

/** What the console runs as when a request names an account: its engine user, in its first database. */
async function runAs(deps: DbConsoleDeps, backend: BackendRow, resourceId: string, name: string): Promise<RunOptions['as']> {
  const account = await deps.accounts.account(resourceId, name);
  if (!account) throw notFound('refusals.db_instance.account_not_found');
  const first = account.databases[0];
  const made = (await deps.accounts.databases(resourceId)).find((d) => d.name === first);
  const database = made ? made.engine_name : first === 'public' || first === backend.db_name ? first : undefined;
  const { password } = deps.secrets.open(account.secret_sealed) as { password: string };
  return { user: account.engine_user, password, database };
}

export async function runSql(deps: DbConsoleDeps, scope: Scope, id: string, body: unknown): Promise<SqlAnswer> {
  const input = parse(sqlRequestSchema, body);
  const row = await consoleInstance(deps, scope, id);
  if (!input.readonly) requirePermission(scopeCan(scope, 'update', 'resource'));
  const backend = await ensureBackend(deps, row).catch((e: unknown) => {
    deps.log.warn({ err: e, id }, 'the SQL console could not make an instance database');
    throw conflict('refusals.db_instance.backend_unavailable');
  });
  const as = input.account ? await runAs(deps, backend, row.id, input.account) : undefined;
  const started = performance.now();
  const entry = { resource_id: row.id, tenant_id: row.tenant_id, user_id: scope.user.id, statement: input.sql, readonly: input.readonly };
  try {
    const result = await backendOfRow(deps, backend).run(instanceDbOf(deps, backend), input.sql, { readonly: input.readonly, ...deps.limits, as });
    const elapsed = Math.round(performance.now() - started);
    await deps.repo.addHistory({ ...entry, ok: true, row_count: result.row_count, elapsed_ms: elapsed, error: null });
    return { ...result, elapsed_ms: elapsed, limit: deps.limits.maxRows };
  } catch (e) {
    const elapsed = Math.round(performance.now() - started);
    const error = refusalOf(e, deps.limits.timeoutMs);
    await deps.repo.addHistory({ ...entry, ok: false, row_count: 0, elapsed_ms: elapsed, error: e instanceof Error ? e.message.slice(0, 2000) : String(e) });
    throw error;
  }
}

function refusalOf(e: unknown, timeoutMs: number): AppError {
  if (!(e instanceof SqlFailure)) return e instanceof AppError ? e : new AppError(500, 'internal');
  switch (e.reason) {
    case 'timeout':
      return conflict('refusals.db_instance.statement_timeout', { limit: timeoutMs / 1000 });
    case 'read_only':
      return new AppError(403, 'refusals.db_instance.read_only');
    case 'denied':
      return new AppError(403, 'refusals.db_instance.account_denied');
    case 'unavailable':
      return conflict('refusals.db_instance.backend_unavailable');
    default:
      return badRequest('refusals.db_instance.sql_error', { message: e.message.slice(0, 500) });
  }
}

const pickHistory = rowPicker(HISTORY_COLUMNS, HISTORY_TIMES);

/** GET /api/v1/dbinstances/:id/sql/history: the instance's statements, newest first, paged like every list. */
export async function sqlHistory(deps: DbConsoleDeps, scope: Scope, id: string, query: unknown) {
  if (!isId(id)) throw notFound();
  const row = await deps.resources.findScoped(scope, id, DB_KIND);
  if (!row) throw notFound();
  return runList(deps.repo.historyQuery(id), (qb) => qb.select([...HISTORY_COLUMNS]), query, HISTORY_LIST, pickHistory);
}

/** Drops the databases of instances removed for good (their resource rows are gone). */
export async function dropRemoved(deps: DbConsoleDeps): Promise<number> {
  let dropped = 0;
  for (const row of await deps.repo.orphanBackends()) {
    try {
      if (row.provisioned_at) await backendOfRow(deps, row).drop(instanceDbOf(deps, row));
      await deps.repo.forgetBackend(row.resource_id);
      dropped++;
    } catch (err) {
      deps.log.warn({ err, id: row.resource_id }, 'the SQL console could not drop a removed instance database');
    }
  }
  return dropped;
}

/**
 * A running instance's database is made at once on a database server; an embedded one (a PGlite
 * thread per instance) only when its first statement comes, so idle instances hold no thread.
 */
async function madeOnRun(deps: DbConsoleDeps, row: ResourceRow): Promise<unknown> {
  const backend = chooseBackend(deps, String(row.spec.engine));
  if (backend.kind !== 'pglite') return ensureBackend(deps, row);
  return (await deps.repo.backendOf(row.id)) ?? planBackend(deps, row, [], backend.kind);
}

/** What the engine's events mean to the console: a running instance gets its database, a removed one loses it. */
export function heardEvent(deps: DbConsoleDeps, e: DomainEvent): void {
  if (e.type !== 'resource.status' && e.type !== 'resource.removed') return;
  if (e.kind !== DB_KIND) return;
  const fail = (err: unknown) => deps.log.warn({ err, id: e.id }, 'the SQL console missed an instance event');
  if (e.type === 'resource.removed') return void dropRemoved(deps).catch(fail);
  if (e.status !== 'running' || !e.project_id) return;
  void deps.resources
    .findScoped({ tenantId: e.tenant_id, projectId: e.project_id }, e.id, DB_KIND)
    .then((row) => (row && isSqlConsoleEngine(row.spec.engine) ? madeOnRun(deps, row as ResourceRow) : undefined))
    .catch(fail);
}
