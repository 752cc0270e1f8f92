// The zod rules of the object storage API (issue 30): keys, folders, object listings, lifecycle
// rules, sync and backup strategies. The bucket itself is a kind (kinds/oss-bucket).
import { z } from 'zod';
import { idSchema } from '../ids.ts';
import { LIFECYCLE_MAX_DAYS, LIFECYCLE_MIN_DAYS, OBJECT_PAGE_SIZE, folderPathProblem, objectKeyProblem } from '../kinds/oss-bucket/oss-bucket.rules.ts';

const ruleOf = (check: (v: string) => string | null) =>
  z.string().superRefine((v, ctx) => {
    const problem = check(v);
    if (problem) ctx.addIssue({ code: 'custom', message: problem });
  });

export const objectKeyRule = ruleOf(objectKeyProblem);
/** A prefix to list or upload under: '' or a folder path ending in '/'. */
export const prefixRule = z
  .string()
  .max(1024)
  .default('')
  .superRefine((v, ctx) => {
    if (v && (!v.endsWith('/') || folderPathProblem(v))) ctx.addIssue({ code: 'custom', message: folderPathProblem(v) ?? 'folder_path' });
  });

export const keyCreateSchema = z.object({ description: z.string().trim().max(60).default('') });

export const objectListQuery = z.object({
  prefix: prefixRule,
  cursor: z.string().max(2048).optional(),
  limit: z.coerce.number().int().min(1).max(1000).default(OBJECT_PAGE_SIZE),
});

export const folderCreateSchema = z.object({ path: ruleOf(folderPathProblem) });
export const objectKeyQuery = z.object({ key: objectKeyRule });

const dateRule = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, { message: 'date' })
  .refine((v) => !Number.isNaN(Date.parse(`${v}T00:00:00Z`)) && new Date(`${v}T00:00:00Z`).toISOString().startsWith(v), { message: 'date' });

export const lifecycleRuleSchema = z
  .object({
    name: z.string().trim().min(1).max(64),
    scope: z.enum(['bucket', 'prefix']),
    prefix: z.string().trim().min(1).max(1024).optional(),
    expire_days: z.coerce.number().int().min(LIFECYCLE_MIN_DAYS).max(LIFECYCLE_MAX_DAYS).optional(),
    expire_date: dateRule.optional(),
    enabled: z.boolean().default(true),
  })
  .refine((v) => (v.expire_days === undefined) !== (v.expire_date === undefined), { path: ['expire_days'], message: 'lifecycle_expiry_one' })
  .refine((v) => v.scope === 'bucket' || !!v.prefix, { path: ['prefix'], message: 'lifecycle_prefix_required' });

export const syncStrategySchema = z.object({
  target_bucket_id: idSchema,
  prefix: z.string().trim().max(1024).default(''),
  sync_delete: z.boolean().default(false),
  enabled: z.boolean().default(true),
});

export const backupStrategySchema = z.object({
  name: z.string().trim().min(1).max(64),
  cycle: z.enum(['daily', 'weekly']),
  time: z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, { message: 'time_of_day' }),
  retention_days: z.coerce.number().int().min(1).max(365),
  enabled: z.boolean().default(true),
});

export type LifecycleRuleInput = z.infer<typeof lifecycleRuleSchema>;
export type SyncStrategyInput = z.infer<typeof syncStrategySchema>;
export type BackupStrategyInput = z.infer<typeof backupStrategySchema>;

/** A sync strategy as the API answers it (the bucket's 同步 tab and syncManage). */
export interface SyncStrategy {
  id: string;
  bucket_id: string;
  bucket_name: string;
  target_bucket_id: string;
  target_bucket_name: string;
  prefix: string | null;
  sync_delete: boolean;
  enabled: boolean;
  status: 'running' | 'paused' | 'failed';
  last_run_at: string | null;
  synced_objects: number;
  synced_bytes: number;
}
