// Request shapes and pure rules of two shared operations (seed 000 §3, §5, §6, §7):
// - the ADMIN tag editor: the tag calls carry the resource's tenant_id (and project_id, omitted for
//   the resource type project); values also take full-width brackets （）;
// - the batch delete with one SMS code, retention days 7–60 (default 60) as for one resource.
import { z } from 'zod';
import { idSchema } from '../ids.ts';
import { DELETE_RETENTION } from '../constants.ts';
import { ROLES, can, type Role } from '../roles.ts';
import { adminTagValueRule, tagKeyRule, tagManageSchema, tagResourcesQuerySchema, tagResourcesSaveSchema, tagValueRule } from './resource.schema.ts';

export type TagEditorVariant = 'user' | 'admin';

/** The error key (errors:rules.*) of a tag pair, key checked first; null when valid. */
export function tagPairIssue(key: string, value: string, variant: TagEditorVariant): null | 'tag_key_first' | 'tag_key' | 'tag_value' | 'tag_value_admin' {
  const k = tagKeyRule.safeParse(key);
  if (!k.success) return k.error.issues[0]!.message === 'tag_key_first' ? 'tag_key_first' : 'tag_key';
  if (variant === 'admin') return adminTagValueRule.safeParse(value).success ? null : 'tag_value_admin';
  return tagValueRule.safeParse(value).success ? null : 'tag_value';
}

/**
 * Who may use the admin tag editor inside a tenant: the tenant administrators and the super
 * administrator (update:resource and update:project). The ops administrator reads the admin lists
 * but edits no tags. The server applies the same rule (routes/tags.routes.ts).
 */
export function mayEditTagsAsAdmin(roles: readonly string[]): boolean {
  const known = roles.filter((r): r is Role => (ROLES as readonly string[]).includes(r));
  return can(known, 'update', 'resource') && can(known, 'update', 'project');
}

/** A tag as the editors show it: 「key: value」, or the key alone when the value is empty. */
export const tagLabel = (tag: { tag_key: string; tag_value: string }) => (tag.tag_value ? `${tag.tag_key}: ${tag.tag_value}` : tag.tag_key);

/** The resource type whose admin tag calls leave project_id out (seed 000 §6). */
export const PROJECT_RESOURCE_TYPE = 'project';

/** The scope an admin tag call names: the resource's tenant, and its project unless the type is project. */
const adminTarget = z.object({ tenant_id: idSchema, project_id: idSchema.optional() });
const projectRule = (type: string, projectId: string | undefined, ctx: z.RefinementCtx) => {
  if (type !== PROJECT_RESOURCE_TYPE && !projectId) ctx.addIssue({ code: 'custom', path: ['project_id'], message: 'required' });
};

export const adminTagQuerySchema = tagResourcesQuerySchema.extend(adminTarget.shape).superRefine((v, ctx) => projectRule(v.resource_type, v.project_id, ctx));
export const adminTagSaveSchema = tagResourcesSaveSchema.extend(adminTarget.shape).superRefine((v, ctx) => projectRule(v.resource_type, v.project_id, ctx));
export const adminTagManageSchema = tagManageSchema(true)
  .extend(adminTarget.shape)
  .superRefine((v, ctx) => {
    for (const r of v.resources) projectRule(r.type, v.project_id, ctx);
  });

/** True when a tag call is the admin variant (it names the tenant itself). */
export const isAdminTagCall = (payload: unknown) =>
  typeof payload === 'object' &&
  payload !== null &&
  'tenant_id' in payload &&
  (payload as { tenant_id?: unknown }).tenant_id !== undefined &&
  (payload as { tenant_id?: unknown }).tenant_id !== '';

/** A batch delete: every id once, one code for the set, the recycle retention 7–60 days. */
export const BATCH_DELETE_MAX = 100;
export const batchDeleteSchema = z.object({
  ids: z
    .array(idSchema)
    .min(1)
    .max(BATCH_DELETE_MAX)
    .refine((ids) => new Set(ids).size === ids.length, { message: 'invalid_value' }),
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
  delayed_days: z.coerce.number().int().min(DELETE_RETENTION.min).max(DELETE_RETENTION.max).optional(),
});
export type BatchDeleteInput = z.infer<typeof batchDeleteSchema>;

/** One row of a batch delete's answer: accepted (with its new status) or refused with the reason. */
export interface BatchDeleteRow {
  id: string;
  name?: string;
  ok: boolean;
  status?: string;
  code?: number;
  description?: string;
}

/** Splits a batch answer for the result dialog: how many went, and the refused ones by name. */
export function batchOutcome(rows: readonly BatchDeleteRow[], nameOf: (id: string) => string | undefined) {
  const refused = rows.filter((r) => !r.ok).map((r) => ({ id: r.id, name: r.name ?? nameOf(r.id) ?? r.id, description: r.description ?? '' }));
  return { ok: rows.length - refused.length, refused };
}
