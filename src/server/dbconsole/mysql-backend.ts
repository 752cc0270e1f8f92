// MySQL instances on a real MySQL-compatible server (MYSQL_URL; MariaDB here and in CI), ADR 0054.
// Each instance is a database `yunshu_db_<shortid>` with two users of its own: the owner, granted
// everything on that database alone, and a read-only user granted SELECT on it. Statements run as
// one of them, never as the administrator of MYSQL_URL, on a connection of their own, with the
// server's statement time limit (MariaDB max_statement_time, MySQL max_execution_time) and the
// client's timeout behind it.
import mysql from 'mysql2/promise';
import type { DbPrivilege } from '../../domain/kinds/db-instance/db-accounts.rules.ts';
import { SqlFailure, accountPrefix, capRows, type EngineAccount, type InstanceDb, type RunOptions, type SqlBackend, type SqlResult } from './sql-backend.ts';

const NAME = /^[a-z0-9_]{1,64}$/;
const ident = (name: string) => {
  if (!NAME.test(name)) throw new Error(`not a console name: ${name}`);
  return '`' + name + '`';
};
/** Errors that say the user may not write (table access denied, read-only transaction). */
const DENIED = new Set([1142, 1044, 1792, 1143, 1227]);
/** What each account privilege grants on its databases (ADR 0055). */
const GRANTS: Record<DbPrivilege, string> = {
  readonly: 'select, show view',
  dml: 'select, insert, update, delete, show view',
  ddl_dml: 'select, insert, update, delete, create, alter, drop, index, references, create view, show view, create temporary tables, lock tables',
  deploy: 'all privileges',
};
const CHARSETS = new Set(['utf8mb4', 'utf8', 'gbk', 'latin1']);
/** MariaDB's and MySQL's statement time limit. */
const TIMED_OUT = new Set([1969, 3024]);

export function mysqlBackend(url: string): SqlBackend {
  const admin = mysql.createPool({ uri: url, connectionLimit: 2, multipleStatements: false });
  const server = new URL(url);
  const host = server.hostname || '127.0.0.1';
  const port = Number(server.port || 3306);

  async function provision(db: InstanceDb) {
    const d = ident(db.dbName);
    await admin.query(`create database if not exists ${d} character set utf8mb4`);
    for (const [user, password] of [
      [db.user, db.password],
      [db.roUser, db.roPassword],
    ] as const) {
      await admin.query(`create user if not exists ?@'%' identified by ?`, [user, password]);
      await admin.query(`alter user ?@'%' identified by ? with max_user_connections 10`, [user, password]);
    }
    await admin.query(`grant all privileges on ${d}.* to ?@'%'`, [db.user]);
    await admin.query(`grant select, show view on ${d}.* to ?@'%'`, [db.roUser]);
  }

  async function run(db: InstanceDb, sql: string, o: RunOptions): Promise<SqlResult> {
    const conn = await mysql
      .createConnection({
        host,
        port,
        user: o.as ? o.as.user : o.readonly ? db.roUser : db.user,
        password: o.as ? o.as.password : o.readonly ? db.roPassword : db.password,
        database: o.as ? (o.as.database ?? undefined) : db.dbName,
        multipleStatements: false,
        // the server may not ask for a file of this machine (LOAD DATA LOCAL INFILE)
        flags: ['-LOCAL_FILES'],
        dateStrings: true,
        supportBigNumbers: true,
        // big integers as numbers while exact (a count), as text beyond 2^53
        bigNumberStrings: false,
        connectTimeout: o.timeoutMs,
      })
      .catch((e: unknown) => {
        throw new SqlFailure('unavailable', String((e as Error).message ?? e));
      });
    try {
      await limitTime(conn, o.timeoutMs);
      if (o.readonly) await conn.query('start transaction read only');
      const [result, fields] = await conn.query({ sql, rowsAsArray: true, timeout: o.timeoutMs + 1000 });
      if (o.readonly) await conn.query('rollback');
      if (!Array.isArray(result)) return { columns: [], rows: [], row_count: (result as { affectedRows?: number }).affectedRows ?? 0, truncated: false };
      const capped = capRows(result as unknown[][], o.maxRows);
      return { columns: (fields ?? []).map((f) => f.name), ...capped, row_count: capped.rows.length };
    } catch (e) {
      throw failureOf(e, o.readonly, Boolean(o.as));
    } finally {
      conn.destroy();
    }
  }

  async function drop(db: InstanceDb) {
    const [dbs] = await admin.query(`show databases like ?`, [`${db.dbName.replace(/_/g, '\\_')}\\_%`]);
    for (const row of dbs as Record<string, string>[]) await admin.query(`drop database if exists ${ident(Object.values(row)[0]!)}`);
    await admin.query(`drop database if exists ${ident(db.dbName)}`);
    for (const user of [db.user, db.roUser, ...(await listAccounts(db))]) await admin.query(`drop user if exists ?@'%'`, [user]);
  }

  async function grant(db: InstanceDb, user: string, privilege: DbPrivilege, databases: readonly string[]) {
    for (const d of databases) await admin.query(`grant ${GRANTS[privilege]} on ${ident(d)}.* to ?@'%'`, [user]);
  }

  async function listAccounts(db: InstanceDb): Promise<string[]> {
    const [rows] = await admin.query(`select user from mysql.user where user like ? order by user`, [`${accountPrefix(db).replace(/_/g, '\\_')}%`]);
    return (rows as { user?: string; User?: string }[]).map((r) => String(r.user ?? r.User));
  }

  const accounts = {
    databaseScope: 'server' as const,
    defaultDatabase: (db: InstanceDb) => db.dbName,
    async createDatabase(db: InstanceDb, name: string, charset: string) {
      if (!CHARSETS.has(charset)) throw new Error(`not a character set: ${charset}`);
      await admin.query(`create database if not exists ${ident(name)} character set ${charset}`);
      // the console's own users reach it as they reach the instance's database
      await admin.query(`grant all privileges on ${ident(name)}.* to ?@'%'`, [db.user]);
      await admin.query(`grant select, show view on ${ident(name)}.* to ?@'%'`, [db.roUser]);
    },
    async dropDatabase(_db: InstanceDb, name: string) {
      await admin.query(`drop database if exists ${ident(name)}`);
    },
    async createAccount(db: InstanceDb, a: EngineAccount) {
      await admin.query(`create user ?@'%' identified by ? with max_user_connections 10`, [a.user, a.password]);
      await grant(db, a.user, a.privilege, a.databases);
    },
    async grantAccount(db: InstanceDb, a: Omit<EngineAccount, 'password'>) {
      await admin.query(`revoke all privileges, grant option from ?@'%'`, [a.user]);
      await grant(db, a.user, a.privilege, a.databases);
    },
    async setPassword(_db: InstanceDb, user: string, password: string) {
      await admin.query(`alter user ?@'%' identified by ?`, [user, password]);
    },
    async dropAccount(_db: InstanceDb, user: string) {
      await admin.query(`drop user if exists ?@'%'`, [user]);
    },
    listAccounts,
  };

  return { kind: 'mysql', provision, run, drop, close: () => admin.end(), ...accounts };
}

/** The server's own limit: MariaDB takes seconds in max_statement_time, MySQL milliseconds in max_execution_time. */
async function limitTime(conn: mysql.Connection, ms: number) {
  try {
    await conn.query(`set session max_statement_time = ${ms / 1000}`);
  } catch {
    await conn.query(`set session max_execution_time = ${Math.round(ms)}`);
  }
}

function failureOf(e: unknown, readonly: boolean, account: boolean): SqlFailure {
  if (e instanceof SqlFailure) return e;
  const err = e as { errno?: number; code?: string; message?: string };
  const message = String(err.message ?? e);
  if (err.code === 'PROTOCOL_SEQUENCE_TIMEOUT' || (err.errno !== undefined && TIMED_OUT.has(err.errno))) return new SqlFailure('timeout', message);
  if (readonly && err.errno !== undefined && DENIED.has(err.errno)) return new SqlFailure('read_only', message);
  if (account && err.errno !== undefined && DENIED.has(err.errno)) return new SqlFailure('denied', message);
  if (err.code === 'ECONNREFUSED' || err.code === 'PROTOCOL_CONNECTION_LOST') return new SqlFailure('unavailable', message);
  return new SqlFailure('error', message);
}
