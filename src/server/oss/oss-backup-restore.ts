// Object storage's side of the backup centre (issue 29, ADR 0073): every bucket's backup strategies
// and records in the caller's scope, paged like every list, the restorable point of a bucket, and
// the restore itself — a backup's copies written back into the bucket through object storage's own
// write path (a copied blob committed like an upload: the package's capacity, the bucket's usage).
import type { Scope } from '../platform/auth/scope.ts';
import { runList, type ListSpec } from '../platform/lib/list.ts';
import { resourcesByIds } from '../engine/engine.repository.ts';
import type { BucketRow } from './bucket.repository.ts';
import { checkWritable, commitObject } from './object-store.ts';
import { copyBlob } from './objects.repository.ts';
import type { OssDeps } from './oss-deps.ts';
import * as repo from './strategies.repository.ts';

const iso = (d: Date | string | null) => (d ? new Date(d).toISOString() : null);

const STRATEGY_LIST: ListSpec = {
  sortable: { created_at: 'oss_backup_strategies.created_at', name: 'oss_backup_strategies.name' },
  filters: { target_id: 'oss_backup_strategies.bucket_id' },
  defaultOrder: '-created_at',
  idColumn: 'oss_backup_strategies.id',
  search: { param: 'name', columns: ['oss_backup_strategies.name'] },
};
const RECORD_LIST: ListSpec = {
  sortable: { started_at: 'oss_backup_records.started_at' },
  filters: { target_id: 's.bucket_id', strategy_id: 'oss_backup_records.strategy_id', status: 'oss_backup_records.status' },
  defaultOrder: '-started_at',
  idColumn: 'oss_backup_records.id',
};

/** The backup strategies of the caller's buckets. */
export function listBackupStrategiesIn(deps: OssDeps, scope: Scope, query: unknown) {
  return runList(
    repo.backupStrategiesIn(deps.db, scope.tenantId, scope.projectId),
    (qb) => qb.selectAll('oss_backup_strategies').select(repo.bucketNameOf('oss_backup_strategies')),
    query,
    STRATEGY_LIST,
    (r) => ({ ...r, last_run_at: iso(r.last_run_at), created_at: iso(r.created_at), updated_at: iso(r.updated_at) }),
  );
}

/** The backup records of the caller's buckets (?target_id= a bucket, ?strategy_id= a strategy). */
export function listBackupRecordsIn(deps: OssDeps, scope: Scope, query: unknown) {
  return runList(
    repo.backupRecordsIn(deps.db, scope.tenantId, scope.projectId),
    (qb) => qb.selectAll('oss_backup_records').select(['s.bucket_id', 's.name as strategy_name', 's.retention_days']).select(repo.bucketNameOf('s')),
    query,
    RECORD_LIST,
    (r) => ({
      ...r,
      objects: Number(r.objects),
      bytes: Number(r.bytes),
      started_at: iso(r.started_at),
      finished_at: iso(r.finished_at),
      expires_at: iso(new Date(new Date(r.started_at).getTime() + Number(r.retention_days) * 86_400_000)),
    }),
  );
}

/** The newest successful backup of the bucket at or before `at`, or undefined: nothing to restore. */
export function restorePointOf(deps: OssDeps, bucketId: string, at: Date) {
  return repo.bucketRestorePoint(deps.db, bucketId, at);
}

/** Writes a backup's copies back into its bucket, each as an upload would be; answers what it wrote. */
export async function restoreBackupInto(deps: OssDeps, recordId: string, bucketId: string): Promise<{ objects: number; bytes: number }> {
  const [bucket] = (await resourcesByIds(deps.db, [bucketId])) as BucketRow[];
  if (!bucket) throw new Error('bucket_gone');
  checkWritable(bucket);
  const done = { objects: 0, bytes: 0 };
  for (let after = ''; ;) {
    const batch = await repo.backupObjects(deps.db, recordId, after, 200);
    if (!batch.length) break;
    for (const o of batch) {
      const blobId = await copyBlob(deps.db, o.blob_id);
      await commitObject(deps.db, bucket, { key: o.key, blob: { blobId, size: Number(o.size), md5: o.etag }, contentType: o.content_type, etag: o.etag });
      done.objects++;
      done.bytes += Number(o.size);
    }
    after = batch[batch.length - 1]!.key;
  }
  return done;
}
