// All SQL of database object-storage sync tasks on Yunshu's own database (migration 0045, ADR 0071).
// Reads take the tenant (and project) of the caller's scope; queued tasks are claimed
// FOR UPDATE SKIP LOCKED, so several server processes share them and each runs once.
import { sql, type ColumnType, type Selectable } from 'kysely';
import { newId } from '../../domain/ids.ts';
import type { Db } from '../platform/db/database.ts';
import type { Timestamp as Time, NullableTime } from '../platform/db/tables.ts';
import type { ListSpec } from '../platform/lib/list.ts';

type Count = ColumnType<number, number | undefined, number>;

export interface SyncTasksTable {
  id: string;
  tenant_id: string;
  project_id: string;
  instance_id: string;
  instance_name: string;
  source_type: string;
  source_id: string;
  source_name: string;
  target_bucket_id: string;
  target_bucket_name: string;
  target_prefix: string;
  status: string;
  objects: Count;
  bytes: ColumnType<string | number, number | undefined, number>;
  first_key: string | null;
  error: string | null;
  created_by: string | null;
  created_at: Time;
  due_at: Time;
  claimed_at: NullableTime;
  started_at: NullableTime;
  finished_at: NullableTime;
}

declare module '../platform/db/tables.ts' {
  interface Database {
    sync_tasks: SyncTasksTable;
  }
}

export type SyncTaskRow = Selectable<SyncTasksTable>;
export type NewSyncTask = Omit<SyncTaskRow, 'id' | 'objects' | 'bytes' | 'first_key' | 'error' | 'claimed_at' | 'started_at' | 'finished_at' | 'status'>;

export const TASK_COLUMNS = [
  'sync_tasks.id',
  'sync_tasks.instance_id',
  'sync_tasks.instance_name',
  'sync_tasks.source_type',
  'sync_tasks.source_id',
  'sync_tasks.source_name',
  'sync_tasks.target_bucket_id',
  'sync_tasks.target_bucket_name',
  'sync_tasks.target_prefix',
  'sync_tasks.status',
  'sync_tasks.objects',
  'sync_tasks.bytes',
  'sync_tasks.first_key',
  'sync_tasks.error',
  'sync_tasks.created_at',
  'sync_tasks.started_at',
  'sync_tasks.finished_at',
] as const;
export const TASK_TIMES = ['created_at', 'started_at', 'finished_at'] as const;
export const TASK_LIST: ListSpec = {
  sortable: { created_at: 'sync_tasks.created_at', instance_name: 'sync_tasks.instance_name' },
  filters: { status: 'sync_tasks.status', instance_id: 'sync_tasks.instance_id', source_type: 'sync_tasks.source_type' },
  defaultOrder: '-created_at',
  idColumn: 'sync_tasks.id',
  search: { param: 'name', columns: ['sync_tasks.instance_name', 'sync_tasks.source_name', 'sync_tasks.target_bucket_name'] },
};

type Exec = Db;

export function listQuery(db: Exec, tenantId: string, projectId: string | null) {
  let qb = db.selectFrom('sync_tasks').where('sync_tasks.tenant_id', '=', tenantId);
  if (projectId) qb = qb.where('sync_tasks.project_id', '=', projectId);
  return qb;
}

export async function findTask(db: Exec, tenantId: string, projectId: string | null, id: string): Promise<SyncTaskRow | undefined> {
  return listQuery(db, tenantId, projectId).selectAll().where('sync_tasks.id', '=', id).executeTakeFirst();
}

/** Tasks of an instance still holding it (queued or running). */
export async function busyTasks(db: Exec, instanceId: string): Promise<number> {
  const r = await db
    .selectFrom('sync_tasks')
    .select((e) => e.fn.countAll<string>().as('n'))
    .where('instance_id', '=', instanceId)
    .where('status', 'in', ['queued', 'running'])
    .executeTakeFirstOrThrow();
  return Number(r.n);
}

export async function countTasks(db: Exec, instanceId: string): Promise<number> {
  const r = await db
    .selectFrom('sync_tasks')
    .select((e) => e.fn.countAll<string>().as('n'))
    .where('instance_id', '=', instanceId)
    .executeTakeFirstOrThrow();
  return Number(r.n);
}

export async function insertTask(db: Exec, t: NewSyncTask): Promise<string> {
  const id = newId();
  await db
    .insertInto('sync_tasks')
    .values({ ...t, id, status: 'queued' })
    .execute();
  return id;
}

/** Deletes a finished task (one that is queued or running stays): answers whether it went. */
export async function deleteFinished(db: Exec, tenantId: string, id: string): Promise<boolean> {
  const r = await db
    .deleteFrom('sync_tasks')
    .where('tenant_id', '=', tenantId)
    .where('id', '=', id)
    .where('status', 'in', ['succeeded', 'failed'])
    .executeTakeFirst();
  return Number(r.numDeletedRows) > 0;
}

/** A due queued task, taken by one process and marked running. */
export async function claimTask(db: Exec, now: Date): Promise<SyncTaskRow | undefined> {
  const r = await sql<SyncTaskRow>`update sync_tasks set status = 'running', claimed_at = ${now}, started_at = ${now}
    where id = (select id from sync_tasks where status = 'queued' and due_at <= ${now}
                order by due_at limit 1 for update skip locked)
    returning *`.execute(db);
  return r.rows[0];
}

export async function finishTask(
  db: Exec,
  id: string,
  done: { status: 'succeeded' | 'failed'; objects: number; bytes: number; first_key: string | null; error: string | null; at: Date },
) {
  const { at, ...rest } = done;
  await db
    .updateTable('sync_tasks')
    .set({ ...rest, finished_at: at })
    .where('id', '=', id)
    .execute();
}

/** Progress while a bucket is copied (objects and bytes so far). */
export async function setProgress(db: Exec, id: string, objects: number, bytes: number) {
  await db.updateTable('sync_tasks').set({ objects, bytes }).where('id', '=', id).execute();
}
