// SAN block storage (sanManage, sanAdd, sanDetail): a LUN of an FC or iSCSI storage array, bought in GB
// (at least 100), expanded by at least 50 GB and deleted. Priced as the platform's 「sans」 product.
import { REMOVED, SAME, defineKind } from '../kind.ts';
import { C, F, Q } from '../common.ts';

export const SAN_PROTOCOLS = ['iscsi', 'fc'] as const;
export const SAN_DISK_TYPES = ['ssd', 'sas'] as const;
export const SAN_MIN_GB = 100;
export const SAN_MAX_GB = 65536;
export const SAN_MIN_EXPAND_GB = 50;

export const sanVolumeKind = defineKind({
  kind: 'san_volume',
  collection: 'san-volumes',
  productCode: 'sans',
  menuOrder: 426,
  routes: { list: 'sanManage', detail: 'sanDetail', buy: 'sanAdd' },
  fields: [
    F.id,
    F.name,
    F.status,
    F.vendor,
    F.region,
    F.az,
    { key: 'protocol', source: 'spec', type: 'enum', options: SAN_PROTOCOLS },
    { key: 'disk_type', source: 'spec', type: 'enum', options: SAN_DISK_TYPES },
    { key: 'size', source: 'spec', type: 'number', unit: 'gb' },
    F.charging,
    F.billing,
    F.description,
    F.createdAt,
  ],
  columns: [
    C.nameCopyable,
    C.id,
    C.status,
    { field: 'protocol', display: true },
    { field: 'disk_type', display: true },
    { field: 'size', display: true },
    C.vendor,
    C.createdAt,
  ],
  filters: [Q.name, Q.status, Q.provider, { param: 'protocol', source: 'spec', key: 'protocol', type: 'enum' }],
  statuses: { stable: ['available'], inBetween: ['creating', 'expanding', 'deleting'], failure: ['error', 'expansion_failed'] },
  create: { inBetween: 'creating', final: 'available' },
  placement: 'own',
  actions: [
    {
      id: 'expand',
      allowedFrom: ['available'],
      inBetween: 'expanding',
      final: SAME,
      failStatus: 'expansion_failed',
      refusalKey: 'refusals.san_volume.expand',
      permission: 'operate',
      hasParams: true,
      guards: [{ type: 'min_increase', param: 'size', specKey: 'size', min: SAN_MIN_EXPAND_GB }],
      effects: [{ type: 'set_spec', keys: ['size'] }],
    },
    {
      id: 'delete',
      allowedFrom: ['available', 'error', 'expansion_failed'],
      inBetween: 'deleting',
      final: REMOVED,
      refusalKey: 'refusals.generic.delete',
      permission: 'delete',
      batch: true,
      dialog: 'delete',
    },
  ],
  relations: [],
  recycle: false,
  priced: true,
  prices: { year: { fen: 80, unit: '元/GB/月' }, quantity: { fen: 1, unit: '元/GB/小时' } },
  priceQuantityKey: 'size',
});
