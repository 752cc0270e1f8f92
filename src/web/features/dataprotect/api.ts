// The calls of the data-protection pages (ADR 0062): DR templates and associations, comparisons,
// host protection tasks and the protected instances; plus the pickers' hosts, instances and DR tasks.
// Every write carries its own Idempotency-Key, so a retried tap lands once.
import { del, get, post, put } from '../../lib/request.ts';
import { DR_ENGINE_TARGET, type DrEngine, type DrTask } from '../../../domain/dataprotect.ts';
import type { CompareTask, DrTemplate, HostTask, HostTaskType, ProtectedInstance, TemplateAssociation, TemplateInput } from '../../../domain/protect.ts';

export type { CompareTask, DrTask, DrTemplate, HostTask, HostTaskType, ProtectedInstance, TemplateAssociation, TemplateInput };

export interface Pickable {
  id: string;
  name: string;
  status: string;
  kind?: string;
  project_id?: string | null;
  spec: { engine?: string; version?: string; ip?: string; private_ip?: string; cpu?: number; protocol?: string; size?: number };
}

const quiet = { isNeedloading: false } as const;
const once = () => ({ ...quiet, headers: { 'Idempotency-Key': crypto.randomUUID() } });
type Page<T> = { count: number; data: T[] };

export const keys = {
  all: ['protect'] as const,
  templates: ['protect', 'templates'] as const,
  template: (id: string) => ['protect', 'template', id] as const,
  links: ['protect', 'links'] as const,
  compares: ['protect', 'compares'] as const,
  hostTasks: (types: string) => ['protect', 'host', types] as const,
  hostTask: (id: string) => ['protect', 'host-task', id] as const,
  cdp: ['protect', 'cdp'] as const,
  hosts: ['protect', 'pick', 'hosts'] as const,
  instances: ['protect', 'pick', 'instances'] as const,
  drTasks: ['protect', 'pick', 'dr'] as const,
  drByEngine: (engine: string) => ['protect', 'dr', engine] as const,
  drTask: (id: string) => ['protect', 'dr-task', id] as const,
  compare: (id: string) => ['protect', 'compare', id] as const,
  candidates: (engine: string) => ['protect', 'pick', 'candidates', engine] as const,
};

export const listTemplates = () => get<Page<DrTemplate>>('v1/dr/templates', undefined, quiet);
export const getTemplate = (id: string) => get<DrTemplate & { links: TemplateAssociation[] }>(`v1/dr/templates/${id}`, undefined, quiet);
export const createTemplate = (body: TemplateInput) => post<DrTemplate>('v1/dr/templates', body, once());
export const updateTemplate = (id: string, body: Partial<TemplateInput>) => put<DrTemplate>(`v1/dr/templates/${id}`, body, once());
export const deleteTemplate = (id: string) => del<{ ok: true }>(`v1/dr/templates/${id}`, undefined, once());

export const listLinks = () => get<Page<TemplateAssociation>>('v1/dr/associations', undefined, quiet);
export const associate = (body: { template_id: string; pairs: { source_id: string; standby_id: string }[] }) =>
  post<{ data: TemplateAssociation[] }>('v1/dr/associations', body, once());
export const removeLink = (id: string) => del<{ ok: true }>(`v1/dr/associations/${id}`, undefined, once());

export const listCompares = () => get<Page<CompareTask>>('v1/dr/comparisons', undefined, quiet);
export const getCompare = (id: string) => get<CompareTask>(`v1/dr/comparisons/${id}`, undefined, quiet);
export const createCompare = (body: { name: string; dr_task_id: string }) => post<CompareTask>('v1/dr/comparisons', body, once());
export const deleteCompare = (id: string) => del<{ ok: true }>(`v1/dr/comparisons/${id}`, undefined, once());

export const listHostTasks = (types: string) => get<Page<HostTask>>('v1/host-tasks', { type: types }, quiet);
export const getHostTask = (id: string) => get<HostTask>(`v1/host-tasks/${id}`, undefined, quiet);
export const createHostTask = (body: Record<string, unknown>) => post<HostTask>('v1/host-tasks', body as never, once());
export const deleteHostTask = (id: string) => del<{ ok: true }>(`v1/host-tasks/${id}`, undefined, once());

export const listProtected = () => get<Page<ProtectedInstance>>('v1/data-protect/instances', undefined, quiet);
export const createCdp = (instanceId: string, body: { name: string; retention_days: number; space_gb: number }) =>
  post<unknown>(`v1/data-protect/instances/${instanceId}/cdp`, body, once());

/** The project's hosts (cloud hosts) for the host pickers. */
export const listHosts = async () => (await get<{ data: Pickable[] }>('instances', { __limit: 100 }, quiet)).data;
/** The collection of each kind a DR task pairs. */
const COLLECTION: Readonly<Record<string, string>> = { db_instance: 'dbinstances', cache_instance: 'cacheinstances', doc_instance: 'docinstances', nas: 'nas' };
/** The project's managed instances and file systems (NAS) of every product a DR task names. */
export async function listInstances(): Promise<Pickable[]> {
  const lists = await Promise.all(
    Object.entries(COLLECTION).map(async ([kind, path]) =>
      (await get<{ data: Pickable[] }>(path, { __limit: 100 }, quiet).catch(() => ({ data: [] }))).data.map((r) => ({ ...r, kind })),
    ),
  );
  return lists.flat();
}
export const listDrTasks = () => get<Page<DrTask>>('v1/dr/tasks', { __limit: 100 }, quiet);

/** DR tasks of one product (ADR 0074): the list, one task, a new one (refusals shown by the form, not the shell), its actions. */
export const listDrOf = (engine: DrEngine) => get<Page<DrTask>>('v1/dr/tasks', { engine, __limit: 100 }, quiet);
export const getDrTask = (id: string) => get<DrTask>(`v1/dr/tasks/${id}`, undefined, quiet);
export const createDrTask = (body: { name: string; engine: DrEngine; source_id: string; standby_id: string; threads: number }) =>
  post<DrTask>('v1/dr/tasks', body, { ...once(), notice: false });
export const drAct = (id: string, action: 'switchover' | 'stop') => post<DrTask>(`v1/dr/tasks/${id}/${action}`, {}, once());
export const deleteDrTask = (id: string) => del<{ ok: true }>(`v1/dr/tasks/${id}`, undefined, once());

/** The project's resources a DR task of `engine` may pair: its kind (and database engine). */
export async function listDrCandidates(engine: DrEngine): Promise<Pickable[]> {
  const target = DR_ENGINE_TARGET[engine];
  const rows = (await get<{ data: Pickable[] }>(COLLECTION[target.kind]!, { __limit: 100 }, quiet)).data;
  return rows.filter((r) => !target.engine || r.spec.engine === target.engine).map((r) => ({ ...r, kind: target.kind }));
}

/** Poll while a task is between states. */
export const whileBusy = (rows: readonly { status: string }[] | undefined) =>
  rows?.some((r) => ['not_started', 'running', 'initializing'].includes(r.status)) ? 2000 : false;
