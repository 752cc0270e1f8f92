// The zod rules of image (its create body and action params): loaded eagerly by the server and
// lazily by the web's forms, never by the list screens (docs/decisions/0049-a-kind-is-its-folder.md).
import { z } from 'zod';
import { idSchema } from '../../ids.ts';
import { descriptionRule, nameRule, placementShape } from '../rules.ts';
import { defineSchemas } from '../kind-schemas.ts';
import { OS_TYPES, IMAGE_FORMATS, imageKind } from './image.kind.ts';

/** Where the uploaded file sits: an http(s) address or an object-storage path (obs://bucket/key). */
const fileUrlRule = z
  .string()
  .trim()
  .min(1)
  .max(1024)
  .regex(/^(https?|obs|oss|s3):\/\/[^\s]+$/i, { message: 'invalid_format' });

export const imageCreateSchema = z
  .object({
    name: nameRule(),
    description: descriptionRule,
    ...placementShape,
    // Tenants upload custom and ISO images; public images come from the platform.
    image_type: z.enum(['custom', 'iso']),
    os_type: z.enum(OS_TYPES),
    os_version: z.string().trim().min(1).max(64),
    format: z.enum(IMAGE_FORMATS),
    file_url: fileUrlRule,
    // Minimum disk and memory: integers only (seed 001 §5 "Storage").
    min_disk: z.coerce.number().int().min(1).max(1024).default(40),
    min_memory: z.coerce.number().int().min(0).max(512).default(1),
  })
  .refine((v) => (v.image_type === 'iso') === (v.format === 'iso'), { path: ['format'], message: 'iso_format' });

export const imageSchemas = defineSchemas(imageKind, {
  create: imageCreateSchema as unknown as z.ZodObject<any>,
  actions: {
    reject: z.object({ review_reason: z.string().trim().min(1).max(200) }),
    reupload: z.object({ file_url: fileUrlRule }),
    mount: z.object({ instance_id: idSchema }),
    unmount: z.object({ instance_id: idSchema }),
  },
});
