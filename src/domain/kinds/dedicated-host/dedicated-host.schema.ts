// The zod rules of dedicated-host (its create body and action params): loaded eagerly by the server and
// lazily by the web's forms, never by the list screens (docs/decisions/0049-a-kind-is-its-folder.md).
import { z } from 'zod';
import { idSchema } from '../../ids.ts';
import { chargingShape, descriptionRule, nameRule, placementShape } from '../rules.ts';
import { defineSchemas } from '../kind-schemas.ts';
import { DEDICATED_HOST_TYPE_IDS, dedicatedHostKind } from './dedicated-host.kind.ts';

export const dedicatedHostSchemas = defineSchemas(dedicatedHostKind, {
  create: z.object({ name: nameRule(), description: descriptionRule, ...placementShape, ...chargingShape, host_type: z.enum(DEDICATED_HOST_TYPE_IDS) }),
  actions: {
    place: z.object({ instance_id: idSchema }),
    remove: z.object({ instance_id: idSchema }),
  },
});
