// All SQL of the SQL console on Yunshu's own database (migration 0027): the backend of each managed
// database instance and the statements run through the console. The instances' own databases are
// reached only through the backends (mysql-backend.ts, postgres-backend.ts, embedded-backend.ts).
import { newId } from '../../domain/ids.ts';
import type { Db } from '../platform/db/database.ts';
import type { Timestamp as Time, NullableTime, NullableJsonText as Json } from '../platform/db/tables.ts';
import type { ListSpec } from '../platform/lib/list.ts';

export interface DbConsoleBackendsTable {
  resource_id: string;
  tenant_id: string;
  engine: string;
  backend: BackendKind;
  db_name: string;
  user_name: string;
  ro_user_name: string;
  secret_sealed: string;
  init_sql: Json;
  provisioned_at: NullableTime;
  created_at: Time;
}

export interface DbConsoleHistoryTable {
  id: string;
  resource_id: string;
  tenant_id: string;
  user_id: string | null;
  statement: string;
  readonly: boolean;
  ok: boolean;
  row_count: number;
  elapsed_ms: number;
  error: string | null;
  created_at: Time;
}

// The slice's tables join the platform's Database (declaration merging, as tables.ts does per area).
declare module '../platform/db/tables.ts' {
  interface Database {
    db_console_backends: DbConsoleBackendsTable;
    db_console_history: DbConsoleHistoryTable;
  }
}

/** Where an instance's database lives. */
export type BackendKind = 'mysql' | 'postgres' | 'pglite';

export type BackendRow = Omit<DbConsoleBackendsTable, 'init_sql' | 'provisioned_at' | 'created_at'> & {
  init_sql: unknown;
  provisioned_at: Date | null;
};

export const HISTORY_COLUMNS = ['id', 'statement', 'readonly', 'ok', 'row_count', 'elapsed_ms', 'error', 'user_id', 'created_at'] as const;
export const HISTORY_TIMES = ['created_at'] as const;
export const HISTORY_LIST: ListSpec = {
  sortable: { created_at: 'db_console_history.created_at' },
  booleanFilters: { ok: 'db_console_history.ok' },
  defaultOrder: '-created_at',
  idColumn: 'db_console_history.id',
};

export function dbConsoleRepository(db: Db) {
  return {
    backendOf(resourceId: string): Promise<BackendRow | undefined> {
      return db.selectFrom('db_console_backends').selectAll().where('resource_id', '=', resourceId).executeTakeFirst();
    },
    /** Records an instance's backend once (the first caller wins; later callers read the winner's). */
    async claimBackend(row: Omit<BackendRow, 'provisioned_at'>): Promise<BackendRow> {
      await db
        .insertInto('db_console_backends')
        .values({ ...row, init_sql: row.init_sql === null || row.init_sql === undefined ? null : JSON.stringify(row.init_sql), created_at: new Date() })
        .onConflict((oc) => oc.column('resource_id').doNothing())
        .execute();
      return (await db.selectFrom('db_console_backends').selectAll().where('resource_id', '=', row.resource_id).executeTakeFirstOrThrow()) as BackendRow;
    },
    /**
     * Gives a planned backend (not made yet) the names and passwords it will be made with, once: the
     * first caller's update wins (the row still has the planned name), later callers read the winner's.
     */
    async renamePlanned(
      resourceId: string,
      plannedDbName: string,
      names: Pick<BackendRow, 'db_name' | 'user_name' | 'ro_user_name' | 'secret_sealed'>,
    ): Promise<BackendRow> {
      await db
        .updateTable('db_console_backends')
        .set(names)
        .where('resource_id', '=', resourceId)
        .where('provisioned_at', 'is', null)
        .where('db_name', '=', plannedDbName)
        .execute();
      return (await db.selectFrom('db_console_backends').selectAll().where('resource_id', '=', resourceId).executeTakeFirstOrThrow()) as BackendRow;
    },
    async markProvisioned(resourceId: string, backend: BackendKind): Promise<void> {
      await db.updateTable('db_console_backends').set({ backend, provisioned_at: new Date(), init_sql: null }).where('resource_id', '=', resourceId).execute();
    },
    async forgetBackend(resourceId: string): Promise<void> {
      await db.deleteFrom('db_console_backends').where('resource_id', '=', resourceId).execute();
    },
    /** Backends whose instance is gone (the resource row was removed): their databases are dropped. */
    orphanBackends(): Promise<BackendRow[]> {
      return db
        .selectFrom('db_console_backends')
        .selectAll()
        .where(({ not, exists, selectFrom }) =>
          not(exists(selectFrom('resources').select('resources.id').whereRef('resources.id', '=', 'db_console_backends.resource_id'))),
        )
        .execute() as Promise<BackendRow[]>;
    },
    allBackends(): Promise<BackendRow[]> {
      return db.selectFrom('db_console_backends').selectAll().execute() as Promise<BackendRow[]>;
    },
    async addHistory(entry: Omit<DbConsoleHistoryTable, 'id' | 'created_at'>): Promise<void> {
      await db
        .insertInto('db_console_history')
        .values({ ...entry, id: newId(), created_at: new Date() })
        .execute();
    },
    historyQuery(resourceId: string) {
      return db.selectFrom('db_console_history').where('db_console_history.resource_id', '=', resourceId);
    },
  };
}
export type DbConsoleRepository = ReturnType<typeof dbConsoleRepository>;
