// Accounts and databases of a managed database instance (issue 29, ADR 0055) as module functions:
// each write makes or drops the real thing in the instance's engine (a user granted on the
// instance's databases alone; a MySQL database or a PostgreSQL schema) and records it; passwords
// only sealed. The rules are the seed's (db-accounts.rules.ts), per engine. The document (MongoDB)
// and cache (Redis) databases' accounts take the same path, kept by the cloud's account API (the
// simulated cloud stands in: cloud-accounts.ts, ADR 0076).
import { randomBytes } from 'node:crypto';
import { conflict, notFound } from '../../domain/errors.ts';
import { isId } from '../../domain/ids.ts';
import { isSqlConsoleEngine } from '../../domain/kinds/db-instance/db-instance.rules.ts';
import {
  accountEngineOf,
  isCloudAccountKind,
  isCloudSqlEngine,
  ORACLE_DEFAULT_SCHEMA,
  type AccountPrivilege,
  type DbAccount,
  type DbDatabase,
  type DbPrivilege,
} from '../../domain/kinds/db-instance/db-accounts.rules.ts';
import {
  dbAccountCreateSchema,
  dbAccountPasswordSchema,
  dbAccountPrivilegeSchema,
  dbDatabaseCreateSchema,
} from '../../domain/kinds/db-instance/db-accounts.schema.ts';
import { requirePermission } from '../platform/auth/auth-user.ts';
import { scopeCan, type Scope } from '../platform/auth/scope.ts';
import { parse } from '../platform/http/errors.plugin.ts';
import { invalid } from '../platform/lib/invalid.ts';
import type { ResourceRow } from '../platform/db/resource-rows.ts';
import type { AccountRow } from './dbaccounts.repository.ts';
import { DB_KIND, backendOfRow, ensureBackend, instanceDbOf, type DbConsoleDeps } from './dbconsole.service.ts';
import { accountPrefix, type InstanceDb, type SqlBackend } from './sql-backend.ts';
import { cloudAccounts, type AccountEngine } from './cloud-accounts.ts';

/** The kinds whose instances have accounts: the managed databases, the document and the cache databases. */
export type AccountKind = 'db_instance' | 'doc_instance' | 'cache_instance';

/** The instance of that kind in the caller's scope (404 otherwise); a write needs update:resource. */
async function instanceOf(deps: DbConsoleDeps, scope: Scope, id: string, write: boolean, kind: AccountKind = DB_KIND as AccountKind): Promise<ResourceRow> {
  if (!isId(id)) throw notFound();
  const row = (await deps.resources.findScoped(scope, id, kind)) as ResourceRow | undefined;
  if (!row) throw notFound();
  if (write) requirePermission(scopeCan(scope, 'update', 'resource'));
  return row;
}

/** The instance's engine, made if it is not yet (409 when the instance cannot have one now). */
async function engineOf(deps: DbConsoleDeps, row: ResourceRow): Promise<{ backend: SqlBackend; db: InstanceDb }> {
  if (!isSqlConsoleEngine(row.spec.engine)) throw conflict('refusals.db_instance.accounts_unsupported');
  if (row.status !== 'running') throw conflict('refusals.db_instance.not_running_accounts');
  const backendRow = await ensureBackend(deps, row).catch((e: unknown) => {
    deps.log.warn({ err: e, id: row.id }, 'an instance database could not be made');
    throw conflict('refusals.db_instance.backend_unavailable');
  });
  return { backend: backendOfRow(deps, backendRow), db: instanceDbOf(deps, backendRow) };
}

/** What makes an instance's accounts: its SQL engine (made if it is not yet), or the cloud's account API (409 unless running). */
async function accountEngine(deps: DbConsoleDeps, row: ResourceRow): Promise<AccountEngine> {
  if (isCloudAccountKind(row.kind) || isCloudSqlEngine(row.spec.engine)) {
    if (row.status !== 'running') throw conflict('refusals.db_instance.not_running_accounts');
    // Oracle's accounts are granted on the instance's own schemas (400 for one it does not have).
    return cloudAccounts(engineOfRow(row), isCloudSqlEngine(row.spec.engine) ? (names) => engineDatabases(deps, row, names) : undefined);
  }
  const { backend, db } = await engineOf(deps, row);
  const sql = (p: AccountPrivilege) => p as DbPrivilege;
  return {
    userOf: (name) => `${accountPrefix(db)}${name}`,
    scopes: (names) => engineDatabases(deps, row, names),
    create: (a) => backend.createAccount(db, { ...a, privilege: sql(a.privilege) }),
    grant: (a) => backend.grantAccount(db, { ...a, privilege: sql(a.privilege) }),
    setPassword: (user, password) => backend.setPassword(db, user, password),
    drop: (user) => backend.dropAccount(db, user),
  };
}

/** An engine's refusal of a write (its own message), logged. */
function engineRefused(deps: DbConsoleDeps, id: string, e: unknown) {
  deps.log.warn({ err: e, id }, 'the engine refused an account or database change');
  return conflict('refusals.db_instance.engine_refused', { message: String((e as Error).message ?? e).slice(0, 300) });
}

const engineOfRow = (row: ResourceRow) => accountEngineOf(row.kind, row.spec);

function accountOut(a: AccountRow): DbAccount {
  return {
    name: a.name,
    engine_user: a.engine_user,
    privilege: a.privilege,
    databases: a.databases,
    description: a.description,
    created_at: a.created_at.toISOString(),
  };
}

/** The instance's databases, its own default one first (its engine name when made, else what it will be). */
async function databasesOf(deps: DbConsoleDeps, row: ResourceRow): Promise<DbDatabase[]> {
  if (isCloudSqlEngine(row.spec.engine)) return [cloudDefaultSchema(), ...(await storedDatabases(deps, row))];
  const made = await deps.repo.backendOf(row.id);
  const schema = made?.backend ? deps.backends[made.backend]?.databaseScope === 'schema' : true;
  const first: DbDatabase[] = made
    ? [
        {
          name: schema ? 'public' : made.db_name,
          engine_name: schema ? 'public' : made.db_name,
          charset: schema ? 'utf8' : 'utf8mb4',
          description: null,
          default: true,
          created_at: null,
        },
      ]
    : [];
  return [...first, ...(await storedDatabases(deps, row))];
}

/** The databases (schemas) made through Yunshu, after the instance's own. */
async function storedDatabases(deps: DbConsoleDeps, row: ResourceRow): Promise<DbDatabase[]> {
  return (await deps.accounts.databases(row.id)).map((d) => ({
    name: d.name,
    engine_name: d.engine_name,
    charset: d.charset,
    description: d.description,
    default: false,
    created_at: d.created_at.toISOString(),
  }));
}

/** An Oracle instance's own schema (ORCL). */
const cloudDefaultSchema = (): DbDatabase => ({
  name: ORACLE_DEFAULT_SCHEMA,
  engine_name: ORACLE_DEFAULT_SCHEMA.toUpperCase(),
  charset: 'utf8',
  description: null,
  default: true,
  created_at: null,
});

/**
 * Where an instance's databases are made and dropped: its SQL engine (a MySQL database or a schema), or
 * the cloud's API for Oracle's schemas (the simulated cloud stands in: each call accepted, ADR 0076 addendum).
 */
interface DatabaseEngine {
  scope: 'server' | 'schema';
  dbName: string;
  create(name: string, charset: string): Promise<void>;
  drop(name: string): Promise<void>;
  grant(a: { user: string; privilege: DbPrivilege; databases: string[] }): Promise<void>;
}
async function databaseEngine(deps: DbConsoleDeps, row: ResourceRow): Promise<DatabaseEngine> {
  if (isCloudSqlEngine(row.spec.engine)) {
    if (row.status !== 'running') throw conflict('refusals.db_instance.not_running_accounts');
    const cloud = cloudAccounts(engineOfRow(row));
    return { scope: 'schema', dbName: row.id, create: async () => undefined, drop: async () => undefined, grant: (a) => cloud.grant(a) };
  }
  const { backend, db } = await engineOf(deps, row);
  return {
    scope: backend.databaseScope,
    dbName: db.dbName,
    create: (name, charset) => backend.createDatabase(db, name, charset),
    drop: (name) => backend.dropDatabase(db, name),
    grant: (a) => backend.grantAccount(db, a),
  };
}

/** Engine names of the databases an account is granted on; 400 when one is not the instance's. */
async function engineDatabases(deps: DbConsoleDeps, row: ResourceRow, names: readonly string[]): Promise<string[]> {
  const all = await databasesOf(deps, row);
  return [...new Set(names)].map((n) => {
    const found = all.find((d) => d.name === n);
    if (!found) throw invalid('databases', 'db_database_unknown');
    return found.engine_name;
  });
}

export async function listAccounts(deps: DbConsoleDeps, scope: Scope, id: string, kind?: AccountKind): Promise<{ data: DbAccount[] }> {
  const row = await instanceOf(deps, scope, id, false, kind);
  return { data: (await deps.accounts.accounts(row.id)).map(accountOut) };
}

export async function createAccount(deps: DbConsoleDeps, scope: Scope, id: string, body: unknown, kind?: AccountKind): Promise<DbAccount> {
  const row = await instanceOf(deps, scope, id, true, kind);
  const input = parse(dbAccountCreateSchema(engineOfRow(row)), body);
  const engine = await accountEngine(deps, row);
  const databases = await engine.scopes(input.databases);
  const record = {
    resource_id: row.id,
    tenant_id: row.tenant_id,
    name: input.name,
    engine_user: engine.userOf(input.name),
    privilege: input.privilege,
    databases: [...new Set(input.databases)],
    description: input.description || null,
    secret_sealed: deps.secrets.seal({ password: input.password }),
  };
  if (!(await deps.accounts.addAccount(record))) throw conflict('refusals.db_instance.account_taken');
  try {
    await engine.create({ user: record.engine_user, password: input.password, privilege: input.privilege, databases });
  } catch (e) {
    await engine.drop(record.engine_user).catch(() => undefined);
    await deps.accounts.removeAccount(row.id, input.name);
    throw engineRefused(deps, row.id, e);
  }
  return accountOut((await deps.accounts.account(row.id, input.name))!);
}

async function accountOf(deps: DbConsoleDeps, row: ResourceRow, name: string): Promise<AccountRow> {
  const found = await deps.accounts.account(row.id, name);
  if (!found) throw notFound('refusals.db_instance.account_not_found');
  return found;
}

/** PUT …/accounts/:name/privilege: the grants taken back and given again. */
export async function changePrivilege(deps: DbConsoleDeps, scope: Scope, id: string, name: string, body: unknown, kind?: AccountKind): Promise<DbAccount> {
  const row = await instanceOf(deps, scope, id, true, kind);
  const account = await accountOf(deps, row, name);
  const input = parse(dbAccountPrivilegeSchema(engineOfRow(row)), body);
  const engine = await accountEngine(deps, row);
  const databases = await engine.scopes(input.databases);
  await engine.grant({ user: account.engine_user, privilege: input.privilege, databases }).catch((e: unknown) => {
    throw engineRefused(deps, row.id, e);
  });
  await deps.accounts.updateAccount(row.id, name, { privilege: input.privilege, databases: [...new Set(input.databases)] });
  return accountOut((await deps.accounts.account(row.id, name))!);
}

/** PUT …/accounts/:name/password: the engine's password changed, the new one kept sealed. */
export async function resetPassword(deps: DbConsoleDeps, scope: Scope, id: string, name: string, body: unknown, kind?: AccountKind): Promise<{ ok: true }> {
  const row = await instanceOf(deps, scope, id, true, kind);
  const account = await accountOf(deps, row, name);
  const input = parse(dbAccountPasswordSchema(name), body);
  const engine = await accountEngine(deps, row);
  await engine.setPassword(account.engine_user, input.password).catch((e: unknown) => {
    throw engineRefused(deps, row.id, e);
  });
  await deps.accounts.updateAccount(row.id, name, { secret_sealed: deps.secrets.seal({ password: input.password }) });
  return { ok: true };
}

export async function deleteAccount(deps: DbConsoleDeps, scope: Scope, id: string, name: string, kind?: AccountKind): Promise<{ ok: true }> {
  const row = await instanceOf(deps, scope, id, true, kind);
  const account = await accountOf(deps, row, name);
  const engine = await accountEngine(deps, row);
  await engine.drop(account.engine_user).catch((e: unknown) => {
    throw engineRefused(deps, row.id, e);
  });
  await deps.accounts.removeAccount(row.id, name);
  return { ok: true };
}

export async function listDatabases(deps: DbConsoleDeps, scope: Scope, id: string): Promise<{ data: DbDatabase[] }> {
  const row = await instanceOf(deps, scope, id, false);
  return { data: await databasesOf(deps, row) };
}

export async function createDatabase(deps: DbConsoleDeps, scope: Scope, id: string, body: unknown): Promise<DbDatabase> {
  const row = await instanceOf(deps, scope, id, true);
  const input = parse(dbDatabaseCreateSchema(engineOfRow(row)), body);
  const engine = await databaseEngine(deps, row);
  if ((await databasesOf(deps, row)).some((d) => d.name === input.name)) throw conflict('refusals.db_instance.database_taken');
  // On a shared server a database's engine name is the instance's own name and a random tail (ADR 0055).
  const engineName = engine.scope === 'server' ? `${engine.dbName}_${randomBytes(4).toString('hex')}` : input.name;
  // a schema takes its database's character set (an embedded MySQL instance is PostgreSQL underneath, ADR 0054)
  const charset = engine.scope === 'schema' ? 'utf8' : input.charset;
  const record = {
    resource_id: row.id,
    tenant_id: row.tenant_id,
    name: input.name,
    engine_name: engineName,
    charset,
    description: input.description || null,
  };
  if (!(await deps.accounts.addDatabase(record))) throw conflict('refusals.db_instance.database_taken');
  try {
    await engine.create(engineName, charset);
  } catch (e) {
    await deps.accounts.removeDatabase(row.id, input.name);
    throw engineRefused(deps, row.id, e);
  }
  return (await databasesOf(deps, row)).find((d) => d.name === input.name)!;
}

/** DELETE …/databases/:name: dropped in the engine; accounts granted on it lose it. The default one stays. */
export async function deleteDatabase(deps: DbConsoleDeps, scope: Scope, id: string, name: string): Promise<{ ok: true }> {
  const row = await instanceOf(deps, scope, id, true);
  const all = await databasesOf(deps, row);
  const target = all.find((d) => d.name === name);
  if (!target) throw notFound('refusals.db_instance.database_not_found');
  if (target.default) throw conflict('refusals.db_instance.database_default');
  const engine = await databaseEngine(deps, row);
  for (const account of (await deps.accounts.accounts(row.id)).filter((a) => a.databases.includes(name))) {
    const rest = account.databases.filter((d) => d !== name);
    const engineNames = rest.map((d) => all.find((x) => x.name === d)?.engine_name).filter((d): d is string => Boolean(d));
    await engine.grant({ user: account.engine_user, privilege: account.privilege as DbPrivilege, databases: engineNames }).catch((e: unknown) => {
      throw engineRefused(deps, row.id, e);
    });
    await deps.accounts.updateAccount(row.id, account.name, { databases: rest });
  }
  await engine.drop(target.engine_name).catch((e: unknown) => {
    throw engineRefused(deps, row.id, e);
  });
  await deps.accounts.removeDatabase(row.id, name);
  return { ok: true };
}
