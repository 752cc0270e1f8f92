// Disaster recovery, CDP protection and data-lake ingestion (issue 29, ADR 0060) as module functions
// over their deps. Every instance is reached through the caller's scope (another tenant's: 404) and
// its state comes from the resource engine; tables, primary keys and data sizes come from the
// instance's engine (instance-tables.ts). New tasks start initializing and sync once the simulated
// cloud's delay has passed; a switchover swaps source and standby in Yunshu's data.
import { badRequest, conflict, notFound } from '../../domain/errors.ts';
import { isId } from '../../domain/ids.ts';
import { isSqlConsoleEngine } from '../../domain/kinds/db-instance/db-instance.rules.ts';
import {
  BUSY_STATES,
  CDP_SPACE_FACTOR,
  DR_ENGINE_TARGET,
  cdpCreateSchema,
  drReadyStatus,
  drTaskCreateSchema,
  lakeTaskCreateSchema,
  sizeText,
  type CdpTask,
  type DrTask,
  type DrTaskCreate,
  type InstanceTable,
  type LakeTask,
  type TaskState,
} from '../../domain/dataprotect.ts';
import { parse } from '../platform/http/errors.plugin.ts';
import { runList } from '../platform/lib/list.ts';
import type { Scope } from '../platform/auth/scope.ts';
import type { ResourceRow } from '../platform/db/resource-rows.ts';
import type { ResourcesRepository } from '../engine/resources.repository.ts';
import type { DbConsoleDeps } from '../dbconsole/dbconsole.service.ts';
import { DR_COLUMNS, DR_LIST, type CdpRow, type DataProtectRepository, type DrRow, type LakeRow } from './dataprotect.repository.ts';
import { instanceTables } from './instance-tables.ts';
import { checkNasPair } from './nas-dr.ts';

export interface DataProtectDeps {
  repo: DataProtectRepository;
  resources: ResourcesRepository;
  console: DbConsoleDeps;
  /** the simulated cloud's delay before a new task syncs (CLOUD_SIM_DELAY_MS) */
  delayMs: number;
  now: () => Date;
}

const R = 'dataprotect';
const iso = (d: Date | string | null) => (d === null ? null : new Date(d).toISOString());

/** The instance in the caller's scope (404 outside it, or of another kind). */
export async function instanceIn(deps: DataProtectDeps, scope: Scope, id: string, kind?: string): Promise<ResourceRow> {
  if (!isId(id)) throw notFound();
  const row = (await deps.resources.findScoped(scope, id, kind)) as ResourceRow | undefined;
  if (!row) throw notFound();
  return row;
}

/** A DR end must be ready: a NAS 可用, a managed database 运行中. */
function mustRun(row: ResourceRow): void {
  if (row.status === drReadyStatus(row.kind)) return;
  throw conflict(row.kind === 'nas' ? `${R}.nas_not_available` : `${R}.instance_not_running`, { name: row.name });
}

/** A SQL instance that is running: the one whose tables can be read. */
export async function sqlInstance(deps: DataProtectDeps, scope: Scope, id: string): Promise<ResourceRow> {
  const row = await instanceIn(deps, scope, id, 'db_instance');
  if (!isSqlConsoleEngine(row.spec.engine)) throw conflict(`${R}.engine_unsupported`);
  mustRun(row);
  return row;
}

function drOut(r: DrRow): DrTask {
  return {
    id: r.id,
    name: r.name,
    engine: r.engine as DrTask['engine'],
    source_id: r.source_id,
    source_name: r.source_name,
    standby_id: r.standby_id,
    standby_name: r.standby_name,
    threads: r.threads,
    status: r.status as TaskState,
    switchovers: r.switchovers,
    switched_at: iso(r.switched_at),
    created_at: iso(r.created_at)!,
    updated_at: iso(r.updated_at)!,
  };
}

/** DR, CDP and data-lake tasks whose initialisation is due start syncing: on the engine's scheduler, never on read. */
export function advanceDueProtectTasks(deps: Pick<DataProtectDeps, 'repo' | 'now'>): Promise<number> {
  return deps.repo.advanceDue(deps.now());
}

/** GET /api/v1/dr/tasks (and an instance's: ?instance_id=): the scope's DR tasks, paged like every list. */
export async function listDr(deps: DataProtectDeps, scope: Scope, query: unknown) {
  const q = (query ?? {}) as Record<string, unknown>;
  const { instance_id: instanceId, ...rest } = q;
  if (typeof instanceId === 'string') await instanceIn(deps, scope, instanceId);
  const base = deps.repo.drQuery(scope.tenantId, scope.projectId, typeof instanceId === 'string' ? instanceId : undefined);
  return runList(base, (qb) => qb.select([...DR_COLUMNS]), rest, DR_LIST, drOut);
}

export async function drIn(deps: DataProtectDeps, scope: Scope, id: string): Promise<DrRow> {
  if (!isId(id)) throw notFound();
  const row = await deps.repo.drTask(scope.tenantId, scope.projectId, id);
  if (!row) throw notFound();
  return row;
}

export async function getDr(deps: DataProtectDeps, scope: Scope, id: string): Promise<DrTask> {
  return drOut(await drIn(deps, scope, id));
}

/**
 * The rules a DR pair must pass, whoever creates the task (the DR form or a template's association,
 * ADR 0062): not the same instance, both of the task's product and ready, in the caller's scope; a
 * NAS pair then its own (nas-dr.ts, ADR 0074: project, protocol, capacity, one replication each).
 */
export async function checkDr(deps: DataProtectDeps, scope: Scope, input: Pick<DrTaskCreate, 'engine' | 'source_id' | 'standby_id'>) {
  const nas = input.engine === 'nas';
  if (input.source_id === input.standby_id) throw badRequest(nas ? `${R}.nas_same` : `${R}.same_instance`);
  const target = DR_ENGINE_TARGET[input.engine];
  const [source, standby] = await Promise.all([instanceIn(deps, scope, input.source_id, target.kind), instanceIn(deps, scope, input.standby_id, target.kind)]);
  for (const row of [source, standby]) {
    if (target.engine && row.spec.engine !== target.engine) throw badRequest(`${R}.engine_mismatch`, { name: row.name });
  }
  mustRun(source);
  mustRun(standby);
  if (nas) await checkNasPair(deps.repo, source, standby, deps.now());
  return { source, standby };
}

/** POST /api/v1/dr/tasks: source and standby of the task's product, both running, not the same, the name unique. */
export async function createDr(deps: DataProtectDeps, scope: Scope, body: unknown): Promise<DrTask> {
  const input = parse(drTaskCreateSchema, body);
  const { source, standby } = await checkDr(deps, scope, input);
  if (await deps.repo.drNameTaken(scope.tenantId, input.name)) throw conflict(`${R}.task_name_taken`);
  const now = deps.now();
  const id = await deps.repo.insertDr(
    {
      tenant_id: scope.tenantId,
      project_id: source.project_id ?? scope.projectId,
      name: input.name,
      engine: input.engine,
      source_id: source.id,
      standby_id: standby.id,
      threads: input.threads,
      status: 'initializing',
      due_at: new Date(now.getTime() + deps.delayMs),
    },
    now,
  );
  return getDr(deps, scope, id);
}

/** POST /api/v1/dr/tasks/:id/switchover: the standby takes over (only while syncing; the new standby must be running). */
export async function switchoverDr(deps: DataProtectDeps, scope: Scope, id: string): Promise<DrTask> {
  const task = await drIn(deps, scope, id);
  if (task.status !== 'syncing') throw conflict(`${R}.switch_not_syncing`);
  const standby = await instanceIn(deps, scope, task.standby_id);
  mustRun(standby);
  if (!(await deps.repo.switchover(scope.tenantId, task.id, deps.now()))) throw conflict(`${R}.switch_not_syncing`);
  return getDr(deps, scope, id);
}

/** POST /api/v1/dr/tasks/:id/stop: a syncing task stops (completed); then it may be deleted. */
export async function stopDr(deps: DataProtectDeps, scope: Scope, id: string): Promise<DrTask> {
  const task = await drIn(deps, scope, id);
  if (!(await deps.repo.setStatus('dr_tasks', scope.tenantId, task.id, BUSY_STATES, 'completed', deps.now()))) throw conflict(`${R}.stop_not_busy`);
  return getDr(deps, scope, id);
}

/** DELETE /api/v1/dr/tasks/:id: refused while initializing or syncing (seed 001 §4). */
export async function deleteDr(deps: DataProtectDeps, scope: Scope, id: string): Promise<{ ok: true }> {
  const task = await drIn(deps, scope, id);
  if (!(await deps.repo.remove('dr_tasks', scope.tenantId, task.id, BUSY_STATES))) throw conflict(`${R}.task_busy_delete`);
  return { ok: true };
}

/** GET /api/v1/dbinstances/:id/tables: the instance's tables as its engine reports them. */
export async function listTables(deps: DataProtectDeps, scope: Scope, id: string): Promise<{ data: InstanceTable[] }> {
  const row = await sqlInstance(deps, scope, id);
  return { data: await instanceTables(deps.console, row) };
}

function cdpOut(r: CdpRow): CdpTask {
  const { id, name, retention_days, space_gb, status } = r;
  return { id, name, retention_days, space_gb, data_bytes: Number(r.data_bytes), status: status as TaskState, created_at: iso(r.created_at)! };
}

export async function listCdp(deps: DataProtectDeps, scope: Scope, id: string): Promise<{ data: CdpTask[] }> {
  const row = await instanceIn(deps, scope, id, 'db_instance');
  return { data: (await deps.repo.cdpTasks(scope.tenantId, row.id)).map(cdpOut) };
}

/** POST /api/v1/data-protect/instances/:id/cdp: retention 1-7 days, standby space ≥ 2.5 × the instance's real data. */
export async function createCdp(deps: DataProtectDeps, scope: Scope, id: string, body: unknown): Promise<CdpTask> {
  const input = parse(cdpCreateSchema, body);
  const row = await sqlInstance(deps, scope, id);
  const dataBytes = (await instanceTables(deps.console, row)).reduce((sum, t) => sum + t.bytes, 0);
  const required = dataBytes * CDP_SPACE_FACTOR;
  if (input.space_gb * 1024 ** 3 < required) {
    throw badRequest(`${R}.cdp_space`, { required: sizeText(required), data: sizeText(dataBytes) });
  }
  const now = deps.now();
  const taskId = await deps.repo.insertCdp(
    {
      tenant_id: scope.tenantId,
      resource_id: row.id,
      name: input.name,
      retention_days: input.retention_days,
      space_gb: input.space_gb,
      data_bytes: dataBytes,
      status: 'initializing',
      due_at: new Date(now.getTime() + deps.delayMs),
    },
    now,
  );
  return (await listCdp(deps, scope, id)).data.find((t) => t.id === taskId)!;
}

function lakeOut(r: LakeRow): LakeTask {
  const { id, name, topic, src_id, threads, batch_limit, status } = r;
  return { id, name, topic, src_id, threads, batch_limit, objects: r.objects as string[], status: status as TaskState, created_at: iso(r.created_at)! };
}

export async function listLake(deps: DataProtectDeps, scope: Scope, id: string): Promise<{ data: LakeTask[] }> {
  const row = await instanceIn(deps, scope, id, 'db_instance');
  return { data: (await deps.repo.lakeTasks(scope.tenantId, row.id)).map(lakeOut) };
}

/** Each object once, each a table of the instance with a primary key (checked in its engine). */
function checkObjects(objects: readonly string[], tables: readonly InstanceTable[]): void {
  const seen = new Set<string>();
  for (const name of objects) {
    if (seen.has(name)) throw badRequest(`${R}.lake_duplicate`, { table: name });
    seen.add(name);
    const table = tables.find((t) => t.name === name);
    if (!table) throw badRequest(`${R}.lake_no_table`, { table: name });
    if (!table.has_primary_key) throw badRequest(`${R}.lake_no_pk`, { table: name });
  }
}

/** POST /api/v1/dbinstances/:id/lake-tasks: ≤ 15 objects with primary keys, threads 1-10, batchLimit 1000-10000, topic and SrcID rules. */
export async function createLake(deps: DataProtectDeps, scope: Scope, id: string, body: unknown): Promise<LakeTask> {
  const input = parse(lakeTaskCreateSchema, body);
  const row = await sqlInstance(deps, scope, id);
  checkObjects(input.objects, await instanceTables(deps.console, row));
  if (await deps.repo.lakeNameTaken(row.id, input.name)) throw conflict(`${R}.task_name_taken`);
  const now = deps.now();
  const taskId = await deps.repo.insertLake(
    {
      tenant_id: scope.tenantId,
      resource_id: row.id,
      name: input.name,
      topic: input.topic,
      src_id: input.src_id,
      threads: input.threads,
      batch_limit: input.batch_limit,
      objects: JSON.stringify(input.objects),
      status: 'initializing',
      due_at: new Date(now.getTime() + deps.delayMs),
    },
    now,
  );
  return (await listLake(deps, scope, id)).data.find((t) => t.id === taskId)!;
}

async function lakeIn(deps: DataProtectDeps, scope: Scope, id: string, taskId: string): Promise<LakeTask> {
  const task = (await listLake(deps, scope, id)).data.find((t) => t.id === taskId);
  if (!task) throw notFound();
  return task;
}

export async function stopLake(deps: DataProtectDeps, scope: Scope, id: string, taskId: string): Promise<LakeTask> {
  await lakeIn(deps, scope, id, taskId);
  if (!(await deps.repo.setStatus('lake_tasks', scope.tenantId, taskId, BUSY_STATES, 'completed', deps.now()))) throw conflict(`${R}.stop_not_busy`);
  return lakeIn(deps, scope, id, taskId);
}

export async function deleteLake(deps: DataProtectDeps, scope: Scope, id: string, taskId: string): Promise<{ ok: true }> {
  await lakeIn(deps, scope, id, taskId);
  if (!(await deps.repo.remove('lake_tasks', scope.tenantId, taskId, BUSY_STATES))) throw conflict(`${R}.task_busy_delete`);
  return { ok: true };
}
