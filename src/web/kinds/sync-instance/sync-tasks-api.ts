// The sync tasks' API (server/dbsync): the caller's tasks, newest first, and deleting a finished one.
import { del, getList } from '../../lib/request.ts';

export interface SyncTask {
  id: string;
  instance_id: string;
  instance_name: string;
  source_type: 'db_instance' | 'oss_bucket';
  source_name: string;
  target_bucket_id: string;
  target_bucket_name: string;
  target_prefix: string;
  status: 'queued' | 'running' | 'succeeded' | 'failed';
  objects: number;
  bytes: number;
  first_key: string | null;
  error: string | null;
  created_at: string;
  started_at: string | null;
  finished_at: string | null;
}

export const syncTaskKeys = { list: (status: string) => ['sync-tasks', status] as const, all: ['sync-tasks'] as const };

export const listSyncTasks = (status: string, signal?: AbortSignal) =>
  getList<{ count: number; data: SyncTask[] }>('v1/sync-tasks', { __limit: 50, ...(status ? { status } : {}) }, { signal });

export const deleteSyncTask = (id: string) => del<{ id: string }>(`v1/sync-tasks/${id}`);
