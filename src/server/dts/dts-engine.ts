// What a migration does to the two instances (ADR 0059): the pre-check reads both ends for real
// (running, same engine and dialect, reachable as their owners, the chosen tables exist, the target
// has none of them, tables of a sync have a primary key, the target has none of the accounts), and
// the copy takes the backup slice's logical dump of the source (ADR 0056), keeps the chosen tables
// and makes them on the target beside its own tables — never dropping what the target holds.
import type { DtsCheck, DtsLevel, DtsType } from '../../domain/dts.ts';
import type { ResourceRow } from '../platform/db/resource-rows.ts';
import { backendOfRow, ensureBackend, instanceDbOf, type DbConsoleDeps } from '../dbconsole/dbconsole.service.ts';
import { accountPrefix } from '../dbconsole/sql-backend.ts';
import { byReferences, dialectOf, runAsOwner, type DumpTarget, type LogicalDump } from '../dbbackups/logical-dump.ts';
import { dumpMysql, inserts } from '../dbbackups/dump-mysql.ts';
import { dumpPg, restoreBlock } from '../dbbackups/dump-pg.ts';

export interface EngineLimits {
  maxRows: number;
  timeoutMs: number;
}

export async function targetOf(console: DbConsoleDeps, inst: Pick<ResourceRow, 'id' | 'tenant_id' | 'spec'>, limits: EngineLimits): Promise<DumpTarget> {
  const row = await ensureBackend(console, inst);
  return { backend: backendOfRow(console, row), db: instanceDbOf(console, row), ...limits };
}

const TABLES = {
  mysql: `select t.table_name, (select count(*) from information_schema.table_constraints k
      where k.table_schema = t.table_schema and k.table_name = t.table_name and k.constraint_type = 'PRIMARY KEY')
    from information_schema.tables t where t.table_schema = database() and t.table_type = 'BASE TABLE' order by t.table_name`,
  pg: `select c.relname, (select count(*) from pg_constraint k where k.conrelid = c.oid and k.contype = 'p')
    from pg_class c join pg_namespace n on n.oid = c.relnamespace where n.nspname = 'public' and c.relkind = 'r' order by c.relname`,
};

/** The instance's tables, each with whether it has a primary key. */
export async function tablesOf(t: DumpTarget): Promise<Map<string, boolean>> {
  const r = await runAsOwner(t, TABLES[dialectOf(t.backend)]);
  return new Map(r.rows.map((row) => [String(row[0]), Number(row[1]) > 0]));
}

export interface PrecheckInput {
  console: DbConsoleDeps;
  limits: EngineLimits;
  source: ResourceRow;
  target: ResourceRow;
  type: DtsType;
  level: DtsLevel;
  objects: string[];
}

/** Runs the checks one after another; a check that cannot run (an end not reachable) fails the rest. */
export async function precheck(i: PrecheckInput): Promise<{ checks: DtsCheck[]; objects: string[] }> {
  const checks: DtsCheck[] = [];
  const fail = (from: number) => ['running', 'engine', 'connection', 'objects', 'conflicts', 'primary_key', 'accounts'].slice(from);
  const rest = (from: number) => (fail(from).forEach((item) => checks.push({ item: item as DtsCheck['item'], ok: false })), { checks, objects: i.objects });
  const notRunning = [i.source, i.target].filter((r) => r.status !== 'running').map((r) => r.name);
  checks.push({ item: 'running', ok: !notRunning.length, ...(notRunning.length ? { names: notRunning } : {}) });
  if (notRunning.length) return rest(1);
  // engines differ: no need to reach either end
  if (i.source.spec.engine !== i.target.spec.engine) return (checks.push({ item: 'engine', ok: false }), rest(2));
  let src: DumpTarget;
  let dst: DumpTarget;
  try {
    [src, dst] = [await targetOf(i.console, i.source, i.limits), await targetOf(i.console, i.target, i.limits)];
  } catch {
    checks.push({ item: 'engine', ok: true });
    return rest(2);
  }
  const sameEngine = dialectOf(src.backend) === dialectOf(dst.backend);
  checks.push({ item: 'engine', ok: sameEngine });
  if (!sameEngine) return rest(2);
  let have: Map<string, boolean>;
  let there: Map<string, boolean>;
  try {
    [have, there] = [await tablesOf(src), await tablesOf(dst)];
    checks.push({ item: 'connection', ok: true });
  } catch {
    return rest(2);
  }
  const objects = i.level === 'database' ? [...have.keys()] : i.objects;
  const missing = i.level === 'database' ? [] : objects.filter((o) => !have.has(o));
  checks.push({ item: 'objects', ok: objects.length > 0 && !missing.length, ...(missing.length ? { names: missing } : {}) });
  const conflicts = objects.filter((o) => there.has(o));
  checks.push({ item: 'conflicts', ok: !conflicts.length, ...(conflicts.length ? { names: conflicts } : {}) });
  const noKey = i.type === 'sync' ? objects.filter((o) => have.get(o) === false) : [];
  checks.push({ item: 'primary_key', ok: !noKey.length, ...(noKey.length ? { names: noKey } : {}) });
  if (i.level === 'user') {
    const mine = new Set((await i.console.accounts.accounts(i.target.id)).map((a) => a.name));
    const taken = (await i.console.accounts.accounts(i.source.id)).map((a) => a.name).filter((n) => mine.has(n));
    checks.push({ item: 'accounts', ok: !taken.length, ...(taken.length ? { names: taken } : {}) });
  }
  return { checks, objects };
}

/** The dump's PostgreSQL block without the restore's first step (dropping the instance's tables). */
export function pgCopyBlock(dump: LogicalDump): string {
  const block = restoreBlock(dump);
  return block.replace(/\n {2}for r in select tablename from pg_tables where schemaname = 'public' loop [^\n]*end loop;/, '');
}

/** Copies the chosen tables; answers the tables and rows copied and the tables that failed. */
export async function copyTables(src: DumpTarget, dst: DumpTarget, objects: readonly string[], onTable: (done: number, total: number) => Promise<void>) {
  const full = dialectOf(src.backend) === 'mysql' ? await dumpMysql(src) : await dumpPg(src);
  const chosen = new Set(objects);
  const tables = full.tables.filter((t) => chosen.has(t.name));
  // serial columns' sequences (<table>_<column>_seq) go with their tables
  const sequences = (full.sequences ?? []).filter((q) => tables.some((t) => q.name.startsWith(`${t.name}_`)));
  const dump: LogicalDump = { ...full, tables, sequences };
  const rows = tables.reduce((s, t) => s + t.row_count, 0);
  const failed = [...full.skipped.filter((s) => chosen.has(s))];
  if (dump.dialect === 'pg') {
    await runAsOwner(dst, pgCopyBlock(dump)); // one transaction: all of it or nothing
    await onTable(tables.length, tables.length);
    return { tables: tables.length, rows, failed };
  }
  let done = 0;
  for (const table of byReferences(tables)) {
    try {
      await runAsOwner(dst, table.ddl);
      for (const statement of inserts(table)) await runAsOwner(dst, statement);
    } catch {
      failed.push(table.name);
    }
    await onTable(++done, tables.length);
  }
  return { tables: tables.length - failed.length, rows, failed };
}

/** Level 'user': the source's accounts made on the target with their passwords, granted on its own database. */
export async function copyAccounts(console: DbConsoleDeps, source: ResourceRow, target: ResourceRow, dst: DumpTarget): Promise<string[]> {
  const failed: string[] = [];
  const database = dst.backend.databaseScope === 'schema' ? 'public' : dst.db.dbName;
  for (const a of await console.accounts.accounts(source.id)) {
    const { password } = console.secrets.open(a.secret_sealed) as { password: string };
    const engineUser = `${accountPrefix(dst.db)}${a.name}`;
    const record = { ...a, resource_id: target.id, tenant_id: target.tenant_id, engine_user: engineUser, databases: [database] };
    delete (record as { created_at?: unknown }).created_at;
    if (!(await console.accounts.addAccount(record))) {
      failed.push(a.name);
      continue;
    }
    try {
      await dst.backend.createAccount(dst.db, {
        user: engineUser,
        password,
        privilege: a.privilege as never,
        databases: [dst.backend.defaultDatabase(dst.db)],
      });
    } catch {
      await console.accounts.removeAccount(target.id, a.name);
      failed.push(a.name);
    }
  }
  return failed;
}
