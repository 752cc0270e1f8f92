// Sync instances (server half, issue 29): the source is the caller's running MySQL or PostgreSQL
// instance or an available bucket other than the target (another project's or tenant's: 404);
// 立即同步 queues a sync task (server/dbsync runs it on the scheduler) unless one is already queued
// or running, and an instance with a task under way is not deleted.
import { conflict, notFound } from '../../../../domain/errors.ts';
import { isSqlConsoleEngine } from '../../../../domain/kinds/db-instance/db-instance.rules.ts';
import { syncInstanceKind } from '../../../../domain/kinds/sync-instance/sync-instance.kind.ts';
import { busyTasks, countTasks, insertTask } from './sync-tasks.repository.ts';
import { lockScoped, resourcesByIds, type Exec, type ResourceRow } from '../../engine.repository.ts';
import { patchSpec } from '../hook-helpers.ts';
import { defineHooks, type CreateContext } from '../hooks.ts';

async function checkSource(c: CreateContext): Promise<ResourceRow> {
  const scope = { tenantId: c.tenantId, projectId: c.projectId };
  if (c.input.source_db_id) {
    const db = await lockScoped(c.trx, scope, String(c.input.source_db_id), 'db_instance');
    if (!db) throw notFound();
    if (!isSqlConsoleEngine(db.spec.engine)) throw conflict('refusals.sync_instance.source_unsupported', { name: db.name });
    if (db.status !== 'running') throw conflict('refusals.sync_instance.source_not_running', { name: db.name });
    return db;
  }
  const bucket = await lockScoped(c.trx, scope, String(c.input.source_bucket_id), 'oss_bucket');
  if (!bucket) throw notFound();
  if (bucket.id === c.input.target_bucket_id) throw conflict('refusals.sync_instance.same_bucket');
  if (bucket.status !== 'available') throw conflict('refusals.sync_instance.source_unavailable', { name: bucket.name });
  return bucket;
}

async function idle(trx: Exec, row: ResourceRow) {
  if ((await busyTasks(trx, row.id)) > 0) throw conflict('refusals.sync_instance.task_running', { name: row.name });
}

export const syncInstanceHooks = [
  defineHooks(syncInstanceKind, {
    async beforeCreate(c) {
      const source = await checkSource(c);
      Object.assign(c.spec, {
        source_type: c.input.source_db_id ? 'db_instance' : 'oss_bucket',
        source_name: source.name,
        target_bucket_name: c.parents.target_bucket_id!.name,
        task_count: 0,
      });
    },
    beforeAction: {
      async sync(c) {
        await idle(c.trx, c.row);
      },
      async delete(c) {
        await idle(c.trx, c.row);
      },
    },
    afterAction: {
      async sync(c) {
        const spec = c.row.spec;
        const sourceId = String(spec.source_db_id ?? spec.source_bucket_id);
        const [source] = await resourcesByIds(c.trx, [sourceId]);
        const [target] = await resourcesByIds(c.trx, [String(spec.target_bucket_id)]);
        const now = new Date();
        await insertTask(c.trx, {
          tenant_id: c.row.tenant_id,
          project_id: c.row.project_id!,
          instance_id: c.row.id,
          instance_name: c.row.name,
          source_type: String(spec.source_type),
          source_id: sourceId,
          source_name: source?.name ?? String(spec.source_name ?? ''),
          target_bucket_id: String(spec.target_bucket_id),
          target_bucket_name: target?.name ?? String(spec.target_bucket_name ?? ''),
          target_prefix: String(spec.target_prefix ?? ''),
          created_by: null,
          created_at: now,
          due_at: now,
        });
        return [await patchSpec(c.trx, c.row, { task_count: await countTasks(c.trx, c.row.id) })];
      },
    },
  }),
];
