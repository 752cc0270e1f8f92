// The console's files of a bucket (REST, issue 30): one level listed under a prefix (folders first,
// 50 at a time, keyset cursor of the platform's paging), folders, streamed uploads and downloads,
// deletes (a folder with what is in it).
import type { Readable } from 'node:stream';
import { AppError, notFound } from '../../domain/errors.ts';
import { folderCreateSchema, objectKeyQuery, objectListQuery, prefixRule } from '../../domain/oss/oss.schema.ts';
import { objectKeyProblem } from '../../domain/kinds/oss-bucket/oss-bucket.rules.ts';
import type { Scope } from '../platform/auth/scope.ts';
import { decodeCursor, encodeCursor } from '../platform/lib/list.ts';
import { invalid } from '../platform/lib/invalid.ts';
import { refreshUsage, type BucketRow } from './bucket.repository.ts';
import { bytesOf, checkWritable, commitObject, discardBlob, readBlob, writeBlob } from './object-store.ts';
import { deleteObjects, findObject, keysUnder, latestUnder, listLevel, objectsByKeys, type ObjectRow } from './objects.repository.ts';
import { bucketOr404, countOssRequest, type IncomingFile, type OssDeps, type Staged } from './oss-deps.ts';

const iso = (d: Date | string) => new Date(d).toISOString();
export const tooLarge = (deps: Pick<OssDeps, 'maxUploadBytes'>) => () =>
  new AppError(413, 'upload_file_too_large', { name: '', max: `${Math.round(deps.maxUploadBytes / 1024 / 1024)} MB` });

function cursorAfter(cursor: string | undefined) {
  if (!cursor) return undefined;
  const [rank, entry] = decodeCursor(cursor);
  if (rank !== 0 && rank !== 1) throw new AppError(400, 'validation', { field: 'cursor', rule: '—' });
  return { folder: rank === 0, entry };
}

export async function listObjects(deps: OssDeps, scope: Scope, bucketId: string, query: unknown) {
  const bucket = await bucketOr404(deps, scope, bucketId);
  const q = objectListQuery.parse(query ?? {});
  const entries = await listLevel(deps.db, {
    bucketId: bucket.id,
    prefix: q.prefix,
    delimiter: '/',
    limit: q.limit + 1,
    foldersFirst: true,
    after: cursorAfter(q.cursor),
  });
  const page = entries.slice(0, q.limit);
  const files = new Map(
    (
      await objectsByKeys(
        deps.db,
        bucket.id,
        page.filter((e) => !e.folder).map((e) => e.entry),
      )
    ).map((o) => [o.key, o]),
  );
  const folderTimes = await latestUnder(
    deps.db,
    bucket.id,
    page.filter((e) => e.folder).map((e) => e.entry),
  );
  const data = page.map((e) => {
    const name = e.entry.slice(q.prefix.length).replace(/\/$/, '');
    if (e.folder)
      return {
        key: e.entry,
        name,
        type: 'folder' as const,
        size: 0,
        content_type: '',
        updated_at: folderTimes.has(e.entry) ? iso(folderTimes.get(e.entry)!) : null,
      };
    const o = files.get(e.entry)!;
    return { key: o.key, name, type: 'file' as const, size: o.size, content_type: o.content_type, updated_at: iso(o.updated_at) };
  });
  const last = page[page.length - 1];
  const next_cursor = entries.length > q.limit && last ? encodeCursor([last.folder ? 0 : 1, last.entry]) : null;
  return { data, next_cursor };
}

export async function createFolder(deps: OssDeps, scope: Scope, bucketId: string, body: unknown) {
  const bucket = await bucketOr404(deps, scope, bucketId);
  const { path } = folderCreateSchema.parse(body ?? {});
  checkWritable(bucket);
  const key = path.endsWith('/') ? path : `${path}/`;
  const blob = await writeBlob(deps.db, bytesOf(new Uint8Array()), { maxBytes: 0, tooLarge: tooLarge(deps) });
  const o = await commitObject(deps.db, bucket, { key, blob, contentType: 'application/x-directory' });
  return { key: o.key, name: path.replace(/\/$/, '').split('/').pop(), type: 'folder' as const };
}

/** The bucket an upload goes to, checked before any byte of the body is read (another tenant's: 404). */
export async function uploadBucket(deps: OssDeps, scope: Scope, bucketId: string): Promise<BucketRow> {
  const bucket = await bucketOr404(deps, scope, bucketId);
  checkWritable(bucket);
  return bucket;
}

/** Writes the file's bytes away as they arrive; the object appears when the form is committed. */
export async function stageUpload(
  deps: OssDeps,
  bucket: BucketRow,
  prefix: string | undefined,
  file: IncomingFile,
): Promise<Staged<{ key: string; size: number; content_type: string }>> {
  const p = prefixRule.safeParse(prefix ?? '');
  if (!p.success) throw invalid('prefix', p.error.issues[0]?.message ?? 'folder_path');
  const target = { bucket, prefix: p.data };
  const name = file.filename.split(/[\\/]/).pop() ?? '';
  const key = `${target.prefix}${name}`;
  if (!name || objectKeyProblem(key)) throw invalid('file', 'object_key');
  const blob = await writeBlob(deps.db, file.stream, { maxBytes: deps.maxUploadBytes, tooLarge: tooLarge(deps) });
  return {
    async commit() {
      const o = await commitObject(deps.db, target.bucket, { key, blob, contentType: file.mimetype || 'application/octet-stream' });
      await countOssRequest(deps, target.bucket.tenant_id);
      return { key: o.key, size: o.size, content_type: o.content_type };
    },
    discard: () => discardBlob(deps.db, blob),
  };
}

export async function downloadObject(deps: OssDeps, scope: Scope, bucketId: string, query: unknown): Promise<{ object: ObjectRow; body: Readable }> {
  const bucket = await bucketOr404(deps, scope, bucketId);
  const { key } = objectKeyQuery.parse(query ?? {});
  const object = await findObject(deps.db, bucket.id, key);
  if (!object || key.endsWith('/')) throw notFound();
  await countOssRequest(deps, bucket.tenant_id);
  return { object, body: readBlob(deps.db, object.blob_id) };
}

/** Deletes every object under a prefix, 500 at a time. */
export async function deletePrefix(deps: Pick<OssDeps, 'db'>, bucket: BucketRow, prefix: string) {
  let total = 0;
  for (;;) {
    const keys = (await keysUnder(deps.db, bucket.id, prefix, 500)).map((o) => o.key);
    if (!keys.length) break;
    total += (await deps.db.transaction().execute((trx) => deleteObjects(trx, bucket.id, keys))).objects;
  }
  return total;
}

export async function deleteObject(deps: OssDeps, scope: Scope, bucketId: string, query: unknown) {
  const bucket = await bucketOr404(deps, scope, bucketId);
  const { key } = objectKeyQuery.parse(query ?? {});
  let deleted: number;
  if (key.endsWith('/')) deleted = await deletePrefix(deps, bucket, key);
  else deleted = (await deps.db.transaction().execute((trx) => deleteObjects(trx, bucket.id, [key]))).objects;
  if (!deleted) throw notFound();
  await refreshUsage(deps.db, bucket);
  return { key, deleted };
}
