// Consistency group (volumeSnapshot/snapshotGroup, ADR 0064): several cloud disks of one zone whose
// snapshots are taken at one moment (一致性快照: one snapshot of each disk, each on its disk's
// snapshot chain) and rolled back together — only while every disk is unmounted, as a single disk's
// rollback (seed 001 §4). The disks are named in the spec (volume_ids); the server half
// (src/server/engine/kinds/snapshot-group/snapshot-group.hooks.ts) checks them and takes the snapshots.
import { REMOVED, SAME, defineKind } from '../kind.ts';
import { C, F, Q } from '../common.ts';

/** At most this many disks in one group (seed 001 §5 "instance selection at most 10"). */
export const SNAPSHOT_GROUP_MAX_VOLUMES = 10;
/** The consistency points a group keeps (the oldest is forgotten; its snapshots stay on the chains). */
export const SNAPSHOT_GROUP_POINTS_KEPT = 20;

export const snapshotGroupKind = defineKind({
  kind: 'snapshot_group',
  collection: 'snapshot-groups',
  productCode: 'snapshot_group',
  menuOrder: 423,
  routes: { list: 'volumeSnapshot_snapshotGroup' },
  fields: [
    F.id,
    F.name,
    F.status,
    F.vendor,
    F.az,
    { key: 'volume_names', source: 'spec', type: 'text' },
    { key: 'volume_count', source: 'spec', type: 'number', unit: 'count' },
    { key: 'point_count', source: 'spec', type: 'number', unit: 'count' },
    { key: 'last_point_name', source: 'spec', type: 'text' },
    { key: 'last_point_at', source: 'spec', type: 'datetime' },
    F.description,
    F.createdAt,
  ],
  columns: [
    C.name,
    C.status,
    { field: 'volume_names', display: true },
    { field: 'point_count', display: true },
    { field: 'last_point_name', display: true },
    { field: 'last_point_at', display: true },
    C.createdAt,
  ],
  filters: [Q.name, Q.status],
  statuses: { stable: ['available'], inBetween: ['creating', 'rolling_back', 'deleting'], failure: ['error'] },
  create: { inBetween: 'creating', final: 'available' },
  placement: { from: 'volume_id', kind: 'volume' },
  createForm: true,
  actions: [
    {
      id: 'snapshot',
      allowedFrom: ['available'],
      inBetween: null,
      final: SAME,
      refusalKey: 'refusals.snapshot_group.snapshot',
      permission: 'operate',
      hasParams: true,
    },
    {
      id: 'rollback',
      allowedFrom: ['available'],
      inBetween: 'rolling_back',
      final: 'available',
      refusalKey: 'refusals.snapshot_group.rollback',
      permission: 'operate',
      dialog: 'warning',
    },
    {
      id: 'delete',
      allowedFrom: ['available', 'error'],
      inBetween: 'deleting',
      final: REMOVED,
      refusalKey: 'refusals.snapshot_group.delete',
      permission: 'delete',
      batch: true,
      dialog: 'delete',
    },
  ],
  relations: [],
  recycle: false,
  priced: false,
});
