// The calls of the object-storage pages (issue 30, /work contract): the overview's figures, the S3
// access keys (the secret comes back once, from the create call) and every sync strategy of the
// project. Every write carries its own Idempotency-Key, so a retried tap lands once.
import { del, get, post } from '../../lib/request.ts';
import type { SyncStrategy } from '../../../domain/oss/oss.schema.ts';

export type { SyncStrategy };

export interface OssOverview {
  bucket_count: number;
  object_count: number;
  used_bytes: number;
  package_capacity_bytes: number;
  key_count: number;
  requests_today?: number;
  package_count?: number;
}

export interface OssKey {
  id: string;
  access_key_id: string;
  description: string | null;
  status: 'active' | 'disabled';
  created_at: string;
  last_used_at: string | null;
}

export interface OssNewKey extends OssKey {
  secret_access_key: string;
}

const quiet = { isNeedloading: false } as const;
const once = () => ({ headers: { 'Idempotency-Key': crypto.randomUUID() } });

export const getOverview = () => get<OssOverview>('v1/oss/overview', undefined, quiet);
/** How many capacity packages the project has (the overview answer may carry it already). */
export const countPackages = async () => (await get<{ count?: number; data: unknown[] }>('oss-packages', { __limit: 1 }, quiet)).count ?? 0;

export const listKeys = () => get<{ data: OssKey[] }>('v1/oss/keys', undefined, quiet);
export const createKey = (description: string) => post<OssNewKey>('v1/oss/keys', description ? { description } : {}, once());
export const disableKey = (id: string) => post<unknown>(`v1/oss/keys/${id}/disable`, {}, once());
export const enableKey = (id: string) => post<unknown>(`v1/oss/keys/${id}/enable`, {}, once());
export const deleteKey = (id: string) => del<unknown>(`v1/oss/keys/${id}`, undefined, once());

export const listAllSync = () => get<{ data: SyncStrategy[] }>('v1/oss/sync-strategies', undefined, quiet);
