// Object storage bucket (server half): the name is unique on the whole platform and a deleted name is
// free again only after 30 minutes; the package is an available package of the bucket's project with
// room left (the engine's createLinks found it in scope); a bucket with objects is deleted only when
// forced, and its objects' bytes go with it. The package counts its buckets.
import { conflict } from '../../../../domain/errors.ts';
import { ossBucketKind } from '../../../../domain/kinds/oss-bucket/oss-bucket.kind.ts';
import { BUCKET_NAME_REUSE_MINUTES, GIB } from '../../../../domain/kinds/oss-bucket/oss-bucket.rules.ts';
import {
  bucketNameCooling,
  bucketNameTaken,
  bucketUsage,
  deleteBucketBlobs,
  packageBucketCount,
  packageUsedBytes,
  releaseBucketName,
} from './oss-bucket.repository.ts';
import { resourcesByIds, type Exec } from '../../engine.repository.ts';
import { patchSpec } from '../hook-helpers.ts';
import { defineHooks } from '../hooks.ts';

/** Refuses a name another bucket has, or one released less than 30 minutes ago. */
export async function checkBucketName(trx: Exec, name: string) {
  if (await bucketNameTaken(trx, name)) throw conflict('refusals.oss_bucket.name_taken', { name });
  if (await bucketNameCooling(trx, name, BUCKET_NAME_REUSE_MINUTES))
    throw conflict('refusals.oss_bucket.name_cooling', { name, limit: BUCKET_NAME_REUSE_MINUTES });
}

export const ossBucketHooks = [
  defineHooks(ossBucketKind, {
    async beforeCreate(c) {
      await checkBucketName(c.trx, String(c.input.name));
      const pkg = c.parents.package_id!;
      const used = await packageUsedBytes(c.trx, pkg.id);
      if (used >= Number(pkg.spec.capacity_gb ?? 0) * GIB) throw conflict('refusals.oss_bucket.package_full', { name: pkg.name });
      Object.assign(c.spec, {
        package_name: pkg.name,
        storage_class: c.spec.storage_class ?? pkg.spec.storage_type ?? 'standard',
        used_bytes: 0,
        object_count: 0,
      });
      await patchSpec(c.trx, pkg, { bucket_count: (await packageBucketCount(c.trx, pkg.id)) + 1 });
    },
    beforeAction: {
      async delete(c) {
        if (c.params.force) return;
        if ((await bucketUsage(c.trx, c.row.id)).objects > 0) throw conflict('refusals.oss_bucket.not_empty', { name: c.row.name });
      },
    },
    async beforeRemove(trx, row) {
      await deleteBucketBlobs(trx, row.id);
      await releaseBucketName(trx, row.name);
      const [pkg] = await resourcesByIds(trx, row.spec.package_id ? [String(row.spec.package_id)] : [], true);
      if (!pkg) return [];
      return [
        await patchSpec(trx, pkg, {
          bucket_count: await packageBucketCount(trx, pkg.id, row.id),
          used_bytes: await packageUsedBytes(trx, pkg.id, row.id),
        }),
      ];
    },
  }),
];
