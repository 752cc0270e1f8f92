// Data migration (DTS) and the data transfer centre (DTC) of managed databases (issue 29, ADR 0059;
// seed 001 §3 "Migration and sync task", §4 migration states, §5 task names, §7 refusals): the task's
// states with their colours, its levels and types, and the request schemas, shared by server and web.
import { z } from 'zod';
import { statusView, type Tone } from './status-tones.ts';

/** Seed 001 §4: pending, migrating or syncing, completed, failed, initializing, init failed, abnormal. */
export const DTS_STATUSES = ['pending', 'initializing', 'init_failed', 'migrating', 'completed', 'failed', 'abnormal'] as const;
export type DtsStatus = (typeof DTS_STATUSES)[number];
/** Migration levels (seed 001 §3): the whole database, chosen tables, or the tables and the accounts. */
export const DTS_LEVELS = ['database', 'table', 'user'] as const;
export type DtsLevel = (typeof DTS_LEVELS)[number];
/** Migration types: a one-off full migration, or a sync (whose tables need a primary key, seed 001 §5). */
export const DTS_TYPES = ['migrate', 'sync'] as const;
export type DtsType = (typeof DTS_TYPES)[number];
/** The pre-check: not run, passed (going back is blocked), failed (starting is blocked). */
export const PRECHECK_STATES = ['none', 'passed', 'failed'] as const;
export type PrecheckState = (typeof PRECHECK_STATES)[number];
/** One pre-check item and what it found. */
export const PRECHECK_ITEMS = ['running', 'engine', 'connection', 'objects', 'conflicts', 'primary_key', 'accounts'] as const;
export type PrecheckItem = (typeof PRECHECK_ITEMS)[number];

/** Task names (seed 001 §5): letters, digits, underscore, hyphen, first a letter or digit, at most 64. */
export const DTS_NAME = /^[A-Za-z0-9][A-Za-z0-9_-]{0,63}$/;
/** Table names a migration may name (plain identifiers: they go into SQL). */
export const DTS_TABLE = /^[A-Za-z_][A-Za-z0-9_$]{0,63}$/;

export const dtsCreateSchema = z
  .object({
    name: z.string().regex(DTS_NAME),
    source_id: z.string().regex(/^[0-9a-f]{32}$/),
    target_id: z.string().regex(/^[0-9a-f]{32}$/),
    type: z.enum(DTS_TYPES).default('migrate'),
    level: z.enum(DTS_LEVELS).default('database'),
    objects: z.array(z.string().regex(DTS_TABLE)).max(200).default([]),
    description: z.string().max(200).optional(),
  })
  .strict();
export type DtsCreate = z.infer<typeof dtsCreateSchema>;
/** Going back in the form before the pre-check passed: the objects and level may change. */
export const dtsUpdateSchema = z
  .object({ level: z.enum(DTS_LEVELS).optional(), objects: z.array(z.string().regex(DTS_TABLE)).max(200).optional(), type: z.enum(DTS_TYPES).optional() })
  .strict();

export interface DtsCheck {
  item: PrecheckItem;
  ok: boolean;
  /** the tables or accounts that failed the item */
  names?: string[];
}

export interface DtsTask {
  id: string;
  name: string;
  type: DtsType;
  level: DtsLevel;
  source_id: string;
  source_name: string;
  target_id: string;
  target_name: string;
  engine: string;
  objects: string[];
  status: DtsStatus;
  precheck: PrecheckState;
  checks: DtsCheck[];
  progress: number;
  table_count: number;
  row_count: number;
  error: string | null;
  description: string | null;
  created_at: string;
  started_at: string | null;
  finished_at: string | null;
}

/** A task under way cannot be deleted (seed 001 §4). */
export const dtsDeletable = (status: string) => status !== 'migrating' && status !== 'initializing';
/** The pre-check and edits are for a task not yet started. */
export const dtsEditable = (status: string) => status === 'pending';

/** The colour of a status tag (antd-mobile Tag colours), from the one status table (status-tones.ts). */
export function dtsStatusColor(status: string): Tone {
  return statusView('migration', status).tone;
}
