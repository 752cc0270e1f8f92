// Request shapes of the resource engine's shared operations (seed 000 §3, §5, §7): delete with
// SMS, tags, export, price inquiry, metrics. Shared by the web forms and the server.
import { z } from 'zod';
import { METRIC_RANGES } from '../metric-ranges.ts';
import { idSchema } from '../ids.ts';
import { CHARGING_CODES, DURATION_MONTHS } from './reference.schema.ts';

/** Retention in the recycle bin when deleting (seed 000 §5, §9): 7–60 days, default 60. */
export const DELAYED_DAYS_DEFAULT = 60;
export const deleteQuerySchema = z
  .object({
    sms_necessity_flag: z.coerce.number().int().min(0).max(1).optional(),
    sms_operate_type: z
      .string()
      .trim()
      .min(1)
      .max(40)
      .regex(/^[a-z_]+$/, { message: 'invalid_format' })
      .optional(),
    sms_code: z
      .string()
      .trim()
      .regex(/^\d{6}$/, { message: 'sms_code_format' })
      .optional(),
    delayed_days: z.coerce.number().int().min(7).max(60).optional(),
  })
  .loose();

export const smsNecessitySchema = z.object({
  sms_operate_type: z
    .string()
    .trim()
    .min(1)
    .max(40)
    .regex(/^[a-z_]+$/, { message: 'invalid_format' }),
  params_details: z.record(z.string(), z.unknown()).optional(),
});
export const smsSendSchema = z.object({
  operate_type: z
    .string()
    .trim()
    .min(1)
    .max(40)
    .regex(/^[a-z_]+$/, { message: 'invalid_format' }),
});

/** Tag key: required, letters, digits and dots, 1–32 (「请先填写键」 when empty). */
export const tagKeyRule = z
  .string({ message: 'tag_key_first' })
  .trim()
  .min(1, { message: 'tag_key_first' })
  .max(32, { message: 'tag_key' })
  .regex(/^[A-Za-z0-9.]+$/, { message: 'tag_key' });
/** Tag value: 0–60 letters, digits, dot, underscore, hyphen, Chinese. */
export const tagValueRule = z
  .string()
  .trim()
  .max(60)
  .regex(/^[A-Za-z0-9._\-\u4e00-\u9fa5]*$/, { message: 'tag_value' });
/** The admin editor also takes full-width brackets. */
export const adminTagValueRule = z
  .string()
  .trim()
  .max(60)
  .regex(/^[A-Za-z0-9._\-\u4e00-\u9fa5（）]*$/, { message: 'tag_value_admin' });

export const tagPairSchema = z.object({ tag_key: tagKeyRule, tag_value: tagValueRule.default('') });
export const adminTagPairSchema = z.object({ tag_key: tagKeyRule, tag_value: adminTagValueRule.default('') });

export const tagResourcesQuerySchema = z.object({ resource_type: z.string().trim().min(1).max(40), resource_id: idSchema.optional() }).loose();
export const tagResourcesSaveSchema = z.object({ resource_type: z.string().trim().min(1).max(40), resource_id: idSchema, tag_ids: z.array(idSchema).max(50) });
export const tagManageSchema = (admin: boolean) =>
  z.object({
    resources: z
      .array(z.object({ type: z.string().trim().min(1).max(40), rids: z.array(idSchema).min(1).max(100) }))
      .min(1)
      .max(20),
    tags: z
      .array(admin ? adminTagPairSchema : tagPairSchema)
      .min(1)
      .max(20),
  });

export const exportQuerySchema = z
  .object({
    export_field_list: z.string().trim().min(1).max(2000),
    is_export_file: z.enum(['true', 'false']).default('true'),
  })
  .loose();

export const priceInquirySchema = z.object({
  product_code: z.string().trim().min(1).max(40),
  charging_code: z.enum(CHARGING_CODES).default('quantity'),
  duration: z.coerce
    .number()
    .int()
    .refine((n) => (DURATION_MONTHS as readonly number[]).includes(n), { message: 'duration' })
    .optional(),
  count: z.coerce.number().int().min(1).max(100).default(1),
  hours: z.coerce
    .number()
    .int()
    .min(1)
    .max(24 * 366)
    .optional(),
  vendor: z.string().trim().max(20).optional(),
  spec: z.record(z.string(), z.unknown()).default({}),
});
export const priceUpgradeSchema = z.object({ resource_id: idSchema, changes: z.record(z.string(), z.unknown()) });
export const bandwidthRentalSchema = z.object({
  bandwidth: z.coerce.number().int().min(1).max(100_000),
  hours: z.coerce
    .number()
    .int()
    .min(1)
    .max(24 * 366),
});

export { METRIC_RANGES } from '../metric-ranges.ts';
export const metricsQuerySchema = z.object({
  metric: z.enum(['cpu', 'memory', 'network_in', 'network_out']).default('cpu'),
  range: z.enum(Object.keys(METRIC_RANGES) as [keyof typeof METRIC_RANGES, ...(keyof typeof METRIC_RANGES)[]]).default('1h'),
});
