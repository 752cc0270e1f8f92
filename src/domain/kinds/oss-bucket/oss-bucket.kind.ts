// Object storage bucket (ossBuckets, ossBucketsBuy, ossBucketsDetail and its tabs): a name unique on
// the whole platform (a deleted name is free again after 30 minutes), a capacity package of the
// project (link oss_in_package; the bucket takes its placement), storage class, ACL, referer white or
// black list (at most 10) with allow-empty. Objects, keys, lifecycle rules, sync and backup strategies
// live in the object storage slice (src/server/oss); the server half
// (src/server/engine/kinds/oss-bucket/oss-bucket.hooks.ts) checks names and the package, refuses
// deleting a bucket with objects unless `force`, and clears its objects when it goes.
import { REMOVED, SAME, defineKind } from '../kind.ts';
import { C, F, Q } from '../common.ts';
import { OSS_ACLS, OSS_REFERER_TYPES, OSS_STORAGE_TYPES } from './oss-bucket.rules.ts';

export const ossBucketKind = defineKind({
  kind: 'oss_bucket',
  collection: 'oss-buckets',
  productCode: 'oss_bucket',
  menuOrder: 432,
  routes: { list: 'ossBuckets', detail: 'ossBucketsDetail_outline', buy: 'ossBucketsBuy' },
  fields: [
    F.id,
    F.name,
    F.status,
    F.vendor,
    F.region,
    { key: 'package_id', source: 'spec', type: 'ref', ref: 'oss_package' },
    { key: 'package_name', source: 'spec', type: 'text' },
    { key: 'storage_class', source: 'spec', type: 'enum', options: OSS_STORAGE_TYPES },
    { key: 'acl', source: 'spec', type: 'enum', options: OSS_ACLS },
    { key: 'referer_type', source: 'spec', type: 'enum', options: OSS_REFERER_TYPES },
    { key: 'referers', source: 'spec', type: 'text' },
    { key: 'allow_empty_referer', source: 'spec', type: 'boolean' },
    { key: 'used_bytes', source: 'spec', type: 'number' },
    { key: 'object_count', source: 'spec', type: 'number', unit: 'count' },
    F.description,
    F.createdAt,
  ],
  columns: [
    C.nameCopyable,
    C.id,
    C.status,
    { field: 'storage_class', display: true },
    { field: 'acl', display: true },
    { field: 'object_count', display: true },
    { field: 'used_bytes', display: true },
    { field: 'package_name', display: false },
    C.createdAt,
  ],
  filters: [
    Q.name,
    Q.status,
    { param: 'storage_class', source: 'spec', key: 'storage_class', type: 'enum' },
    { param: 'acl', source: 'spec', key: 'acl', type: 'enum' },
  ],
  statuses: { stable: ['available'], inBetween: ['creating', 'deleting'], failure: ['error'] },
  create: { inBetween: 'creating', final: 'available' },
  placement: { from: 'package_id', kind: 'oss_package' },
  createLinks: [
    { relation: 'oss_in_package', param: 'package_id', kind: 'oss_package', allowedFrom: ['available'], refusalKey: 'refusals.oss_bucket.package_unavailable' },
  ],
  actions: [
    {
      id: 'set_acl',
      allowedFrom: ['available'],
      inBetween: null,
      final: SAME,
      refusalKey: 'refusals.generic.edit',
      permission: 'update',
      hasParams: true,
      effects: [{ type: 'set_spec', keys: ['acl'] }],
    },
    {
      id: 'set_referer',
      allowedFrom: ['available'],
      inBetween: null,
      final: SAME,
      refusalKey: 'refusals.generic.edit',
      permission: 'update',
      hasParams: true,
      effects: [{ type: 'set_spec', keys: ['referer_type', 'referers', 'allow_empty_referer'] }],
    },
    {
      id: 'delete',
      allowedFrom: ['available', 'error'],
      inBetween: 'deleting',
      final: REMOVED,
      refusalKey: 'refusals.generic.delete',
      permission: 'delete',
      dialog: 'delete',
      hasParams: true,
      effects: [{ type: 'unlink', relation: 'oss_in_package', direction: 'out' }],
    },
  ],
  relations: [{ relation: 'oss_in_package', direction: 'out', kind: 'oss_package', many: false }],
  recycle: false,
  priced: false,
});
