// The zod rules of gtm (its create body and action params): loaded eagerly by the server and
// lazily by the web's forms, never by the list screens (docs/decisions/0049-a-kind-is-its-folder.md).
import { z } from 'zod';
import { idSchema } from '../../ids.ts';
import { descriptionRule, nameRule, placementShape } from '../rules.ts';
import { GTM_LINES, GTM_TTL, MAX_POOL_ADDRESSES } from './gtm.rules.ts';
import { defineSchemas } from '../kind-schemas.ts';
import { gtmInstanceKind, gtmPoolKind, gtmPolicyKind } from './gtm.kind.ts';

import { portRule } from '../rules.ts';
import { isIpv4 } from '../cidr.ts';
import { GTM_WEIGHT, HEALTH_PROTOCOLS, HEALTH_INTERVALS } from './gtm.rules.ts';

export const gtmAddressSchema = z.object({
  ip: z.string().trim().refine(isIpv4, { message: 'ipv4' }),
  weight: z.coerce.number().int().min(GTM_WEIGHT.min).max(GTM_WEIGHT.max).default(50),
});

/** Address-list problems: repeated addresses, or no address carrying weight. */
export function checkAddresses(addresses: { ip: string; weight: number }[], ctx: z.RefinementCtx) {
  const seen = new Set<string>();
  addresses.forEach((a, i) => {
    if (seen.has(a.ip)) ctx.addIssue({ code: 'custom', path: ['addresses', i, 'ip'], message: 'gtm_address_repeated' });
    seen.add(a.ip);
  });
  if (addresses.length && addresses.every((a) => a.weight === 0)) ctx.addIssue({ code: 'custom', path: ['addresses'], message: 'gtm_weight_all_zero' });
}

export const gtmTtlRule = z.coerce.number().int().min(GTM_TTL.min).max(GTM_TTL.max);

const intervalRule = z.coerce
  .number()
  .int()
  .refine((n) => (HEALTH_INTERVALS as readonly number[]).includes(n), { message: 'gtm_health_interval' });

/** The globarSet form: what a GTM instance answers and how it watches its addresses. */
export const gtmGlobalSchema = z
  .object({
    ttl: gtmTtlRule,
    alarm_enabled: z.boolean().default(true),
    health_protocol: z.enum(HEALTH_PROTOCOLS).default('tcp'),
    health_port: portRule.optional(),
    health_interval: intervalRule.default(60),
  })
  .superRefine((v, ctx) => {
    if (v.health_protocol !== 'ping' && v.health_port === undefined) ctx.addIssue({ code: 'custom', path: ['health_port'], message: 'required' });
  });

const addressesRule = z.array(gtmAddressSchema).min(1).max(MAX_POOL_ADDRESSES);

export const gtmPoolCreateSchema = z
  .object({
    gtm_id: idSchema,
    name: nameRule(),
    addresses: addressesRule,
    health_check: z.boolean().default(true),
    description: descriptionRule,
  })
  .superRefine((v, ctx) => checkAddresses(v.addresses, ctx));

export const gtmPoolModifySchema = z.object({ addresses: addressesRule, health_check: z.boolean() }).superRefine((v, ctx) => checkAddresses(v.addresses, ctx));

const policyShape = {
  primary_pool_id: idSchema,
  backup_pool_id: idSchema.optional(),
  failover: z.boolean().default(true),
};

function checkPools(v: { primary_pool_id: string; backup_pool_id?: string }, ctx: z.RefinementCtx) {
  if (v.backup_pool_id && v.backup_pool_id === v.primary_pool_id) ctx.addIssue({ code: 'custom', path: ['backup_pool_id'], message: 'gtm_backup_same' });
}

export const gtmPolicyCreateSchema = z
  .object({ gtm_id: idSchema, line: z.enum(GTM_LINES), ...policyShape, description: descriptionRule })
  .superRefine(checkPools)
  .transform((v) => ({ ...v, name: v.line }));

export const gtmPolicyFormSchema = z.object({ gtm_id: idSchema, line: z.enum(GTM_LINES), ...policyShape, description: descriptionRule });

export const gtmPolicyModifySchema = z.object(policyShape).superRefine(checkPools);

export const gtmInstanceSchemas = defineSchemas(gtmInstanceKind, {
  create: z.object({ ...placementShape, name: nameRule(), ttl: gtmTtlRule.default(GTM_TTL.default), description: descriptionRule }),
  actions: {
    set_global: gtmGlobalSchema as unknown as z.ZodObject<any>,
  },
});

export const gtmPoolSchemas = defineSchemas(gtmPoolKind, {
  create: gtmPoolCreateSchema as unknown as z.ZodObject<any>,
  actions: {
    modify: gtmPoolModifySchema as unknown as z.ZodObject<any>,
  },
});

export const gtmPolicySchemas = defineSchemas(gtmPolicyKind, {
  create: gtmPolicyCreateSchema as unknown as z.ZodObject<any>,
  actions: {
    modify: gtmPolicyModifySchema as unknown as z.ZodObject<any>,
  },
});
