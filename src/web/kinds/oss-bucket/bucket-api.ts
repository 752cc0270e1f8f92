// The calls of a bucket's own pages (issue 30 contract): its objects (a page of 50, folders first,
// by prefix with '/' as the delimiter), folders, uploads with progress, downloads and deletes; its
// lifecycle rules; its sync and backup strategies and the backups' records; and the project's
// buckets for the sync target picker. Every write carries its own Idempotency-Key.
import { apiUrl, del, get, post, put, scopeHeaders, type ErrorBody } from '../../lib/request.ts';
import type { SyncStrategy } from '../../../domain/oss/oss.schema.ts';

export type { SyncStrategy };

export interface OssObject {
  key: string;
  name: string;
  type: 'folder' | 'file';
  size: number;
  content_type: string | null;
  updated_at: string | null;
}
export interface ObjectPage {
  data: OssObject[];
  next_cursor: string | null;
}
export interface LifecycleRule {
  id: string;
  name: string;
  scope: 'bucket' | 'prefix';
  prefix: string | null;
  expire_days: number | null;
  expire_date: string | null;
  enabled: boolean;
}
export interface LifecycleInput {
  name: string;
  scope: 'bucket' | 'prefix';
  prefix?: string;
  expire_days?: number;
  expire_date?: string;
  enabled: boolean;
}
export interface SyncInput {
  target_bucket_id: string;
  prefix?: string;
  sync_delete: boolean;
  enabled: boolean;
}
export interface BackupStrategy {
  id: string;
  bucket_id?: string;
  name: string;
  cycle: 'daily' | 'weekly';
  time: string;
  retention_days: number;
  enabled: boolean;
  status?: string;
  last_run_at?: string | null;
  created_at?: string;
}
export type BackupInput = Pick<BackupStrategy, 'name' | 'cycle' | 'time' | 'retention_days' | 'enabled'>;
export interface BackupRecord {
  id: string;
  started_at: string;
  finished_at: string | null;
  status: 'running' | 'succeeded' | 'failed';
  objects: number;
  bytes: number;
}
export interface BucketPick {
  id: string;
  name: string;
  status: string;
}

const quiet = { isNeedloading: false } as const;
const once = () => ({ headers: { 'Idempotency-Key': crypto.randomUUID() } });
const b = (id: string) => `v1/oss/buckets/${id}`;

export const bucketKeys = {
  all: ['oss'] as const,
  objects: (id: string, prefix: string) => ['oss', 'objects', id, prefix] as const,
  objectsOf: (id: string) => ['oss', 'objects', id] as const,
  lifecycle: (id: string) => ['oss', 'lifecycle', id] as const,
  sync: (id: string) => ['oss', 'sync', 'bucket', id] as const,
  syncOne: (sid: string) => ['oss', 'sync', 'one', sid] as const,
  backup: (id: string) => ['oss', 'backup', 'bucket', id] as const,
  backupOne: (sid: string) => ['oss', 'backup', 'one', sid] as const,
  records: (sid: string) => ['oss', 'backup', 'records', sid] as const,
  buckets: ['oss', 'buckets'] as const,
};

export const listObjects = (id: string, prefix: string, cursor?: string | null) =>
  get<ObjectPage>(`${b(id)}/objects`, { prefix, limit: 50, ...(cursor ? { cursor } : {}) }, quiet);
export const createFolder = (id: string, path: string) => post<unknown>(`${b(id)}/folders`, { path }, once());
export const deleteObject = (id: string, key: string) => del<unknown>(`${b(id)}/objects`, { key }, once());

export const listLifecycle = (id: string) => get<{ data: LifecycleRule[] }>(`${b(id)}/lifecycle-rules`, undefined, quiet);
export const createLifecycle = (id: string, body: LifecycleInput) => post<LifecycleRule>(`${b(id)}/lifecycle-rules`, body, once());
export const updateLifecycle = (id: string, rid: string, body: LifecycleInput) => put<LifecycleRule>(`${b(id)}/lifecycle-rules/${rid}`, body, once());
export const deleteLifecycle = (id: string, rid: string) => del<unknown>(`${b(id)}/lifecycle-rules/${rid}`, undefined, once());

export const listSync = (id: string) => get<{ data: SyncStrategy[] }>(`${b(id)}/sync-strategies`, undefined, quiet);
export const getSync = (sid: string) => get<SyncStrategy>(`v1/oss/sync-strategies/${sid}`, undefined, quiet);
export const createSync = (id: string, body: SyncInput) => post<SyncStrategy>(`${b(id)}/sync-strategies`, body, once());
export const updateSync = (sid: string, body: SyncInput) => put<SyncStrategy>(`v1/oss/sync-strategies/${sid}`, body, once());
export const deleteSync = (sid: string) => del<unknown>(`v1/oss/sync-strategies/${sid}`, undefined, once());

export const listBackup = (id: string) => get<{ data: BackupStrategy[] }>(`${b(id)}/backup-strategies`, undefined, quiet);
export const getBackup = (sid: string) => get<BackupStrategy>(`v1/oss/backup-strategies/${sid}`, undefined, quiet);
export const createBackup = (id: string, body: BackupInput) => post<BackupStrategy>(`${b(id)}/backup-strategies`, body, once());
export const updateBackup = (sid: string, body: BackupInput) => put<BackupStrategy>(`v1/oss/backup-strategies/${sid}`, body, once());
export const deleteBackup = (sid: string) => del<unknown>(`v1/oss/backup-strategies/${sid}`, undefined, once());
export const listRecords = (sid: string) => get<{ data: BackupRecord[] }>(`v1/oss/backup-strategies/${sid}/records`, undefined, quiet);

export const listBuckets = async () => (await get<{ data: BucketPick[] }>('oss-buckets', { __limit: 100 }, quiet)).data;

/** A refused or failed transfer: the server's localised words when it sent them. */
export class TransferError extends Error {
  readonly status: number;
  readonly body: ErrorBody | null;
  constructor(status: number, body: ErrorBody | null) {
    super(body?.description ?? `HTTP ${status}`);
    this.status = status;
    this.body = body;
  }
}

const parseBody = (text: string): ErrorBody | null => {
  try {
    return text ? (JSON.parse(text) as ErrorBody) : null;
  } catch {
    return null;
  }
};

/**
 * One file to the bucket under `prefix`, multipart (prefix first, then the file, as the server
 * streams it), reporting progress 0–100. XMLHttpRequest because fetch reports no upload progress.
 */
export function uploadObject(
  id: string,
  prefix: string,
  file: File,
  onProgress: (percent: number) => void,
  signal?: AbortSignal,
): Promise<{ key: string; size: number }> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', apiUrl(`${b(id)}/objects`));
    for (const [k, v] of Object.entries({ ...scopeHeaders(), 'Idempotency-Key': crypto.randomUUID() })) xhr.setRequestHeader(k, v);
    xhr.upload.onprogress = (e) => {
      if (e.lengthComputable) onProgress(Math.min(99, Math.round((e.loaded / e.total) * 100)));
    };
    xhr.onload = () => {
      if (xhr.status >= 200 && xhr.status < 300) {
        onProgress(100);
        resolve((parseBody(xhr.responseText) ?? {}) as unknown as { key: string; size: number });
      } else reject(new TransferError(xhr.status, parseBody(xhr.responseText)));
    };
    xhr.onerror = () => reject(new TransferError(0, null));
    xhr.onabort = () => reject(new DOMException('aborted', 'AbortError'));
    signal?.addEventListener('abort', () => xhr.abort(), { once: true });
    const form = new FormData();
    if (prefix) form.append('prefix', prefix);
    form.append('file', file, file.name);
    xhr.send(form);
  });
}

/** The object's bytes, saved under its own name (not a guessed extension). */
export async function downloadObject(id: string, key: string, name: string): Promise<void> {
  const res = await fetch(`${apiUrl(`${b(id)}/objects/download`)}?key=${encodeURIComponent(key)}`, { headers: scopeHeaders(), credentials: 'same-origin' });
  if (!res.ok) throw new TransferError(res.status, parseBody(await res.text()));
  const href = URL.createObjectURL(await res.blob());
  const a = document.createElement('a');
  a.href = href;
  a.download = name;
  document.body.appendChild(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(href), 10_000);
}
