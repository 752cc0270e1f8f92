// The rules of database object-storage sync both halves share (no zod: the list screens read them).
export const SYNC_SOURCE_TYPES = ['db_instance', 'oss_bucket'] as const;
export type SyncSourceType = (typeof SYNC_SOURCE_TYPES)[number];
/** A task's states: 排队中 → 同步中 → 成功 / 失败. */
export const SYNC_TASK_STATUSES = ['queued', 'running', 'succeeded', 'failed'] as const;
export type SyncTaskStatus = (typeof SYNC_TASK_STATUSES)[number];
/** States in which a task holds its instance (another is not started, the instance is not deleted). */
export const SYNC_TASK_BUSY: readonly SyncTaskStatus[] = ['queued', 'running'];
/** Why a task failed (texts at dbsync:error.<code>). */
export const SYNC_TASK_ERRORS = ['source_not_running', 'source_unavailable', 'target_unavailable', 'package_full', 'copy_failed'] as const;
/** Prefixes: "folders" of the bucket, letters, digits, - _ . /, ending in /, at most 200. */
export const SYNC_PREFIX_PATTERN = /^(?:[A-Za-z0-9_.-]+\/)*$/;
export const SYNC_PREFIX_MAX = 200;

/** The object key a database dump is written to: prefix + instance name + Beijing time + .json. */
export function dumpKey(prefix: string, instanceName: string, at: Date): string {
  const b = new Date(at.getTime() + 8 * 3_600_000).toISOString();
  const stamp = `${b.slice(0, 10).replaceAll('-', '')}-${b.slice(11, 19).replaceAll(':', '')}`;
  return `${prefix}${instanceName}-${stamp}.json`;
}
