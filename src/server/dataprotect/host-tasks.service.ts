// Host protection tasks (ADR 0062): file copy and file comparison (dataProtect), whole-machine copy
// (wholeMove) and file transfer (dtc_dtcFileManage). Every host is the caller's (another tenant's:
// 404); a task is 未开始 until the simulated cloud's delay, then 同步中 / 复制中 / 传输中, then 成功
// when its hosts still run, else 失败 (advanceDueHostTasks, on the scheduler: reads never write). A whole-machine
// copy's encryption key is sealed with the platform's secret box and never answered.
import { badRequest, conflict, notFound } from '../../domain/errors.ts';
import { isId } from '../../domain/ids.ts';
import {
  HOST_TASK_BUSY,
  HOST_TASK_SCHEMAS,
  HOST_TASK_TYPES,
  type HostTask,
  type HostTaskInput,
  type HostTaskState,
  type HostTaskType,
} from '../../domain/protect.ts';
import { parse } from '../platform/http/errors.plugin.ts';
import type { Scope } from '../platform/auth/scope.ts';
import type { SecretBox } from '../platform/lib/secret-box.ts';
import type { ResourcesRepository } from '../engine/resources.repository.ts';
import type { ResourceRow } from '../platform/db/resource-rows.ts';
import type { HostTaskRow, ProtectRepository } from './protect.repository.ts';

export interface HostTaskDeps {
  repo: ProtectRepository;
  resources: ResourcesRepository;
  secrets: SecretBox;
  /** the simulated cloud's delay per step (CLOUD_SIM_DELAY_MS) */
  delayMs: number;
  now: () => Date;
}

const R = 'protect';
const HOST_KIND = 'instance';
const iso = (d: Date | string) => new Date(d).toISOString();
const isType = (v: unknown): v is HostTaskType => typeof v === 'string' && (HOST_TASK_TYPES as readonly string[]).includes(v);

async function hostIn(deps: HostTaskDeps, scope: Scope, id: string): Promise<ResourceRow> {
  const row = (await deps.resources.findScoped(scope, id, HOST_KIND)) as ResourceRow | undefined;
  if (!row) throw notFound();
  return row;
}

function out(r: HostTaskRow, names: Map<string, string>): HostTask {
  const targets = r.targets as { host_id: string; path: string | null }[];
  return {
    id: r.id,
    type: r.type as HostTaskType,
    name: r.name,
    source_id: r.source_id,
    source_name: r.source_name,
    source_path: r.source_path,
    targets: targets.map((t) => ({ host_id: t.host_id, path: t.path, name: names.get(t.host_id) ?? '' })),
    sync_items: r.sync_items as string[],
    excluded_items: r.excluded_items as string[],
    compression: r.compression,
    encryption: r.encryption,
    has_key: r.key_sealed !== null,
    overwrite: r.overwrite,
    create_dir: r.create_dir,
    status: r.status as HostTaskState,
    created_at: iso(r.created_at),
    updated_at: iso(r.updated_at),
  };
}

async function outAll(deps: HostTaskDeps, rows: HostTaskRow[]): Promise<HostTask[]> {
  const ids = [...new Set(rows.flatMap((r) => (r.targets as { host_id: string }[]).map((t) => t.host_id)))];
  const names = await deps.repo.hostNames(ids);
  return rows.map((r) => out(r, names));
}

/** The scheduler's worker: every due task one step on (ADR 0064). */
export function advanceDueHostTasks(deps: Pick<HostTaskDeps, 'repo' | 'delayMs' | 'now'>): Promise<number> {
  return deps.repo.advanceHostTasks(deps.now(), deps.delayMs);
}

/** GET /api/v1/host-tasks?type=file_copy,file_compare: the scope's tasks of those types. */
export async function listHostTasks(deps: HostTaskDeps, scope: Scope, query: unknown): Promise<{ count: number; data: HostTask[] }> {
  const asked = String((query as { type?: unknown } | undefined)?.type ?? '').split(',');
  const types = asked.filter(isType);
  if (!types.length) throw badRequest(`${R}.type_required`);
  const data = await outAll(deps, await deps.repo.hostTasks(scope.tenantId, scope.projectId, types));
  return { count: data.length, data };
}

async function taskIn(deps: HostTaskDeps, scope: Scope, id: string): Promise<HostTaskRow> {
  if (!isId(id)) throw notFound();
  const row = await deps.repo.hostTask(scope.tenantId, scope.projectId, id);
  if (!row) throw notFound();
  return row;
}

export async function getHostTask(deps: HostTaskDeps, scope: Scope, id: string): Promise<HostTask> {
  return (await outAll(deps, [await taskIn(deps, scope, id)]))[0]!;
}

/** The hosts a task names: each in the caller's scope, none twice, the source not among its targets. */
async function hostsOf(
  deps: HostTaskDeps,
  scope: Scope,
  input: HostTaskInput,
): Promise<{ source: ResourceRow; targets: { host_id: string; path: string | null }[] }> {
  const targets = input.type === 'whole_copy' ? [{ host_id: input.standby_id, path: null }] : input.targets;
  const ids = [input.source_id, ...targets.map((t) => t.host_id)];
  if (new Set(ids).size !== ids.length) throw badRequest(input.type === 'whole_copy' ? `${R}.same_host` : `${R}.host_twice`);
  const [source] = await Promise.all(ids.map((id) => hostIn(deps, scope, id)));
  return { source: source!, targets };
}

/** POST /api/v1/host-tasks: by type, its schema; hosts of the caller; names unique per type; the key sealed. */
export async function createHostTask(deps: HostTaskDeps, scope: Scope, body: unknown): Promise<HostTask> {
  const type = (body as { type?: unknown } | null)?.type;
  if (!isType(type)) throw badRequest(`${R}.type_required`);
  const input = parse(HOST_TASK_SCHEMAS[type], body) as HostTaskInput;
  const { source, targets } = await hostsOf(deps, scope, input);
  if (await deps.repo.hostNameTaken(scope.tenantId, type, input.name)) throw conflict(`${R}.task_name_taken`);
  const now = deps.now();
  const whole = input.type === 'whole_copy' ? input : null;
  const transfer = input.type === 'file_transfer' ? input : null;
  const key = whole && whole.encryption !== 'none' ? whole.key : undefined;
  const id = await deps.repo.insertHostTask(
    {
      tenant_id: scope.tenantId,
      project_id: source.project_id ?? scope.projectId,
      type,
      name: input.name,
      source_id: source.id,
      source_path: 'source_path' in input ? input.source_path : null,
      targets: JSON.stringify(targets),
      sync_items: JSON.stringify(whole?.sync_items ?? []),
      excluded_items: JSON.stringify(whole?.excluded_items ?? []),
      compression: whole?.compression ?? null,
      encryption: whole?.encryption ?? null,
      key_sealed: key ? deps.secrets.seal({ key }) : null,
      overwrite: transfer?.overwrite ?? false,
      create_dir: transfer?.create_dir ?? false,
      status: 'not_started',
      due_at: new Date(now.getTime() + deps.delayMs),
    },
    now,
  );
  return getHostTask(deps, scope, id);
}

/** DELETE /api/v1/host-tasks/:id: refused while copying, syncing or transferring. */
export async function deleteHostTask(deps: HostTaskDeps, scope: Scope, id: string): Promise<{ ok: true }> {
  const row = await taskIn(deps, scope, id);
  if (!(await deps.repo.removeHostTask(scope.tenantId, row.id, HOST_TASK_BUSY))) throw conflict(`${R}.task_busy_delete`);
  return { ok: true };
}
