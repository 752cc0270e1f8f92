// PostgreSQL instances on the configured PostgreSQL (DATABASE_URL), ADR 0054: a database and two
// roles of their own (the owner and a read-only role), the database closed to PUBLIC. Statements
// run as one of the roles, connected to that database alone, one statement per request (extended
// protocol), with PostgreSQL's statement_timeout. PostgreSQL has no query across databases, so
// nothing of Yunshu's database is reachable from an instance's.
import pg from 'pg';
import { PG_SCHEMAS_SQL, pgGrants, pgIdent as ident, pgLiteral as literal, pgRevokes } from './pg-grants.ts';
import { SqlFailure, accountPrefix, capRows, type EngineAccount, type InstanceDb, type RunOptions, type SqlBackend, type SqlResult } from './sql-backend.ts';

/** int8 (a count) as a number while exact, as text beyond 2^53: the answer reads as MySQL's and PGlite's do. */
const types = {
  getTypeParser: ((oid: number, format?: 'text' | 'binary') =>
    oid === 20 ? (v: string) => (Number.isSafeInteger(Number(v)) ? Number(v) : v) : pg.types.getTypeParser(oid, format)) as typeof pg.types.getTypeParser,
};

export function postgresBackend(url: string): SqlBackend {
  const admin = new pg.Pool({ connectionString: url, max: 2 });
  const urlFor = (db: InstanceDb, user: string, password: string) => {
    const u = new URL(url);
    u.username = user;
    u.password = password;
    u.pathname = `/${db.dbName}`;
    return u.toString();
  };

  async function ensureRole(name: string, password: string) {
    const found = await admin.query('select 1 from pg_roles where rolname = $1', [name]);
    if (!found.rowCount) await admin.query(`create role ${ident(name)} login password ${literal(password)} connection limit 10`);
    else await admin.query(`alter role ${ident(name)} login password ${literal(password)}`);
  }

  /** Runs statements in the instance's database as its owner (who owns its schemas and tables). */
  async function asOwner<T>(db: InstanceDb, work: (c: pg.Client) => Promise<T>): Promise<T> {
    const owner = new pg.Client({ connectionString: urlFor(db, db.user, db.password) });
    await owner.connect();
    try {
      return await work(owner);
    } finally {
      await owner.end();
    }
  }
  /** Runs statements in the instance's database as Yunshu's own role. */
  async function asAdmin<T>(db: InstanceDb, work: (c: pg.Client) => Promise<T>): Promise<T> {
    const u = new URL(url);
    u.pathname = `/${db.dbName}`;
    const c = new pg.Client({ connectionString: u.toString() });
    await c.connect();
    try {
      return await work(c);
    } finally {
      await c.end();
    }
  }
  const schemasOf = async (c: pg.Client) => (await c.query<{ nspname: string }>(PG_SCHEMAS_SQL)).rows.map((r) => r.nspname);

  async function provision(db: InstanceDb) {
    await ensureRole(db.user, db.password);
    await ensureRole(db.roUser, db.roPassword);
    // The administrator must be a member of the owner to give it the database (PostgreSQL 16).
    await admin.query(`grant ${ident(db.user)} to current_user`).catch(() => undefined);
    const exists = await admin.query('select 1 from pg_database where datname = $1', [db.dbName]);
    if (!exists.rowCount) await admin.query(`create database ${ident(db.dbName)} owner ${ident(db.user)}`);
    await admin.query(`revoke all on database ${ident(db.dbName)} from public`);
    await admin.query(`grant connect on database ${ident(db.dbName)} to ${ident(db.roUser)}`);
    const owner = new pg.Client({ connectionString: urlFor(db, db.user, db.password) });
    await owner.connect();
    try {
      await owner.query(`grant usage on schema public to ${ident(db.roUser)}`);
      await owner.query(`grant select on all tables in schema public to ${ident(db.roUser)}`);
      await owner.query(`alter default privileges in schema public grant select on tables to ${ident(db.roUser)}`);
    } finally {
      await owner.end();
    }
  }

  async function run(db: InstanceDb, sql: string, o: RunOptions): Promise<SqlResult> {
    const client = new pg.Client({
      connectionString: o.as ? urlFor(db, o.as.user, o.as.password) : urlFor(db, o.readonly ? db.roUser : db.user, o.readonly ? db.roPassword : db.password),
      statement_timeout: o.timeoutMs,
      types,
      query_timeout: o.timeoutMs + 1000,
      connectionTimeoutMillis: o.timeoutMs,
    });
    try {
      await client.connect();
    } catch (e) {
      throw new SqlFailure('unavailable', String((e as Error).message ?? e));
    }
    try {
      if (o.as?.database) await client.query(`set search_path to ${ident(o.as.database)}`);
      if (o.readonly) await client.query('begin read only');
      // queryMode 'extended': one statement per request (a COMMIT cannot end the read-only transaction early).
      const res = await client.query({ text: sql, rowMode: 'array', queryMode: 'extended' } as pg.QueryArrayConfig);
      if (o.readonly) await client.query('rollback');
      if (!res.fields.length) return { columns: [], rows: [], row_count: res.rowCount ?? 0, truncated: false };
      const capped = capRows(res.rows as unknown[][], o.maxRows);
      return { columns: res.fields.map((f) => f.name), ...capped, row_count: capped.rows.length };
    } catch (e) {
      const err = e as { code?: string; message?: string };
      const message = String(err.message ?? e);
      if (err.code === '57014' || /timeout/i.test(message)) throw new SqlFailure('timeout', message);
      if (o.readonly && (err.code === '25006' || err.code === '42501')) throw new SqlFailure('read_only', message);
      if (o.as && err.code === '42501') throw new SqlFailure('denied', message);
      throw new SqlFailure('error', message);
    } finally {
      await client.end().catch(() => undefined);
    }
  }

  async function listAccounts(db: InstanceDb): Promise<string[]> {
    const prefix = accountPrefix(db).replace(/_/g, '\\_');
    return (await admin.query<{ rolname: string }>('select rolname from pg_roles where rolname like $1 order by 1', [`${prefix}%`])).rows.map((r) => r.rolname);
  }

  async function drop(db: InstanceDb) {
    await admin.query(`drop database if exists ${ident(db.dbName)} with (force)`);
    // the accounts' privileges went with the database; their roles go now
    for (const role of [db.roUser, db.user, ...(await listAccounts(db))]) await admin.query(`drop role if exists ${ident(role)}`);
  }

  const accounts = {
    databaseScope: 'schema' as const,
    defaultDatabase: () => 'public',
    async createDatabase(db: InstanceDb, name: string) {
      await asOwner(db, async (c) => {
        await c.query(`create schema if not exists ${ident(name)}`);
        await c.query(`grant usage on schema ${ident(name)} to ${ident(db.roUser)}`);
        await c.query(`alter default privileges in schema ${ident(name)} grant select on tables to ${ident(db.roUser)}`);
      });
    },
    async dropDatabase(db: InstanceDb, name: string) {
      await asOwner(db, (c) => c.query(`drop schema if exists ${ident(name)} cascade`));
    },
    async createAccount(db: InstanceDb, a: EngineAccount) {
      await admin.query(`create role ${ident(a.user)} login password ${literal(a.password)} connection limit 10`);
      await admin.query(`grant connect on database ${ident(db.dbName)} to ${ident(a.user)}`);
      await asOwner(db, async (c) => {
        for (const statement of pgGrants(a.user, a.privilege, a.databases)) await c.query(statement);
      });
    },
    async grantAccount(db: InstanceDb, a: Omit<EngineAccount, 'password'>) {
      await asOwner(db, async (c) => {
        for (const statement of [...pgRevokes(a.user, await schemasOf(c)), ...pgGrants(a.user, a.privilege, a.databases)]) await c.query(statement);
      });
    },
    async setPassword(_db: InstanceDb, user: string, password: string) {
      await admin.query(`alter role ${ident(user)} password ${literal(password)}`);
    },
    async dropAccount(db: InstanceDb, user: string) {
      const found = await admin.query('select 1 from pg_roles where rolname = $1', [user]);
      if (!found.rowCount) return;
      // what the account made (DDL) passes to the instance's owner, its grants go (needs Yunshu's role to hold the account's privileges: a superuser, ADR 0055)
      await asAdmin(db, async (c) => {
        await c.query(`reassign owned by ${ident(user)} to ${ident(db.user)}`);
        await c.query(`drop owned by ${ident(user)}`);
      });
      await admin.query(`revoke all on database ${ident(db.dbName)} from ${ident(user)}`);
      await admin.query(`drop role if exists ${ident(user)}`);
    },
    listAccounts,
  };

  return { kind: 'postgres', provision, run, drop, close: () => admin.end(), ...accounts };
}
