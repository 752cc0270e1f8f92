// The service desk's request schemas (seed 001 §3 "Work order", "Feedback"; §5 limits), apart from
// desk.ts's states and limits so the web's lists and labels do not load zod; the server validates
// with them and the web's forms read the same limits from desk.ts.
import { z } from 'zod';
import { MAINLAND_MOBILE } from './phone.ts';
import { mobilePhoneSchema } from './phone-schema.ts';
import { idSchema } from './ids.ts';
import { CONTACT_TIMES, FEEDBACK_TYPES, UPLOAD_LIMITS, URGENCIES } from './desk.ts';

/** Mainland mobile numbers (seed 001 §5 "phone format"); +86 and +852 are phone.ts's rule. */
export const MOBILE_PATTERN = MAINLAND_MOBILE;
const mobile = mobilePhoneSchema;
const email = z.string().trim().max(64).email({ message: 'email' });

export const workorderCreateSchema = z
  .object({
    workorder_type_id: idSchema,
    question_id: idSchema.nullish(),
    // "under 32" / "under 8" (seed 001 §5): at most 31 and 7 characters
    title: z.string().trim().min(1).max(31),
    contact: z.string().trim().min(1).max(7),
    phone: mobile,
    email,
    urgency: z.enum(URGENCIES),
    contact_time: z.enum(CONTACT_TIMES),
    description: z.string().trim().min(1).max(1000),
    resource_ids: z.array(z.string().trim().min(1).max(64)).max(10).default([]),
    attachment_ids: z.array(idSchema).max(UPLOAD_LIMITS.maxFiles).default([]),
  })
  .strict();
export type WorkorderCreate = z.infer<typeof workorderCreateSchema>;

export const replySchema = z.object({ content: z.string().trim().min(1).max(1000) }).strict();
export const ratingSchema = z.object({ score: z.number().int().min(1).max(5), comment: z.string().trim().max(200).default('') }).strict();

export const feedbackCreateSchema = z
  .object({
    name: z.string().trim().min(1).max(32),
    phone: mobile,
    email,
    type: z.enum(FEEDBACK_TYPES),
    content: z.string().trim().min(1).max(1000),
  })
  .strict();
export type FeedbackCreate = z.infer<typeof feedbackCreateSchema>;
