// Cloud disk (volumeManage). A mounted disk cannot be mounted again; expansion adds at least
// 50 GB; rollback needs the disk unmounted; snapshot records must be deleted before the disk.
import { z } from 'zod';
import { idSchema } from '../../ids.ts';
import { REMOVED, SAME, defineKind } from '../kind.ts';
import { chargingShape, descriptionRule, nameRule, placementShape } from '../rules.ts';
import { DISK_TYPES } from '../instance/instance.kind.ts';
import { C, F, Q } from '../common.ts';

export const VOLUME_MIN_EXPAND_GB = 50;

export const volumeCreateSchema = z.object({
  name: nameRule(),
  description: descriptionRule,
  ...placementShape,
  ...chargingShape,
  size: z.coerce.number().int().min(10).max(32768),
  volume_type: z.enum(DISK_TYPES).default('ssd'),
  shared: z.boolean().default(false),
});

export const volumeKind = defineKind({
  kind: 'volume',
  collection: 'volumes',
  productCode: 'volume',
  routes: { list: 'volumeManage', detail: 'volumeDetail', buy: 'volumeBuy', others: ['volumeAdminManage', 'ecsRecycle'] },
  fields: [
    F.id,
    F.name,
    F.status,
    F.vendor,
    F.az,
    { key: 'size', source: 'spec', type: 'number', unit: 'gb' },
    { key: 'volume_type', source: 'spec', type: 'enum', options: DISK_TYPES },
    { key: 'shared', source: 'spec', type: 'boolean' },
    { key: 'instance_id', source: 'spec', type: 'ref', ref: 'instance' },
    { key: 'mount_path', source: 'spec', type: 'text' },
    { key: 'file_system', source: 'spec', type: 'text' },
    F.billing,
    F.createdAt,
  ],
  columns: [
    C.nameCopyable,
    C.id,
    C.status,
    { field: 'size', display: true },
    { field: 'volume_type', display: true },
    { field: 'instance_id', display: true },
    C.vendor,
    C.createdAt,
  ],
  filters: [
    Q.name,
    Q.status,
    Q.provider,
    { param: 'volume_type', source: 'spec', key: 'volume_type', type: 'enum' },
    { param: 'instance_id', source: 'spec', key: 'instance_id', type: 'ref' },
  ],
  statuses: {
    stable: ['unmounted', 'mounted', 'deleted', 'approving', 'expansion_approving'],
    inBetween: ['creating', 'mounting', 'unmounting', 'expanding', 'rolling_back', 'deleting', 'recovering', 'destroying'],
    failure: ['error', 'expansion_failed'],
  },
  create: { inBetween: 'creating', final: 'unmounted' },
  createSchema: volumeCreateSchema,
  placement: 'own',
  actions: [
    {
      id: 'mount',
      allowedFrom: ['unmounted'],
      inBetween: 'mounting',
      final: 'mounted',
      refusalKey: 'refusals.volume.mount',
      permission: 'operate',
      refusals: { mounted: 'refusals.volume.already_mounted' },
      params: z
        .object({
          instance_id: idSchema,
          mount_path: z
            .string()
            .trim()
            .regex(/^\/[\w./-]{0,254}$/, { message: 'mount_path' })
            .optional(),
          file_system: z.enum(['ext4', 'xfs', 'ntfs']).optional(),
        })
        .refine((v) => (v.mount_path === undefined) === (v.file_system === undefined), { path: ['file_system'], message: 'mount_pair' }),
      guards: [
        {
          type: 'target',
          param: 'instance_id',
          kind: 'instance',
          allowedFrom: ['running', 'stopped'],
          refusalKey: 'refusals.volume.no_mountable_host',
          sameAz: true,
        },
      ],
      effects: [
        { type: 'link', relation: 'mounted_on', param: 'instance_id' },
        { type: 'set_spec', keys: ['instance_id', 'mount_path', 'file_system'] },
      ],
    },
    {
      id: 'unmount',
      allowedFrom: ['mounted'],
      inBetween: 'unmounting',
      final: 'unmounted',
      refusalKey: 'refusals.volume.unmount',
      permission: 'operate',
      dialog: 'warning',
      effects: [
        { type: 'unlink', relation: 'mounted_on', direction: 'out' },
        { type: 'set_spec', keys: ['instance_id', 'mount_path', 'file_system'] },
      ],
    },
    {
      id: 'expand',
      allowedFrom: ['unmounted', 'mounted'],
      inBetween: 'expanding',
      final: SAME,
      failStatus: 'expansion_failed',
      refusalKey: 'refusals.volume.expand',
      permission: 'operate',
      params: z.object({ size: z.coerce.number().int().max(32768) }),
      guards: [{ type: 'min_increase', param: 'size', specKey: 'size', min: VOLUME_MIN_EXPAND_GB }],
      effects: [{ type: 'set_spec', keys: ['size'] }],
      approval: { type: 'resource_expansion' },
    },
    {
      id: 'snapshot',
      allowedFrom: ['unmounted', 'mounted'],
      inBetween: null,
      final: SAME,
      refusalKey: 'refusals.volume.snapshot',
      permission: 'operate',
      params: z.object({ snapshot_name: nameRule() }),
      effects: [{ type: 'create_child', kind: 'snapshot', relation: 'snapshot_of', nameParam: 'snapshot_name', status: 'creating' }],
    },
    {
      id: 'rollback',
      allowedFrom: ['unmounted'],
      inBetween: 'rolling_back',
      final: 'unmounted',
      refusalKey: 'refusals.volume.rollback',
      permission: 'operate',
      dialog: 'warning',
      refusals: { mounted: 'refusals.volume.rollback_needs_unmount' },
      params: z.object({ snapshot_id: idSchema }),
      guards: [
        {
          type: 'target',
          param: 'snapshot_id',
          kind: 'snapshot',
          allowedFrom: ['available'],
          refusalKey: 'refusals.volume.rollback',
          ofThis: { relation: 'snapshot_of' },
        },
      ],
    },
    {
      id: 'delete',
      allowedFrom: ['unmounted', 'error', 'expansion_failed'],
      inBetween: 'deleting',
      final: 'deleted',
      refusalKey: 'refusals.volume.delete',
      permission: 'delete',
      batch: true,
      dialog: 'delete',
      sms: true,
      refusals: { mounted: 'refusals.volume.delete_mounted' },
      guards: [{ type: 'no_links', relation: 'snapshot_of', direction: 'in', refusalKey: 'refusals.volume.delete_snapshots_first' }],
      effects: [{ type: 'billing', value: 'suspended' }],
    },
    {
      id: 'recover',
      allowedFrom: ['deleted'],
      inBetween: 'recovering',
      final: 'unmounted',
      refusalKey: 'refusals.volume.recover',
      permission: 'delete',
      recycleBin: true,
      effects: [{ type: 'billing', value: 'active' }],
    },
    {
      id: 'destroy',
      allowedFrom: ['deleted'],
      inBetween: 'destroying',
      final: REMOVED,
      refusalKey: 'refusals.volume.destroy',
      permission: 'delete',
      recycleBin: true,
      dialog: 'delete',
    },
  ],
  relations: [
    { relation: 'mounted_on', direction: 'out', kind: 'instance', many: false },
    { relation: 'snapshot_of', direction: 'in', kind: 'snapshot', many: true },
  ],
  recycle: true,
  priced: true,
  priceQuantityKey: 'size',
});
