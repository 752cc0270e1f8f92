// What instance administration asks of an instance's engine, in the engine's own dialect (ADR 0058):
// its parameters with the engine's metadata (PostgreSQL pg_settings; MariaDB
// information_schema.SYSTEM_VARIABLES beside SHOW VARIABLES), applying one, its plugins (PostgreSQL
// extensions; MySQL plugins, read only) and the sizes of its tables. Every statement runs through
// the SQL console's backend as the instance's own user: nothing here reaches Yunshu's tables.
import { pgLiteral } from '../dbconsole/pg-grants.ts';
import type { InstanceDb, SqlBackend } from '../dbconsole/sql-backend.ts';

export type Dialect = 'mysql' | 'pg';
export type ParamType = 'bool' | 'integer' | 'real' | 'enum' | 'set' | 'string';

/** A parameter as the engine describes it: its value now, type, unit, range or choices. */
export interface EngineParam {
  name: string;
  value: string;
  type: ParamType;
  unit: string | null;
  min: number | null;
  max: number | null;
  options: string[] | null;
  editable: boolean;
}

/** The parameters a tenant may see and change, per dialect: session-level settings an instance's own user may set. */
export const PARAMETERS: Record<Dialect, readonly string[]> = {
  pg: [
    'TimeZone',
    'DateStyle',
    'IntervalStyle',
    'lock_timeout',
    'idle_in_transaction_session_timeout',
    'work_mem',
    'maintenance_work_mem',
    'default_transaction_isolation',
    'extra_float_digits',
    'client_min_messages',
  ],
  mysql: [
    'sql_mode',
    'time_zone',
    'max_statement_time',
    'wait_timeout',
    'interactive_timeout',
    'long_query_time',
    'innodb_lock_wait_timeout',
    'autocommit',
    'max_connections',
    'character_set_server',
    'lower_case_table_names',
  ],
};

/** A quoted identifier (names come from the whitelist or the engine's own catalogue: `TimeZone`, `uuid-ossp`). */
const pgIdent = (name: string) => `"${name.replace(/"/g, '""')}"`;

const ADMIN = { readonly: false, maxRows: 1000, timeoutMs: 10_000 } as const;
const READ = { ...ADMIN, readonly: true } as const;
const num = (v: unknown) => (v === null || v === undefined || v === '' ? null : Number(v));
const text = (v: unknown) => (v === null || v === undefined ? '' : String(v));

export const dialectOf = (backend: SqlBackend): Dialect => (backend.kind === 'mysql' ? 'mysql' : 'pg');

async function pgParams(b: SqlBackend, db: InstanceDb): Promise<EngineParam[]> {
  const names = PARAMETERS.pg.map((n) => pgLiteral(n)).join(', ');
  const res = await b.run(db, `select name, setting, unit, vartype, min_val, max_val, enumvals from pg_settings where name in (${names})`, ADMIN);
  return res.rows.map(([name, setting, unit, vartype, min, max, enumvals]) => ({
    name: text(name),
    value: text(setting),
    type: (vartype === 'enum' ? 'enum' : vartype === 'integer' ? 'integer' : vartype === 'real' ? 'real' : vartype === 'bool' ? 'bool' : 'string') as ParamType,
    unit: unit ? text(unit) : null,
    min: num(min),
    max: num(max),
    options: Array.isArray(enumvals) ? enumvals.map(text) : typeof enumvals === 'string' ? enumvals.replace(/^\{|\}$/g, '').split(',') : null,
    editable: true,
  }));
}

const MYSQL_TYPE = (t: string): ParamType =>
  t === 'BOOLEAN' ? 'bool' : t === 'ENUM' ? 'enum' : t === 'SET' ? 'set' : t.includes('INT') ? 'integer' : t === 'DOUBLE' ? 'real' : 'string';

async function mysqlParams(b: SqlBackend, db: InstanceDb): Promise<EngineParam[]> {
  const names = PARAMETERS.mysql.map((n) => `'${n}'`).join(', ');
  const values = await b.run(db, `show variables where variable_name in (${names})`, ADMIN);
  // MariaDB describes its variables; MySQL has no such table, and then only the value is known.
  const meta = await b
    .run(
      db,
      `select lower(variable_name), variable_type, numeric_min_value, numeric_max_value, enum_value_list, read_only from information_schema.system_variables where lower(variable_name) in (${names})`,
      ADMIN,
    )
    .catch(() => ({ rows: [] as unknown[][] }));
  const byName = new Map(meta.rows.map((r) => [text(r[0]), r]));
  return values.rows.map(([name, value]) => {
    const m = byName.get(text(name));
    const type = m ? MYSQL_TYPE(text(m[1])) : 'string';
    return {
      name: text(name),
      value: text(value),
      type,
      unit: null,
      min: m ? num(m[2]) : null,
      max: m ? num(m[3]) : null,
      options: m && m[4] ? text(m[4]).split(',') : type === 'bool' ? ['ON', 'OFF'] : null,
      editable: m ? text(m[5]) !== 'YES' && text(name) !== 'max_connections' && text(name) !== 'lower_case_table_names' : false,
    };
  });
}

/** The instance's parameters of the whitelist as its engine has them now, in whitelist order. */
export async function readParams(b: SqlBackend, db: InstanceDb): Promise<EngineParam[]> {
  const d = dialectOf(b);
  const found = d === 'mysql' ? await mysqlParams(b, db) : await pgParams(b, db);
  const order = PARAMETERS[d];
  return found.sort((x, y) => order.indexOf(x.name) - order.indexOf(y.name));
}

/** Asks the engine whether it takes the value (as a session setting, rolled back); answers its message when not. */
export async function engineAccepts(b: SqlBackend, db: InstanceDb, name: string, value: string): Promise<string | undefined> {
  const statement =
    dialectOf(b) === 'mysql' ? `set session ${name} = ${mysqlLiteral(value)}` : `select set_config(${pgLiteral(name)}, ${pgLiteral(value)}, true)`;
  try {
    await b.run(db, statement, dialectOf(b) === 'mysql' ? ADMIN : READ);
    return undefined;
  } catch (e) {
    return e instanceof Error ? e.message : String(e);
  }
}

const mysqlLiteral = (v: string) => `'${v.replace(/\\/g, '\\\\').replace(/'/g, "''")}'`;

/**
 * Applies a parameter where the instance can: PostgreSQL stores it on the instance's database
 * (`ALTER DATABASE … SET`, taken by every new session, so by every console statement) and sets it
 * in the session too (an embedded instance keeps one session). MySQL instances share a server whose
 * global settings are not theirs, and their users may not change them: answers false (kept, not applied).
 */
export async function applyParam(b: SqlBackend, db: InstanceDb, name: string, value: string): Promise<boolean> {
  if (dialectOf(b) === 'mysql') return false;
  const current = text((await b.run(db, 'select current_database()', ADMIN)).rows[0]?.[0]);
  await b.run(db, `alter database ${pgIdent(current)} set ${pgIdent(name)} to ${pgLiteral(value)}`, ADMIN);
  await b.run(db, `set ${pgIdent(name)} to ${pgLiteral(value)}`, ADMIN);
  return true;
}

export interface EnginePlugin {
  name: string;
  version: string | null;
  installed_version: string | null;
  description: string;
  status: string;
}

/** PostgreSQL: the extensions the server offers, installed or not; MySQL: the server's plugins (read only). */
export async function readPlugins(b: SqlBackend, db: InstanceDb): Promise<EnginePlugin[]> {
  if (dialectOf(b) === 'mysql') {
    const res = await b.run(
      db,
      'select plugin_name, plugin_version, plugin_status, plugin_type, plugin_description from information_schema.plugins order by plugin_name',
      ADMIN,
    );
    return res.rows.map(([name, version, status, type, description]) => ({
      name: text(name),
      version: text(version) || null,
      installed_version: text(status) === 'ACTIVE' ? text(version) : null,
      description: `${text(type)} · ${text(description)}`.slice(0, 300),
      status: text(status).toLowerCase(),
    }));
  }
  const res = await b.run(db, 'select name, default_version, installed_version, comment from pg_available_extensions order by name', ADMIN);
  return res.rows.map(([name, version, installed, comment]) => ({
    name: text(name),
    version: text(version) || null,
    installed_version: installed ? text(installed) : null,
    description: text(comment),
    status: installed ? 'installed' : 'available',
  }));
}

export const installPlugin = (b: SqlBackend, db: InstanceDb, name: string) => b.run(db, `create extension if not exists ${pgIdent(name)}`, ADMIN);
export const uninstallPlugin = (b: SqlBackend, db: InstanceDb, name: string) => b.run(db, `drop extension if exists ${pgIdent(name)}`, ADMIN);

export interface TableSize {
  schema: string;
  table: string;
  rows: number;
  data_bytes: number;
  index_bytes: number;
  total_bytes: number;
}

/** The instance's own tables with their sizes (PostgreSQL: every schema but the system's; MySQL: its databases). */
export async function readTableSizes(b: SqlBackend, db: InstanceDb): Promise<TableSize[]> {
  const statement =
    dialectOf(b) === 'mysql'
      ? `select table_schema, table_name, coalesce(table_rows, 0), coalesce(data_length, 0), coalesce(index_length, 0), coalesce(data_length, 0) + coalesce(index_length, 0)
           from information_schema.tables where table_type = 'BASE TABLE' and table_schema not in ('information_schema', 'mysql', 'performance_schema', 'sys')
           order by 6 desc, 1, 2`
      : `select n.nspname, c.relname, coalesce(s.n_live_tup, greatest(c.reltuples, 0))::bigint, pg_table_size(c.oid), pg_indexes_size(c.oid), pg_total_relation_size(c.oid)
           from pg_class c join pg_namespace n on n.oid = c.relnamespace left join pg_stat_all_tables s on s.relid = c.oid
           where c.relkind in ('r', 'p', 'm') and n.nspname not in ('pg_catalog', 'information_schema', 'pg_toast') and n.nspname not like 'pg_temp%'
           order by 6 desc, 1, 2`;
  const res = await b.run(db, statement, ADMIN);
  return res.rows.map(([schema, table, rows, data, index, total]) => ({
    schema: text(schema),
    table: text(table),
    rows: Number(rows),
    data_bytes: Number(data),
    index_bytes: Number(index),
    total_bytes: Number(total),
  }));
}
