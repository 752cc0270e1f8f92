// The zod rules of deploy-unit (its create body and action params): loaded eagerly by the server and
// lazily by the web's forms, never by the list screens (docs/decisions/0049-a-kind-is-its-folder.md).
import { z } from 'zod';
import { descriptionRule, nameRule, placementShape } from '../rules.ts';
import { defineSchemas } from '../kind-schemas.ts';
import { deployUnitKind } from './deploy-unit.kind.ts';

export const deployUnitSchemas = defineSchemas(deployUnitKind, {
  create: z.object({ name: nameRule(), description: descriptionRule, ...placementShape }),
  actions: {},
});
