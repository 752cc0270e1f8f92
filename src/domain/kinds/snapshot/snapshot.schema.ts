// The zod rules of snapshot (its create body and action params): loaded eagerly by the server and
// lazily by the web's forms, never by the list screens (docs/decisions/0049-a-kind-is-its-folder.md).
import { z } from 'zod';
import { idSchema } from '../../ids.ts';
import { descriptionRule, nameRule } from '../rules.ts';
import { defineSchemas } from '../kind-schemas.ts';
import { snapshotKind } from './snapshot.kind.ts';

export const snapshotSchemas = defineSchemas(snapshotKind, {
  create: z.object({ name: nameRule(), description: descriptionRule, volume_id: idSchema }),
  actions: {},
});
