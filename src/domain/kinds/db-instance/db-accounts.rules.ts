// Accounts and databases of a managed database instance (seed 001 §5 "Databases", §6): user-name
// and database-name rules per engine, the account privileges, the character sets. Plain data and
// pure checks (no zod), shared by the server and the web; the schema is db-accounts.schema.ts.
import { passwordProblem } from '../../account.ts';

/** Seed 001 §6: read-only, DML, DDL and DML, deploy user. */
export const DB_PRIVILEGES = ['readonly', 'dml', 'ddl_dml', 'deploy'] as const;
export type DbPrivilege = (typeof DB_PRIVILEGES)[number];

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

/** The first rule an account's password breaks (a rule key of errors:rules), or null: 8-32, digits and both cases, no reserved word, not the name. */
export const dbPasswordProblem = (password: string, name: string): string | null => passwordProblem(password, name);

/** An account of an instance as GET /api/v1/dbinstances/:id/accounts answers it (never its password). */
export interface DbAccount {
  name: string;
  engine_user: string;
  privilege: DbPrivilege;
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
