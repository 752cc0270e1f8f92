// Database object-storage sync tasks (issue 29, ADR 0071) as module functions over their deps: the
// caller's tasks listed and read (another tenant's or project's answer 404), a finished task's
// record deleted (one queued or running is refused). Tasks are started by the sync instance's
// 立即同步 action (engine/kinds/sync-instance) and run by the scheduler (dbsync.jobs.ts); no GET writes.
import { conflict, notFound } from '../../domain/errors.ts';
import { isId } from '../../domain/ids.ts';
import type { Scope } from '../platform/auth/scope.ts';
import type { Db } from '../platform/db/database.ts';
import type { DbConsoleDeps } from '../dbconsole/dbconsole.service.ts';
import { rowPicker, runList } from '../platform/lib/list.ts';
import { TASK_COLUMNS, TASK_LIST, TASK_TIMES, deleteFinished, findTask, listQuery } from './dbsync.repository.ts';

export interface DbSyncDeps {
  db: Db;
  /** the SQL console's backends and the instances' credentials: a database source is dumped as its owner */
  console: DbConsoleDeps;
  /** rows a table may have in one dump; time limit of one statement */
  limits: { maxRows: number; timeoutMs: number };
  log: { warn: (obj: object, msg: string) => void };
  now: () => Date;
  /** tasks under way in this process (the app waits for them before it closes) */
  running: Set<Promise<void>>;
}

const pick = rowPicker(TASK_COLUMNS, TASK_TIMES);
const taskOut = (row: Record<string, unknown>) => {
  const out = pick(row);
  return { ...out, objects: Number(out.objects), bytes: Number(out.bytes) };
};

export async function listTasks(deps: DbSyncDeps, scope: Scope, query: unknown) {
  return runList(listQuery(deps.db, scope.tenantId, scope.projectId), (qb) => qb.select([...TASK_COLUMNS]), query, TASK_LIST, taskOut);
}

export async function getTask(deps: DbSyncDeps, scope: Scope, id: string) {
  const row = isId(id) ? await findTask(deps.db, scope.tenantId, scope.projectId, id) : undefined;
  if (!row) throw notFound();
  return taskOut(row as unknown as Record<string, unknown>);
}

export async function deleteTask(deps: DbSyncDeps, scope: Scope, id: string) {
  const row = isId(id) ? await findTask(deps.db, scope.tenantId, scope.projectId, id) : undefined;
  if (!row) throw notFound();
  if (!(await deleteFinished(deps.db, scope.tenantId, row.id))) throw conflict('refusals.sync_task.running_cannot_delete');
  return { id: row.id };
}
