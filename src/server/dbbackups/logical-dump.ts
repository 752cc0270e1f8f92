// What a logical backup holds (ADR 0056): each table of the instance's own database as its DDL and
// its rows, read as the instance's owner through the SQL console's backends, in the engine's own
// dialect (MySQL on MariaDB/MySQL; PostgreSQL on PostgreSQL or an embedded PGlite).
import type { InstanceDb, RunOptions, SqlBackend } from '../dbconsole/sql-backend.ts';

export type Dialect = 'mysql' | 'pg';

export interface DumpTable {
  name: string;
  /** CREATE TABLE without foreign keys on PostgreSQL (they come in `after`); SHOW CREATE TABLE on MySQL */
  ddl: string;
  /** the columns the rows hold, in order (generated columns left out) */
  columns: string[];
  /** MySQL: columns read as hex (binary types) */
  hex?: string[];
  /** MySQL: the rows, one array per row */
  rows?: unknown[][];
  /** PostgreSQL: the rows as json_agg text (exact: no number goes through a JS double) */
  json?: string;
  /** PostgreSQL: statements after the rows (foreign keys, indexes, identity counters) */
  after?: string[];
  /** MySQL: the tables this one references (created first) */
  refs?: string[];
  row_count: number;
  /** more rows than a backup keeps per table: the run is 部分成功 */
  truncated: boolean;
}

export interface LogicalDump {
  dialect: Dialect;
  tables: DumpTable[];
  /** PostgreSQL sequences not owned by an identity column (serial), with their counters */
  sequences?: { name: string; last_value: string | null }[];
  /** tables that could not be read: the run is 部分成功 */
  skipped: string[];
}

/** How a backup or restore talks to the instance: as its owner, with its own limits. */
export interface DumpTarget {
  backend: SqlBackend;
  db: InstanceDb;
  /** rows a table may have in one backup */
  maxRows: number;
  timeoutMs: number;
}

export const dialectOf = (backend: SqlBackend): Dialect => (backend.kind === 'mysql' ? 'mysql' : 'pg');

export function runAsOwner(t: DumpTarget, sql: string, maxRows = 10_000) {
  const o: RunOptions = { readonly: false, maxRows, timeoutMs: t.timeoutMs };
  return t.backend.run(t.db, sql, o);
}

/** The size the dump takes, as its JSON text. */
export const dumpSize = (d: LogicalDump) => Buffer.byteLength(JSON.stringify(d));

/** Tables in an order where each comes after those it references (cycles keep their given order). */
export function byReferences<T extends { name: string; refs?: string[] }>(tables: readonly T[]): T[] {
  const byName = new Map(tables.map((t) => [t.name, t]));
  const out: T[] = [];
  const seen = new Set<string>();
  const visit = (t: T, path: Set<string>) => {
    if (seen.has(t.name) || path.has(t.name)) return;
    path.add(t.name);
    for (const r of t.refs ?? []) {
      const dep = byName.get(r);
      if (dep && dep !== t) visit(dep, path);
    }
    seen.add(t.name);
    out.push(t);
  };
  for (const t of tables) visit(t, new Set());
  return out;
}
