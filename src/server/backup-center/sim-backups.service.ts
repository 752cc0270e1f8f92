// The backup centre's own products (ADR 0073): files on hosts, NAS file systems, MongoDB and Oracle
// instances, backed up by the simulated cloud. A strategy is the target's one data backup policy
// (the instance backups' schema and agent states: db-backup.ts, backup-plan.ts); the scheduler takes
// its runs (backup-center.jobs.ts); a recovery goes back to a time point from the newest restorable
// run at or before it. Every target is reached through the caller's scope: another's is 404.
import { conflict, notFound } from '../../domain/errors.ts';
import { isId } from '../../domain/ids.ts';
import { planChangeable, planStatusOnEdit, type BackupPlanStatus } from '../../domain/backup-plan.ts';
import { cycleOf, dbBackupPolicySchema, type RetentionOption } from '../../domain/db-backup.ts';
import {
  PRODUCT_ENGINE,
  PRODUCT_KIND,
  recoverySchema,
  strategyTargetSchema,
  type BackupProduct,
  type CentreRecord,
  type CentreRecovery,
  type CentreStrategy,
} from '../../domain/backup-center.ts';
import { parse } from '../platform/http/errors.plugin.ts';
import { runList } from '../platform/lib/list.ts';
import type { Scope } from '../platform/auth/scope.ts';
import type { ResourceRow } from '../platform/db/resource-rows.ts';
import { progressOf } from '../dbbackups/dbbackups.service.ts';
import { RECORD_LIST, RECOVERY_LIST, STRATEGY_LIST, type RecordRow, type RecoveryRow, type StrategyRow } from './backup-center.repository.ts';
import type { BackupCenterDeps } from './backup-center.deps.ts';

const iso = (d: Date | string | null | undefined) => (d ? new Date(d).toISOString() : null);
const json = (s: unknown): unknown[] => (Array.isArray(s) ? s : JSON.parse(String(s || '[]')));

/** Products without log backups (a file system has no transaction log). */
const NO_LOG: readonly BackupProduct[] = ['files', 'nas'];

export function strategyOut(s: StrategyRow): CentreStrategy {
  return {
    id: s.id,
    product: s.product as BackupProduct,
    target_id: s.target_id,
    target_name: s.target_name ?? '',
    name: s.name,
    status: s.status,
    retention: s.retention,
    cycle: cycleOf(s.retention as RetentionOption),
    start_time: s.start_time,
    backup_days: json(s.backup_days) as (number | string)[],
    log_backup: s.log_backup,
    directories: json(s.directories) as string[],
    created_at: iso(s.created_at)!,
    updated_at: iso(s.updated_at)!,
  };
}

export function recordOut(deps: BackupCenterDeps, r: RecordRow): CentreRecord {
  return {
    id: r.id,
    target_id: r.target_id,
    target_name: r.target_name ?? '',
    name: r.name,
    type: r.type,
    trigger: r.trigger,
    status: r.status,
    progress: progressOf({ status: r.status, progress: Number(r.progress), due_at: r.due_at }, deps.timing.runMs, deps.now()),
    size_bytes: Number(r.size_bytes),
    started_at: iso(r.started_at)!,
    finished_at: iso(r.finished_at),
    snapshot_at: iso(r.snapshot_at),
    expires_at: iso(r.expires_at),
  };
}

export function recoveryOut(deps: BackupCenterDeps, r: RecoveryRow): CentreRecovery {
  return {
    id: r.id,
    target_id: r.target_id,
    target_name: r.target_name ?? '',
    backup_id: r.backup_id,
    point_in_time: iso(r.point_in_time)!,
    status: r.status,
    progress: progressOf({ status: r.status, progress: Number(r.progress), due_at: r.due_at }, deps.timing.runMs, deps.now()),
    error: r.error,
    started_at: iso(r.started_at)!,
    finished_at: iso(r.finished_at),
  };
}

/** The product's target in the caller's scope (404 for another tenant's or project's, or another engine). */
export async function targetOf(deps: BackupCenterDeps, scope: Scope, product: BackupProduct, id: string): Promise<ResourceRow> {
  if (!isId(id)) throw notFound();
  const row = (await deps.resources.findScoped(scope, id, PRODUCT_KIND[product])) as ResourceRow | undefined;
  if (!row) throw notFound();
  const engine = PRODUCT_ENGINE[product];
  if (engine && row.spec.engine !== engine) throw notFound();
  return row;
}

function policyValues(product: BackupProduct, body: unknown) {
  const target = parse(strategyTargetSchema, body);
  const p = parse(dbBackupPolicySchema, body);
  return {
    target_id: target.target_id,
    name: p.name,
    retention: p.retention,
    start_time: p.start_time,
    backup_days: JSON.stringify(p.backup_days),
    log_backup: NO_LOG.includes(product) ? false : p.log_backup,
    directories: JSON.stringify(product === 'files' ? (target.directories ?? ['/']) : []),
  };
}

export const listStrategies = (deps: BackupCenterDeps, scope: Scope, product: BackupProduct, query: unknown) =>
  runList(deps.repo.strategiesQuery(scope, product), deps.repo.selectStrategy, query, STRATEGY_LIST, strategyOut);

async function strategyOr404(deps: BackupCenterDeps, scope: Scope, product: BackupProduct, id: string) {
  const s = isId(id) ? await deps.repo.strategy(scope, product, id) : undefined;
  if (!s) throw notFound();
  return s;
}

export async function getStrategy(deps: BackupCenterDeps, scope: Scope, product: BackupProduct, id: string) {
  return strategyOut(await strategyOr404(deps, scope, product, id));
}

/** The target's one strategy: a second is refused; it starts 创建中 and the agent moves it on. */
export async function createStrategy(deps: BackupCenterDeps, scope: Scope, product: BackupProduct, body: unknown) {
  const v = policyValues(product, body);
  const target = await targetOf(deps, scope, product, v.target_id);
  const added = await deps.repo.addStrategy({
    ...v,
    tenant_id: target.tenant_id,
    project_id: String(target.project_id),
    product,
    status: 'creating',
    step_due_at: new Date(deps.now().getTime() + deps.timing.stepMs),
  });
  if (!added) throw conflict('refusals.backup_center.strategy_exists');
  return getStrategy(deps, scope, product, added.id);
}

/** Not while 创建中, 安装软件中 or 下发中; an edit issues the policy again. The target stays. */
export async function updateStrategy(deps: BackupCenterDeps, scope: Scope, product: BackupProduct, id: string, body: unknown) {
  const s = await strategyOr404(deps, scope, product, id);
  const { target_id: _target, ...v } = policyValues(product, { ...(body as object), target_id: s.target_id });
  if (!planChangeable(s.status)) throw conflict('backup_plan_busy_edit');
  const next = planStatusOnEdit(s.status as BackupPlanStatus) ?? 'issuing';
  const done = await deps.repo.updateStrategy(s.id, s.status, { ...v, status: next, step_due_at: new Date(deps.now().getTime() + deps.timing.stepMs) });
  if (!done) throw conflict('backup_plan_busy_edit');
  return getStrategy(deps, scope, product, s.id);
}

export async function deleteStrategy(deps: BackupCenterDeps, scope: Scope, product: BackupProduct, id: string) {
  const s = await strategyOr404(deps, scope, product, id);
  if (!planChangeable(s.status) || !(await deps.repo.removeStrategy(s.id, s.status))) throw conflict('backup_plan_busy_delete');
  return { id: s.id, deleted: true };
}

export const listRecords = (deps: BackupCenterDeps, scope: Scope, product: BackupProduct, query: unknown) =>
  runList(deps.repo.recordsQuery(scope, product), deps.repo.selectRecord, query, RECORD_LIST, (r) => recordOut(deps, r));

export const listRecoveries = (deps: BackupCenterDeps, scope: Scope, product: BackupProduct, query: unknown) =>
  runList(deps.repo.recoveriesQuery(scope, product), deps.repo.selectRecovery, query, RECOVERY_LIST, (r) => recoveryOut(deps, r));

/** Refused for a time to come, a target busy backing up or restoring, or no restorable backup at or before the point. */
export async function startRecovery(deps: BackupCenterDeps, scope: Scope, product: BackupProduct, body: unknown) {
  const input = parse(recoverySchema, body);
  const target = await targetOf(deps, scope, product, input.target_id);
  const at = new Date(input.point_in_time);
  const now = deps.now();
  if (at.getTime() > now.getTime()) throw conflict('refusals.db_instance.no_restore_point');
  const busy = await deps.repo.busy(target.id);
  if (busy) throw conflict(busy === 'backup' ? 'refusals.backup_center.backup_in_progress' : 'refusals.backup_center.recovery_in_progress');
  const point = await deps.repo.restorePoint(product, target.id, at, now);
  if (!point) throw conflict('refusals.db_instance.no_restore_point');
  const added = await deps.repo.addRecovery({
    tenant_id: target.tenant_id,
    project_id: String(target.project_id),
    product,
    target_id: target.id,
    backup_id: point.id,
    point_in_time: at,
    status: 'restoring',
    created_by: scope.user.id,
    due_at: new Date(now.getTime() + deps.timing.runMs),
    started_at: now,
  });
  return recoveryOut(deps, { ...added, target_name: target.name });
}
