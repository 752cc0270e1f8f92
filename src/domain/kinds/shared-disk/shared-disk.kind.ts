// Shared disk (sharedDiskManage, sharedDiskBuy, sharedDiskDetail): one block disk authorised to
// several hosts (at most 10 at once) and mounted on those it is authorised to; a host it is mounted on
// cannot be unauthorised (seed 001 §7 「共享盘挂载中不允许取消授权」). 可用 while mounted nowhere,
// 使用中 while mounted somewhere. Authorisations and mounts are links written by the server half
// (src/server/engine/kinds/shared-disk/shared-disk.hooks.ts).
import { REMOVED, SAME, defineKind } from '../kind.ts';
import { C, F, Q } from '../common.ts';
import { DISK_TYPES } from '../instance/instance.kind.ts';

export const SHARED_DISK_MIN_GB = 10;
export const SHARED_DISK_MAX_GB = 32768;
export const SHARED_DISK_FILE_SYSTEMS = ['ext4', 'xfs', 'ntfs'] as const;

export const sharedDiskKind = defineKind({
  kind: 'shared_disk',
  collection: 'shared-disks',
  productCode: 'shared_disk',
  menuOrder: 424,
  menu: { group: 'storage', code: 'shared_disk', icon: 'storage' },
  routes: { list: 'sharedDiskManage', detail: 'sharedDiskDetail', buy: 'sharedDiskBuy' },
  fields: [
    F.id,
    F.name,
    F.status,
    F.vendor,
    F.region,
    F.az,
    { key: 'size', source: 'spec', type: 'number', unit: 'gb' },
    { key: 'volume_type', source: 'spec', type: 'enum', options: DISK_TYPES },
    { key: 'host_count', source: 'spec', type: 'number', unit: 'set' },
    { key: 'mount_count', source: 'spec', type: 'number', unit: 'set' },
    { key: 'mount_path', source: 'spec', type: 'text' },
    { key: 'file_system', source: 'spec', type: 'enum', options: SHARED_DISK_FILE_SYSTEMS },
    F.charging,
    F.billing,
    F.description,
    F.createdAt,
  ],
  columns: [
    C.nameCopyable,
    C.id,
    C.status,
    { field: 'size', display: true },
    { field: 'volume_type', display: true },
    { field: 'host_count', display: true },
    { field: 'mount_count', display: true },
    C.vendor,
    C.createdAt,
  ],
  filters: [Q.name, Q.status, Q.provider, { param: 'volume_type', source: 'spec', key: 'volume_type', type: 'enum' }],
  statuses: { stable: ['available', 'in_use'], inBetween: ['creating', 'deleting'], failure: ['error'] },
  create: { inBetween: 'creating', final: 'available' },
  placement: 'own',
  actions: [
    {
      id: 'authorize',
      allowedFrom: ['available', 'in_use'],
      inBetween: null,
      final: SAME,
      refusalKey: 'refusals.shared_disk.authorize',
      permission: 'operate',
      hasParams: true,
    },
    {
      id: 'unauthorize',
      allowedFrom: ['available', 'in_use'],
      inBetween: null,
      final: SAME,
      refusalKey: 'refusals.shared_disk.authorize',
      permission: 'operate',
      dialog: 'warning',
      hasParams: true,
      effects: [{ type: 'unlink_param', relation: 'shared_authorized', param: 'instance_id' }],
    },
    {
      id: 'mount',
      allowedFrom: ['available', 'in_use'],
      inBetween: null,
      final: 'in_use',
      refusalKey: 'refusals.shared_disk.mount',
      permission: 'operate',
      hasParams: true,
      effects: [
        { type: 'link', relation: 'shared_mounted_on', param: 'instance_id' },
        { type: 'set_spec', keys: ['mount_path', 'file_system'] },
      ],
    },
    {
      id: 'unmount',
      allowedFrom: ['in_use'],
      inBetween: null,
      final: SAME,
      refusalKey: 'refusals.shared_disk.unmount',
      permission: 'operate',
      dialog: 'warning',
      hasParams: true,
      effects: [{ type: 'unlink_param', relation: 'shared_mounted_on', param: 'instance_id' }],
    },
    {
      id: 'delete',
      allowedFrom: ['available', 'error'],
      inBetween: 'deleting',
      final: REMOVED,
      refusalKey: 'refusals.shared_disk.delete',
      permission: 'delete',
      batch: true,
      dialog: 'delete',
      refusals: { in_use: 'refusals.shared_disk.delete_mounted' },
    },
  ],
  relations: [
    { relation: 'shared_authorized', direction: 'out', kind: 'instance', many: true },
    { relation: 'shared_mounted_on', direction: 'out', kind: 'instance', many: true },
  ],
  recycle: false,
  priced: true,
  prices: { year: { fen: 60, unit: '元/GB/月' }, quantity: { fen: 1, unit: '元/GB/小时' } },
  priceQuantityKey: 'size',
});
