// What the SQL console asks of the place an instance's database lives (ADR 0054): a database and
// users of its own made (idempotently), one statement run as the instance's user with a row cap
// and a time limit, the database dropped when the instance is removed for good.
import type { BackendKind } from './dbconsole.repository.ts';
import type { SqlConsoleAnswer } from '../../domain/kinds/db-instance/db-instance.rules.ts';
import type { DbPrivilege } from '../../domain/kinds/db-instance/db-accounts.rules.ts';

/** An instance's own database and its two users (owner and read-only), passwords in clear (only in memory). */
export interface InstanceDb {
  dbName: string;
  user: string;
  password: string;
  roUser: string;
  roPassword: string;
}

export interface RunOptions {
  readonly: boolean;
  maxRows: number;
  timeoutMs: number;
  /** run as one of the instance's accounts (ADR 0055), in `database` (its engine name) when given */
  as?: { user: string; password: string; database?: string };
}

/** An account of an instance in its engine (ADR 0055): `databases` are engine names (databases, or schemas on PostgreSQL). */
export interface EngineAccount {
  user: string;
  password: string;
  privilege: DbPrivilege;
  databases: string[];
}

/** What a backend answers: the console's answer before its time and limit are added. */
export type SqlResult = Omit<SqlConsoleAnswer, 'elapsed_ms' | 'limit'>;

export interface SqlBackend {
  kind: BackendKind;
  provision(db: InstanceDb): Promise<void>;
  run(db: InstanceDb, sql: string, o: RunOptions): Promise<SqlResult>;
  drop(db: InstanceDb): Promise<void>;
  close(): Promise<void>;
  /** 'server': a database is a database of the server (MySQL); 'schema': a schema in the instance's database (PostgreSQL, PGlite). */
  databaseScope: 'server' | 'schema';
  /** the engine name of the instance's own database (MySQL: its database; PostgreSQL: schema public) */
  defaultDatabase(db: InstanceDb): string;
  createDatabase(db: InstanceDb, name: string, charset: string): Promise<void>;
  dropDatabase(db: InstanceDb, name: string): Promise<void>;
  /** makes the user and grants `privilege` on its databases alone */
  createAccount(db: InstanceDb, a: EngineAccount): Promise<void>;
  /** takes back every grant of the user on the instance, then grants `privilege` on `databases` */
  grantAccount(db: InstanceDb, a: Omit<EngineAccount, 'password'>): Promise<void>;
  setPassword(db: InstanceDb, user: string, password: string): Promise<void>;
  dropAccount(db: InstanceDb, user: string): Promise<void>;
  /** the instance's accounts in the engine (its users named with the instance's prefix) */
  listAccounts(db: InstanceDb): Promise<string[]>;
}

/** Engine users of an instance's accounts are `<instance's 12 hex>_<name>` (MySQL ≤ 29 characters): unique on a shared server. */
export const accountPrefix = (db: Pick<InstanceDb, 'dbName'>) => `${db.dbName.replace(/^yunshu_db_/, '')}_`;

/** Why a statement did not run: the service turns it into the platform's localised error. */
export class SqlFailure extends Error {
  /** read_only: a write in a read-only request; denied: the account lacks the privilege (ADR 0055) */
  readonly reason: 'timeout' | 'read_only' | 'denied' | 'error' | 'unavailable';
  constructor(reason: SqlFailure['reason'], message: string) {
    super(message);
    this.reason = reason;
  }
}

/** A value as JSON carries it: dates as ISO text, bytes as hex, big integers as text. */
export function jsonValue(v: unknown): unknown {
  if (v === null || v === undefined) return null;
  if (v instanceof Date) return Number.isNaN(v.getTime()) ? null : v.toISOString();
  if (typeof v === 'bigint') return v.toString();
  if (v instanceof Uint8Array) return `\\x${Buffer.from(v).toString('hex')}`;
  if (typeof v === 'object') return JSON.parse(JSON.stringify(v, (_k, x: unknown) => (typeof x === 'bigint' ? x.toString() : x)));
  return v;
}

/** The rows answered: at most `max`, each value as JSON carries it. */
export function capRows(rows: readonly unknown[][], max: number): { rows: unknown[][]; truncated: boolean } {
  return { rows: rows.slice(0, max).map((r) => r.map(jsonValue)), truncated: rows.length > max };
}
