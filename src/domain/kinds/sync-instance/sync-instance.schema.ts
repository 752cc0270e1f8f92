// The zod rules of a sync instance (its create body): exactly one source — a database instance or a
// bucket — and the target bucket with a key prefix there.
import { z } from 'zod';
import { idSchema } from '../../ids.ts';
import { descriptionRule, nameRule } from '../rules.ts';
import { defineSchemas } from '../kind-schemas.ts';
import { syncInstanceKind } from './sync-instance.kind.ts';
import { SYNC_PREFIX_MAX, SYNC_PREFIX_PATTERN, SYNC_SOURCE_TYPES } from './sync-instance.rules.ts';

export const syncInstanceCreateSchema = z
  .object({
    name: nameRule(),
    description: descriptionRule,
    /** which source's picker the form offers; the id given says what the source is */
    source_type: z.enum(SYNC_SOURCE_TYPES).default('db_instance'),
    source_db_id: idSchema.optional(),
    source_bucket_id: idSchema.optional(),
    target_bucket_id: idSchema,
    target_prefix: z.string().trim().max(SYNC_PREFIX_MAX).regex(SYNC_PREFIX_PATTERN, 'sync_prefix').default('sync/'),
  })
  .superRefine((v, ctx) => {
    const field = v.source_type === 'oss_bucket' ? 'source_bucket_id' : 'source_db_id';
    if (Boolean(v.source_db_id) === Boolean(v.source_bucket_id)) ctx.addIssue({ code: 'custom', path: [field], message: 'sync_source_one' });
  });

export const syncInstanceSchemas = defineSchemas(syncInstanceKind, {
  create: syncInstanceCreateSchema,
  actions: {},
});
