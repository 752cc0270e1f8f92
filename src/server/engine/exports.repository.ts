// Export tasks (downloadRecord): queued by a list's export button, written by the scheduler.
import { sql } from 'kysely';
import type { Db } from '../platform/db/database.ts';
import { newId } from '../../domain/ids.ts';
import type { ListSpec } from '../platform/lib/list.ts';

export const EXPORT_LIST: ListSpec = {
  sortable: { created_at: 'export_tasks.created_at' },
  filters: { state: 'export_tasks.state', product_code: 'export_tasks.product_code' },
  defaultOrder: '-created_at',
  idColumn: 'export_tasks.id',
};
export const EXPORT_COLUMNS = ['id', 'product_code', 'state', 'file_name', 'row_count', 'truncated', 'error', 'created_at', 'finished_at', 'fields'] as const;

export interface ExportTaskRow {
  id: string;
  tenant_id: string;
  project_id: string | null;
  user_id: string;
  product_code: string;
  fields: string[];
  filters: Record<string, string>;
  lang: string;
  state: string;
  file_name: string;
  row_count: number | null;
  truncated: boolean;
  error: string | null;
  created_at: Date;
  finished_at: Date | null;
}

/** Every column but the file's bytes (read only when downloading). */
const TASK_COLUMNS = [
  'id',
  'tenant_id',
  'project_id',
  'user_id',
  'product_code',
  'fields',
  'filters',
  'lang',
  'state',
  'file_name',
  'row_count',
  'truncated',
  'error',
  'created_at',
  'finished_at',
] as const;

export function exportsRepository(db: Db) {
  return {
    async insert(row: Omit<ExportTaskRow, 'id' | 'state' | 'row_count' | 'truncated' | 'error' | 'created_at' | 'finished_at'>) {
      const id = newId();
      await db
        .insertInto('export_tasks')
        .values({ ...row, id, fields: JSON.stringify(row.fields), filters: JSON.stringify(row.filters), row_count: null, error: null })
        .execute();
      return id;
    },
    ownedQuery(tenantId: string, userId: string) {
      return db.selectFrom('export_tasks').where('export_tasks.tenant_id', '=', tenantId).where('export_tasks.user_id', '=', userId);
    },
    async findOwned(tenantId: string, userId: string, id: string) {
      return (await this.ownedQuery(tenantId, userId)
        .select([...TASK_COLUMNS])
        .where('id', '=', id)
        .executeTakeFirst()) as ExportTaskRow | undefined;
    },
    /** The written file of a finished task the caller owns (stored in the database: any process serves it). */
    async fileOf(tenantId: string, userId: string, id: string) {
      return this.ownedQuery(tenantId, userId)
        .select(['file_name', 'content'])
        .where('id', '=', id)
        .where('state', '=', 'done')
        .where('content', 'is not', null)
        .executeTakeFirst();
    },
    /** Claims one queued task (SKIP LOCKED) and marks it running in the same transaction. */
    async claim(): Promise<ExportTaskRow | undefined> {
      return db.transaction().execute(async (trx) => {
        const row = await trx
          .selectFrom('export_tasks')
          .select([...TASK_COLUMNS])
          .where('state', '=', 'queued')
          .orderBy('created_at')
          .limit(1)
          .forUpdate()
          .skipLocked()
          .executeTakeFirst();
        if (!row) return undefined;
        await trx.updateTable('export_tasks').set({ state: 'running' }).where('id', '=', row.id).execute();
        return row as unknown as ExportTaskRow;
      });
    },
    async finish(id: string, patch: { state: 'done' | 'failed'; row_count?: number; truncated?: boolean; content?: Uint8Array; error?: string }) {
      await db
        .updateTable('export_tasks')
        .set({
          state: patch.state,
          row_count: patch.row_count ?? null,
          truncated: patch.truncated ?? false,
          content: patch.content ?? null,
          error: patch.error ?? null,
          finished_at: sql<Date>`now()`,
        })
        .where('id', '=', id)
        .execute();
    },
  };
}
export type ExportsRepository = ReturnType<typeof exportsRepository>;
