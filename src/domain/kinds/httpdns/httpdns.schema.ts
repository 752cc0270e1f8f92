// The zod rules of httpdns (its create body and action params): loaded eagerly by the server and
// lazily by the web's forms, never by the list screens (docs/decisions/0049-a-kind-is-its-folder.md).
import { z } from 'zod';
import { idSchema } from '../../ids.ts';
import { descriptionRule, nameRule, placementShape } from '../rules.ts';
import { zoneNameRule } from '../dns-zone/dns-zone.schema.ts';
import { defineSchemas } from '../kind-schemas.ts';
import { HTTPDNS_EDITIONS, httpDnsInstanceKind, httpDnsDomainKind } from './httpdns.kind.ts';
import { SECRET_RULE } from './httpdns.rules.ts';

export const httpDnsCreateSchema = z
  .object({
    ...placementShape,
    name: nameRule(),
    edition: z.enum(HTTPDNS_EDITIONS).default('standard'),
    auth_enabled: z.boolean().default(false),
    secret_key: z
      .string()
      .trim()
      .refine((v) => SECRET_RULE.test(v), { message: 'httpdns_secret' })
      .optional(),
    description: descriptionRule,
  })
  .superRefine((v, ctx) => {
    if (v.auth_enabled && !v.secret_key) ctx.addIssue({ code: 'custom', path: ['secret_key'], message: 'required' });
  });

export const httpDnsInstanceSchemas = defineSchemas(httpDnsInstanceKind, {
  create: httpDnsCreateSchema as unknown as z.ZodObject<any>,
  actions: {},
});

export const httpDnsDomainSchemas = defineSchemas(httpDnsDomainKind, {
  create: z.object({ instance_id: idSchema, name: zoneNameRule, description: descriptionRule }),
  actions: {},
});
