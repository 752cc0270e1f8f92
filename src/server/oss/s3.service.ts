// The S3 operations on Yunshu's object store (ADR 0063): buckets through the engine (the same
// rules as the console: names, the package of the project, a non-empty bucket kept), objects
// through the streamed store. Another tenant's or project's bucket is NoSuchBucket.
import { createHash } from 'node:crypto';
import { AppError } from '../../domain/errors.ts';
import { GIB, objectKeyProblem } from '../../domain/kinds/oss-bucket/oss-bucket.rules.ts';
import { ossBucketKind } from '../../domain/kinds/oss-bucket/oss-bucket.kind.ts';
import type { Engine } from '../engine/engine.ts';
import { packageUsedBytes } from '../engine/kinds/oss-bucket/oss-bucket.repository.ts';
import { bucketByName, bucketsOf, findBucket, packagesOf, type BucketRow } from './bucket.repository.ts';
import { checkWritable, commitObject, PART_SEQ, readBlob, staging, writeBlob } from './object-store.ts';
import {
  deleteBlobs,
  deleteObjects,
  deleteUpload,
  dropUpload,
  findObject,
  findUpload,
  insertUpload,
  listLevel,
  moveChunks,
  objectsByKeys,
  partsOf,
  upsertPart,
} from './objects.repository.ts';
import { refreshUsage } from './bucket.repository.ts';
import type { OssDeps } from './oss-deps.ts';
import type { S3Caller } from './s3-auth.ts';
import { S3Error, s3 } from './s3-errors.ts';

export const S3_MAX_OBJECT_BYTES = 5 * GIB;
const tooLarge = () => new S3Error('EntityTooLarge', 400, 'Your proposed upload exceeds the maximum allowed size');

/** A bucket of the caller's project by name (NoSuchBucket otherwise). */
export async function callerBucket(deps: OssDeps, caller: S3Caller, name: string): Promise<BucketRow> {
  const b = await bucketByName(deps.db, name);
  if (!b || b.tenant_id !== caller.scope.tenantId || b.project_id !== caller.scope.projectId) throw s3.noSuchBucket();
  return b;
}

export const listBuckets = (deps: OssDeps, caller: S3Caller) => bucketsOf(deps.db, caller.scope);

/** Engine refusals in S3's words. */
function fromEngine(err: unknown): unknown {
  if (err instanceof AppError) {
    if (err.key === 'refusals.oss_bucket.name_taken') return new S3Error('BucketAlreadyExists', 409, 'The requested bucket name is not available.');
    if (err.key === 'refusals.oss_bucket.name_cooling')
      return new S3Error('OperationAborted', 409, 'A bucket of this name was deleted less than 30 minutes ago.');
    if (err.key === 'refusals.oss_bucket.not_empty') return s3.bucketNotEmpty();
    if (err.status === 403) return s3.accessDenied();
    if (err.status === 404) return s3.noSuchBucket();
    return new S3Error('OperationAborted', err.status, err.key);
  }
  if (err && typeof err === 'object' && 'issues' in err) return new S3Error('InvalidBucketName', 400, 'The specified bucket is not valid.');
  return err;
}

/** Creates a bucket in the first package of the project with room left, through the engine. */
export async function createBucket(deps: OssDeps, engine: Engine, caller: S3Caller, name: string) {
  const existing = await bucketByName(deps.db, name);
  if (existing?.tenant_id === caller.scope.tenantId && existing.project_id === caller.scope.projectId)
    throw new S3Error('BucketAlreadyOwnedByYou', 409, 'Your previous request to create the named bucket succeeded and you already own it.');
  let pkg: string | undefined;
  for (const p of await packagesOf(deps.db, caller.scope)) {
    if ((await packageUsedBytes(deps.db, p.id)) < Number(p.spec.capacity_gb ?? 0) * GIB) {
      pkg = p.id;
      break;
    }
  }
  if (!pkg) throw s3.accessDenied('No capacity package with room in this project: buy one in the console first');
  let id: string;
  try {
    id = (await engine.resources.create(caller.scope, ossBucketKind, { name, package_id: pkg })).id;
  } catch (err) {
    throw fromEngine(err);
  }
  await untilSettled(deps, caller, id);
}

/** S3's CreateBucket answers once the bucket exists: wait for the cloud to settle it (or fail it). */
async function untilSettled(deps: OssDeps, caller: S3Caller, id: string, timeoutMs = 60_000) {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const b = await findBucket(deps.db, caller.scope, id);
    if (b && b.status !== 'creating' && b.status !== 'error') return; // available, or waiting for an approval
    if (!b || b.status === 'error') throw new S3Error('InternalError', 500, 'The cloud could not create the bucket.');
    if (Date.now() > until) throw new S3Error('ServiceUnavailable', 503, 'The bucket is still being created; retry shortly.');
    await new Promise((r) => setTimeout(r, 100));
  }
}

export async function deleteBucket(deps: OssDeps, engine: Engine, caller: S3Caller, name: string) {
  const b = await callerBucket(deps, caller, name);
  try {
    await engine.resources.act(caller.scope, ossBucketKind, b.id, { action: 'delete' });
  } catch (err) {
    throw fromEngine(err);
  }
}

export function objectKeyOf(key: string) {
  if (objectKeyProblem(key)) throw new S3Error(key.length > 1024 ? 'KeyTooLongError' : 'InvalidArgument', 400, 'The object key is not valid.');
  return key;
}

export async function putObject(deps: OssDeps, bucket: BucketRow, key: string, body: AsyncIterable<Uint8Array>, contentType: string) {
  checkWritable(bucket);
  const blob = await writeBlob(deps.db, body, { maxBytes: S3_MAX_OBJECT_BYTES, tooLarge });
  return commitObject(deps.db, bucket, { key: objectKeyOf(key), blob, contentType });
}

export async function getObject(deps: OssDeps, bucket: BucketRow, key: string) {
  const o = await findObject(deps.db, bucket.id, key);
  if (!o) throw s3.noSuchKey();
  return o;
}

/** The byte range of a Range header (bytes=a-b, a-, -n) within `size`; null for the whole object. */
export function rangeOf(header: string | undefined, size: number): { start: number; end: number } | null {
  if (!header) return null;
  const m = /^bytes=(\d*)-(\d*)$/.exec(header.trim());
  if (!m || (!m[1] && !m[2])) return null;
  let start: number;
  let end: number;
  if (!m[1]) {
    start = Math.max(0, size - Number(m[2]));
    end = size - 1;
  } else {
    start = Number(m[1]);
    end = m[2] ? Math.min(Number(m[2]), size - 1) : size - 1;
  }
  if (start >= size || start > end) throw new S3Error('InvalidRange', 416, 'The requested range is not satisfiable');
  return { start, end };
}

export const objectBody = (deps: OssDeps, blobId: string, range: { start: number; end: number } | null) =>
  readBlob(deps.db, blobId, range?.start ?? 0, range?.end);

export async function deleteObject(deps: OssDeps, bucket: BucketRow, key: string) {
  await deps.db.transaction().execute((trx) => deleteObjects(trx, bucket.id, [key]));
  await refreshUsage(deps.db, bucket);
}

export async function listObjectsV2(deps: OssDeps, bucket: BucketRow, o: { prefix: string; delimiter: string; maxKeys: number; after: string }) {
  const entries = await listLevel(deps.db, {
    bucketId: bucket.id,
    prefix: o.prefix,
    delimiter: o.delimiter,
    limit: o.maxKeys + 1,
    foldersFirst: false,
    after: o.after ? { folder: false, entry: o.after } : undefined,
  });
  const page = entries.slice(0, o.maxKeys);
  const objects = new Map(
    (
      await objectsByKeys(
        deps.db,
        bucket.id,
        page.filter((e) => !e.folder).map((e) => e.entry),
      )
    ).map((x) => [x.key, x]),
  );
  return { page, objects, truncated: entries.length > o.maxKeys };
}

// ── multipart uploads ──

export async function createUpload(deps: OssDeps, bucket: BucketRow, key: string, contentType: string) {
  checkWritable(bucket);
  return insertUpload(deps.db, { tenant_id: bucket.tenant_id, bucket_id: bucket.id, key: objectKeyOf(key), content_type: contentType });
}

async function uploadOf(deps: OssDeps, bucket: BucketRow, key: string, uploadId: string) {
  const u = /^[0-9a-f]{32}$/.test(uploadId) ? await findUpload(deps.db, bucket.id, uploadId) : undefined;
  if (!u || u.key !== key) throw s3.noSuchUpload();
  return u;
}

export async function uploadPart(deps: OssDeps, bucket: BucketRow, key: string, uploadId: string, partNumber: number, body: AsyncIterable<Uint8Array>) {
  const u = await uploadOf(deps, bucket, key, uploadId);
  if (!Number.isInteger(partNumber) || partNumber < 1 || partNumber > 10_000) throw s3.invalidArgument('Part number must be an integer between 1 and 10000');
  const blob = await writeBlob(deps.db, body, { maxBytes: S3_MAX_OBJECT_BYTES, tooLarge, seqBase: partNumber * PART_SEQ });
  const replaced = await deps.db
    .transaction()
    .execute((trx) => upsertPart(trx, { upload_id: u.id, part_number: partNumber, blob_id: blob.blobId, size: blob.size, etag: blob.md5 }));
  if (replaced) await staging(() => deleteBlobs(deps.db, [replaced]));
  return blob.md5;
}

/** The parts a CompleteMultipartUpload body lists, in its order. */
export function listedParts(xml: string): { partNumber: number; etag: string }[] {
  return [...xml.matchAll(/<Part>([\s\S]*?)<\/Part>/g)].map((m) => ({
    partNumber: Number(/<PartNumber>\s*(\d+)\s*<\/PartNumber>/.exec(m[1]!)?.[1] ?? NaN),
    etag: (/<ETag>([\s\S]*?)<\/ETag>/.exec(m[1]!)?.[1] ?? '').replace(/&quot;|"/g, '').trim(),
  }));
}

export async function completeUpload(deps: OssDeps, bucket: BucketRow, key: string, uploadId: string, xml: string) {
  const u = await uploadOf(deps, bucket, key, uploadId);
  const listed = listedParts(xml);
  if (!listed.length) throw new S3Error('MalformedXML', 400, 'The XML you provided was not well-formed or did not validate against our published schema.');
  const stored = new Map((await partsOf(deps.db, u.id)).map((p) => [p.part_number, p]));
  const used: Awaited<ReturnType<typeof partsOf>> = [];
  for (const [i, l] of listed.entries()) {
    if (i && l.partNumber <= listed[i - 1]!.partNumber) throw new S3Error('InvalidPartOrder', 400, 'The list of parts was not in ascending order.');
    const p = stored.get(l.partNumber);
    if (!p || p.etag !== l.etag) throw new S3Error('InvalidPart', 400, 'One or more of the specified parts could not be found.');
    used.push(p);
  }
  const md5 = createHash('md5');
  for (const p of used) md5.update(Buffer.from(p.etag, 'hex'));
  const etag = `${md5.digest('hex')}-${used.length}`;
  const blobId = used[0]!.blob_id;
  await staging(async () => {
    for (const p of used.slice(1)) await moveChunks(deps.db, p.blob_id, blobId);
  });
  const size = used.reduce((n, p) => n + p.size, 0);
  const o = await commitObject(deps.db, bucket, { key, blob: { blobId, size, md5: etag }, contentType: u.content_type, etag });
  // The first part's blob is the object's now, the other used parts' blobs are empty; parts
  // uploaded but not listed go with the upload.
  const unused = [...stored.values()].filter((p) => !used.includes(p)).map((p) => p.blob_id);
  await deps.db.transaction().execute(async (trx) => {
    await deleteBlobs(trx, unused);
    await dropUpload(trx, u.id);
  });
  return o;
}

export async function abortUpload(deps: OssDeps, bucket: BucketRow, key: string, uploadId: string) {
  const u = await uploadOf(deps, bucket, key, uploadId);
  await deps.db.transaction().execute((trx) => deleteUpload(trx, u.id));
}
