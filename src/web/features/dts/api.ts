// The calls of data migration tasks (ADR 0059) at the seed's `migrations` path, and the managed SQL
// instances a task may name. Every write carries its own Idempotency-Key, so a retried tap lands once.
import { del, get, post, put } from '../../lib/request.ts';
import type { DtsCreate, DtsTask } from '../../../domain/dts.ts';

export type { DtsCreate, DtsTask };

export interface DbInstance {
  id: string;
  name: string;
  status: string;
  spec: { engine?: string; version?: string };
}

const BASE = 'v1/migrations';
const quiet = { isNeedloading: false } as const;
const once = () => ({ ...quiet, headers: { 'Idempotency-Key': crypto.randomUUID() } });

export const dtsKeys = {
  all: ['dts'] as const,
  list: (status?: string) => ['dts', 'list', status ?? ''] as const,
  detail: (id: string) => ['dts', 'detail', id] as const,
  instances: ['dts', 'instances'] as const,
  tables: (id: string) => ['dts', 'tables', id] as const,
};

export const listTasks = (status?: string) => get<{ count: number; data: DtsTask[] }>(BASE, { __limit: 100, ...(status ? { status } : {}) }, quiet);
export const getTask = (id: string) => get<DtsTask>(`${BASE}/${id}`, undefined, quiet);
export const createTask = (body: DtsCreate) => post<DtsTask>(BASE, body, once());
export const updateTask = (id: string, body: Partial<Pick<DtsCreate, 'level' | 'objects' | 'type'>>) => put<DtsTask>(`${BASE}/${id}`, body, once());
export const precheckTask = (id: string) => post<DtsTask>(`${BASE}/${id}/precheck`, {}, once());
export const startTask = (id: string) => post<DtsTask>(`${BASE}/${id}/start`, {}, once());
export const pauseTask = (id: string) => post<DtsTask>(`${BASE}/${id}/pause`, {}, once());
export const deleteTask = (id: string) => del<{ ok: true }>(`${BASE}/${id}`, undefined, once());

/** The project's managed SQL instances (MySQL, PostgreSQL). */
export async function listInstances(): Promise<DbInstance[]> {
  const page = await get<{ data: DbInstance[] }>('dbinstances', { __limit: 100 }, quiet);
  return page.data.filter((r) => r.spec.engine === 'mysql' || r.spec.engine === 'postgresql');
}

/** The source's tables, each with whether it has a primary key (a sync needs one). */
export const listTables = (id: string) => get<{ data: { name: string; primary_key: boolean }[] }>(`v1/dbinstances/${id}/migration-tables`, undefined, quiet);

/** Poll while a task is between states. */
export const whileBusy = (rows: readonly { status: string }[] | undefined) =>
  rows?.some((r) => r.status === 'migrating' || r.status === 'initializing') ? 1500 : false;
