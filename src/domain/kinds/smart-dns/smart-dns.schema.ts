// The zod rules of smart-dns (its create body and action params): loaded eagerly by the server and
// lazily by the web's forms, never by the list screens (docs/decisions/0049-a-kind-is-its-folder.md).
import { z } from 'zod';
import { idSchema } from '../../ids.ts';
import { descriptionRule, placementShape } from '../rules.ts';
import { zoneNameRule } from '../dns-zone/dns-zone.schema.ts';
import { checkRecordValue, mxPriorityRule, recordNameRule, ttlRule, weightRule } from '../dns-record/dns-record.schema.ts';
import { defineSchemas } from '../kind-schemas.ts';
import { SMART_LINES, SMART_RECORD_TYPES, smartDnsDomainKind, smartDnsRecordKind } from './smart-dns.kind.ts';
import { SMART_TTL } from './smart-dns.rules.ts';

const smartTtlRule = ttlRule.pipe(z.number().min(SMART_TTL.min));

export const smartRecordCreateSchema = z
  .object({
    zone_id: idSchema,
    line: z.enum(SMART_LINES).default('default'),
    name: recordNameRule,
    type: z.enum(SMART_RECORD_TYPES),
    value: z.string().trim().min(1).max(512),
    ttl: smartTtlRule.default(SMART_TTL.default),
    weight: weightRule.optional(),
    mx_priority: mxPriorityRule.optional(),
    description: descriptionRule,
  })
  .superRefine(checkRecordValue);

export const smartRecordModifySchema = z.object({
  value: z.string().trim().min(1).max(512),
  ttl: smartTtlRule,
  weight: weightRule.optional(),
  mx_priority: mxPriorityRule.optional(),
});

export const smartDnsDomainSchemas = defineSchemas(smartDnsDomainKind, {
  create: z.object({ ...placementShape, name: zoneNameRule, description: descriptionRule }),
  actions: {},
});

export const smartDnsRecordSchemas = defineSchemas(smartDnsRecordKind, {
  create: smartRecordCreateSchema as unknown as z.ZodObject<any>,
  actions: {
    modify: smartRecordModifySchema,
  },
});
