// The zod rules of phyhost (its create body and action params): loaded eagerly by the server and
// lazily by the web's forms, never by the list screens (docs/decisions/0049-a-kind-is-its-folder.md).
import { z } from 'zod';
import { idSchema } from '../../ids.ts';
import { chargingShape, descriptionRule, nameRule, passwordRule, placementShape } from '../rules.ts';
import { IMAGES } from '../instance/instance.kind.ts';
import { defineSchemas } from '../kind-schemas.ts';
import { BMS_FLAVOR_IDS, RAID_LEVELS, phyhostKind } from './phyhost.kind.ts';

export const phyhostSchemas = defineSchemas(phyhostKind, {
  create: z.object({
    name: nameRule(),
    description: descriptionRule,
    ...placementShape,
    ...chargingShape,
    flavor: z.enum(BMS_FLAVOR_IDS),
    image: z.enum(IMAGES),
    raid: z.enum(RAID_LEVELS).default('raid1'),
    subnet_id: idSchema,
    password: passwordRule,
  }),
  actions: {},
});
