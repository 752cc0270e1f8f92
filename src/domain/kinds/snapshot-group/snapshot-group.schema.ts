// The zod rules of a consistency group: its first disk (where the group sits) and up to nine more,
// each once; the name of a consistency snapshot.
import { z } from 'zod';
import { idSchema } from '../../ids.ts';
import { descriptionRule, nameRule } from '../rules.ts';
import { defineSchemas } from '../kind-schemas.ts';
import { SNAPSHOT_GROUP_MAX_VOLUMES, snapshotGroupKind } from './snapshot-group.kind.ts';

export const snapshotGroupSchemas = defineSchemas(snapshotGroupKind, {
  create: z
    .object({
      name: nameRule(),
      description: descriptionRule,
      volume_id: idSchema,
      volumes: z
        .array(z.object({ volume_id: idSchema }))
        .min(1, { message: 'volumes_required' })
        .max(SNAPSHOT_GROUP_MAX_VOLUMES - 1, { message: 'volumes_too_many' }),
    })
    .refine((v) => new Set([v.volume_id, ...v.volumes.map((x) => x.volume_id)]).size === v.volumes.length + 1, {
      path: ['volumes'],
      message: 'volumes_repeated',
    }),
  actions: { snapshot: z.object({ snapshot_name: nameRule() }) },
});
