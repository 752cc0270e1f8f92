// The zod rules of sdwan (its create body and action params): loaded eagerly by the server and
// lazily by the web's forms, never by the list screens (docs/decisions/0049-a-kind-is-its-folder.md).
import { z } from 'zod';
import { idSchema } from '../../ids.ts';
import { cidrRule, descriptionRule, nameRule, passwordRule, placementShape } from '../rules.ts';
import { defineSchemas } from '../kind-schemas.ts';
import { DEVICE_MODELS, sdwanBranchKind, routingTemplateKind } from './sdwan.kind.ts';
import { NEXT_HOPS, samePassword } from './sdwan.rules.ts';

/** Letters, digits, hyphens and Chinese, 2–20 characters. */
export const nameSuffixRule = z
  .string()
  .trim()
  .regex(/^[A-Za-z0-9\u4e00-\u9fa5-]{2,20}$/, { message: 'name_suffix' });

/** Serial number: 8–32 upper-case letters and digits. */
export const deviceSnRule = z
  .string()
  .trim()
  .regex(/^[A-Z0-9]{8,32}$/, { message: 'device_sn' });

const passwordPair = {
  access_password: passwordRule,
  access_password_confirm: z.string().max(64),
};

export const locationSchema = z.object({
  province: z.string().trim().min(1).max(32),
  city: z.string().trim().min(1).max(32),
  district: z.string().trim().min(1).max(32).optional(),
  address: z.string().trim().min(1).max(100),
});

export const branchCreateSchema = z
  .object({
    name_suffix: nameSuffixRule,
    description: descriptionRule,
    ...placementShape,
    device_model: z.enum(DEVICE_MODELS),
    device_sn: deviceSnRule,
    ...passwordPair,
    deployment_location: locationSchema,
  })
  .refine(samePassword, { path: ['access_password_confirm'], message: 'password_confirm' });

export const routesRule = z
  .array(
    z.object({
      destination: cidrRule(0, 32),
      next_hop: z.enum(NEXT_HOPS),
      priority: z.coerce.number().int().min(1).max(100).default(50),
    }),
  )
  .min(1)
  .max(50)
  .superRefine((list, ctx) => {
    const seen = new Set<string>();
    list.forEach((r, i) => {
      if (seen.has(r.destination)) ctx.addIssue({ code: 'custom', path: [i, 'destination'], message: 'route_repeated' });
      seen.add(r.destination);
    });
  });

export const sdwanBranchSchemas = defineSchemas(sdwanBranchKind, {
  create: branchCreateSchema as unknown as z.ZodObject<any>,
  actions: {
    reset_password: z
      .object(passwordPair)
      .refine(samePassword, { path: ['access_password_confirm'], message: 'password_confirm' }) as unknown as z.ZodObject<any>,
    apply_template: z.object({ template_id: idSchema }),
  },
});

export const routingTemplateSchemas = defineSchemas(routingTemplateKind, {
  create: z.object({ name: nameRule(), description: descriptionRule, ...placementShape, routes: routesRule }),
  actions: {
    set_routes: z.object({ routes: routesRule }),
  },
});
