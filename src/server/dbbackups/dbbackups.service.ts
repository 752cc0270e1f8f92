// Backups of managed database instances (issue 29, ADR 0056) as module functions over their deps:
// the one data backup policy of an instance (its states block edits and deletes), manual backup
// runs that the scheduler finishes after the simulated cloud's delay (dbbackups.jobs.ts), pause
// and resume, and restores to a time point from the newest restorable backup at or before it.
// Every call reaches the instance through the caller's scope: another tenant's is 404.
import { conflict, notFound } from '../../domain/errors.ts';
import { isId } from '../../domain/ids.ts';
import { isSqlConsoleEngine } from '../../domain/kinds/db-instance/db-instance.rules.ts';
import { planChangeable, planStatusOnEdit } from '../../domain/backup-plan.ts';
import {
  cycleOf,
  dbBackupPolicySchema,
  dbBackupStartSchema,
  dbRestoreSchema,
  type DbBackup,
  type DbBackupPolicy,
  type DbRestore,
  type PolicyStatus,
  type RetentionOption,
} from '../../domain/db-backup.ts';
import { parse } from '../platform/http/errors.plugin.ts';
import { rowPicker, runList } from '../platform/lib/list.ts';
import type { Scope } from '../platform/auth/scope.ts';
import type { ResourceRow } from '../platform/db/resource-rows.ts';
import type { ResourcesRepository } from '../engine/resources.repository.ts';
import type { DbConsoleDeps } from '../dbconsole/dbconsole.service.ts';
import { DB_KIND } from '../dbconsole/dbconsole.service.ts';
import { sql } from 'kysely';
import {
  BACKUP_COLUMNS,
  BACKUP_LIST,
  POLICY_LIST,
  BACKUP_TIMES,
  RESTORE_COLUMNS,
  RESTORE_LIST,
  RESTORE_TIMES,
  type DbBackupsRepository,
  type PolicyRow,
} from './dbbackups.repository.ts';

export interface DbBackupsDeps {
  repo: DbBackupsRepository;
  resources: ResourcesRepository;
  /** the SQL console's backends and the instances' credentials (ADR 0054) */
  console: DbConsoleDeps;
  /** the simulated cloud's delays: a policy step, a backup or restore run (CLOUD_SIM_DELAY_MS) */
  timing: { stepMs: number; runMs: number };
  /** rows a table may have in one backup (more: 部分成功); time limit of one dump statement */
  limits: { maxRows: number; timeoutMs: number };
  log: { warn: (obj: object, msg: string) => void };
  now: () => Date;
  /** backups and restores under way in this process (dbbackups.jobs.ts) */
  running: Set<Promise<void>>;
}

/** The instance in the caller's scope whose backups these are (404 outside it, 409 for an engine without SQL). */
export async function instanceOf(deps: DbBackupsDeps, scope: Scope, id: string): Promise<ResourceRow> {
  if (!isId(id)) throw notFound();
  const row = (await deps.resources.findScoped(scope, id, DB_KIND)) as ResourceRow | undefined;
  if (!row) throw notFound();
  if (!isSqlConsoleEngine(row.spec.engine)) throw conflict('refusals.db_instance.backup_unsupported');
  return row;
}

const iso = (d: Date | string | null) => (d === null ? null : new Date(d).toISOString());

export function policyOut(p: PolicyRow): DbBackupPolicy {
  return {
    id: p.id,
    name: p.name,
    retention: p.retention as RetentionOption,
    cycle: cycleOf(p.retention as RetentionOption),
    start_time: p.start_time,
    backup_days: p.backup_days as DbBackupPolicy['backup_days'],
    log_backup: p.log_backup,
    status: p.status as PolicyStatus,
    created_at: iso(p.created_at)!,
    updated_at: iso(p.updated_at)!,
  };
}

/** GET …/backup-policy: the instance's policy, or null when it has none yet. */
export async function getPolicy(deps: DbBackupsDeps, scope: Scope, id: string) {
  const row = await instanceOf(deps, scope, id);
  const p = await deps.repo.policyOf(row.id);
  return { policy: p ? policyOut(p) : null };
}

/** POST …/backup-policy: the instance's one data backup policy (a second is refused). */
export async function createPolicy(deps: DbBackupsDeps, scope: Scope, id: string, body: unknown): Promise<DbBackupPolicy> {
  const input = parse(dbBackupPolicySchema, body);
  const row = await instanceOf(deps, scope, id);
  const added = await deps.repo.addPolicy({
    ...input,
    resource_id: row.id,
    tenant_id: row.tenant_id,
    status: 'creating',
    step_due_at: new Date(deps.now().getTime() + deps.timing.stepMs),
  });
  if (!added) throw conflict('refusals.db_instance.backup_policy_exists');
  return policyOut(added);
}

async function changeablePolicy(deps: DbBackupsDeps, scope: Scope, id: string, refusal: string): Promise<PolicyRow> {
  const row = await instanceOf(deps, scope, id);
  const p = await deps.repo.policyOf(row.id);
  if (!p) throw notFound();
  if (!planChangeable(p.status)) throw conflict(refusal);
  return p;
}

/** PUT …/backup-policy: not while 创建中, 安装软件中 or 下发中; an edit issues the policy again. */
export async function updatePolicy(deps: DbBackupsDeps, scope: Scope, id: string, body: unknown): Promise<DbBackupPolicy> {
  const input = parse(dbBackupPolicySchema, body);
  const p = await changeablePolicy(deps, scope, id, 'backup_plan_busy_edit');
  const next = planStatusOnEdit(p.status as never) ?? 'issuing';
  const done = await deps.repo.updatePolicy(p.id, p.status, { ...input, status: next, step_due_at: new Date(deps.now().getTime() + deps.timing.stepMs) });
  if (!done) throw conflict('backup_plan_busy_edit');
  return policyOut(done);
}

/** DELETE …/backup-policy: not while it is between states; its backups stay until they expire. */
export async function deletePolicy(deps: DbBackupsDeps, scope: Scope, id: string) {
  const p = await changeablePolicy(deps, scope, id, 'backup_plan_busy_delete');
  if (!(await deps.repo.removePolicy(p.id, p.status))) throw conflict('backup_plan_busy_delete');
  return { id: p.id, deleted: true };
}

/** A run's progress: stored when it stopped, else by time towards its due moment (at most 95 until it is done). */
export function progressOf(r: { status: string; progress: number; due_at: Date | string }, runMs: number, now: Date): number {
  if (r.status !== 'running' && r.status !== 'restoring') return r.progress;
  const left = new Date(r.due_at).getTime() - now.getTime();
  const byTime = runMs > 0 ? Math.round(100 - (Math.max(0, left) / runMs) * 100) : 95;
  return Math.max(r.progress, Math.min(95, Math.max(0, byTime)));
}

const pickBackup = rowPicker(BACKUP_COLUMNS, BACKUP_TIMES);
const pickRestore = rowPicker(RESTORE_COLUMNS, RESTORE_TIMES);

function backupOut(deps: DbBackupsDeps, row: Record<string, unknown>): DbBackup {
  const out = pickBackup(row) as Record<string, unknown>;
  const { due_at, ...rest } = out;
  const progress = progressOf({ status: String(row.status), progress: Number(row.progress), due_at: String(due_at) }, deps.timing.runMs, deps.now());
  return { ...(rest as unknown as DbBackup), size_bytes: Number(row.size_bytes), progress };
}

function restoreOut(deps: DbBackupsDeps, row: Record<string, unknown>): DbRestore {
  const { due_at, ...rest } = pickRestore(row) as Record<string, unknown>;
  const progress = progressOf({ status: String(row.status), progress: Number(row.progress), due_at: String(due_at) }, deps.timing.runMs, deps.now());
  return { ...(rest as unknown as DbRestore), progress };
}

/** GET …/backups: the instance's backup runs, newest first, paged like every list. */
export async function listBackups(deps: DbBackupsDeps, scope: Scope, id: string, query: unknown) {
  const row = await instanceOf(deps, scope, id);
  return runList(
    deps.repo.backupsQuery(row.id),
    (qb) => qb.select([...BACKUP_COLUMNS]),
    query,
    BACKUP_LIST,
    (r) => backupOut(deps, r),
  );
}

export async function getBackup(deps: DbBackupsDeps, scope: Scope, id: string, backupId: string): Promise<DbBackup> {
  const row = await instanceOf(deps, scope, id);
  const b = isId(backupId) ? await deps.repo.backup(row.id, backupId) : undefined;
  if (!b) throw notFound();
  return backupOut(deps, b);
}

/** A running instance with no backup or restore going on (409 otherwise). */
async function idleRunning(deps: DbBackupsDeps, row: ResourceRow) {
  if (row.status !== 'running') throw conflict('refusals.db_instance.backup_not_running');
  const busy = await deps.repo.busy(row.id);
  if (busy === 'backup') throw conflict('refusals.db_instance.backup_in_progress');
  if (busy === 'restore') throw conflict('refusals.db_instance.restore_in_progress');
}

/** POST …/backups: a named full backup, 进行中 until the scheduler has taken the dump. */
export async function startBackup(deps: DbBackupsDeps, scope: Scope, id: string, body: unknown): Promise<DbBackup> {
  const input = parse(dbBackupStartSchema, body);
  const row = await instanceOf(deps, scope, id);
  await idleRunning(deps, row);
  const now = deps.now();
  const added = await deps.repo.addBackup({
    resource_id: row.id,
    tenant_id: row.tenant_id,
    name: input.name,
    type: 'full',
    trigger: 'manual',
    status: 'running',
    due_at: new Date(now.getTime() + deps.timing.runMs),
    engine: String(row.spec.engine),
    created_by: scope.user.id,
    started_at: now,
  });
  return backupOut(deps, added);
}

/** POST …/backups/:backupId/pause and /resume: only before the scheduler has taken the run. */
export async function pauseOrResume(deps: DbBackupsDeps, scope: Scope, id: string, backupId: string, to: 'paused' | 'running'): Promise<DbBackup> {
  const row = await instanceOf(deps, scope, id);
  const b = isId(backupId) ? await deps.repo.backup(row.id, backupId) : undefined;
  if (!b) throw notFound();
  const from = to === 'paused' ? 'running' : 'paused';
  if (b.status !== from || b.claimed_at)
    throw conflict(to === 'paused' ? 'refusals.db_instance.backup_not_pausable' : 'refusals.db_instance.backup_not_resumable');
  if (to === 'running') await idleRunning(deps, row);
  const now = deps.now();
  const progress = progressOf(b, deps.timing.runMs, now);
  const due = to === 'running' ? new Date(now.getTime() + Math.round((deps.timing.runMs * (100 - b.progress)) / 100)) : new Date(b.due_at);
  const done = await deps.repo.setRunState(b.id, from, to, due);
  if (!done) throw conflict('refusals.db_instance.backup_not_pausable');
  if (to === 'paused') await deps.repo.setBackupProgress(b.id, progress);
  return backupOut(deps, { ...done, progress: to === 'paused' ? progress : done.progress });
}

/** POST …/restores: back to a time point, from the newest restorable backup at or before it. */
export async function startRestore(deps: DbBackupsDeps, scope: Scope, id: string, body: unknown): Promise<DbRestore> {
  const input = parse(dbRestoreSchema, body);
  const row = await instanceOf(deps, scope, id);
  const at = new Date(input.point_in_time);
  const now = deps.now();
  // a time to come has no backup yet: no restorable time point either
  if (at.getTime() > now.getTime()) throw conflict('refusals.db_instance.no_restore_point');
  await idleRunning(deps, row);
  const point = await deps.repo.restorePoint(row.id, at, now);
  if (!point) throw conflict('refusals.db_instance.no_restore_point');
  const added = await deps.repo.addRestore({
    resource_id: row.id,
    tenant_id: row.tenant_id,
    backup_id: point.id,
    point_in_time: at,
    status: 'restoring',
    due_at: new Date(now.getTime() + deps.timing.runMs),
    created_by: scope.user.id,
    started_at: now,
  });
  return restoreOut(deps, added);
}

/** GET …/restores: the instance's restores, newest first. */
export async function listRestores(deps: DbBackupsDeps, scope: Scope, id: string, query: unknown) {
  const row = await instanceOf(deps, scope, id);
  return runList(
    deps.repo.restoresQuery(row.id),
    (qb) => qb.select([...RESTORE_COLUMNS]),
    query,
    RESTORE_LIST,
    (r) => restoreOut(deps, r),
  );
}

// ── many instances at once: the backup centre's lists (ADR 0073) ──

/** The ids of the caller's instances of an engine (a subquery: the lists stay one query each). */
function engineInstances(deps: DbBackupsDeps, scope: Scope, engine: string) {
  return deps.resources
    .scopedQuery(scope, DB_KIND)
    .select('resources.id')
    .where(sql<string>`resources.spec->>'engine'`, '=', engine);
}

const named = <T>(out: T, r: Record<string, unknown>) => ({ ...out, target_id: String(r.resource_id), target_name: String(r.target_name ?? '') });

/** The policies of the caller's instances of an engine, paged like every list. */
export async function listPoliciesIn(deps: DbBackupsDeps, scope: Scope, engine: string, query: unknown) {
  return runList(
    deps.repo.policiesIn(engineInstances(deps, scope, engine)),
    (qb) => qb.selectAll('db_backup_policies').select(deps.repo.policyName),
    query,
    POLICY_LIST,
    (r) => named(policyOut(r as PolicyRow), r),
  );
}

/** A policy by its id, reached through its instance in the caller's scope (404 otherwise or for another engine). */
export async function policyInScope(deps: DbBackupsDeps, scope: Scope, engine: string, policyId: string) {
  const p = isId(policyId) ? await deps.repo.policyById(policyId) : undefined;
  if (!p) throw notFound();
  const row = await instanceOf(deps, scope, p.resource_id);
  if (row.spec.engine !== engine) throw notFound();
  return { ...policyOut(p), target_id: row.id, target_name: row.name };
}

const BACKUPS_IN = { ...BACKUP_LIST, filters: { ...BACKUP_LIST.filters, target_id: 'db_backups.resource_id' } };
const RESTORES_IN = { ...RESTORE_LIST, filters: { ...RESTORE_LIST.filters, target_id: 'db_restores.resource_id' } };

/** The backup runs of the caller's instances of an engine (?target_id= narrows to one). */
export async function listBackupsIn(deps: DbBackupsDeps, scope: Scope, engine: string, query: unknown) {
  return runList(
    deps.repo.backupsIn(engineInstances(deps, scope, engine)),
    (qb) => qb.select([...BACKUP_COLUMNS, 'resource_id']).select(deps.repo.backupName),
    query,
    BACKUPS_IN,
    (r) => named(backupOut(deps, r), r),
  );
}

/** The restores of the caller's instances of an engine. */
export async function listRestoresIn(deps: DbBackupsDeps, scope: Scope, engine: string, query: unknown) {
  return runList(
    deps.repo.restoresIn(engineInstances(deps, scope, engine)),
    (qb) => qb.select([...RESTORE_COLUMNS, 'resource_id']).select(deps.repo.restoreName),
    query,
    RESTORES_IN,
    (r) => named(restoreOut(deps, r), r),
  );
}
