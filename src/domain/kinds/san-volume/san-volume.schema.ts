// The zod rules of a SAN volume: the purchase (protocol, disk type, 100 GB to 64 TB) and its expansion.
import { z } from 'zod';
import { chargingShape, descriptionRule, nameRule, placementShape } from '../rules.ts';
import { defineSchemas } from '../kind-schemas.ts';
import { SAN_DISK_TYPES, SAN_MAX_GB, SAN_MIN_GB, SAN_PROTOCOLS, sanVolumeKind } from './san-volume.kind.ts';

export const sanVolumeSchemas = defineSchemas(sanVolumeKind, {
  create: z.object({
    name: nameRule(),
    description: descriptionRule,
    ...placementShape,
    ...chargingShape,
    protocol: z.enum(SAN_PROTOCOLS).default('iscsi'),
    disk_type: z.enum(SAN_DISK_TYPES).default('ssd'),
    size: z.coerce.number().int().min(SAN_MIN_GB).max(SAN_MAX_GB).default(500),
  }),
  actions: { expand: z.object({ size: z.coerce.number().int().max(SAN_MAX_GB) }) },
});
