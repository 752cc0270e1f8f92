// The zod rules of a shared disk: the purchase (capacity and disk type), the hosts to authorise
// (1 to 10 at once), and a mount (the host, its mount path and file system given together).
import { z } from 'zod';
import { idSchema } from '../../ids.ts';
import { chargingShape, descriptionRule, nameRule, placementShape } from '../rules.ts';
import { DISK_TYPES } from '../instance/instance.kind.ts';
import { defineSchemas } from '../kind-schemas.ts';
import { hostsRule, mountPathRule } from '../nas/nas.schema.ts';
import { SHARED_DISK_FILE_SYSTEMS, SHARED_DISK_MAX_GB, SHARED_DISK_MIN_GB, sharedDiskKind } from './shared-disk.kind.ts';

export const sharedDiskSchemas = defineSchemas(sharedDiskKind, {
  create: z.object({
    name: nameRule(),
    description: descriptionRule,
    ...placementShape,
    ...chargingShape,
    size: z.coerce.number().int().min(SHARED_DISK_MIN_GB).max(SHARED_DISK_MAX_GB).default(100),
    volume_type: z.enum(DISK_TYPES).default('ssd'),
  }),
  actions: {
    authorize: z.object({ hosts: hostsRule }),
    unauthorize: z.object({ instance_id: idSchema }),
    mount: z
      .object({ instance_id: idSchema, mount_path: mountPathRule.optional(), file_system: z.enum(SHARED_DISK_FILE_SYSTEMS).optional() })
      .refine((v) => (v.mount_path === undefined) === (v.file_system === undefined), { path: ['file_system'], message: 'mount_pair' }),
    unmount: z.object({ instance_id: idSchema }),
  },
});
