// The zod rules of load-balancer (its create body and action params): loaded eagerly by the server and
// lazily by the web's forms, never by the list screens (docs/decisions/0049-a-kind-is-its-folder.md).
import { z } from 'zod';
import { idSchema } from '../../ids.ts';
import { chargingShape, descriptionRule, nameRule } from '../rules.ts';
import { defineSchemas } from '../kind-schemas.ts';
import { LB_FLAVORS, LB_NETWORK_TYPES, loadBalancerKind } from './load-balancer.kind.ts';

export const loadBalancerCreateSchema = z
  .object({
    name: nameRule(),
    description: descriptionRule,
    ...chargingShape,
    subnet_id: idSchema,
    network_type: z.enum(LB_NETWORK_TYPES).default('internal'),
    flavor: z.enum(LB_FLAVORS).default('small'),
    bandwidth: z.coerce.number().int().min(1).max(200).optional(),
  })
  .refine((v) => v.network_type === 'internal' || v.bandwidth !== undefined, { path: ['bandwidth'], message: 'required' });

export const loadBalancerSchemas = defineSchemas(loadBalancerKind, {
  create: loadBalancerCreateSchema as unknown as z.ZodObject<any>,
  actions: {},
});
