// The zod rules of shared-bandwidth (its create body and action params): loaded eagerly by the server and
// lazily by the web's forms, never by the list screens (docs/decisions/0049-a-kind-is-its-folder.md).
import { z } from 'zod';
import { chargingShape, descriptionRule, nameRule, placementShape } from '../rules.ts';
import { defineSchemas } from '../kind-schemas.ts';
import { sharedBandwidthKind } from './shared-bandwidth.kind.ts';

const bandwidthRule = z.coerce.number().int().min(5).max(2000);

export const sharedBandwidthSchemas = defineSchemas(sharedBandwidthKind, {
  create: z.object({ name: nameRule(), description: descriptionRule, ...placementShape, ...chargingShape, bandwidth: bandwidthRule }),
  actions: {
    resize: z.object({ bandwidth: bandwidthRule }),
  },
});
