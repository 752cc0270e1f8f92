// The SQL of buckets as the object store reads them. The rules of the bucket kind itself (names,
// usage, what a removed bucket leaves behind) are in its folder: engine/kinds/oss-bucket/oss-bucket.repository.ts.
import { sql, type Kysely } from 'kysely';
import type { Database } from '../platform/db/tables.ts';
import { RESOURCE_COLUMNS, scopedResources, type ResourceRow, type ResourceScope } from '../platform/db/resource-rows.ts';
import '../platform/db/oss.tables.ts';
import { bucketUsage, packageUsedBytes } from '../engine/kinds/oss-bucket/oss-bucket.repository.ts';

type Exec = Kysely<Database>;

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
