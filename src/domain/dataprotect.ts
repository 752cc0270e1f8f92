// Disaster recovery, continuous data protection and data-lake ingestion (issue 29, ADR 0060): the
// seed's fields, limits and states (seed 001 §3 task fields, §4 migration and sync states, §5 rules
// and limits), shared by the server's checks and the web's forms.
import { z } from 'zod';

/** The products a DR task protects (seed 000 disaster pages): their kind and, for db instances, engine. */
export const DR_ENGINES = ['mysql', 'oracle', 'mongo', 'postgre', 'redis', 'nas'] as const;
export type DrEngine = (typeof DR_ENGINES)[number];
export const DR_ENGINE_TARGET: Readonly<Record<DrEngine, { kind: string; engine?: string }>> = {
  mysql: { kind: 'db_instance', engine: 'mysql' },
  postgre: { kind: 'db_instance', engine: 'postgresql' },
  oracle: { kind: 'db_instance', engine: 'oracle' },
  mongo: { kind: 'doc_instance' },
  redis: { kind: 'cache_instance' },
  nas: { kind: 'nas' },
};
/** The state in which a DR end can take part (a NAS is 可用, the managed databases 运行中). */
export const drReadyStatus = (kind: string): string => (kind === 'nas' ? 'available' : 'running');
/** Each DR kind's detail page (route names of the route table), for the links to a task's ends. */
export const DR_KIND_DETAIL: Readonly<Record<string, string>> = {
  db_instance: 'databaseDetail_outline',
  doc_instance: 'documentDatabaseDetail',
  cache_instance: 'cacheDatabaseDetail',
  nas: 'nasDetail',
};
/** The DR product of a resource: its kind and, for db instances, its engine (undefined when none protects it). */
export function drEngineOfResource(kind: string, engine?: unknown): DrEngine | undefined {
  return DR_ENGINES.find((e) => DR_ENGINE_TARGET[e].kind === kind && (!DR_ENGINE_TARGET[e].engine || DR_ENGINE_TARGET[e].engine === engine));
}

/** Migration and sync states (seed 001 §4): pending, migrating or syncing, completed, failed, initializing, init failed, abnormal. */
export const TASK_STATES = ['pending', 'initializing', 'syncing', 'completed', 'failed', 'init_failed', 'abnormal'] as const;
export type TaskState = (typeof TASK_STATES)[number];
/** States in which a task is still moving data: it cannot be deleted (seed 001 §4). */
export const BUSY_STATES: readonly TaskState[] = ['initializing', 'syncing'];
/** The colour a state is shown in: green running, blue in between, grey done, red failed. */
export const STATE_TONE: Readonly<Record<TaskState, 'success' | 'primary' | 'default' | 'danger' | 'warning'>> = {
  pending: 'default',
  initializing: 'primary',
  syncing: 'success',
  completed: 'default',
  failed: 'danger',
  init_failed: 'danger',
  abnormal: 'warning',
};

/** Task name (seed 001 §5): letters, digits, underscore, hyphen, starting with a letter or digit, at most 64. */
export const taskNameSchema = z
  .string()
  .trim()
  .min(2)
  .max(64)
  .regex(/^[A-Za-z0-9][A-Za-z0-9_-]*$/, 'task_name');

export const DR_THREADS = { min: 1, max: 20 } as const;
export const drTaskCreateSchema = z.object({
  name: taskNameSchema,
  engine: z.enum(DR_ENGINES),
  source_id: z.string().regex(/^[0-9a-f]{32}$/),
  standby_id: z.string().regex(/^[0-9a-f]{32}$/),
  threads: z.number().int().min(DR_THREADS.min).max(DR_THREADS.max).default(4),
});
export type DrTaskCreate = z.infer<typeof drTaskCreateSchema>;

export interface DrTask {
  id: string;
  name: string;
  engine: DrEngine;
  source_id: string;
  source_name: string;
  standby_id: string;
  standby_name: string;
  threads: number;
  status: TaskState;
  switchovers: number;
  switched_at: string | null;
  created_at: string;
  updated_at: string;
}

/** CDP (seed 001 §5 limits): retention 1-7 days, standby space at least 2.5 times the data. */
export const CDP_RETENTION = { min: 1, max: 7 } as const;
export const CDP_SPACE_FACTOR = 2.5;
/** A data size as the pages and refusals show it: KB below 1 MB, MB below 1 GB, else GB (rounded up). */
export function sizeText(bytes: number): string {
  if (bytes < 1024 ** 2) return `${Math.max(1, Math.ceil(bytes / 1024))} KB`;
  if (bytes < 1024 ** 3) return `${Math.ceil(bytes / 1024 ** 2)} MB`;
  return `${Math.ceil((bytes / 1024 ** 3) * 100) / 100} GB`;
}
export const cdpCreateSchema = z.object({
  name: taskNameSchema,
  retention_days: z.number().int().min(CDP_RETENTION.min).max(CDP_RETENTION.max),
  /** standby space in GB (to the MB: 0.001) */
  space_gb: z.number().positive().max(100_000),
});
export interface CdpTask {
  id: string;
  name: string;
  retention_days: number;
  space_gb: number;
  data_bytes: number;
  status: TaskState;
  created_at: string;
}

/** Data-lake ingestion (seed 001 §5): at most 15 objects, threads 1-10, batchLimit 1000-10000, topic 1-249, SrcID. */
export const LAKE_LIMITS = { maxObjects: 15, threadsMin: 1, threadsMax: 10, batchMin: 1000, batchMax: 10000, topicMax: 249 } as const;
export const topicSchema = z
  .string()
  .trim()
  .min(1)
  .max(LAKE_LIMITS.topicMax)
  .regex(/^[A-Za-z0-9_-]+$/, 'topic');
export const srcIdSchema = z.string().regex(/^[A-Z][A-Z0-9]{9}$/, 'src_id');
export const lakeTaskCreateSchema = z.object({
  name: taskNameSchema,
  topic: topicSchema,
  src_id: srcIdSchema,
  threads: z.number().int().min(LAKE_LIMITS.threadsMin).max(LAKE_LIMITS.threadsMax),
  batch_limit: z.number().int().min(LAKE_LIMITS.batchMin).max(LAKE_LIMITS.batchMax),
  objects: z.array(z.string().trim().min(1).max(128)).min(1).max(LAKE_LIMITS.maxObjects),
});
export type LakeTaskCreate = z.infer<typeof lakeTaskCreateSchema>;
export interface LakeTask {
  id: string;
  name: string;
  topic: string;
  src_id: string;
  threads: number;
  batch_limit: number;
  objects: string[];
  status: TaskState;
  created_at: string;
}

/** A table of an instance as its engine reports it (the lake form's picker). */
export interface InstanceTable {
  name: string;
  has_primary_key: boolean;
  bytes: number;
}
