// The zod rules of volume (its create body and action params): loaded eagerly by the server and
// lazily by the web's forms, never by the list screens (docs/decisions/0049-a-kind-is-its-folder.md).
import { z } from 'zod';
import { idSchema } from '../../ids.ts';
import { chargingShape, descriptionRule, nameRule, placementShape } from '../rules.ts';
import { DISK_TYPES } from '../instance/instance.kind.ts';
import { defineSchemas } from '../kind-schemas.ts';
import { volumeKind } from './volume.kind.ts';

export const volumeCreateSchema = z.object({
  name: nameRule(),
  description: descriptionRule,
  ...placementShape,
  ...chargingShape,
  size: z.coerce.number().int().min(10).max(32768),
  volume_type: z.enum(DISK_TYPES).default('ssd'),
  shared: z.boolean().default(false),
});

export const volumeSchemas = defineSchemas(volumeKind, {
  create: volumeCreateSchema,
  actions: {
    mount: z
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
    expand: z.object({ size: z.coerce.number().int().max(32768) }),
    snapshot: z.object({ snapshot_name: nameRule() }),
    rollback: z.object({ snapshot_id: idSchema }),
  },
});
