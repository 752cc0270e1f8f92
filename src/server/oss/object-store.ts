// The object store's bytes (ADR 0063): a stream goes into PostgreSQL as chunks of 256 KB while it
// arrives and comes out one chunk at a time, so no object is ever whole in memory. A blob is written
// before the object row points at it; the swap (and the capacity check) is one short transaction, the
// request's write. The chunks themselves are staging, written outside the request's write context:
// an Idempotency-Key is marked applied by the transaction that makes the object, not by a chunk.
import { createHash } from 'node:crypto';
import { Readable } from 'node:stream';
import { AppError, conflict } from '../../domain/errors.ts';
import { newId } from '../../domain/ids.ts';
import { GIB } from '../../domain/kinds/oss-bucket/oss-bucket.rules.ts';
import type { Db } from '../platform/db/database.ts';
import { writeContext } from '../platform/db/write-context.ts';
import { packageUsedBytes } from '../engine/kinds/oss-bucket/oss-bucket.repository.ts';
import { refreshUsage, type BucketRow } from './bucket.repository.ts';
import { chunkData, chunkIndex, deleteBlobs, findObject, insertChunk, upsertObject, type ObjectRow } from './objects.repository.ts';
import { resourcesByIds } from '../engine/engine.repository.ts';

export const CHUNK_BYTES = 256 * 1024;
/** Multipart parts keep their number in the chunk sequence: part × PART_SEQ + chunk. */
export const PART_SEQ = 1_000_000;

export interface WrittenBlob {
  blobId: string;
  size: number;
  md5: string;
}

/** Work outside the request's write context (staging chunks, not the request's write). */
export const staging = <T>(fn: () => Promise<T>): Promise<T> => writeContext.run(null, fn);

/**
 * Writes a stream into a new blob chunk by chunk. Past `maxBytes` it stops, deletes what it wrote
 * and throws `tooLarge()`; any failure of the stream deletes the chunks too.
 */
export function writeBlob(db: Db, source: AsyncIterable<Uint8Array>, o: { maxBytes: number; tooLarge: () => Error; seqBase?: number }): Promise<WrittenBlob> {
  return staging(async () => {
    const blobId = newId();
    const md5 = createHash('md5');
    let size = 0;
    let seq = o.seqBase ?? 0;
    let pending: Buffer[] = [];
    let pendingLen = 0;
    const flush = async (all: boolean) => {
      while (pendingLen >= CHUNK_BYTES || (all && pendingLen > 0)) {
        const buf = pending.length === 1 ? pending[0]! : Buffer.concat(pending);
        const take = Math.min(CHUNK_BYTES, buf.length);
        await insertChunk(db, blobId, seq++, buf.subarray(0, take));
        pending = take < buf.length ? [buf.subarray(take)] : [];
        pendingLen = buf.length - take;
      }
    };
    try {
      for await (const piece of source) {
        size += piece.length;
        if (size > o.maxBytes) throw o.tooLarge();
        md5.update(piece);
        pending.push(Buffer.from(piece.buffer, piece.byteOffset, piece.byteLength));
        pendingLen += piece.length;
        if (pendingLen >= CHUNK_BYTES) await flush(false);
      }
      await flush(true);
    } catch (err) {
      await deleteBlobs(db, [blobId]);
      throw err;
    }
    return { blobId, size, md5: md5.digest('hex') };
  });
}

/** The bytes of a blob from `start` to `end` (inclusive), fetched one chunk at a time. */
export function readBlob(db: Db, blobId: string, start = 0, end?: number): Readable {
  async function* chunks() {
    let offset = 0;
    for (const c of await chunkIndex(db, blobId)) {
      const from = offset;
      offset += c.len;
      if (offset <= start) continue;
      if (end !== undefined && from > end) break;
      const data = Buffer.from(await chunkData(db, blobId, c.seq));
      yield data.subarray(Math.max(0, start - from), end === undefined ? c.len : Math.min(c.len, end - from + 1));
    }
  }
  return Readable.from(chunks(), { objectMode: false });
}

/** Objects are written while a bucket is being created or is available, never while it goes. */
export function checkWritable(bucket: BucketRow) {
  if (!['available', 'creating'].includes(bucket.status)) throw conflict('refusals.oss_bucket.unavailable');
}

/**
 * Points `key` at a written blob, replacing the object there, inside one transaction: refused (and
 * the blob deleted) when the bucket's package would hold more than its capacity. Answers the object.
 */
export async function commitObject(
  db: Db,
  bucket: BucketRow,
  o: { key: string; blob: WrittenBlob; contentType: string; etag?: string; updatedAt?: Date },
): Promise<ObjectRow> {
  try {
    return await db.transaction().execute(async (trx) => {
      const [pkg] = await resourcesByIds(trx, bucket.spec.package_id ? [String(bucket.spec.package_id)] : [], true);
      const old = await findObject(trx, bucket.id, o.key);
      if (pkg) {
        const used = (await packageUsedBytes(trx, pkg.id)) - (old?.size ?? 0) + o.blob.size;
        if (used > Number(pkg.spec.capacity_gb ?? 0) * GIB) throw new AppError(409, 'oss.package_full', { name: pkg.name });
      }
      const replaced = await upsertObject(trx, {
        tenant_id: bucket.tenant_id,
        bucket_id: bucket.id,
        key: o.key,
        blob_id: o.blob.blobId,
        size: o.blob.size,
        content_type: o.contentType,
        etag: o.etag ?? o.blob.md5,
        storage_class: String(bucket.spec.storage_class ?? 'standard'),
        ...(o.updatedAt ? { updated_at: o.updatedAt } : {}),
      });
      if (replaced) await deleteBlobs(trx, [replaced]);
      await refreshUsage(trx, bucket);
      return (await findObject(trx, bucket.id, o.key))!;
    });
  } catch (err) {
    await staging(() => deleteBlobs(db, [o.blob.blobId]));
    throw err;
  }
}

/** Deletes a written blob that will not become an object. */
export const discardBlob = (db: Db, blob: WrittenBlob) => staging(() => deleteBlobs(db, [blob.blobId]));

/** A stream of a Buffer (folders and small demo files go through the same path as uploads). */
export async function* bytesOf(buf: Uint8Array): AsyncIterable<Uint8Array> {
  if (buf.length) yield buf;
}
