// The zod rules of eip (its create body and action params): loaded eagerly by the server and
// lazily by the web's forms, never by the list screens (docs/decisions/0049-a-kind-is-its-folder.md).
import { z } from 'zod';
import { idSchema } from '../../ids.ts';
import { chargingShape, descriptionRule, nameRule, placementShape } from '../rules.ts';
import { defineSchemas } from '../kind-schemas.ts';
import { eipKind } from './eip.kind.ts';

export const eipCreateSchema = z.object({
  name: nameRule(),
  description: descriptionRule,
  ...placementShape,
  ...chargingShape,
  bandwidth: z.coerce.number().int().min(1).max(200),
  line: z.enum(['bgp', 'static_bgp']).default('bgp'),
});

export const eipSchemas = defineSchemas(eipKind, {
  create: eipCreateSchema,
  actions: {
    bind: z.object({ instance_id: idSchema }),
  },
});
