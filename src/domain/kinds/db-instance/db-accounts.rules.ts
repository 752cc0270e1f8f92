// Accounts and databases of a managed database instance (seed 001 §5 "Databases", §6): user-name
// and database-name rules per engine, the account privileges, the character sets. Plain data and
// pure checks (no zod), shared by the server and the web; the schema is db-accounts.schema.ts.
// The document (MongoDB) and cache (Redis) databases' accounts follow the same rules, the engine
// deciding the limits, the privileges and what an account is authorised on (ADR 0076).
import { passwordProblem } from '../../account.ts';

/** Seed 001 §6: read-only, DML, DDL and DML, deploy user. */
export const DB_PRIVILEGES = ['readonly', 'dml', 'ddl_dml', 'deploy'] as const;
export type DbPrivilege = (typeof DB_PRIVILEGES)[number];

/** Every privilege an account may hold: the SQL engines' four, and the document and cache databases' 读写 and 管理 (ADR 0076). */
export const ACCOUNT_PRIVILEGES = [...DB_PRIVILEGES, 'readwrite', 'admin'] as const;
export type AccountPrivilege = (typeof ACCOUNT_PRIVILEGES)[number];

/** The privileges an engine offers: MongoDB 只读 / 读写 / 管理, Redis ACL 只读 / 读写, the SQL engines the seed's four. */
export function dbPrivileges(engine: string): readonly [AccountPrivilege, ...AccountPrivilege[]] {
  if (engine === 'mongodb') return ['readonly', 'readwrite', 'admin'];
  if (engine === 'redis') return ['readonly', 'readwrite'];
  return DB_PRIVILEGES;
}

/** The MongoDB built-in roles each privilege grants on every authorised database. */
export const MONGO_ROLES: Readonly<Record<string, readonly string[]>> = { readonly: ['read'], readwrite: ['readWrite'], admin: ['readWrite', 'dbAdmin'] };
/** The Redis ACL command categories each privilege allows on the authorised keys. */
export const REDIS_ACL: Readonly<Record<string, string>> = { readonly: '+@read', readwrite: '+@read +@write' };

/** The engine whose rules an instance's accounts follow: the document database is MongoDB, the cache Redis, a managed database its own. */
export function accountEngineOf(kind: string, spec: Record<string, unknown>): string {
  if (kind === 'doc_instance') return 'mongodb';
  if (kind === 'cache_instance') return 'redis';
  return String(spec.engine);
}
/** Kinds whose accounts the cloud's account API keeps (no engine of theirs runs here: the simulated cloud stands in, ADR 0076). */
export const CLOUD_ACCOUNT_KINDS = ['doc_instance', 'cache_instance'] as const;
export const isCloudAccountKind = (kind: string) => (CLOUD_ACCOUNT_KINDS as readonly string[]).includes(kind);
/**
 * Managed-database engines with no engine of theirs here (Oracle): their accounts and schemas are kept
 * by the cloud's account API like the document and cache databases' (ADR 0076 addendum), with the SQL
 * engines' rules — the seed's four privileges, 30-character names, schemas picked from the instance's.
 */
export const CLOUD_SQL_ENGINES = ['oracle'] as const;
export const isCloudSqlEngine = (engine: unknown) => (CLOUD_SQL_ENGINES as readonly unknown[]).includes(engine);
/** The Oracle object privileges each of the seed's privileges grants on an authorised schema. */
export const ORACLE_GRANTS: Readonly<Record<string, string>> = {
  readonly: 'SELECT',
  dml: 'SELECT, INSERT, UPDATE, DELETE',
  ddl_dml: 'SELECT, INSERT, UPDATE, DELETE, CREATE, ALTER, DROP',
  deploy: 'SELECT, INSERT, UPDATE, DELETE, CREATE, ALTER, DROP, EXECUTE',
};
/** An Oracle instance's own schema (its service's default, ORCL), first in its list like a SQL engine's own database. */
export const ORACLE_DEFAULT_SCHEMA = 'orcl';

/** Lowercase letters, digits and underscore; a letter first; a letter or digit last (seed 001 §5). */
export const DB_ACCOUNT_NAME = /^[a-z](?:[a-z0-9_]*[a-z0-9])?$/;
export const DB_ACCOUNT_NAME_MIN = 2;
/** Longest user name: 16 on MySQL, 64 on the document database, 30 on PostgreSQL and Oracle, 19 on Redis (ADR 0055). */
export function dbAccountNameMax(engine: string): number {
  if (engine === 'mysql') return 16;
  if (engine === 'mongodb') return 64;
  if (engine === 'redis') return 19;
  return 30;
}

/** Database names: a lowercase letter first, then lowercase letters, digits and underscore. */
export const DB_DATABASE_NAME = /^[a-z][a-z0-9_]*$/;
export const DB_DATABASE_NAME_MIN = 2;
/** Longest database name: 60 MySQL, 63 PostgreSQL, 8 Oracle, 128 the others (seed 001 §5 "2-60, 2-63, 2-128 or 2-8"). */
export function dbDatabaseNameMax(engine: string): number {
  if (engine === 'mysql') return 60;
  if (engine === 'postgresql') return 63;
  if (engine === 'oracle') return 8;
  return 128;
}
/** Names the engine keeps for itself: refused as database names. */
export function dbDatabaseNameReserved(engine: string, name: string): boolean {
  if (engine === 'mysql') return ['information_schema', 'mysql', 'performance_schema', 'sys', 'test'].includes(name);
  if (engine === 'postgresql') return ['public', 'information_schema', 'postgres', 'template0', 'template1'].includes(name) || name.startsWith('pg_');
  return ['admin', 'local', 'config', 'system', 'sys'].includes(name);
}

/** Character sets a new database may take per engine (PostgreSQL's schemas take the instance's). */
export function dbDatabaseCharsets(engine: string): readonly string[] {
  return engine === 'mysql' ? ['utf8mb4', 'utf8', 'gbk', 'latin1'] : ['utf8'];
}

/** A Redis account's keys: `*` (every key) or a key prefix of letters, digits and `:_.-`, at most 64 (ACL `~<prefix>*`). */
export const REDIS_ALL_KEYS = '*';
export const REDIS_KEY_PREFIX = /^[A-Za-z0-9][A-Za-z0-9:_.-]{0,63}$/;
/** At most this many databases or key prefixes per account. */
export const ACCOUNT_SCOPES_MAX = 20;

/**
 * The first rule an authorised database (MongoDB: a database name, by the database-name rules; Redis:
 * a key prefix or `*`) breaks, as a rule key of errors:rules, or null. The SQL engines' databases are
 * the instance's own, checked by the server against its list.
 */
export function accountScopeProblem(engine: string, item: string): string | null {
  if (engine === 'redis') return item === REDIS_ALL_KEYS || REDIS_KEY_PREFIX.test(item) ? null : 'cache_key_prefix';
  if (engine !== 'mongodb') return null;
  if (item.length < DB_DATABASE_NAME_MIN || item.length > dbDatabaseNameMax(engine)) return 'db_database_length';
  if (!DB_DATABASE_NAME.test(item)) return 'db_database_name';
  return dbDatabaseNameReserved(engine, item) ? 'db_database_reserved' : null;
}

/** The first rule an account's password breaks (a rule key of errors:rules), or null: 8-32, digits and both cases, no reserved word, not the name. */
export const dbPasswordProblem = (password: string, name: string): string | null => passwordProblem(password, name);

/** An account of an instance as GET /api/v1/{db,doc,cache}instances/:id/accounts answers it (never its password). */
export interface DbAccount {
  name: string;
  engine_user: string;
  privilege: AccountPrivilege;
  databases: string[];
  description: string | null;
  created_at: string;
}

/** A database of an instance (the instance's own default one first). */
export interface DbDatabase {
  name: string;
  engine_name: string;
  charset: string;
  description: string | null;
  default: boolean;
  created_at: string | null;
}
