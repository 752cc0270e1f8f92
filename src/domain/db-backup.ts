// Backups of managed database instances (issue 29, ADR 0056; seed 001 §3 "Backup policy and plan",
// §4 backup and restore states, §5 retention and log backups): the states, the policy's rules and
// the request schemas, shared by the server and the web.
import { z } from 'zod';
import { BACKUP_PLAN_IN_BETWEEN, LAST_DAY, MONTH_DAYS, RETENTION_OPTIONS, WEEKDAYS, planChangeable, type RetentionOption } from './backup-plan.ts';

export { RETENTION_OPTIONS, planChangeable };
export type { RetentionOption };

/** A policy goes 创建中 → 安装软件中 → 下发中 → 已创建 (or the failure of its step), like the hosts' plans. */
export const POLICY_STATUSES = [...BACKUP_PLAN_IN_BETWEEN, 'created', 'create_failed', 'install_failed', 'issue_failed'] as const;
export type PolicyStatus = (typeof POLICY_STATUSES)[number];

/** A backup run: 进行中, 成功, 部分成功, 失败, 已暂停. */
export const BACKUP_STATUSES = ['running', 'success', 'partial', 'failed', 'paused'] as const;
export type BackupStatus = (typeof BACKUP_STATUSES)[number];
/** A restore: 恢复中, 完成, 失败, 部分成功. */
export const RESTORE_STATUSES = ['restoring', 'complete', 'failed', 'partial'] as const;
export type RestoreStatus = (typeof RESTORE_STATUSES)[number];

/** Data backups are full logical dumps; log backups every 2 hours add time points between them. */
export const BACKUP_TYPES = ['full', 'log'] as const;
export type BackupType = (typeof BACKUP_TYPES)[number];
export const LOG_BACKUP_INTERVAL_MS = 2 * 3600_000;

/** A backup that holds data to restore from: 成功 or 部分成功. */
export const RESTORABLE_STATUSES = ['success', 'partial'] as const;
export const isRestorable = (status: string) => (RESTORABLE_STATUSES as readonly string[]).includes(status);
/** The colour of a status tag (antd-mobile Tag colours). */
export function statusColor(status: string): 'primary' | 'success' | 'warning' | 'danger' | 'default' {
  if (status === 'success' || status === 'complete' || status === 'created') return 'success';
  if (status === 'partial' || status === 'paused') return 'warning';
  if (status.endsWith('failed')) return 'danger';
  if (status === 'running' || status === 'restoring' || (BACKUP_PLAN_IN_BETWEEN as readonly string[]).includes(status)) return 'primary';
  return 'default';
}

/**
 * Seed 001 §9: one month's retention means a weekly full backup, a longer one a monthly full backup.
 * The cycle follows the retention; the days are weekdays 1–7 or month days 1–28 / last_day.
 */
export const cycleOf = (retention: RetentionOption): 'week' | 'month' => (retention === '1month' ? 'week' : 'month');

/** How long a backup is kept, in months (null: for good). */
export function retentionMonths(r: RetentionOption): number | null {
  if (r === 'permanent') return null;
  const n = Number.parseInt(r, 10);
  return r.endsWith('year') ? n * 12 : n;
}

/** When a backup taken at `at` expires under `r` (null: never). */
export function expiresAt(at: Date, r: RetentionOption): Date | null {
  const months = retentionMonths(r);
  if (months === null) return null;
  const out = new Date(at);
  out.setUTCMonth(out.getUTCMonth() + months);
  return out;
}

const START_TIME = /^([01]\d|2[0-3]):[0-5]\d$/;

/** The data backup policy of an instance (PUT and POST /api/v1/dbinstances/:id/backup-policy). */
export const dbBackupPolicySchema = z
  .object({
    name: z.string({ message: 'required' }).trim().min(1, { message: 'required' }).max(60, { message: 'too_big' }),
    retention: z.enum(RETENTION_OPTIONS, { message: 'required' }),
    start_time: z.string({ message: 'required' }).regex(START_TIME, { message: 'time_of_day' }),
    backup_days: z
      .array(z.union([z.number().int(), z.literal(LAST_DAY)]))
      .min(1, { message: 'backup_days_required' })
      .max(29),
    log_backup: z.boolean().default(true),
  })
  .superRefine((p, ctx) => {
    const days = p.backup_days;
    if (new Set(days).size !== days.length) return void ctx.addIssue({ code: 'custom', path: ['backup_days'], message: 'backup_days_repeated' });
    const ok =
      cycleOf(p.retention) === 'week'
        ? days.every((d) => (WEEKDAYS as readonly unknown[]).includes(d))
        : days.every((d) => d === LAST_DAY || MONTH_DAYS.includes(d as number));
    if (!ok) ctx.addIssue({ code: 'custom', path: ['backup_days'], message: cycleOf(p.retention) === 'week' ? 'backup_weekday' : 'backup_month_day' });
  });
export type DbBackupPolicyInput = z.output<typeof dbBackupPolicySchema>;

/** POST /api/v1/dbinstances/:id/backups: a manual full backup, named (seed 001 §8: naming required). */
export const dbBackupStartSchema = z.object({
  name: z.string({ message: 'required' }).trim().min(1, { message: 'required' }).max(60, { message: 'too_big' }),
});

/** POST /api/v1/dbinstances/:id/restores: the time point to go back to. */
export const dbRestoreSchema = z.object({ point_in_time: z.iso.datetime({ offset: true, message: 'invalid_value' }) });

/** A backup as the API answers it. */
export interface DbBackup {
  id: string;
  name: string;
  type: BackupType;
  trigger: 'manual' | 'policy';
  status: BackupStatus;
  progress: number;
  table_count: number;
  row_count: number;
  size_bytes: number;
  error: string | null;
  started_at: string;
  finished_at: string | null;
  snapshot_at: string | null;
  expires_at: string | null;
}

export interface DbRestore {
  id: string;
  backup_id: string;
  point_in_time: string;
  status: RestoreStatus;
  progress: number;
  table_count: number;
  error: string | null;
  started_at: string;
  finished_at: string | null;
}

export interface DbBackupPolicy extends DbBackupPolicyInput {
  id: string;
  status: PolicyStatus;
  cycle: 'week' | 'month';
  created_at: string;
  updated_at: string;
}
