// The calls of the backup centre's pages (ADR 0073): a product's strategies, records and recoveries
// at /api/v1/backup-center/:product, and the targets a strategy may back up (the project's hosts,
// instances of the engine, NAS file systems or buckets). Every write carries its own Idempotency-Key.
import { del, get, post, put } from '../../lib/request.ts';
import {
  PRODUCT_ENGINE,
  PRODUCT_KIND,
  type BackupProduct,
  type CentreRecord,
  type CentreRecovery,
  type CentreStrategy,
} from '../../../domain/backup-center.ts';

export type { BackupProduct, CentreRecord, CentreRecovery, CentreStrategy };

const quiet = { isNeedloading: false } as const;
const once = () => ({ ...quiet, headers: { 'Idempotency-Key': crypto.randomUUID() } });
type Page<T> = { count: number; data: T[] };
const base = (p: BackupProduct) => `v1/backup-center/${p}`;

export const keys = {
  all: ['backup-center'] as const,
  list: (p: BackupProduct, tab: string, q: Record<string, string | number> = {}) => ['backup-center', p, tab, q] as const,
  strategy: (p: BackupProduct, id: string) => ['backup-center', p, 'strategy', id] as const,
  targets: (p: BackupProduct) => ['backup-center', p, 'targets'] as const,
  products: ['backup-center', 'products'] as const,
};

export const listProducts = () => get<{ data: { product: BackupProduct; strategies: number }[] }>('v1/backup-center/products', undefined, quiet);
export const listStrategies = (p: BackupProduct, q: Record<string, string | number> = {}) =>
  get<Page<CentreStrategy>>(`${base(p)}/strategies`, { __limit: 50, ...q }, quiet);
export const listRecords = (p: BackupProduct, q: Record<string, string | number> = {}) =>
  get<Page<CentreRecord>>(`${base(p)}/records`, { __limit: 50, ...q }, quiet);
export const listRecoveries = (p: BackupProduct, q: Record<string, string | number> = {}) =>
  get<Page<CentreRecovery>>(`${base(p)}/recoveries`, { __limit: 50, ...q }, quiet);
export const getStrategy = (p: BackupProduct, id: string) => get<CentreStrategy>(`${base(p)}/strategies/${id}`, undefined, quiet);
export const createStrategy = (p: BackupProduct, body: Record<string, unknown>) => post<CentreStrategy>(`${base(p)}/strategies`, body, once());
export const updateStrategy = (p: BackupProduct, id: string, body: Record<string, unknown>) => put<CentreStrategy>(`${base(p)}/strategies/${id}`, body, once());
export const deleteStrategy = (p: BackupProduct, id: string) => del<{ id: string }>(`${base(p)}/strategies/${id}`, undefined, once());
export const startRecovery = (p: BackupProduct, body: { target_id: string; point_in_time: string }) =>
  post<CentreRecovery>(`${base(p)}/recoveries`, body, once());

export interface Target {
  id: string;
  name: string;
  status: string;
  spec: Record<string, unknown>;
}

/** The project's resources a product's strategy may target. */
export async function listTargets(p: BackupProduct): Promise<Target[]> {
  const page = await get<Page<Target>>('v1/resources', { kind: PRODUCT_KIND[p], __limit: 200 }, quiet);
  const engine = PRODUCT_ENGINE[p];
  return page.data.filter((r) => !engine || r.spec.engine === engine);
}

/** Refetch every 2 s while something is under way (a policy step, a run, a recovery). */
export const whileBusy = (rows: { status: string }[] | undefined) =>
  rows?.some((r) => ['creating', 'installing', 'issuing', 'running', 'restoring'].includes(r.status)) ? 2000 : false;
