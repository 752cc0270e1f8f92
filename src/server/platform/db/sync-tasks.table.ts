// The sync tasks table (migration 0045, ADR 0071), joined to the platform's Database type: the
// sync-instance kind's server half queues tasks in it and the dbsync slice runs them.
import type { ColumnType, Selectable } from 'kysely';
import type { NullableTime, Timestamp as Time } from './tables.ts';

type Count = ColumnType<number, number | undefined, number>;

export interface SyncTasksTable {
  id: string;
  tenant_id: string;
  project_id: string;
  instance_id: string;
  instance_name: string;
  source_type: string;
  source_id: string;
  source_name: string;
  target_bucket_id: string;
  target_bucket_name: string;
  target_prefix: string;
  status: string;
  objects: Count;
  bytes: ColumnType<string | number, number | undefined, number>;
  first_key: string | null;
  error: string | null;
  created_by: string | null;
  created_at: Time;
  due_at: Time;
  claimed_at: NullableTime;
  started_at: NullableTime;
  finished_at: NullableTime;
}

declare module './tables.ts' {
  interface Database {
    sync_tasks: SyncTasksTable;
  }
}

export type SyncTaskRow = Selectable<SyncTasksTable>;
export type NewSyncTask = Omit<SyncTaskRow, 'id' | 'objects' | 'bytes' | 'first_key' | 'error' | 'claimed_at' | 'started_at' | 'finished_at' | 'status'>;
