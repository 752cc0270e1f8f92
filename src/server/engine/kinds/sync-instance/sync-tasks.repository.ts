// What the sync-instance kind writes and counts in the sync tasks table (its server half,
// sync-instance.hooks.ts): a queued task, and the tasks of an instance. The dbsync slice claims and runs them.
import { newId } from '../../../../domain/ids.ts';
import type { Db } from '../../../platform/db/database.ts';
import type { NewSyncTask } from '../../../platform/db/sync-tasks.table.ts';

type Exec = Db;

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
