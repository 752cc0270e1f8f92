// The SQL of the bucket kind beyond the resources table (its server half, oss-bucket.hooks.ts): the
// platform-wide name rules (taken by any tenant, released less than 30 minutes ago), a bucket's and a
// package's usage, and what a removed bucket leaves behind (its objects' chunks; the rows go with the
// resource by foreign key). The object storage slice (oss/) reads usage through these too.
import { sql, type Kysely } from 'kysely';
import type { Database } from '../../../platform/db/tables.ts';
import '../../../platform/db/oss.tables.ts';

type Exec = Kysely<Database>;

/** Whether any tenant has a bucket of this name (any status). */
export async function bucketNameTaken(ex: Exec, name: string): Promise<boolean> {
  const row = await ex.selectFrom('resources').select('id').where('kind', '=', 'oss_bucket').where('name', '=', name).executeTakeFirst();
  return !!row;
}

/** Whether the name was released by a delete less than `minutes` ago. */
export async function bucketNameCooling(ex: Exec, name: string, minutes: number): Promise<boolean> {
  const row = await ex
    .selectFrom('oss_released_names')
    .select('name')
    .where('name', '=', name)
    .where('released_at', '>', sql<Date>`now() - make_interval(mins => ${minutes})`)
    .executeTakeFirst();
  return !!row;
}

export async function releaseBucketName(ex: Exec, name: string): Promise<void> {
  await ex
    .insertInto('oss_released_names')
    .values({ name, released_at: sql<Date>`now()` })
    .onConflict((oc) => oc.column('name').doUpdateSet({ released_at: sql<Date>`now()` }))
    .execute();
}

/** Objects and bytes of a bucket. */
export async function bucketUsage(ex: Exec, bucketId: string): Promise<{ objects: number; bytes: number }> {
  const row = await ex
    .selectFrom('oss_objects')
    .select([sql<string>`count(*)`.as('n'), sql<string>`coalesce(sum(size), 0)`.as('b')])
    .where('bucket_id', '=', bucketId)
    .executeTakeFirst();
  return { objects: Number(row?.n ?? 0), bytes: Number(row?.b ?? 0) };
}

/** Bytes stored in the buckets of a package (their spec's package_id), except `exceptBucket`. */
export async function packageUsedBytes(ex: Exec, packageId: string, exceptBucket?: string): Promise<number> {
  let qb = ex
    .selectFrom('oss_objects')
    .innerJoin('resources', 'resources.id', 'oss_objects.bucket_id')
    .select(sql<string>`coalesce(sum(oss_objects.size), 0)`.as('b'))
    .where('resources.kind', '=', 'oss_bucket')
    .where(sql<string>`resources.spec->>'package_id'`, '=', packageId);
  if (exceptBucket) qb = qb.where('resources.id', '!=', exceptBucket);
  return Number((await qb.executeTakeFirst())?.b ?? 0);
}

/** Buckets of a package (any status). */
export async function packageBucketCount(ex: Exec, packageId: string, exceptBucket?: string): Promise<number> {
  let qb = ex
    .selectFrom('resources')
    .select(sql<string>`count(*)`.as('n'))
    .where('kind', '=', 'oss_bucket')
    .where(sql<string>`spec->>'package_id'`, '=', packageId);
  if (exceptBucket) qb = qb.where('id', '!=', exceptBucket);
  return Number((await qb.executeTakeFirst())?.n ?? 0);
}

/** Deletes the chunks of every blob a bucket holds (objects, unfinished uploads, backup copies). */
export async function deleteBucketBlobs(ex: Exec, bucketId: string): Promise<void> {
  await ex
    .deleteFrom('oss_chunks')
    .where('blob_id', 'in', (eb) => eb.selectFrom('oss_objects').select('blob_id').where('bucket_id', '=', bucketId))
    .execute();
  await ex
    .deleteFrom('oss_chunks')
    .where('blob_id', 'in', (eb) =>
      eb
        .selectFrom('oss_multipart_parts')
        .innerJoin('oss_multipart_uploads', 'oss_multipart_uploads.id', 'oss_multipart_parts.upload_id')
        .select('oss_multipart_parts.blob_id')
        .where('oss_multipart_uploads.bucket_id', '=', bucketId),
    )
    .execute();
  await ex
    .deleteFrom('oss_chunks')
    .where('blob_id', 'in', (eb) =>
      eb
        .selectFrom('oss_backup_objects')
        .innerJoin('oss_backup_records', 'oss_backup_records.id', 'oss_backup_objects.record_id')
        .innerJoin('oss_backup_strategies', 'oss_backup_strategies.id', 'oss_backup_records.strategy_id')
        .select('oss_backup_objects.blob_id')
        .where('oss_backup_strategies.bucket_id', '=', bucketId),
    )
    .execute();
}
