// DR templates and their associations, host protection tasks (file copy, file comparison,
// whole-machine copy, file transfer) and DR comparison tasks (issue 29, ADR 0062): the seed's fields
// and limits (seed 001 §3 task fields, §5 "secret key multiple of 16 max 64"), shared by the server's
// checks and the web's forms.
import { z } from 'zod';
import { DR_ENGINES, taskNameSchema, type DrEngine } from './dataprotect.ts';
import { NO_SPACES, noSpaces } from './no-spaces.ts';

const id = z.string().regex(/^[0-9a-f]{32}$/);

/** The source engines a DR template is for (seed 000's disaster pages): the DR products, NAS included (ADR 0074). */
export const TEMPLATE_ENGINES = DR_ENGINES;
export type TemplateEngine = DrEngine;
export const SYNC_MODES = ['full_incremental', 'incremental'] as const;
export const SYNC_FREQUENCIES = [15, 30] as const;
export const PLACEMENTS = ['same_az', 'cross_az', 'cross_region'] as const;
export const TEMPLATE_RETENTION = { min: 1, max: 99_999 } as const;

export const templateSchema = z.object({
  name: taskNameSchema,
  engine: z.enum(TEMPLATE_ENGINES),
  sync_mode: z.enum(SYNC_MODES),
  frequency_min: z.union([z.literal(15), z.literal(30)]),
  retention_days: z.number().int().min(TEMPLATE_RETENTION.min).max(TEMPLATE_RETENTION.max),
  placement: z.enum(PLACEMENTS),
  threads: z.number().int().min(1).max(20).default(4),
  description: z.string().trim().max(200).default(''),
});
export type TemplateInput = z.infer<typeof templateSchema>;
export const templateUpdateSchema = templateSchema.partial().strict();

export interface DrTemplate extends TemplateInput {
  id: string;
  associations: number;
  created_at: string;
  updated_at: string;
}

/** Apply a template to one or more of the tenant's instances: each pair becomes a DR task. */
export const ASSOCIATE_MAX = 10;
export const associateSchema = z.object({
  template_id: id,
  pairs: z
    .array(z.object({ source_id: id, standby_id: id }))
    .min(1)
    .max(ASSOCIATE_MAX),
});
export interface TemplateAssociation {
  id: string;
  template_id: string;
  template_name: string;
  engine: TemplateEngine;
  task_id: string;
  task_name: string;
  task_status: string;
  source_name: string;
  standby_name: string;
  created_at: string;
}

/** Host protection tasks: states on the simulated cloud. */
/** file_move: 云迁移's file migration (cloudMoveFile), one source directory to one target (ADR 0064). */
export const HOST_TASK_TYPES = ['file_copy', 'file_compare', 'whole_copy', 'file_transfer', 'file_move'] as const;
export type HostTaskType = (typeof HOST_TASK_TYPES)[number];
export const HOST_TASK_STATES = ['not_started', 'running', 'succeeded', 'failed'] as const;
export type HostTaskState = (typeof HOST_TASK_STATES)[number];
export const HOST_TASK_BUSY: readonly HostTaskState[] = ['running'];
export const HOST_STATE_TONE: Readonly<Record<HostTaskState, 'default' | 'primary' | 'success' | 'danger'>> = {
  not_started: 'default',
  running: 'primary',
  succeeded: 'success',
  failed: 'danger',
};
export const COMPRESSIONS = ['none', 'lz4', 'zstd'] as const;
export const ENCRYPTIONS = ['none', 'aes', 'sm4'] as const;
export const TRANSFER_TARGETS_MAX = 5;
/** Seed 001 §9: a file transfer's source host should have 2 cores or more for files under 8G. */
export const TRANSFER_ADVICE = { cores: 2, gb: 8 } as const;

/** A path on a host: absolute, no NUL, at most 255. */
export const pathSchema = z
  .string()
  .trim()
  .min(1)
  .max(255)
  .regex(/^\/[^\0]*$/, 'abs_path');
/** Seed 000 §limits: a secret key's length is a multiple of 16, at most 64. */
export const secretKeySchema = z
  .string()
  .refine(noSpaces, { message: NO_SPACES })
  .min(16)
  .max(64)
  .regex(/^[\x21-\x7e]+$/, 'key_chars')
  .refine((k) => k.length % 16 === 0, 'key_length');

const target = z.object({ host_id: id, path: pathSchema });
const hostBase = {
  name: taskNameSchema,
  source_id: id,
  source_path: pathSchema,
};
export const fileCopySchema = z.object({ type: z.literal('file_copy'), ...hostBase, targets: z.array(target).length(1) });
export const fileCompareSchema = z.object({ type: z.literal('file_compare'), ...hostBase, targets: z.array(target).length(1) });
export const fileMoveSchema = z.object({ type: z.literal('file_move'), ...hostBase, targets: z.array(target).length(1) });
export const wholeCopySchema = z
  .object({
    type: z.literal('whole_copy'),
    name: taskNameSchema,
    source_id: id,
    standby_id: id,
    sync_items: z.array(pathSchema).min(1).max(20),
    excluded_items: z.array(pathSchema).max(20).default([]),
    compression: z.enum(COMPRESSIONS),
    encryption: z.enum(ENCRYPTIONS),
    key: secretKeySchema.optional(),
  })
  .refine((v) => v.encryption === 'none' || v.key !== undefined, { path: ['key'], message: 'key_required' });
export const fileTransferSchema = z.object({
  type: z.literal('file_transfer'),
  ...hostBase,
  targets: z.array(target).min(1).max(TRANSFER_TARGETS_MAX),
  overwrite: z.boolean().default(false),
  create_dir: z.boolean().default(false),
});
export const HOST_TASK_SCHEMAS = {
  file_copy: fileCopySchema,
  file_compare: fileCompareSchema,
  whole_copy: wholeCopySchema,
  file_transfer: fileTransferSchema,
  file_move: fileMoveSchema,
} as const;
export type HostTaskInput = z.infer<(typeof HOST_TASK_SCHEMAS)[HostTaskType]>;

export interface HostTask {
  id: string;
  type: HostTaskType;
  name: string;
  source_id: string;
  source_name: string;
  source_path: string | null;
  targets: { host_id: string; name: string; path: string | null }[];
  sync_items: string[];
  excluded_items: string[];
  compression: string | null;
  encryption: string | null;
  /** whether a key is sealed with the task (the key itself is never returned) */
  has_key: boolean;
  overwrite: boolean;
  create_dir: boolean;
  status: HostTaskState;
  created_at: string;
  updated_at: string;
}

/** A protected instance's CDP task across instances (the dataProtect page's instance tab). */
export interface ProtectedInstance {
  id: string;
  name: string;
  instance_id: string;
  instance_name: string;
  retention_days: number;
  space_gb: number;
  data_bytes: number;
  status: string;
  created_at: string;
}

/** DR comparison: a DR task's source against its standby, table by table. */
export const compareSchema = z.object({ name: taskNameSchema, dr_task_id: id });
export const COMPARE_STATES = ['consistent', 'different', 'failed'] as const;
export interface CompareTable {
  table: string;
  source_rows: number | null;
  target_rows: number | null;
  source_checksum: string | null;
  target_checksum: string | null;
  equal: boolean;
}
export interface CompareTask {
  id: string;
  name: string;
  dr_task_id: string;
  dr_task_name: string;
  source_name: string;
  standby_name: string;
  status: (typeof COMPARE_STATES)[number];
  tables: CompareTable[];
  created_at: string;
}
