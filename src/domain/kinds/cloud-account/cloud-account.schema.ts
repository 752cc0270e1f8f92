// The zod rules of cloud-account (its create body and action params): loaded eagerly by the server and
// lazily by the web's forms, never by the list screens (docs/decisions/0049-a-kind-is-its-folder.md).
import { z } from 'zod';
import { idSchema } from '../../ids.ts';
import { descriptionRule, nameRule } from '../rules.ts';
import { defineSchemas } from '../kind-schemas.ts';
import { CLOUD_ACCOUNT_VENDORS, cloudAccountKind } from './cloud-account.kind.ts';
import { ACCESS_KEY_ID_RULE, ACCESS_KEY_SECRET_RULE, CN_NAME_MAX } from './cloud-account.rules.ts';

const cnName = z.string().trim().max(CN_NAME_MAX, { message: 'cn_name_max' }).optional();

export const cloudAccountCreateSchema = z.object({
  name: nameRule(),
  vendor: z.enum(CLOUD_ACCOUNT_VENDORS),
  access_key_id: z
    .string()
    .trim()
    .refine((v) => ACCESS_KEY_ID_RULE.test(v), { message: 'access_key_id' }),
  access_key_secret: z
    .string()
    .trim()
    .refine((v) => ACCESS_KEY_SECRET_RULE.test(v), { message: 'access_key_secret' }),
  cn_name: cnName,
  description: descriptionRule,
});

export const cloudAccountSyncSchema = z.object({
  region_ids: z.array(idSchema).min(1, { message: 'sync_region_required' }).max(64),
});

export const cloudAccountModifySchema = z
  .object({ cn_name: cnName, description: descriptionRule })
  .refine((v) => v.cn_name !== undefined || v.description !== undefined, { message: 'empty_form' });

export const cloudAccountSchemas = defineSchemas(cloudAccountKind, {
  create: cloudAccountCreateSchema,
  actions: {
    sync_regions: cloudAccountSyncSchema,
    modify: cloudAccountModifySchema,
  },
});
