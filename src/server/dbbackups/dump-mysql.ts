// A logical backup and restore on MySQL/MariaDB (ADR 0056): the tables' SHOW CREATE TABLE, their
// rows (binary columns as hex), read as the instance's owner. MySQL commits each DDL statement on
// its own, so a restore is statement by statement: drop what is there, create in reference order,
// insert in batches; a table that fails is reported and the restore is 部分成功.
import { byReferences, runAsOwner, type DumpTable, type DumpTarget, type LogicalDump } from './logical-dump.ts';

const BINARY = new Set(['binary', 'varbinary', 'tinyblob', 'blob', 'mediumblob', 'longblob', 'bit', 'geometry', 'point', 'linestring', 'polygon']);
const BATCH = 500;

const id = (name: string) => '`' + name.replace(/`/g, '``') + '`';
const text = (s: string) => `_utf8mb4 x'${Buffer.from(s, 'utf8').toString('hex')}'`;

async function tableOf(t: DumpTarget, name: string, refs: string[]): Promise<DumpTable> {
  const ddl = String((await runAsOwner(t, `show create table ${id(name)}`)).rows[0]![1]);
  const cols = await runAsOwner(
    t,
    `select column_name, data_type, extra from information_schema.columns where table_schema = database() and table_name = ${text(name)} order by ordinal_position`,
  );
  const stored = cols.rows.filter((r) => !/GENERATED/i.test(String(r[2] ?? '')));
  const columns = stored.map((r) => String(r[0]));
  const hex = stored.filter((r) => BINARY.has(String(r[1]).toLowerCase())).map((r) => String(r[0]));
  const select = columns.map((c) => (hex.includes(c) ? `hex(${id(c)})` : id(c))).join(', ');
  const data = await runAsOwner(t, `select ${select} from ${id(name)}`, t.maxRows);
  return { name, ddl, columns, hex, rows: data.rows, refs, row_count: data.rows.length, truncated: data.truncated };
}

export async function dumpMysql(t: DumpTarget): Promise<LogicalDump> {
  const names = (
    await runAsOwner(t, "select table_name from information_schema.tables where table_schema = database() and table_type = 'BASE TABLE' order by 1")
  ).rows.map((r) => String(r[0]));
  const fks = await runAsOwner(
    t,
    'select table_name, referenced_table_name from information_schema.referential_constraints where constraint_schema = database()',
  );
  const refsOf = (n: string) => fks.rows.filter((r) => String(r[0]) === n).map((r) => String(r[1]));
  const tables: DumpTable[] = [];
  const skipped: string[] = [];
  for (const name of names) {
    try {
      tables.push(await tableOf(t, name, refsOf(name)));
    } catch {
      skipped.push(name);
    }
  }
  return { dialect: 'mysql', tables: byReferences(tables), skipped };
}

function literal(v: unknown, hex: boolean): string {
  if (v === null || v === undefined) return 'NULL';
  if (hex) return `x'${String(v)}'`;
  if (typeof v === 'number' || typeof v === 'bigint') return String(v);
  if (typeof v === 'boolean') return v ? '1' : '0';
  return text(typeof v === 'object' ? JSON.stringify(v) : String(v));
}

/** A table's rows as batched INSERT statements (also the data migrations' copy, ADR 0059). */
export function inserts(table: DumpTable): string[] {
  const rows = table.rows ?? [];
  const cols = table.columns.map(id).join(', ');
  const hex = table.columns.map((c) => table.hex?.includes(c) ?? false);
  const out: string[] = [];
  for (let i = 0; i < rows.length; i += BATCH) {
    const values = rows.slice(i, i + BATCH).map((r) => `(${r.map((v, j) => literal(v, hex[j]!)).join(', ')})`);
    out.push(`insert into ${id(table.name)} (${cols}) values ${values.join(', ')}`);
  }
  return out;
}

/** Drops the instance's tables and makes the dump's again; answers the tables that failed. */
export async function restoreMysql(t: DumpTarget, dump: LogicalDump, onTable: (done: number) => Promise<void>): Promise<string[]> {
  const current = (
    await runAsOwner(t, "select table_name from information_schema.tables where table_schema = database() and table_type = 'BASE TABLE'")
  ).rows.map((r) => String(r[0]));
  if (current.length) {
    const list = current.map(id).join(', ');
    // MariaDB drops them together with foreign key checks off for the one statement; MySQL has no SET STATEMENT.
    await runAsOwner(t, `set statement foreign_key_checks = 0 for drop table if exists ${list}`).catch(() => runAsOwner(t, `drop table if exists ${list}`));
  }
  const failed: string[] = [];
  let done = 0;
  for (const table of byReferences(dump.tables)) {
    try {
      await runAsOwner(t, table.ddl);
      for (const statement of inserts(table)) await runAsOwner(t, statement);
    } catch {
      failed.push(table.name);
    }
    await onTable(++done);
  }
  return failed;
}
