// The calls of the data-protection pages (ADR 0062): DR templates and associations, comparisons,
// host protection tasks and the protected instances; plus the pickers' hosts, instances and DR tasks.
// Every write carries its own Idempotency-Key, so a retried tap lands once.
import { del, get, post, put } from '../../lib/request.ts';
import type { DrTask } from '../../../domain/dataprotect.ts';
import type { CompareTask, DrTemplate, HostTask, HostTaskType, ProtectedInstance, TemplateAssociation, TemplateInput } from '../../../domain/protect.ts';

export type { CompareTask, DrTask, DrTemplate, HostTask, HostTaskType, ProtectedInstance, TemplateAssociation, TemplateInput };

export interface Pickable {
  id: string;
  name: string;
  status: string;
  kind?: string;
  spec: { engine?: string; version?: string; ip?: string; private_ip?: string; cpu?: number };
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
/** The project's managed instances of every product a DR task names. */
export async function listInstances(): Promise<Pickable[]> {
  const [db, cache, doc] = await Promise.all(
    [
      ['dbinstances', 'db_instance'],
      ['cacheinstances', 'cache_instance'],
      ['docinstances', 'doc_instance'],
    ].map(async ([path, kind]) =>
      (await get<{ data: Pickable[] }>(path!, { __limit: 100 }, quiet).catch(() => ({ data: [] }))).data.map((r) => ({ ...r, kind })),
    ),
  );
  return [...db!, ...cache!, ...doc!];
}
export const listDrTasks = () => get<Page<DrTask>>('v1/dr/tasks', { __limit: 100 }, quiet);

/** Poll while a task is between states. */
export const whileBusy = (rows: readonly { status: string }[] | undefined) =>
  rows?.some((r) => ['not_started', 'running', 'initializing'].includes(r.status)) ? 2000 : false;
