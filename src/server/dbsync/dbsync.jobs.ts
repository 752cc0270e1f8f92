// The scheduler's side of database object-storage sync (ADR 0071): a queued task is claimed by one
// process (FOR UPDATE SKIP LOCKED) and run beside the scheduler. A database source is dumped as its
// owner (the backups' logical dump) into one JSON object; a bucket source has its objects copied
// one by one. Every byte goes into the target bucket through object storage's own write path
// (writeBlob + commitObject: the package's capacity, the bucket's usage), never around it.
import { AppError } from '../../domain/errors.ts';
import { dumpKey } from '../../domain/kinds/sync-instance/sync-instance.rules.ts';
import { resourcesByIds } from '../engine/engine.repository.ts';
import { dumpMysql } from '../dbbackups/dump-mysql.ts';
import { dumpPg } from '../dbbackups/dump-pg.ts';
import { dialectOf } from '../dbbackups/logical-dump.ts';
import { targetOf } from '../dts/dts-engine.ts';
import type { BucketRow } from '../oss/bucket.repository.ts';
import { bytesOf, checkWritable, commitObject, readBlob, writeBlob } from '../oss/object-store.ts';
import { keysUnder } from '../oss/objects.repository.ts';
import type { ResourceRow } from '../platform/db/resource-rows.ts';
import type { SyncTaskRow } from '../platform/db/sync-tasks.table.ts';
import { claimTask, finishTask, setProgress } from './dbsync.repository.ts';
import type { DbSyncDeps } from './dbsync.service.ts';

/** One object (or dump) may be this large: the REST upload's limit. */
const MAX_OBJECT_BYTES = 100 * 1024 * 1024;
const BATCH = 200;

class SyncFailure extends Error {
  readonly code: string;
  constructor(code: string) {
    super(code);
    this.code = code;
  }
}
const tooLarge = () => new SyncFailure('copy_failed');

interface Copied {
  objects: number;
  bytes: number;
  first_key: string | null;
}

/** Writes a stream to `key` of the target bucket the way an upload does. */
async function put(deps: DbSyncDeps, target: BucketRow, key: string, body: AsyncIterable<Uint8Array>, contentType: string) {
  checkWritable(target);
  const blob = await writeBlob(deps.db, body, { maxBytes: MAX_OBJECT_BYTES, tooLarge });
  return commitObject(deps.db, target, { key, blob, contentType });
}

async function dumpInto(deps: DbSyncDeps, t: SyncTaskRow, source: ResourceRow, target: BucketRow): Promise<Copied> {
  if (source.status !== 'running') throw new SyncFailure('source_not_running');
  const dst = await targetOf(deps.console, source, deps.limits);
  const dump = dialectOf(dst.backend) === 'mysql' ? await dumpMysql(dst) : await dumpPg(dst);
  const bytes = Buffer.from(JSON.stringify({ instance: source.name, engine: source.spec.engine, taken_at: deps.now().toISOString(), ...dump }));
  const key = dumpKey(t.target_prefix, source.name, deps.now());
  const o = await put(deps, target, key, bytesOf(bytes), 'application/json');
  return { objects: 1, bytes: o.size, first_key: key };
}

async function copyInto(deps: DbSyncDeps, t: SyncTaskRow, source: ResourceRow, target: BucketRow): Promise<Copied> {
  if (source.status !== 'available') throw new SyncFailure('source_unavailable');
  const done: Copied = { objects: 0, bytes: 0, first_key: null };
  for (let after = ''; ;) {
    const batch = await keysUnder(deps.db, source.id, '', BATCH, after);
    if (!batch.length) break;
    for (const o of batch) {
      const key = `${t.target_prefix}${o.key}`;
      await put(deps, target, key, readBlob(deps.db, o.blob_id), o.content_type);
      done.objects++;
      done.bytes += o.size;
      done.first_key ??= key;
    }
    await setProgress(deps.db, t.id, done.objects, done.bytes);
    after = batch[batch.length - 1]!.key;
  }
  return done;
}

/** The failure code of what went wrong (the target's refusals keep their meaning). */
function failureOf(err: unknown): string {
  if (err instanceof SyncFailure) return err.code;
  if (err instanceof AppError && err.key === 'oss.package_full') return 'package_full';
  if (err instanceof AppError && err.status === 409) return 'target_unavailable';
  return 'copy_failed';
}

async function run(deps: DbSyncDeps, t: SyncTaskRow): Promise<void> {
  const rows = await resourcesByIds(deps.db, [t.source_id, t.target_bucket_id]);
  const source = rows.find((r) => r.id === t.source_id);
  const target = rows.find((r) => r.id === t.target_bucket_id) as BucketRow | undefined;
  try {
    if (!source) throw new SyncFailure(t.source_type === 'db_instance' ? 'source_not_running' : 'source_unavailable');
    if (!target || target.status !== 'available') throw new SyncFailure('target_unavailable');
    const copied = t.source_type === 'db_instance' ? await dumpInto(deps, t, source, target) : await copyInto(deps, t, source, target);
    await finishTask(deps.db, t.id, { status: 'succeeded', ...copied, error: null, at: deps.now() });
  } catch (err) {
    if (!(err instanceof SyncFailure)) deps.log.warn({ err, id: t.id }, 'a database sync task failed');
    await finishTask(deps.db, t.id, { status: 'failed', objects: 0, bytes: 0, first_key: null, error: failureOf(err), at: deps.now() });
  }
}

function beside(deps: DbSyncDeps, work: () => Promise<void>): void {
  const p: Promise<void> = work()
    .catch((err: unknown) => deps.log.warn({ err }, 'a database sync job failed'))
    .finally(() => deps.running.delete(p));
  deps.running.add(p);
}

/** Takes the queued tasks, each once across processes. */
export async function runDue(deps: DbSyncDeps): Promise<number> {
  let n = 0;
  for (let t = await claimTask(deps.db, deps.now()); t; t = await claimTask(deps.db, deps.now())) {
    const task = t;
    beside(deps, () => run(deps, task));
    n++;
  }
  return n;
}

/** Waits for the tasks under way (the app closes after them). */
export async function settled(deps: DbSyncDeps): Promise<void> {
  while (deps.running.size) await Promise.allSettled([...deps.running]);
}
