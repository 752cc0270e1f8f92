// What an instance's engine says about its tables (ADR 0060): their names, whether each has a
// primary key and its size, read for real through the SQL console's backends (ADR 0054) as the
// instance's read-only user. Lake ingestion checks objects against it; CDP its data size.
import type { InstanceTable } from '../../domain/dataprotect.ts';
import type { ResourceRow } from '../platform/db/resource-rows.ts';
import { backendOfRow, ensureBackend, instanceDbOf, type DbConsoleDeps } from '../dbconsole/dbconsole.service.ts';

const MYSQL_TABLES = `SELECT t.table_name,
  EXISTS (SELECT 1 FROM information_schema.table_constraints c
          WHERE c.table_schema = t.table_schema AND c.table_name = t.table_name AND c.constraint_type = 'PRIMARY KEY'),
  COALESCE(t.data_length, 0) + COALESCE(t.index_length, 0)
FROM information_schema.tables t
WHERE t.table_schema = DATABASE() AND t.table_type = 'BASE TABLE' ORDER BY 1`;

const PG_TABLES = `SELECT c.relname,
  EXISTS (SELECT 1 FROM pg_constraint k WHERE k.conrelid = c.oid AND k.contype = 'p'),
  pg_total_relation_size(c.oid)
FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
WHERE n.nspname = 'public' AND c.relkind IN ('r', 'p') ORDER BY 1`;

/** The instance's tables in its own database (MySQL) or schema public (PostgreSQL, PGlite). */
export async function instanceTables(console: DbConsoleDeps, row: ResourceRow): Promise<InstanceTable[]> {
  const backendRow = await ensureBackend(console, row);
  const backend = backendOfRow(console, backendRow);
  const statement = backend.kind === 'mysql' ? MYSQL_TABLES : PG_TABLES;
  const result = await backend.run(instanceDbOf(console, backendRow), statement, { readonly: true, maxRows: 1000, timeoutMs: 15_000 });
  return result.rows.map(([name, pk, bytes]) => ({
    name: String(name),
    has_primary_key: pk === true || pk === 1 || pk === '1' || pk === 't',
    bytes: Number(bytes ?? 0),
  }));
}
