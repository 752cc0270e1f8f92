// Object-storage sync of databases (syncInstanceManage, syncTaskManage; issue 29): a sync instance
// pairs a source — a MySQL or PostgreSQL instance (its logical dump) or a bucket (its objects) — with
// a target bucket of the same project and a key prefix there. 立即同步 queues a sync task that the
// server's scheduler runs (server/dbsync): the bytes go into the target bucket through object
// storage's own write path, and the task keeps its record (objects, bytes, times, the outcome).
import type { KindDefinition } from '../kind.ts';
import { REMOVED } from '../kind.ts';
import { C, F, Q } from '../common.ts';
import { SYNC_SOURCE_TYPES } from './sync-instance.rules.ts';

export const syncInstanceKind: KindDefinition = {
  kind: 'sync_instance',
  collection: 'sync-instances',
  productCode: 'sync_instance',
  menuOrder: 456,
  routes: { list: 'syncInstanceManage', others: ['syncTaskManage'] },
  menu: { group: 'database', code: 'db_sync', icon: 'swap' },
  createForm: true,
  // The form asks which kind of source first and offers only its picker.
  shownWhen: { source_db_id: { key: 'source_type', in: ['db_instance'] }, source_bucket_id: { key: 'source_type', in: ['oss_bucket'] } },
  fields: [
    F.id,
    F.name,
    F.status,
    { key: 'source_type', source: 'spec', type: 'enum', options: SYNC_SOURCE_TYPES },
    { key: 'source_db_id', source: 'spec', type: 'ref', ref: 'db_instance' },
    { key: 'source_bucket_id', source: 'spec', type: 'ref', ref: 'oss_bucket' },
    { key: 'source_name', source: 'spec', type: 'text' },
    { key: 'target_bucket_id', source: 'spec', type: 'ref', ref: 'oss_bucket' },
    { key: 'target_bucket_name', source: 'spec', type: 'text' },
    { key: 'target_prefix', source: 'spec', type: 'text' },
    { key: 'task_count', source: 'spec', type: 'number', unit: 'count' },
    F.region,
    F.description,
    F.createdAt,
  ],
  columns: [
    C.name,
    C.status,
    { field: 'source_type', display: true },
    { field: 'source_name', display: true },
    { field: 'target_bucket_name', display: true },
    { field: 'target_prefix', display: true },
    { field: 'task_count', display: true },
    C.createdAt,
  ],
  filters: [
    Q.name,
    Q.status,
    { param: 'source_type', source: 'spec', key: 'source_type', type: 'enum' },
    { param: 'target_bucket_id', source: 'spec', key: 'target_bucket_id', type: 'ref' },
  ],
  statuses: { stable: ['available'], inBetween: ['creating', 'deleting'], failure: ['error'] },
  create: { inBetween: 'creating', final: 'available' },
  placement: { from: 'target_bucket_id', kind: 'oss_bucket' },
  createLinks: [
    {
      relation: 'sync_target',
      param: 'target_bucket_id',
      kind: 'oss_bucket',
      allowedFrom: ['available'],
      refusalKey: 'refusals.sync_instance.target_unavailable',
    },
  ],
  actions: [
    {
      id: 'sync',
      allowedFrom: ['available'],
      inBetween: null,
      final: 'available',
      refusalKey: 'refusals.sync_instance.sync',
      permission: 'operate',
    },
    {
      id: 'delete',
      allowedFrom: ['available', 'error'],
      inBetween: 'deleting',
      final: REMOVED,
      refusalKey: 'refusals.generic.delete',
      permission: 'delete',
      dialog: 'delete',
    },
  ],
  relations: [
    { relation: 'sync_target', direction: 'out', kind: 'oss_bucket', many: false },
    { relation: 'sync_source', direction: 'out', kind: 'db_instance', many: false },
  ],
  recycle: false,
  priced: false,
};
