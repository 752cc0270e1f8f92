// The zod rules of snapshot-policy (its create body and action params): loaded eagerly by the server and
// lazily by the web's forms, never by the list screens (docs/decisions/0049-a-kind-is-its-folder.md).
import { z } from 'zod';
import { idSchema } from '../../ids.ts';
import { descriptionRule, nameRule, placementShape } from '../rules.ts';
import { defineSchemas } from '../kind-schemas.ts';
import { unique, snapshotPolicyKind } from './snapshot-policy.kind.ts';

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

export const snapshotPolicySchemas = defineSchemas(snapshotPolicyKind, {
  create: z.object({ name: nameRule(), description: descriptionRule, ...placementShape, ...scheduleShape }),
  actions: {
    schedule: z.object(scheduleShape),
    bind: z.object({ volume_id: idSchema }),
    unbind: z.object({ volume_id: idSchema }),
  },
});
