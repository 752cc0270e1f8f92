// The zod rules of nat-gateway (its create body and action params): loaded eagerly by the server and
// lazily by the web's forms, never by the list screens (docs/decisions/0049-a-kind-is-its-folder.md).
import { z } from 'zod';
import { idSchema } from '../../ids.ts';
import { chargingShape, descriptionRule, nameRule } from '../rules.ts';
import { defineSchemas } from '../kind-schemas.ts';
import { NAT_FLAVORS, natGatewayKind } from './nat-gateway.kind.ts';

export const natGatewaySchemas = defineSchemas(natGatewayKind, {
  create: z.object({ name: nameRule(), description: descriptionRule, ...chargingShape, vpc_id: idSchema, flavor: z.enum(NAT_FLAVORS).default('small') }),
  actions: {
    bind_eip: z.object({ eip_id: idSchema }),
    unbind_eip: z.object({ eip_id: idSchema }),
  },
});
