// Object storage capacity package (ossPackages, ossPackagesBuy, ossPackagesDetail): bought like every
// product (price by the GB, 包年包月 or 按量), a capacity and a storage type; the buckets of the project
// draw on it (links oss_in_package, bucket → package). A package with buckets cannot be deleted
// (seed 001 「Capacity package still has buckets」). used_bytes and bucket_count are kept by the
// buckets' server half (src/server/engine/kinds/oss-bucket/oss-bucket.hooks.ts) and the object store.
import { REMOVED, defineKind } from '../kind.ts';
import { C, F, Q } from '../common.ts';
import { OSS_STORAGE_TYPES } from '../oss-bucket/oss-bucket.rules.ts';

export const ossPackageKind = defineKind({
  kind: 'oss_package',
  collection: 'oss-packages',
  productCode: 'oss_package',
  menuOrder: 430,
  routes: { list: 'ossPackages', detail: 'ossPackagesDetail', buy: 'ossPackagesBuy' },
  fields: [
    F.id,
    F.name,
    F.status,
    F.vendor,
    F.region,
    F.az,
    { key: 'capacity_gb', source: 'spec', type: 'number', unit: 'gb' },
    { key: 'storage_type', source: 'spec', type: 'enum', options: OSS_STORAGE_TYPES },
    { key: 'used_bytes', source: 'spec', type: 'number' },
    { key: 'bucket_count', source: 'spec', type: 'number', unit: 'count' },
    F.charging,
    F.billing,
    F.description,
    F.createdAt,
  ],
  columns: [
    C.nameCopyable,
    C.id,
    C.status,
    { field: 'capacity_gb', display: true },
    { field: 'storage_type', display: true },
    { field: 'bucket_count', display: true },
    C.vendor,
    C.createdAt,
  ],
  filters: [Q.name, Q.status, Q.provider, { param: 'storage_type', source: 'spec', key: 'storage_type', type: 'enum' }],
  statuses: { stable: ['available'], inBetween: ['creating', 'deleting'], failure: ['error'] },
  create: { inBetween: 'creating', final: 'available' },
  placement: 'own',
  actions: [
    {
      id: 'delete',
      allowedFrom: ['available', 'error'],
      inBetween: 'deleting',
      final: REMOVED,
      refusalKey: 'refusals.generic.delete',
      permission: 'delete',
      dialog: 'delete',
      guards: [{ type: 'no_links', relation: 'oss_in_package', direction: 'in', refusalKey: 'refusals.oss_package.has_buckets' }],
    },
  ],
  relations: [{ relation: 'oss_in_package', direction: 'in', kind: 'oss_bucket', many: true }],
  recycle: false,
  priced: true,
  prices: { year: { fen: 12, unit: '元/GB/月' }, quantity: { fen: 1, unit: '元/GB/小时' } },
  priceQuantityKey: 'capacity_gb',
});
