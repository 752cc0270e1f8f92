// All SQL of database object-storage sync tasks on Yunshu's own database (migration 0045, ADR 0071),
// but for what the sync-instance kind's server half writes (engine/kinds/sync-instance/sync-tasks.repository.ts).
// Reads take the tenant (and project) of the caller's scope; queued tasks are claimed
// FOR UPDATE SKIP LOCKED, so several server processes share them and each runs once.
import { sql } from 'kysely';
import type { Db } from '../platform/db/database.ts';
import type { SyncTaskRow } from '../platform/db/sync-tasks.table.ts';
import type { ListSpec } from '../platform/lib/list.ts';

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
