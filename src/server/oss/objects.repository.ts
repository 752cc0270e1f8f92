// All SQL of objects and their bytes (ADR 0063): an object row points at a blob, a blob is chunks
// of at most 256 KB keyed (blob_id, seq). Writers insert chunks first and swap the object row in one
// short transaction; readers fetch one chunk at a time. Listings take a bucket's keys under a prefix
// and fold everything below the next '/' into one folder entry.
import { sql, type Kysely } from 'kysely';
import { newId } from '../../domain/ids.ts';
import type { Database } from '../platform/db/tables.ts';
import '../platform/db/oss.tables.ts';

type Exec = Kysely<Database>;

export interface ObjectRow {
  id: string;
  tenant_id: string;
  bucket_id: string;
  key: string;
  blob_id: string;
  size: number;
  content_type: string;
  etag: string;
  storage_class: string;
  created_at: Date;
  updated_at: Date;
}

const OBJECT_COLUMNS = ['id', 'tenant_id', 'bucket_id', 'key', 'blob_id', 'size', 'content_type', 'etag', 'storage_class', 'created_at', 'updated_at'] as const;
const toObject = (r: Record<string, unknown>): ObjectRow => ({ ...(r as unknown as ObjectRow), size: Number(r.size) });
/** LIKE pattern of a prefix (its %, _ and \ taken literally). */
export const likePrefix = (prefix: string) => `${prefix.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

export async function insertChunk(ex: Exec, blobId: string, seq: number, data: Uint8Array): Promise<void> {
  await ex.insertInto('oss_chunks').values({ blob_id: blobId, seq, len: data.length, data }).execute();
}

/** The chunks of a blob in order: their numbers and lengths (not their bytes). */
export async function chunkIndex(ex: Exec, blobId: string): Promise<{ seq: number; len: number }[]> {
  const rows = await ex.selectFrom('oss_chunks').select(['seq', 'len']).where('blob_id', '=', blobId).orderBy('seq').execute();
  return rows.map((r) => ({ seq: Number(r.seq), len: r.len }));
}

export async function chunkData(ex: Exec, blobId: string, seq: number): Promise<Uint8Array> {
  const row = await ex.selectFrom('oss_chunks').select('data').where('blob_id', '=', blobId).where('seq', '=', seq).executeTakeFirstOrThrow();
  return row.data;
}

export async function deleteBlobs(ex: Exec, blobIds: string[]): Promise<void> {
  if (blobIds.length) await ex.deleteFrom('oss_chunks').where('blob_id', 'in', blobIds).execute();
}

/** Copies a blob's chunks to a new blob inside the database (no bytes through the server). */
export async function copyBlob(ex: Exec, blobId: string): Promise<string> {
  const to = newId();
  await sql`insert into oss_chunks (blob_id, seq, len, data) select ${to}, seq, len, data from oss_chunks where blob_id = ${blobId}`.execute(ex);
  return to;
}

/** Moves a part's chunks into the object's blob (multipart completion: no copy). */
export async function moveChunks(ex: Exec, fromBlob: string, toBlob: string): Promise<void> {
  await ex.updateTable('oss_chunks').set({ blob_id: toBlob }).where('blob_id', '=', fromBlob).execute();
}

export async function findObject(ex: Exec, bucketId: string, key: string): Promise<ObjectRow | undefined> {
  const row = await ex.selectFrom('oss_objects').select(OBJECT_COLUMNS).where('bucket_id', '=', bucketId).where('key', '=', key).executeTakeFirst();
  return row ? toObject(row) : undefined;
}

export type NewObject = Omit<ObjectRow, 'id' | 'created_at' | 'updated_at'> & { updated_at?: Date };

/**
 * Puts the object row (replacing one of the same key) and answers the blob it replaced, whose chunks
 * the caller deletes in the same transaction.
 */
export async function upsertObject(ex: Exec, o: NewObject): Promise<string | null> {
  const old = await ex.selectFrom('oss_objects').select('blob_id').where('bucket_id', '=', o.bucket_id).where('key', '=', o.key).forUpdate().executeTakeFirst();
  const when = o.updated_at ?? sql<Date>`now()`;
  if (old)
    await ex
      .updateTable('oss_objects')
      .set({ blob_id: o.blob_id, size: o.size, content_type: o.content_type, etag: o.etag, storage_class: o.storage_class, updated_at: when })
      .where('bucket_id', '=', o.bucket_id)
      .where('key', '=', o.key)
      .execute();
  else
    await ex
      .insertInto('oss_objects')
      .values({ id: newId(), ...o, created_at: when, updated_at: when })
      .execute();
  return old?.blob_id ?? null;
}

/** Deletes objects by key and their chunks; answers how many went and their bytes. */
export async function deleteObjects(ex: Exec, bucketId: string, keys: string[]): Promise<{ objects: number; bytes: number }> {
  if (!keys.length) return { objects: 0, bytes: 0 };
  const gone = await ex.deleteFrom('oss_objects').where('bucket_id', '=', bucketId).where('key', 'in', keys).returning(['blob_id', 'size']).execute();
  await deleteBlobs(
    ex,
    gone.map((g) => g.blob_id),
  );
  return { objects: gone.length, bytes: gone.reduce((n, g) => n + Number(g.size), 0) };
}

/** Keys under a prefix (all of them when prefix is ''), in key order, after `after`, at most `limit`. */
export async function keysUnder(ex: Exec, bucketId: string, prefix: string, limit: number, after = ''): Promise<ObjectRow[]> {
  let qb = ex.selectFrom('oss_objects').select(OBJECT_COLUMNS).where('bucket_id', '=', bucketId).where('key', '>', after);
  if (prefix) qb = qb.where(sql<boolean>`key like ${likePrefix(prefix)}`);
  return (await qb.orderBy('key').limit(limit).execute()).map(toObject);
}

/** Objects under a prefix last written before `before`. */
export async function keysWrittenBefore(ex: Exec, bucketId: string, prefix: string, before: Date, limit: number): Promise<string[]> {
  let qb = ex.selectFrom('oss_objects').select('key').where('bucket_id', '=', bucketId).where('updated_at', '<', before);
  if (prefix) qb = qb.where(sql<boolean>`key like ${likePrefix(prefix)}`);
  return (await qb.orderBy('key').limit(limit).execute()).map((r) => r.key);
}

export interface ListEntry {
  /** the key, or the folder's prefix ending in the delimiter */
  entry: string;
  folder: boolean;
}

/**
 * One level of a bucket under `prefix` with `delimiter`: folders (common prefixes) and objects.
 * `foldersFirst`: the console's order (folders, then files, each by name); otherwise S3's (all by
 * name). Keyset after (folder, entry) or entry; `limit` entries.
 */
export async function listLevel(
  ex: Exec,
  o: { bucketId: string; prefix: string; delimiter: string; limit: number; foldersFirst: boolean; after?: { folder: boolean; entry: string } },
): Promise<ListEntry[]> {
  const plen = o.prefix.length;
  const rest = sql`substr(key, ${plen + 1})`;
  const entry = o.delimiter
    ? sql<string>`case when strpos(${rest}, ${o.delimiter}) > 0 then ${o.prefix} || split_part(${rest}, ${o.delimiter}, 1) || ${o.delimiter} else key end`
    : sql<string>`key`;
  const folder = o.delimiter ? sql<boolean>`strpos(${rest}, ${o.delimiter}) > 0` : sql<boolean>`false`;
  const rank = sql`case when folder then 0 else 1 end`;
  const afterRank = o.after?.folder ? 0 : 1;
  let afterClause = sql``;
  if (o.after)
    afterClause = o.foldersFirst
      ? sql`where (${rank}, entry collate "C") > (${afterRank}, ${o.after.entry} collate "C")`
      : sql`where entry collate "C" > ${o.after.entry}`;
  // byte order, as S3 lists (whatever the database's collation)
  const order = o.foldersFirst ? sql`${rank}, entry collate "C"` : sql`entry collate "C"`;
  const rows = await sql<ListEntry>`
    select entry, folder from (
      select distinct ${entry} as entry, ${folder} as folder from oss_objects
      where bucket_id = ${o.bucketId} and key like ${likePrefix(o.prefix)} and key <> ${o.prefix}
    ) levels ${afterClause}
    order by ${order} limit ${o.limit}`.execute(ex);
  return rows.rows.map((r) => ({ entry: r.entry, folder: !!r.folder }));
}

export async function objectsByKeys(ex: Exec, bucketId: string, keys: string[]): Promise<ObjectRow[]> {
  if (!keys.length) return [];
  return (await ex.selectFrom('oss_objects').select(OBJECT_COLUMNS).where('bucket_id', '=', bucketId).where('key', 'in', keys).execute()).map(toObject);
}

/** Latest write under a folder prefix (the console shows a folder's time). */
export async function latestUnder(ex: Exec, bucketId: string, prefixes: string[]): Promise<Map<string, Date>> {
  const out = new Map<string, Date>();
  for (const p of prefixes) {
    const row = await ex
      .selectFrom('oss_objects')
      .select(sql<Date>`max(updated_at)`.as('t'))
      .where('bucket_id', '=', bucketId)
      .where(sql<boolean>`key like ${likePrefix(p)}`)
      .executeTakeFirst();
    if (row?.t) out.set(p, new Date(row.t));
  }
  return out;
}

// ── multipart uploads ──

export async function insertUpload(ex: Exec, u: { tenant_id: string; bucket_id: string; key: string; content_type: string }): Promise<string> {
  const id = newId();
  await ex
    .insertInto('oss_multipart_uploads')
    .values({ id, ...u, created_at: sql<Date>`now()` })
    .execute();
  return id;
}

export async function findUpload(ex: Exec, bucketId: string, uploadId: string) {
  return ex.selectFrom('oss_multipart_uploads').selectAll().where('id', '=', uploadId).where('bucket_id', '=', bucketId).executeTakeFirst();
}

/** Puts a part (replacing a part of the same number); answers the blob it replaced. */
export async function upsertPart(ex: Exec, p: { upload_id: string; part_number: number; blob_id: string; size: number; etag: string }): Promise<string | null> {
  const old = await ex
    .selectFrom('oss_multipart_parts')
    .select('blob_id')
    .where('upload_id', '=', p.upload_id)
    .where('part_number', '=', p.part_number)
    .forUpdate()
    .executeTakeFirst();
  if (old) await ex.deleteFrom('oss_multipart_parts').where('upload_id', '=', p.upload_id).where('part_number', '=', p.part_number).execute();
  await ex.insertInto('oss_multipart_parts').values(p).execute();
  return old?.blob_id ?? null;
}

export async function partsOf(ex: Exec, uploadId: string) {
  const rows = await ex.selectFrom('oss_multipart_parts').selectAll().where('upload_id', '=', uploadId).orderBy('part_number').execute();
  return rows.map((r) => ({ ...r, size: Number(r.size) }));
}

/** Deletes an upload, its parts and their chunks. */
export async function deleteUpload(ex: Exec, uploadId: string): Promise<void> {
  const parts = await ex.selectFrom('oss_multipart_parts').select('blob_id').where('upload_id', '=', uploadId).execute();
  await deleteBlobs(
    ex,
    parts.map((p) => p.blob_id),
  );
  await ex.deleteFrom('oss_multipart_uploads').where('id', '=', uploadId).execute();
}

/** Deletes an upload's rows only (its parts' chunks have become an object's). */
export async function dropUpload(ex: Exec, uploadId: string): Promise<void> {
  await ex.deleteFrom('oss_multipart_uploads').where('id', '=', uploadId).execute();
}
