// The calls of an instance's backups (ADR 0056): its one policy, its backup runs, its restores.
// Every write carries its own Idempotency-Key, so a retried tap lands once.
import { del, get, post, put } from '../../lib/request.ts';
import type { Page } from '../../features/resources/api.ts';
import type { DbBackup, DbBackupPolicy, DbBackupPolicyInput, DbRestore } from '../../../domain/db-backup.ts';

export type { DbBackup, DbBackupPolicy, DbBackupPolicyInput, DbRestore };

const base = (id: string) => `v1/dbinstances/${id}`;
const quiet = { isNeedloading: false } as const;
const once = () => ({ ...quiet, headers: { 'Idempotency-Key': crypto.randomUUID() } });

export const backupKeys = {
  all: (id: string) => ['dbbackups', id] as const,
  policy: (id: string) => ['dbbackups', id, 'policy'] as const,
  backups: (id: string) => ['dbbackups', id, 'backups'] as const,
  restores: (id: string) => ['dbbackups', id, 'restores'] as const,
};

export const getPolicy = (id: string) => get<{ policy: DbBackupPolicy | null }>(`${base(id)}/backup-policy`, undefined, quiet);
export const savePolicy = (id: string, input: DbBackupPolicyInput, exists: boolean) =>
  (exists ? put : post)<DbBackupPolicy>(`${base(id)}/backup-policy`, input, once());
export const deletePolicy = (id: string) => del(`${base(id)}/backup-policy`, undefined, once());

export const listBackups = (id: string) => get<Page<DbBackup>>(`${base(id)}/backups`, { __limit: 100 }, quiet);
export const startBackup = (id: string, name: string) => post<DbBackup>(`${base(id)}/backups`, { name }, once());
export const pauseBackup = (id: string, backupId: string, resume: boolean) =>
  post<DbBackup>(`${base(id)}/backups/${backupId}/${resume ? 'resume' : 'pause'}`, {}, once());

export const listRestores = (id: string) => get<Page<DbRestore>>(`${base(id)}/restores`, { __limit: 100 }, quiet);
export const startRestore = (id: string, pointInTime: string) => post<DbRestore>(`${base(id)}/restores`, { point_in_time: pointInTime }, once());

/** Poll while something is between states. */
export const whileBusy = (rows: readonly { status: string }[] | undefined) =>
  rows?.some((r) => r.status === 'running' || r.status === 'restoring') ? 2000 : false;
