// The zod rules of vpc-endpoint (its create body and action params): loaded eagerly by the server and
// lazily by the web's forms, never by the list screens (docs/decisions/0049-a-kind-is-its-folder.md).
import { z } from 'zod';
import { idSchema } from '../../ids.ts';
import { descriptionRule, nameRule, portRule } from '../rules.ts';
import { defineSchemas } from '../kind-schemas.ts';
import { BACKEND_TYPES, vpcepServiceKind, vpcEndpointKind } from './vpc-endpoint.kind.ts';

export const portMappingsRule = z
  .array(
    z.object({
      protocol: z.enum(['tcp', 'udp']).default('tcp'),
      service_port: portRule,
      terminal_port: portRule,
    }),
  )
  .min(1)
  .max(50)
  .superRefine((list, ctx) => {
    const seen = new Set<string>();
    list.forEach((m, i) => {
      const key = `${m.protocol}:${m.service_port}`;
      if (seen.has(key)) ctx.addIssue({ code: 'custom', path: [i, 'service_port'], message: 'port_repeated' });
      seen.add(key);
    });
  });

export const vpcepServiceSchemas = defineSchemas(vpcepServiceKind, {
  create: z.object({
    name: nameRule(),
    description: descriptionRule,
    vpc_id: idSchema,
    backend_type: z.enum(BACKEND_TYPES),
    backend_id: idSchema,
    port_mappings: portMappingsRule,
  }),
  actions: {
    set_ports: z.object({ port_mappings: portMappingsRule }),
  },
});

export const vpcEndpointSchemas = defineSchemas(vpcEndpointKind, {
  create: z.object({ name: nameRule(), description: descriptionRule, service_id: idSchema, subnet_id: idSchema }),
  actions: {},
});
