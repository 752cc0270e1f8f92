// The calls of an instance's disaster recovery and data-lake tabs (ADR 0060). Failures of writes
// are shown by the form or a toast, so no call raises the shell's notice.
import { del, get, post } from '../../lib/request.ts';
import type { CdpTask, DrTask, InstanceTable, LakeTask } from '../../../domain/dataprotect.ts';
import { routePath } from '../../features/resources/kind-meta.ts';

export type { DrTask, InstanceTable, LakeTask };
const quiet = { isNeedloading: false, notice: false } as const;
const inst = (id: string) => `v1/dbinstances/${id}`;

export const dpKeys = {
  dr: (id: string) => ['dataprotect', 'dr', id] as const,
  lake: (id: string) => ['dataprotect', 'lake', id] as const,
  tables: (id: string) => ['dataprotect', 'tables', id] as const,
  standbys: (engine: string) => ['dataprotect', 'standbys', engine] as const,
};

export const listDr = (id: string) => get<{ data: DrTask[] }>('v1/dr/tasks', { instance_id: id, __limit: 100 }, quiet);
export const createDr = (body: Record<string, unknown>) => post<DrTask>('v1/dr/tasks', body, quiet);
export const drAction = (taskId: string, action: 'switchover' | 'stop') => post<DrTask>(`v1/dr/tasks/${taskId}/${action}`, {}, quiet);
export const deleteDr = (taskId: string) => del(`v1/dr/tasks/${taskId}`, undefined, quiet);

export const listTables = (id: string) => get<{ data: InstanceTable[] }>(`${inst(id)}/tables`, undefined, quiet);
export const listLake = (id: string) => get<{ data: LakeTask[] }>(`${inst(id)}/lake-tasks`, undefined, quiet);
export const createLake = (id: string, body: Record<string, unknown>) => post<LakeTask>(`${inst(id)}/lake-tasks`, body, quiet);
export const stopLake = (id: string, taskId: string) => post<LakeTask>(`${inst(id)}/lake-tasks/${taskId}/stop`, {}, quiet);
export const deleteLake = (id: string, taskId: string) => del(`${inst(id)}/lake-tasks/${taskId}`, undefined, quiet);

/** Running instances of an engine (the standby picker). */
export const listInstances = (engine: string) =>
  get<{ data: { id: string; name: string; status: string }[] }>('v1/dbinstances', { engine, status: 'running', __limit: 100 }, quiet);

const withId = (route: string, id: string) => routePath(route, { id }) ?? `/${route.replace('_', '/')}/${id}`;
export const dpPaths = {
  dr: (id: string) => withId('databaseDetail_disasterTolerant', id),
  lake: (id: string) => withId('databaseDetail_dbToLake', id),
};

/** The DR product of an instance's engine (the seed's mysql, postgre, oracle). */
export const drEngineOf = (engine: string) => (engine === 'postgresql' ? 'postgre' : engine);

export const cdpKey = (id: string) => ['dataprotect', 'cdp', id] as const;
export const listCdp = (id: string) => get<{ data: CdpTask[] }>(`v1/data-protect/instances/${id}/cdp`, undefined, quiet);
export const createCdp = (id: string, body: Record<string, unknown>) => post<CdpTask>(`v1/data-protect/instances/${id}/cdp`, body, quiet);
