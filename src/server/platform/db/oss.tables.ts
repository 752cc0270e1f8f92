// The object storage tables (migration 0036, ADR 0063), joined to the platform's Database type. They sit
// on the floor beside the other tables: the oss-bucket kind's server half (engine/kinds/oss-bucket) and
// the object storage slice (oss/) both read them.
// Big counts (sizes, sequences) are bigint: the drivers answer them as text or number, so readers
// go through Number().
import type { ColumnType } from 'kysely';
import type { NullableTime, Timestamp as Time } from './tables.ts';

export type Big = ColumnType<string | number, number | string | undefined, number | string>;

export interface OssKeysTable {
  id: string;
  tenant_id: string;
  project_id: string;
  user_id: string;
  access_key_id: string;
  secret_sealed: string;
  description: string;
  status: string;
  created_at: Time;
  last_used_at: NullableTime;
}

export interface OssObjectsTable {
  id: string;
  tenant_id: string;
  bucket_id: string;
  key: string;
  blob_id: string;
  size: Big;
  content_type: string;
  etag: string;
  storage_class: string;
  created_at: Time;
  updated_at: Time;
}

export interface OssChunksTable {
  blob_id: string;
  seq: Big;
  len: number;
  data: Uint8Array;
}

export interface OssMultipartUploadsTable {
  id: string;
  tenant_id: string;
  bucket_id: string;
  key: string;
  content_type: string;
  created_at: Time;
}

export interface OssMultipartPartsTable {
  upload_id: string;
  part_number: number;
  blob_id: string;
  size: Big;
  etag: string;
}

export interface OssLifecycleRulesTable {
  id: string;
  tenant_id: string;
  bucket_id: string;
  name: string;
  scope: string;
  prefix: string | null;
  expire_days: number | null;
  expire_date: string | null;
  enabled: boolean;
  last_run_on: string | null;
  expired_objects: Big;
  created_at: Time;
  updated_at: Time;
}

export interface OssSyncStrategiesTable {
  id: string;
  tenant_id: string;
  project_id: string;
  bucket_id: string;
  target_bucket_id: string;
  prefix: string;
  sync_delete: boolean;
  enabled: boolean;
  status: string;
  last_run_at: NullableTime;
  synced_objects: Big;
  synced_bytes: Big;
  created_at: Time;
  updated_at: Time;
}

export interface OssBackupStrategiesTable {
  id: string;
  tenant_id: string;
  project_id: string;
  bucket_id: string;
  name: string;
  cycle: string;
  time: string;
  retention_days: number;
  enabled: boolean;
  last_run_at: NullableTime;
  created_at: Time;
  updated_at: Time;
}

export interface OssBackupRecordsTable {
  id: string;
  tenant_id: string;
  strategy_id: string;
  status: string;
  objects: Big;
  bytes: Big;
  started_at: Time;
  finished_at: NullableTime;
}

export interface OssBackupObjectsTable {
  record_id: string;
  key: string;
  blob_id: string;
  size: Big;
  etag: string;
  content_type: string;
}

declare module './tables.ts' {
  interface Database {
    oss_released_names: { name: string; released_at: Time };
    oss_keys: OssKeysTable;
    oss_objects: OssObjectsTable;
    oss_chunks: OssChunksTable;
    oss_multipart_uploads: OssMultipartUploadsTable;
    oss_multipart_parts: OssMultipartPartsTable;
    oss_lifecycle_rules: OssLifecycleRulesTable;
    oss_sync_strategies: OssSyncStrategiesTable;
    oss_backup_strategies: OssBackupStrategiesTable;
    oss_backup_records: OssBackupRecordsTable;
    oss_backup_objects: OssBackupObjectsTable;
    oss_request_counts: { tenant_id: string; day: string; count: Big };
  }
}
