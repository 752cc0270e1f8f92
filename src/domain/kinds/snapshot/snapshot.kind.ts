// Disk snapshot (ecsSnapshot / volumeSnapshot). Made from a disk (the disk's `snapshot` action or
// POST /api/snapshots); it sits where its disk is. A disk cannot be deleted while it has snapshots.
import { REMOVED, defineKind } from '../kind.ts';
import { C, F, Q } from '../common.ts';

export const snapshotKind = defineKind({
  kind: 'snapshot',
  collection: 'snapshots',
  productCode: 'snapshot',
  menuOrder: 30,
  routes: {
    list: 'snapshots_ecsSnapshot',
    detail: 'ecsSnapshotDetail',
    others: [
      'volumeSnapshot_snapshot',
      'volumeSnapshotDetail',
      // the bare /snapshots and /volumeSnapshot show the snapshot list; chains are drawn by src/web/kinds/snapshot (ADR 0064)
      'snapshots',
      'volumeSnapshot',
      'volumeSnapshot_snapshotChain',
      'volumeSnapshotChainDetail',
    ],
  },
  fields: [
    F.id,
    F.name,
    F.status,
    { key: 'volume_id', source: 'spec', type: 'ref', ref: 'volume' },
    // the disk's name when the snapshot was taken: lists show it instead of the disk's id (ADR 0064)
    { key: 'volume_name', source: 'spec', type: 'text' },
    { key: 'size', source: 'spec', type: 'number', unit: 'gb' },
    // the consistency snapshot it was taken in (a consistency group's point), if any
    { key: 'group_point', source: 'spec', type: 'text' },
    F.createdAt,
  ],
  columns: [C.name, C.id, C.status, { field: 'volume_name', display: true }, { field: 'size', display: true }, C.createdAt],
  filters: [Q.name, Q.status, { param: 'volume_id', source: 'spec', key: 'volume_id', type: 'ref' }],
  statuses: { stable: ['available'], inBetween: ['creating', 'deleting'], failure: ['error'] },
  create: { inBetween: 'creating', final: 'available' },
  placement: { from: 'volume_id', kind: 'volume' },
  createLinks: [{ relation: 'snapshot_of', param: 'volume_id', kind: 'volume', allowedFrom: ['unmounted', 'mounted'], refusalKey: 'refusals.volume.snapshot' }],
  actions: [
    {
      id: 'delete',
      allowedFrom: ['available', 'error'],
      inBetween: 'deleting',
      final: REMOVED,
      refusalKey: 'refusals.snapshot.delete',
      permission: 'delete',
      batch: true,
      dialog: 'delete',
    },
  ],
  relations: [{ relation: 'snapshot_of', direction: 'out', kind: 'volume', many: false }],
  recycle: false,
  priced: false,
});
