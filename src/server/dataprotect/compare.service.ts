// DR comparison tasks (ADR 0062): a DR task's source and standby compared table by table in their
// real engines (MySQL on MariaDB, PostgreSQL/PGlite) through the SQL console's backends, as each
// instance's read-only user: row counts and an order-independent checksum of every row. The result
// is stored with the task: 一致 when every table of either side matches, else 不一致.
import { conflict, notFound } from '../../domain/errors.ts';
import { isId } from '../../domain/ids.ts';
import { compareSchema, type CompareTable, type CompareTask } from '../../domain/protect.ts';
import { parse } from '../platform/http/errors.plugin.ts';
import type { Scope } from '../platform/auth/scope.ts';
import type { ResourceRow } from '../platform/db/resource-rows.ts';
import { backendOfRow, ensureBackend, instanceDbOf, type DbConsoleDeps } from '../dbconsole/dbconsole.service.ts';
import { drIn, sqlInstance, type DataProtectDeps } from './dataprotect.service.ts';
import { instanceTables } from './instance-tables.ts';
import type { CompareRow, ProtectRepository } from './protect.repository.ts';

export interface CompareDeps {
  repo: ProtectRepository;
  dr: DataProtectDeps;
  console: DbConsoleDeps;
  now: () => Date;
}

const R = 'protect';
const SQL_ENGINES = ['mysql', 'postgre'];
const run = { readonly: true, maxRows: 1000, timeoutMs: 15_000 } as const;
const pgName = (n: string) => `"${n.replace(/"/g, '""')}"`;
const myName = (n: string) => `\`${n.replace(/`/g, '``')}\``;
const myText = (n: string) => `'${n.replace(/\\/g, '\\\\').replace(/'/g, "''")}'`;

interface Measure {
  rows: number;
  checksum: string;
}

/** Each table's rows and checksum in the instance's own database (MySQL) or schema public. */
async function measure(console: DbConsoleDeps, row: ResourceRow): Promise<Map<string, Measure | null>> {
  const tables = await instanceTables(console, row);
  const backendRow = await ensureBackend(console, row);
  const backend = backendOfRow(console, backendRow);
  const db = instanceDbOf(console, backendRow);
  const out = new Map<string, Measure | null>();
  for (const { name } of tables) {
    try {
      let statement: string;
      if (backend.kind === 'mysql') {
        const cols = await backend.run(
          db,
          `SELECT column_name FROM information_schema.columns WHERE table_schema = DATABASE() AND table_name = ${myText(name)} ORDER BY ordinal_position`,
          run,
        );
        const list = cols.rows.map(([c]) => myName(String(c))).join(', ');
        statement = `SELECT COUNT(*), COALESCE(SUM(CRC32(CONCAT_WS('|', ${list}))), 0) FROM ${myName(name)}`;
      } else {
        statement = `SELECT count(*), md5(coalesce(string_agg(md5(t::text), ',' ORDER BY md5(t::text)), '')) FROM public.${pgName(name)} t`;
      }
      const [first] = (await backend.run(db, statement, run)).rows;
      out.set(name, { rows: Number(first?.[0] ?? 0), checksum: String(first?.[1] ?? '') });
    } catch {
      out.set(name, null);
    }
  }
  return out;
}

function compareTables(source: Map<string, Measure | null>, target: Map<string, Measure | null>): CompareTable[] {
  const names = [...new Set([...source.keys(), ...target.keys()])].sort();
  return names.map((table) => {
    const s = source.get(table) ?? null;
    const t = target.get(table) ?? null;
    return {
      table,
      source_rows: s?.rows ?? null,
      target_rows: t?.rows ?? null,
      source_checksum: s?.checksum ?? null,
      target_checksum: t?.checksum ?? null,
      equal: !!s && !!t && s.rows === t.rows && s.checksum === t.checksum,
    };
  });
}

function out(r: CompareRow): CompareTask {
  return {
    id: r.id,
    name: r.name,
    dr_task_id: r.dr_task_id,
    dr_task_name: r.dr_task_name,
    source_name: r.source_name,
    standby_name: r.standby_name,
    status: r.status as CompareTask['status'],
    tables: r.tables as CompareTable[],
    created_at: new Date(r.created_at).toISOString(),
  };
}

export async function listCompares(deps: CompareDeps, scope: Scope, query: unknown): Promise<{ count: number; data: CompareTask[] }> {
  const drTask = (query as { dr_task_id?: unknown } | undefined)?.dr_task_id;
  const rows = await deps.repo.compares(scope.tenantId, typeof drTask === 'string' && isId(drTask) ? drTask : undefined);
  return { count: rows.length, data: rows.map(out) };
}

export async function getCompare(deps: CompareDeps, scope: Scope, id: string): Promise<CompareTask> {
  const row = isId(id) ? await deps.repo.compare(scope.tenantId, id) : undefined;
  if (!row) throw notFound();
  return out(row);
}

/** POST /api/v1/dr/comparisons: a MySQL or PostgreSQL DR task of the caller, both ends running; compared now. */
export async function createCompare(deps: CompareDeps, scope: Scope, body: unknown): Promise<CompareTask> {
  const input = parse(compareSchema, body);
  const task = await drIn(deps.dr, scope, input.dr_task_id);
  if (!SQL_ENGINES.includes(task.engine)) throw conflict(`${R}.compare_engine`);
  const [source, standby] = await Promise.all([sqlInstance(deps.dr, scope, task.source_id), sqlInstance(deps.dr, scope, task.standby_id)]);
  let tables: CompareTable[] = [];
  let status: CompareTask['status'];
  try {
    tables = compareTables(await measure(deps.console, source), await measure(deps.console, standby));
    status = tables.every((t) => t.equal) ? 'consistent' : 'different';
  } catch {
    status = 'failed';
  }
  const id = await deps.repo.insertCompare(
    { tenant_id: scope.tenantId, dr_task_id: task.id, name: input.name, status, tables: JSON.stringify(tables) },
    deps.now(),
  );
  return getCompare(deps, scope, id);
}

export async function deleteCompare(deps: CompareDeps, scope: Scope, id: string): Promise<{ ok: true }> {
  if (!isId(id) || !(await deps.repo.removeCompare(scope.tenantId, id))) throw notFound();
  return { ok: true };
}
