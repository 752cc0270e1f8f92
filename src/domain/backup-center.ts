// The backup centre (issue 29, ADR 0073; seed 001 §4 backup and restore states, §5 rules): one
// place for the backups of files (hosts), MySQL, PostgreSQL, MongoDB, NAS, object storage and
// Oracle. What the server and the web share: the products, the kind of resource each backs up, the
// request schemas and the shapes the API answers. The policy rules themselves stay where they are
// (db-backup.ts: the policy schema, retention, log backups; backup-plan.ts: the agent states).
import { z } from 'zod';
import { idSchema } from './ids.ts';

export const BACKUP_PRODUCTS = ['files', 'mysql', 'pg', 'mongo', 'nas', 'oss', 'oracle'] as const;
export type BackupProduct = (typeof BACKUP_PRODUCTS)[number];
export const isBackupProduct = (p: unknown): p is BackupProduct => (BACKUP_PRODUCTS as readonly unknown[]).includes(p);

/** The resource kind a product's strategy targets. */
export const PRODUCT_KIND: Readonly<Record<BackupProduct, string>> = {
  files: 'instance',
  mysql: 'db_instance',
  pg: 'db_instance',
  mongo: 'doc_instance',
  nas: 'nas',
  oss: 'oss_bucket',
  oracle: 'db_instance',
};

/** The engine of a db_instance product (the rest target other kinds). */
export const PRODUCT_ENGINE: Readonly<Partial<Record<BackupProduct, string>>> = { mysql: 'mysql', pg: 'postgresql', oracle: 'oracle' };

/** How a product's backups are kept: the instance backups' service, the buckets' backup strategies, or the centre's simulated cloud. */
export type ProductEngine = 'db' | 'oss' | 'sim';
export function productEngine(p: BackupProduct): ProductEngine {
  if (p === 'mysql' || p === 'pg') return 'db';
  return p === 'oss' ? 'oss' : 'sim';
}

/** Products whose strategy is a data backup policy (retention, start time, days); oss strategies run daily or weekly. */
export const isPolicyProduct = (p: BackupProduct) => p !== 'oss';

/** A files strategy backs up these directories of the host (absolute paths). */
const directory = z
  .string()
  .trim()
  .min(1, { message: 'required' })
  .max(255, { message: 'too_big' })
  .regex(/^\/[^\0]*$/, { message: 'mount_path_absolute' });

/** What a strategy targets (the policy fields are the instance backups' schema, or the buckets'). */
export const strategyTargetSchema = z.object({
  target_id: idSchema,
  directories: z.array(directory).max(20, { message: 'too_big' }).optional(),
});

/** POST /backup-center/:product/recoveries: back to a time point of the target (the newest restorable backup at or before it). */
export const recoverySchema = z.object({
  target_id: idSchema,
  point_in_time: z.iso.datetime({ offset: true, message: 'invalid_value' }),
});
export type RecoveryInput = z.output<typeof recoverySchema>;

/** A recovery: 恢复中, 完成, 失败, 部分成功 (the instance restores' states). */
export const RECOVERY_STATUSES = ['restoring', 'complete', 'failed', 'partial'] as const;

/** The simulated cloud fills this share of a target's capacity: a full backup holds it, a log backup a fiftieth of it. */
export const SIMULATED_FILL = 0.3;
const GIB = 1024 ** 3;

/** The capacity (GB) of a target as its spec says: a host's disks, a NAS file system, Mongo's or Oracle's storage. */
export function targetCapacityGb(product: BackupProduct, spec: Record<string, unknown>): number {
  const n = (v: unknown) => (Number.isFinite(Number(v)) ? Number(v) : 0);
  if (product === 'files') {
    const disks = Array.isArray(spec.data_disks) ? (spec.data_disks as { size?: unknown }[]) : [];
    return n(spec.system_disk_size ?? 40) + disks.reduce((s, d) => s + n(d?.size), 0);
  }
  if (product === 'nas') return n(spec.size);
  if (product === 'mongo') return n(spec.storage);
  return n(spec.data_disk);
}

/** The bytes one backup of the target holds. */
export function backupBytes(product: BackupProduct, spec: Record<string, unknown>, type: 'full' | 'log'): number {
  const full = Math.round(targetCapacityGb(product, spec) * GIB * SIMULATED_FILL);
  return type === 'full' ? full : Math.round(full / 50);
}

/** A strategy as the centre answers it, whatever keeps it. */
export interface CentreStrategy {
  id: string;
  product: BackupProduct;
  target_id: string;
  target_name: string;
  name: string;
  status: string;
  /** policy products: retention option, start time, days, log backups */
  retention?: string;
  cycle?: string;
  start_time?: string;
  backup_days?: (number | string)[];
  log_backup?: boolean;
  directories?: string[];
  /** oss: daily or weekly at a time, kept a number of days */
  time?: string;
  retention_days?: number;
  enabled?: boolean;
  last_run_at?: string | null;
  created_at: string;
  updated_at?: string;
}

/** A backup run (record). */
export interface CentreRecord {
  id: string;
  target_id: string;
  target_name: string;
  name: string;
  type: string;
  trigger: string;
  status: string;
  progress: number;
  size_bytes: number;
  objects?: number;
  started_at: string;
  finished_at: string | null;
  snapshot_at: string | null;
  expires_at: string | null;
}

export interface CentreRecovery {
  id: string;
  target_id: string;
  target_name: string;
  backup_id: string;
  point_in_time: string;
  status: string;
  progress: number;
  error: string | null;
  started_at: string;
  finished_at: string | null;
}
