// All SQL of data migration tasks on Yunshu's own database (migration 0031, ADR 0059). Every read
// and write takes the tenant (the service gives the caller's scope); due tasks are claimed
// FOR UPDATE SKIP LOCKED, so several server processes share them and each runs once.
import { sql, type ColumnType, type Selectable } from 'kysely';
import { newId } from '../../domain/ids.ts';
import type { Db } from '../platform/db/database.ts';
import type { Timestamp as Time, NullableTime, JsonText as Json } from '../platform/db/tables.ts';
import type { ListSpec } from '../platform/lib/list.ts';

type Count = ColumnType<number, number | undefined, number>;

export interface DtsTasksTable {
  id: string;
  tenant_id: string;
  project_id: string | null;
  name: string;
  type: string;
  level: string;
  source_id: string;
  target_id: string;
  engine: string;
  objects: Json;
  status: string;
  precheck: string;
  checks: Json;
  progress: Count;
  table_count: Count;
  row_count: Count;
  error: string | null;
  description: string | null;
  due_at: NullableTime;
  claimed_at: NullableTime;
  created_by: string | null;
  created_at: Time;
  started_at: NullableTime;
  finished_at: NullableTime;
}

declare module '../platform/db/tables.ts' {
  interface Database {
    dts_tasks: DtsTasksTable;
  }
}

export type TaskRow = Selectable<DtsTasksTable>;

export const TASK_LIST: ListSpec = {
  sortable: { created_at: 'dts_tasks.created_at', name: 'dts_tasks.name' },
  filters: { status: 'dts_tasks.status', level: 'dts_tasks.level', type: 'dts_tasks.type', name: 'dts_tasks.name' },
  defaultOrder: '-created_at',
  idColumn: 'dts_tasks.id',
};

export type NewTask = Omit<
  TaskRow,
  'id' | 'created_at' | 'progress' | 'table_count' | 'row_count' | 'error' | 'due_at' | 'claimed_at' | 'started_at' | 'finished_at' | 'objects' | 'checks'
> & {
  objects: string[];
};

export function dtsRepository(db: Db) {
  return {
    listQuery(tenantId: string, projectId: string | null) {
      let qb = db.selectFrom('dts_tasks').where('dts_tasks.tenant_id', '=', tenantId);
      if (projectId) qb = qb.where('dts_tasks.project_id', '=', projectId);
      return qb;
    },
    async find(tenantId: string, id: string): Promise<TaskRow | undefined> {
      return db.selectFrom('dts_tasks').selectAll().where('tenant_id', '=', tenantId).where('id', '=', id).executeTakeFirst();
    },
    /** Adds the task; undefined when the tenant already has a task of that name. */
    async insert(t: NewTask): Promise<TaskRow | undefined> {
      return db
        .insertInto('dts_tasks')
        .values({ ...t, id: newId(), objects: JSON.stringify(t.objects), checks: '[]', created_at: new Date() })
        .onConflict((oc) => oc.columns(['tenant_id', 'name']).doNothing())
        .returningAll()
        .executeTakeFirst();
    },
    /** Changes a task only while it is in `from` (one writer wins a race). */
    async update(tenantId: string, id: string, from: readonly string[], changes: Record<string, unknown>): Promise<TaskRow | undefined> {
      const set = Object.fromEntries(Object.entries(changes).map(([k, v]) => [k, k === 'objects' || k === 'checks' ? JSON.stringify(v) : v]));
      return db
        .updateTable('dts_tasks')
        .set(set)
        .where('tenant_id', '=', tenantId)
        .where('id', '=', id)
        .where('status', 'in', [...from])
        .returningAll()
        .executeTakeFirst();
    },
    async remove(tenantId: string, id: string, from: readonly string[]): Promise<boolean> {
      const r = await db
        .deleteFrom('dts_tasks')
        .where('tenant_id', '=', tenantId)
        .where('id', '=', id)
        .where('status', 'in', [...from])
        .executeTakeFirst();
      return Number(r.numDeletedRows) > 0;
    },
    /** A due migrating task, taken by one process. */
    async claim(now: Date): Promise<TaskRow | undefined> {
      const r = await sql<TaskRow>`update dts_tasks set claimed_at = ${now}
        where id = (select id from dts_tasks where status = 'migrating' and claimed_at is null and due_at <= ${now}
                    order by due_at limit 1 for update skip locked)
        returning *`.execute(db);
      return r.rows[0];
    },
    async finish(id: string, changes: { status: string; progress: number; table_count: number; row_count: number; error: string | null }) {
      await db
        .updateTable('dts_tasks')
        .set({ ...changes, finished_at: new Date() })
        .where('id', '=', id)
        .execute();
    },
    async setProgress(id: string, progress: number) {
      await db.updateTable('dts_tasks').set({ progress }).where('id', '=', id).execute();
    },
  };
}
export type DtsRepository = ReturnType<typeof dtsRepository>;
