// Object storage's scheduled work, on the engine's scheduler (claims with SKIP LOCKED, so every
// server process may run it): lifecycle rules once a Beijing day between 00:00 and 06:00, sync
// strategies every minute (copy new and changed objects to the target bucket, and delete there what
// the source no longer has when asked), backup strategies at their time (daily, or weekly on the
// weekday they were made) keeping copies for their retention. Copies are made inside the database.
import { resourcesByIds } from '../engine/engine.repository.ts';
import { refreshUsage, type BucketRow } from './bucket.repository.ts';
import { copyBlob, deleteBlobs, deleteObjects, findObject, keysUnder, keysWrittenBefore, upsertObject } from './objects.repository.ts';
import { beijing, beijingInstant, type OssDeps } from './oss-deps.ts';
import * as repo from './strategies.repository.ts';

/** Lifecycle rules run in this Beijing window: 00:00 to 06:00. */
export const LIFECYCLE_END_HOUR = 6;
export const SYNC_INTERVAL_MS = 60_000;
const BATCH = 500;

type Exec = OssDeps['db'];

/** The instant before which a rule's objects expire on `now`, or null when none do yet. */
export function expiryCutoff(rule: { expire_days: number | null; expire_date: string | null }, now: Date): Date | null {
  if (rule.expire_days) return new Date(now.getTime() - rule.expire_days * 86_400_000);
  if (rule.expire_date && beijing(now).day >= rule.expire_date) return beijingInstant(rule.expire_date);
  return null;
}

/** Runs the day's lifecycle rules (only between 00:00 and 06:00 Beijing time); answers how many ran. */
export async function runLifecycle(deps: OssDeps, now = deps.now()): Promise<number> {
  const when = beijing(now);
  if (when.hour >= LIFECYCLE_END_HOUR) return 0;
  return deps.db.transaction().execute(async (trx) => {
    const rules = await repo.claimLifecycleRules(trx, when.day, 20);
    for (const rule of rules) {
      const cutoff = expiryCutoff(rule, now);
      let expired = 0;
      for (let i = 0; cutoff && i < 20; i++) {
        const keys = await keysWrittenBefore(trx, rule.bucket_id, rule.scope === 'prefix' ? (rule.prefix ?? '') : '', cutoff, BATCH);
        if (!keys.length) break;
        expired += (await deleteObjects(trx, rule.bucket_id, keys)).objects;
      }
      const [bucket] = await resourcesByIds(trx, [rule.bucket_id]);
      if (expired && bucket) await refreshUsage(trx, bucket);
      await repo.markLifecycleRun(trx, rule.id, when.day, expired);
    }
    return rules.length;
  });
}

/** Copies an object into another bucket (a new blob made by the database), replacing what is there. */
async function copyObjectTo(trx: Exec, target: BucketRow, o: { key: string; blob_id: string; size: number; content_type: string; etag: string }) {
  const blob = await copyBlob(trx, o.blob_id);
  const replaced = await upsertObject(trx, {
    tenant_id: target.tenant_id,
    bucket_id: target.id,
    key: o.key,
    blob_id: blob,
    size: o.size,
    content_type: o.content_type,
    etag: o.etag,
    storage_class: String(target.spec.storage_class ?? 'standard'),
  });
  if (replaced) await deleteBlobs(trx, [replaced]);
}

/** One pass of a sync strategy: new and changed objects copied, and (sync_delete) removed ones removed. */
async function syncOnce(trx: Exec, s: { bucket_id: string; target_bucket_id: string; prefix: string; sync_delete: boolean }) {
  const [source, target] = await resourcesByIds(trx, [s.bucket_id, s.target_bucket_id]).then((rows) => [
    rows.find((r) => r.id === s.bucket_id),
    rows.find((r) => r.id === s.target_bucket_id),
  ]);
  if (!source || !target || source.status !== 'available' || target.status !== 'available') return null;
  let objects = 0;
  let bytes = 0;
  const seen = new Set<string>();
  for (let after = ''; ;) {
    const batch = await keysUnder(trx, source.id, s.prefix, BATCH, after);
    if (!batch.length) break;
    for (const o of batch) {
      seen.add(o.key);
      const there = await findObject(trx, target.id, o.key);
      if (there && there.etag === o.etag && there.size === o.size) continue;
      await copyObjectTo(trx, target, o);
      objects++;
      bytes += o.size;
    }
    after = batch[batch.length - 1]!.key;
  }
  if (s.sync_delete) {
    for (let after = ''; ;) {
      const batch = await keysUnder(trx, target.id, s.prefix, BATCH, after);
      if (!batch.length) break;
      await deleteObjects(
        trx,
        target.id,
        batch.filter((o) => !seen.has(o.key)).map((o) => o.key),
      );
      after = batch[batch.length - 1]!.key;
    }
  }
  await refreshUsage(trx, target);
  return { objects, bytes };
}

export async function runSync(deps: OssDeps, now = deps.now()): Promise<number> {
  return deps.db.transaction().execute(async (trx) => {
    const due = await repo.claimSyncStrategies(trx, new Date(now.getTime() - SYNC_INTERVAL_MS), 10);
    for (const s of due) {
      try {
        const done = await syncOnce(trx, s);
        await repo.markSyncRun(trx, s.id, { status: 'running', objects: done?.objects ?? 0, bytes: done?.bytes ?? 0, at: now });
      } catch {
        await repo.markSyncRun(trx, s.id, { status: 'failed', objects: 0, bytes: 0, at: now });
      }
    }
    return due.length;
  });
}

/** The instant a backup strategy is due at on `now`'s Beijing day, or null when not today. */
export function backupDueAt(s: { cycle: string; time: string; created_at: Date }, now: Date): Date | null {
  const today = beijing(now);
  if (s.cycle === 'weekly' && today.weekday !== beijing(new Date(s.created_at)).weekday) return null;
  return beijingInstant(today.day, s.time);
}

/** Copies a bucket's objects into a backup record; answers how many and their bytes. */
async function backupOnce(trx: Exec, recordId: string, bucketId: string) {
  let objects = 0;
  let bytes = 0;
  for (let after = ''; ;) {
    const batch = await keysUnder(trx, bucketId, '', BATCH, after);
    if (!batch.length) break;
    for (const o of batch) {
      await repo.insertBackupObject(trx, {
        record_id: recordId,
        key: o.key,
        blob_id: await copyBlob(trx, o.blob_id),
        size: o.size,
        etag: o.etag,
        content_type: o.content_type,
      });
      objects++;
      bytes += o.size;
    }
    after = batch[batch.length - 1]!.key;
  }
  return { objects, bytes };
}

export async function runBackups(deps: OssDeps, now = deps.now()): Promise<number> {
  return deps.db.transaction().execute(async (trx) => {
    let ran = 0;
    for (const s of await repo.claimBackupStrategies(trx, 50)) {
      const at = backupDueAt(s, now);
      if (!at || at > now || (s.last_run_at && new Date(s.last_run_at) >= at)) continue;
      const record = await repo.insertBackupRecord(trx, { tenant_id: s.tenant_id, strategy_id: s.id, started_at: now });
      const done = await backupOnce(trx, record, s.bucket_id);
      await repo.finishBackupRecord(trx, record, { status: 'succeeded', ...done, at: now });
      await repo.markBackupRun(trx, s.id, now);
      await repo.pruneBackupRecords(trx, s.id, new Date(now.getTime() - s.retention_days * 86_400_000));
      ran++;
    }
    return ran;
  });
}

/** The scheduler's worker: all three, answering the work done. */
export async function runOssJobs(deps: OssDeps): Promise<number> {
  const now = deps.now();
  return (await runLifecycle(deps, now)) + (await runSync(deps, now)) + (await runBackups(deps, now));
}
