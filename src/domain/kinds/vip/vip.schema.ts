// The zod rules of vip (its create body and action params): loaded eagerly by the server and
// lazily by the web's forms, never by the list screens (docs/decisions/0049-a-kind-is-its-folder.md).
import { z } from 'zod';
import { idSchema } from '../../ids.ts';
import { descriptionRule, ipv4Rule, nameRule } from '../rules.ts';
import { defineSchemas } from '../kind-schemas.ts';
import { vipKind } from './vip.kind.ts';

export const vipSchemas = defineSchemas(vipKind, {
  create: z.object({ name: nameRule(), description: descriptionRule, subnet_id: idSchema, ip_address: ipv4Rule.optional() }),
  actions: {
    bind: z.object({ instance_id: idSchema }),
  },
});
