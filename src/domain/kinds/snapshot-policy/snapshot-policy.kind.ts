// Automatic snapshot policy (ecsSnapshotPolicy): weekdays 1–7 (Monday–Sunday), times of day and a
// retention in days; bound to disks (a disk follows at most one policy). Enabled or disabled.
import { z } from 'zod';
import { idSchema } from '../../ids.ts';
import { REMOVED, SAME, defineKind } from '../kind.ts';
import { descriptionRule, nameRule, placementShape } from '../rules.ts';
import { C, F, Q } from '../common.ts';

const unique = <T>(xs: readonly T[]) => new Set(xs).size === xs.length;

export const weekdaysRule = z.array(z.coerce.number().int().min(1).max(7)).min(1).max(7).refine(unique, { message: 'weekday_repeated' });
export const timesRule = z
  .array(
    z
      .string()
      .trim()
      .regex(/^([01]\d|2[0-3]):[0-5]\d$/, { message: 'time_of_day' }),
  )
  .min(1)
  .max(24)
  .refine(unique, { message: 'time_repeated' });
/** Retention 1–99999 days (seed 001 §5 "Backup retention"). */
export const retentionDaysRule = z.coerce.number().int().min(1).max(99999);

const scheduleShape = { weekdays: weekdaysRule, times: timesRule, retention_days: retentionDaysRule };

export const snapshotPolicyKind = defineKind({
  kind: 'snapshot_policy',
  collection: 'snapshot-policies',
  productCode: 'snapshot_policy',
  routes: { list: 'snapshots_ecsSnapshotPolicy', detail: 'ecsSnapshotPolicyDetail' },
  fields: [
    F.id,
    F.name,
    F.status,
    F.vendor,
    F.region,
    { key: 'weekdays', source: 'spec', type: 'text' },
    { key: 'times', source: 'spec', type: 'text' },
    { key: 'retention_days', source: 'spec', type: 'number', unit: 'day' },
    { key: 'volume_count', source: 'spec', type: 'number', unit: 'count' },
    F.description,
    F.createdAt,
  ],
  columns: [
    C.name,
    C.id,
    C.status,
    { field: 'weekdays', display: true },
    { field: 'times', display: true },
    { field: 'retention_days', display: true },
    { field: 'volume_count', display: true },
    C.createdAt,
  ],
  filters: [Q.name, Q.status, Q.provider],
  statuses: { stable: ['enabled', 'disabled'], inBetween: ['creating', 'deleting'], failure: ['error'] },
  create: { inBetween: 'creating', final: 'enabled' },
  createSchema: z.object({ name: nameRule(), description: descriptionRule, ...placementShape, ...scheduleShape }),
  placement: 'own',
  actions: [
    {
      id: 'enable',
      allowedFrom: ['disabled'],
      inBetween: null,
      final: 'enabled',
      refusalKey: 'refusals.generic.enable',
      permission: 'operate',
      batch: true,
      dialog: 'enable',
    },
    {
      id: 'disable',
      allowedFrom: ['enabled'],
      inBetween: null,
      final: 'disabled',
      refusalKey: 'refusals.generic.enable',
      permission: 'operate',
      batch: true,
      dialog: 'disable',
    },
    {
      id: 'schedule',
      allowedFrom: ['enabled', 'disabled'],
      inBetween: null,
      final: SAME,
      refusalKey: 'refusals.generic.edit',
      permission: 'update',
      params: z.object(scheduleShape),
      effects: [{ type: 'set_spec', keys: ['weekdays', 'times', 'retention_days'] }],
    },
    {
      id: 'bind',
      allowedFrom: ['enabled', 'disabled'],
      inBetween: null,
      final: SAME,
      refusalKey: 'refusals.generic.bind',
      permission: 'operate',
      params: z.object({ volume_id: idSchema }),
      guards: [
        {
          type: 'target',
          param: 'volume_id',
          kind: 'volume',
          allowedFrom: ['unmounted', 'mounted'],
          refusalKey: 'refusals.snapshot_policy.no_bindable_volume',
        },
      ],
      effects: [{ type: 'link', relation: 'policy_of', param: 'volume_id' }],
    },
    {
      id: 'unbind',
      allowedFrom: ['enabled', 'disabled'],
      inBetween: null,
      final: SAME,
      refusalKey: 'refusals.generic.unbind',
      permission: 'operate',
      dialog: 'warning',
      params: z.object({ volume_id: idSchema }),
      effects: [{ type: 'unlink_param', relation: 'policy_of', param: 'volume_id' }],
    },
    {
      id: 'delete',
      allowedFrom: ['enabled', 'disabled', 'error'],
      inBetween: 'deleting',
      final: REMOVED,
      refusalKey: 'refusals.snapshot_policy.delete',
      permission: 'delete',
      batch: true,
      dialog: 'delete',
    },
  ],
  relations: [{ relation: 'policy_of', direction: 'out', kind: 'volume', many: true }],
  recycle: false,
  priced: false,
});
