// Records of a DNS zone, private (dnsDetail) or internet (dnsInternetDetail): host record, type,
// value, TTL, line, weight, MX priority; enabled / disabled (暂停) and locked (a locked record
// cannot be changed, paused or deleted). Shown in the zone's 解析记录 tab; no route of their own.
import { z } from 'zod';
import { idSchema } from '../../ids.ts';
import { descriptionRule } from '../rules.ts';
import { defineSchemas } from '../kind-schemas.ts';
import { dnsInternetRecordKind, dnsRecordKind } from './dns-record.kind.ts';
import { RECORD_LINES, RECORD_TYPES, TTL } from './dns-record.rules.ts';

import { WEIGHT, isRecordName, recordValueProblem } from './dns-record.rules.ts';

export const recordNameRule = z.string().trim().toLowerCase().min(1).max(61).refine(isRecordName, { message: 'record_name' });

export const ttlRule = z.coerce.number().int().min(TTL.min).max(TTL.max);

export const weightRule = z.coerce.number().int().min(WEIGHT.min).max(WEIGHT.max);

export const mxPriorityRule = z.coerce.number().int().min(1).max(50);

/** The value checks of a record body (create, or a change with the record's type). */
export function checkRecordValue(v: { type: string; value: string; mx_priority?: number | null }, ctx: z.RefinementCtx) {
  const problem = recordValueProblem(v.type, v.value, v.mx_priority);
  if (problem === 'record_mx_priority') ctx.addIssue({ code: 'custom', path: ['mx_priority'], message: 'required' });
  else if (problem) ctx.addIssue({ code: 'custom', path: ['value'], message: problem });
}

const recordShape = {
  zone_id: idSchema,
  name: recordNameRule,
  type: z.enum(RECORD_TYPES),
  value: z.string().trim().min(1).max(512),
  ttl: ttlRule.default(TTL.default),
  line: z.enum(RECORD_LINES).default('default'),
  weight: weightRule.optional(),
  mx_priority: mxPriorityRule.optional(),
  description: descriptionRule,
};
export const recordCreateSchema = z.object(recordShape).superRefine(checkRecordValue);

/** A record change: the value and its settings (the type and host record stay). */
export const recordModifySchema = z.object({
  value: z.string().trim().min(1).max(512),
  ttl: ttlRule,
  line: z.enum(RECORD_LINES),
  weight: weightRule.optional(),
  mx_priority: mxPriorityRule.optional(),
});

const recordSchemas = { create: recordCreateSchema as unknown as z.ZodObject<any>, actions: { modify: recordModifySchema } };
export const dnsRecordSchemas = defineSchemas(dnsRecordKind, recordSchemas);
export const dnsInternetRecordSchemas = defineSchemas(dnsInternetRecordKind, recordSchemas);
