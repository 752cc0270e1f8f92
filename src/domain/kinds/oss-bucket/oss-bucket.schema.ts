// The zod rules of a bucket: its name (bucketNameProblem), the package, storage class, ACL and referer
// list; the ACL and referer changes; a delete that may be forced (a bucket with objects is refused
// otherwise).
import { z } from 'zod';
import { idSchema } from '../../ids.ts';
import { descriptionRule } from '../rules.ts';
import { defineSchemas } from '../kind-schemas.ts';
import { NO_SPACES, noSpaces } from '../../no-spaces.ts';
import { ossBucketKind } from './oss-bucket.kind.ts';
import { MAX_REFERERS, OSS_ACLS, OSS_REFERER_TYPES, OSS_STORAGE_TYPES, bucketNameProblem } from './oss-bucket.rules.ts';

export const bucketNameRule = z
  .string()
  .trim()
  .refine(noSpaces, { message: NO_SPACES })
  .superRefine((v, ctx) => {
    const problem = bucketNameProblem(v);
    if (problem) ctx.addIssue({ code: 'custom', message: problem });
  });

const refererRule = z.string().trim().min(1).max(255);

export const refererShape = {
  referer_type: z.enum(OSS_REFERER_TYPES).default('none'),
  referers: z
    .array(refererRule)
    .max(MAX_REFERERS, { message: 'referers_too_many' })
    .refine((l) => new Set(l).size === l.length, { message: 'referers_repeated' })
    .default([]),
  allow_empty_referer: z.boolean().default(true),
};

export const ossBucketSchemas = defineSchemas(ossBucketKind, {
  create: z.object({
    name: bucketNameRule,
    description: descriptionRule,
    package_id: idSchema,
    storage_class: z.enum(OSS_STORAGE_TYPES).optional(),
    acl: z.enum(OSS_ACLS).default('private'),
    ...refererShape,
  }),
  actions: {
    set_acl: z.object({ acl: z.enum(OSS_ACLS) }),
    set_referer: z.object(refererShape),
    delete: z.object({ force: z.boolean().default(false) }),
  },
});
