// The SQL of buckets beyond the resources table: the platform-wide name rules (taken by any tenant,
// released less than 30 minutes ago), a bucket's and a package's usage, and what a removed bucket
// leaves behind (its objects' chunks; the rows go with the resource by foreign key).
import { sql, type Kysely } from 'kysely';
import type { Database } from '../platform/db/tables.ts';
import { RESOURCE_COLUMNS, scopedResources, type ResourceRow, type ResourceScope } from '../platform/db/resource-rows.ts';
import './oss.tables.ts';

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

// ── buckets as the object store reads them ──

export type BucketRow = ResourceRow;

/** A bucket of the scope (undefined for another tenant's or project's: the caller answers 404). */
export async function findBucket(ex: Exec, scope: ResourceScope, id: string): Promise<BucketRow | undefined> {
  return (await scopedResources(ex, scope, 'oss_bucket')
    .select([...RESOURCE_COLUMNS])
    .where('resources.id', '=', id)
    .executeTakeFirst()) as BucketRow | undefined;
}

/** A bucket by its platform-wide name. */
export async function bucketByName(ex: Exec, name: string): Promise<BucketRow | undefined> {
  return (await ex
    .selectFrom('resources')
    .select([...RESOURCE_COLUMNS])
    .where('kind', '=', 'oss_bucket')
    .where('name', '=', name)
    .executeTakeFirst()) as BucketRow | undefined;
}

export async function bucketsOf(ex: Exec, scope: ResourceScope): Promise<BucketRow[]> {
  return (await scopedResources(ex, scope, 'oss_bucket')
    .select([...RESOURCE_COLUMNS])
    .orderBy('resources.name')
    .execute()) as BucketRow[];
}

/** Packages of the scope that are available, in creation order (S3 CreateBucket picks one with room). */
export async function packagesOf(ex: Exec, scope: ResourceScope): Promise<ResourceRow[]> {
  return (await scopedResources(ex, scope, 'oss_package')
    .select([...RESOURCE_COLUMNS])
    .where('resources.status', '=', 'available')
    .orderBy('resources.created_at')
    .orderBy('resources.id')
    .execute()) as ResourceRow[];
}

/** Writes a bucket's objects and bytes into its spec, and its package's bytes into the package's. */
export async function refreshUsage(ex: Exec, bucket: BucketRow): Promise<{ objects: number; bytes: number }> {
  const u = await bucketUsage(ex, bucket.id);
  await ex
    .updateTable('resources')
    .set({ spec: sql`spec || jsonb_build_object('used_bytes', ${u.bytes}::bigint, 'object_count', ${u.objects}::bigint)`, updated_at: sql<Date>`now()` })
    .where('id', '=', bucket.id)
    .execute();
  const pkg = bucket.spec.package_id ? String(bucket.spec.package_id) : null;
  if (pkg)
    await ex
      .updateTable('resources')
      .set({ spec: sql`spec || jsonb_build_object('used_bytes', ${await packageUsedBytes(ex, pkg)}::bigint)` })
      .where('id', '=', pkg)
      .execute();
  return u;
}

/** Objects and bytes stored in the scope's buckets, and their count. */
export async function scopeUsage(ex: Exec, scope: ResourceScope) {
  const row = await scopedResources(ex, scope, 'oss_bucket')
    .leftJoin('oss_objects', 'oss_objects.bucket_id', 'resources.id')
    .select([
      sql<string>`count(distinct resources.id)`.as('buckets'),
      sql<string>`count(oss_objects.id)`.as('objects'),
      sql<string>`coalesce(sum(oss_objects.size), 0)`.as('bytes'),
    ])
    .executeTakeFirst();
  return { buckets: Number(row?.buckets ?? 0), objects: Number(row?.objects ?? 0), bytes: Number(row?.bytes ?? 0) };
}

/** GB of the scope's available packages. */
export async function scopeCapacityGb(ex: Exec, scope: ResourceScope): Promise<number> {
  const row = await scopedResources(ex, scope, 'oss_package')
    .select(sql<string>`coalesce(sum((resources.spec->>'capacity_gb')::bigint), 0)`.as('gb'))
    .where('resources.status', '=', 'available')
    .executeTakeFirst();
  return Number(row?.gb ?? 0);
}
