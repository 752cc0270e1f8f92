// The zod rules of cdn-domain (its create body and action params): loaded eagerly by the server and
// lazily by the web's forms, never by the list screens (docs/decisions/0049-a-kind-is-its-folder.md).
import { z } from 'zod';
import { idSchema } from '../../ids.ts';
import { descriptionRule, placementShape } from '../rules.ts';
import { CDN_BUSINESS_TYPES, CDN_REGIONS, MAX_ORIGINS, ORIGIN_PORTS } from './cdn-domain.rules.ts';
import { defineSchemas } from '../kind-schemas.ts';
import { cdnDomainKind } from './cdn-domain.kind.ts';
import { NO_SPACES, noSpaces } from '../../no-spaces.ts';

import { ORIGIN_ROLES, isCdnDomain, isOriginAddress } from './cdn-domain.rules.ts';

export const cdnDomainRule = z.string().trim().refine(noSpaces, { message: NO_SPACES }).toLowerCase().refine(isCdnDomain, { message: 'cdn_domain' });

export const originSchema = z.object({
  address: z.string().trim().toLowerCase().max(253).refine(isOriginAddress, { message: 'origin_address' }),
  role: z.enum(ORIGIN_ROLES).default('primary'),
  weight: z.coerce.number().int().min(1).max(100).default(10),
});

/** The origin-list problems of a domain: none, one missing primary, the domain itself, repeats. */
export function checkOrigins(v: { domain: string; origins: { address: string; role: string }[] }, ctx: z.RefinementCtx) {
  const seen = new Set<string>();
  v.origins.forEach((o, i) => {
    if (o.address === v.domain) ctx.addIssue({ code: 'custom', path: ['origins', i, 'address'], message: 'origin_same_as_domain' });
    if (seen.has(o.address)) ctx.addIssue({ code: 'custom', path: ['origins', i, 'address'], message: 'origin_repeated' });
    seen.add(o.address);
  });
  if (v.origins.length && !v.origins.some((o) => o.role === 'primary')) ctx.addIssue({ code: 'custom', path: ['origins'], message: 'primary_required' });
}

const portRule = z.coerce
  .number()
  .int()
  .refine((n) => (ORIGIN_PORTS as readonly number[]).includes(n), { message: 'origin_port' });

const httpsShape = { https: z.boolean().default(false), certificate_id: idSchema.optional() };

function checkHttps(v: { https: boolean; certificate_id?: string }, ctx: z.RefinementCtx) {
  if (v.https && !v.certificate_id) ctx.addIssue({ code: 'custom', path: ['certificate_id'], message: 'required' });
}

export const cdnCreateSchema = z
  .object({
    ...placementShape,
    name: cdnDomainRule,
    business_type: z.enum(CDN_BUSINESS_TYPES).default('web'),
    region: z.enum(CDN_REGIONS).default('mainland'),
    origins: z.array(originSchema).min(1).max(MAX_ORIGINS),
    origin_port: portRule.default(80),
    ...httpsShape,
    description: descriptionRule,
  })
  .superRefine((v, ctx) => {
    checkOrigins({ domain: v.name, origins: v.origins }, ctx);
    checkHttps(v, ctx);
  });

export const cdnHttpsSchema = z.object(httpsShape).superRefine(checkHttps);

export const cdnDomainSchemas = defineSchemas(cdnDomainKind, {
  create: cdnCreateSchema as unknown as z.ZodObject<any>,
  actions: {
    set_https: cdnHttpsSchema as unknown as z.ZodObject<any>,
  },
});
