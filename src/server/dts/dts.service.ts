// Data migration tasks (issue 29, ADR 0059) as module functions over their deps: create (names
// unique in the tenant, source and target differ, both the caller's managed SQL instances), the
// pre-check (passed blocks going back, failed blocks starting), start, pause, delete (refused while
// migrating) and the list and detail. Another tenant's task or instance is 404.
import { badRequest, conflict, notFound } from '../../domain/errors.ts';
import { isId } from '../../domain/ids.ts';
import { isSqlConsoleEngine } from '../../domain/kinds/db-instance/db-instance.rules.ts';
import { dtsCreateSchema, dtsDeletable, dtsEditable, dtsUpdateSchema, type DtsCheck, type DtsTask } from '../../domain/dts.ts';
import { requirePermission } from '../platform/auth/auth-user.ts';
import { scopeCan, type Scope } from '../platform/auth/scope.ts';
import { parse } from '../platform/http/errors.plugin.ts';
import { runList } from '../platform/lib/list.ts';
import type { ResourceRow } from '../platform/db/resource-rows.ts';
import type { ResourcesRepository } from '../engine/resources.repository.ts';
import { DB_KIND, type DbConsoleDeps } from '../dbconsole/dbconsole.service.ts';
import { precheck, tablesOf, targetOf, type EngineLimits } from './dts-engine.ts';
import { TASK_LIST, type DtsRepository, type TaskRow } from './dts.repository.ts';

export interface DtsDeps {
  repo: DtsRepository;
  resources: ResourcesRepository;
  console: DbConsoleDeps;
  /** a migration's run takes four of the simulated cloud's delays (CLOUD_SIM_DELAY_MS) */
  timing: { runMs: number };
  limits: EngineLimits;
  log: { warn: (obj: object, msg: string) => void };
  now: () => Date;
  /** migrations under way in this process (dts.jobs.ts) */
  running: Set<Promise<void>>;
}

/** A managed SQL instance in the caller's scope (404 otherwise, 409 for an engine without SQL). */
async function instanceOf(deps: DtsDeps, scope: Scope, id: string): Promise<ResourceRow> {
  const row = (await deps.resources.findScoped(scope, id, DB_KIND)) as ResourceRow | undefined;
  if (!row) throw notFound();
  if (!isSqlConsoleEngine(row.spec.engine)) throw conflict('refusals.dts.engine_unsupported');
  return row;
}

async function taskOf(deps: DtsDeps, scope: Scope, id: string): Promise<TaskRow> {
  if (!isId(id)) throw notFound();
  const row = await deps.repo.find(scope.tenantId, id);
  if (!row || (scope.projectId && row.project_id !== scope.projectId)) throw notFound();
  return row;
}

const iso = (d: Date | string | null) => (d === null ? null : new Date(d).toISOString());

function progressOf(deps: DtsDeps, t: TaskRow): number {
  if (t.status !== 'migrating' || !t.due_at || !t.started_at) return t.progress;
  const total = new Date(t.due_at).getTime() - new Date(t.started_at).getTime();
  const byTime = total > 0 ? Math.round(((deps.now().getTime() - new Date(t.started_at).getTime()) / total) * 100) : 95;
  return Math.max(t.progress, Math.min(95, Math.max(0, byTime)));
}

/** The instances' names, read in the caller's scope. */
async function namesOf(deps: DtsDeps, scope: Scope, rows: readonly TaskRow[]): Promise<Map<string, string>> {
  const ids = [...new Set(rows.flatMap((t) => [t.source_id, t.target_id]))];
  if (!ids.length) return new Map();
  const found = await deps.resources.scopedQuery(scope, DB_KIND).select(['resources.id', 'resources.name']).where('resources.id', 'in', ids).execute();
  return new Map(found.map((r) => [String(r.id), String(r.name)]));
}

async function taskOut(deps: DtsDeps, scope: Scope, t: TaskRow, known?: Map<string, string>): Promise<DtsTask> {
  const names = known ?? (await namesOf(deps, scope, [t]));
  const nameOf = async (id: string) => names.get(id) ?? '';
  return {
    id: t.id,
    name: t.name,
    type: t.type as DtsTask['type'],
    level: t.level as DtsTask['level'],
    source_id: t.source_id,
    source_name: await nameOf(t.source_id),
    target_id: t.target_id,
    target_name: await nameOf(t.target_id),
    engine: t.engine,
    objects: t.objects as string[],
    status: t.status as DtsTask['status'],
    precheck: t.precheck as DtsTask['precheck'],
    checks: t.checks as DtsCheck[],
    progress: progressOf(deps, t),
    table_count: t.table_count,
    row_count: t.row_count,
    error: t.error,
    description: t.description,
    created_at: iso(t.created_at)!,
    started_at: iso(t.started_at),
    finished_at: iso(t.finished_at),
  };
}

export async function listTasks(deps: DtsDeps, scope: Scope, query: unknown) {
  const page = await runList(deps.repo.listQuery(scope.tenantId, scope.projectId), (qb) => qb.selectAll(), query, TASK_LIST);
  const names = await namesOf(deps, scope, page.data as TaskRow[]);
  const data = await Promise.all((page.data as TaskRow[]).map((t) => taskOut(deps, scope, t, names)));
  return { ...page, data };
}

export async function getTask(deps: DtsDeps, scope: Scope, id: string): Promise<DtsTask> {
  return taskOut(deps, scope, await taskOf(deps, scope, id));
}

export async function createTask(deps: DtsDeps, scope: Scope, body: unknown): Promise<DtsTask> {
  requirePermission(scopeCan(scope, 'update', 'resource'));
  const input = parse(dtsCreateSchema, body);
  if (input.source_id === input.target_id) throw conflict('refusals.dts.same_instance');
  const source = await instanceOf(deps, scope, input.source_id);
  const target = await instanceOf(deps, scope, input.target_id);
  if (input.level !== 'database' && !input.objects.length) throw badRequest('refusals.dts.objects_required');
  const row = await deps.repo.insert({
    tenant_id: scope.tenantId,
    project_id: source.project_id ?? scope.projectId,
    name: input.name,
    type: input.type,
    level: input.level,
    source_id: source.id,
    target_id: target.id,
    engine: String(source.spec.engine),
    objects: input.level === 'database' ? [] : [...new Set(input.objects)],
    status: 'pending',
    precheck: 'none',
    description: input.description || null,
    created_by: scope.user.id,
  });
  if (!row) throw conflict('refusals.dts.name_taken');
  return taskOut(
    deps,
    scope,
    row,
    new Map([
      [source.id, source.name],
      [target.id, target.name],
    ]),
  );
}

/** Going back in the form: the level, type or objects change, only before a pre-check passed. */
export async function updateTask(deps: DtsDeps, scope: Scope, id: string, body: unknown): Promise<DtsTask> {
  requirePermission(scopeCan(scope, 'update', 'resource'));
  const t = await taskOf(deps, scope, id);
  const input = parse(dtsUpdateSchema, body);
  if (t.precheck === 'passed') throw conflict('refusals.dts.precheck_passed');
  if (!dtsEditable(t.status)) throw conflict('refusals.dts.state');
  const row = await deps.repo.update(scope.tenantId, t.id, ['pending'], { ...input, precheck: 'none', checks: [] });
  if (!row) throw conflict('refusals.dts.state');
  return taskOut(deps, scope, row);
}

export async function runPrecheck(deps: DtsDeps, scope: Scope, id: string): Promise<DtsTask> {
  requirePermission(scopeCan(scope, 'update', 'resource'));
  const t = await taskOf(deps, scope, id);
  if (!dtsEditable(t.status)) throw conflict('refusals.dts.state');
  const source = await instanceOf(deps, scope, t.source_id);
  const target = await instanceOf(deps, scope, t.target_id);
  const { checks, objects } = await precheck({
    console: deps.console,
    limits: deps.limits,
    source,
    target,
    type: t.type as DtsTask['type'],
    level: t.level as DtsTask['level'],
    objects: t.objects as string[],
  });
  const passed = checks.every((c) => c.ok);
  const row = await deps.repo.update(scope.tenantId, t.id, ['pending'], {
    precheck: passed ? 'passed' : 'failed',
    checks,
    ...(passed ? { objects } : {}),
  });
  if (!row) throw conflict('refusals.dts.state');
  return taskOut(
    deps,
    scope,
    row,
    new Map([
      [source.id, source.name],
      [target.id, target.name],
    ]),
  );
}

export async function startTask(deps: DtsDeps, scope: Scope, id: string): Promise<DtsTask> {
  requirePermission(scopeCan(scope, 'update', 'resource'));
  const t = await taskOf(deps, scope, id);
  if (t.precheck !== 'passed') throw conflict('refusals.dts.precheck_failed');
  if (!dtsEditable(t.status)) throw conflict('refusals.dts.state');
  const now = deps.now();
  const row = await deps.repo.update(scope.tenantId, t.id, ['pending'], {
    status: 'migrating',
    progress: 0,
    error: null,
    started_at: now,
    due_at: new Date(now.getTime() + deps.timing.runMs),
    claimed_at: null,
  });
  if (!row) throw conflict('refusals.dts.state');
  return taskOut(deps, scope, row);
}

/** A migration not yet taken by the scheduler goes back to 待迁移 (its pre-check stays passed). */
export async function pauseTask(deps: DtsDeps, scope: Scope, id: string): Promise<DtsTask> {
  requirePermission(scopeCan(scope, 'update', 'resource'));
  const t = await taskOf(deps, scope, id);
  if (t.status !== 'migrating' || t.claimed_at) throw conflict('refusals.dts.not_pausable');
  const row = await deps.repo.update(scope.tenantId, t.id, ['migrating'], { status: 'pending', due_at: null, progress: 0 });
  if (!row || row.claimed_at) throw conflict('refusals.dts.not_pausable');
  return taskOut(deps, scope, row);
}

export async function deleteTask(deps: DtsDeps, scope: Scope, id: string): Promise<{ ok: true }> {
  requirePermission(scopeCan(scope, 'update', 'resource'));
  const t = await taskOf(deps, scope, id);
  if (!dtsDeletable(t.status)) throw conflict('refusals.dts.delete_migrating');
  const deletable = ['pending', 'completed', 'failed', 'init_failed', 'abnormal'];
  if (!(await deps.repo.remove(scope.tenantId, t.id, deletable))) throw conflict('refusals.dts.delete_migrating');
  return { ok: true };
}

/** The tables an instance offers to migrate, each with whether it has a primary key (the form's objects step). */
export async function sourceTables(deps: DtsDeps, scope: Scope, id: string): Promise<{ data: { name: string; primary_key: boolean }[] }> {
  if (!isId(id)) throw notFound();
  const row = await instanceOf(deps, scope, id);
  if (row.status !== 'running') throw conflict('refusals.dts.not_running');
  const tables = await tablesOf(await targetOf(deps.console, row, deps.limits));
  return { data: [...tables].map(([name, primary_key]) => ({ name, primary_key })) };
}
