// The simulated cloud's side of the backup centre (ADR 0073), on the engine's scheduler (reads never
// write): strategy steps (创建中 → 安装软件中 → 下发中 → 已创建) after the step delay, the strategies'
// full backups at their start time on their days (the instance backups' slot rule, lastSlot) and log
// backups every 2 hours, runs finished after the run delay with the size of the target's data, and
// recoveries — a bucket's written back through object storage's write path, the others simulated.
import { isPlanInBetween, planStepDone, type BackupPlanStatus } from '../../domain/backup-plan.ts';
import { LOG_BACKUP_INTERVAL_MS, expiresAt, type RetentionOption } from '../../domain/db-backup.ts';
import { backupBytes, type BackupProduct } from '../../domain/backup-center.ts';
import { lastSlot } from '../dbbackups/dbbackups.jobs.ts';
import type { BackupCenterDeps } from './backup-center.deps.ts';

const SHANGHAI_MS = 8 * 3600_000;
const stamp = (d: Date) => new Date(d.getTime() + SHANGHAI_MS).toISOString().slice(0, 16).replace('T', ' ');

async function stepStrategies(deps: BackupCenterDeps, now: Date): Promise<number> {
  let n = 0;
  for (const s of await deps.repo.duePolicySteps(now, ['creating', 'installing', 'issuing'])) {
    const next = planStepDone(s.status as BackupPlanStatus, true);
    const due = isPlanInBetween(next) ? new Date(now.getTime() + deps.timing.stepMs) : null;
    if (await deps.repo.updateStrategy(s.id, s.status, { status: next, step_due_at: due })) n++;
  }
  return n;
}

/** Starts the due full backups and log backups of created strategies whose target is idle. */
async function schedule(deps: BackupCenterDeps, now: Date): Promise<number> {
  let n = 0;
  for (const s of await deps.repo.settledStrategies()) {
    const since = Math.max(new Date(s.updated_at).getTime(), s.last_full ? new Date(s.last_full).getTime() : 0);
    const slot = lastSlot({ retention: s.retention, start_time: s.start_time, backup_days: JSON.parse(s.backup_days) }, now);
    const full = slot !== null && slot.getTime() > since;
    const logSince = Math.max(new Date(s.updated_at).getTime(), s.last_log ? new Date(s.last_log).getTime() : 0);
    const log = s.log_backup && now.getTime() - logSince >= LOG_BACKUP_INTERVAL_MS;
    if ((!full && !log) || (await deps.repo.busy(s.target_id))) continue;
    await deps.repo.addRecord({
      tenant_id: s.tenant_id,
      project_id: s.project_id,
      product: s.product,
      strategy_id: s.id,
      target_id: s.target_id,
      name: `${s.name} ${stamp(now)}`,
      type: full ? 'full' : 'log',
      trigger: 'policy',
      status: 'running',
      size_bytes: 0,
      due_at: new Date(now.getTime() + deps.timing.runMs),
      started_at: now,
      finished_at: null,
      snapshot_at: null,
      expires_at: null,
    });
    n++;
  }
  return n;
}

/** Finishes one due run: 成功 with the bytes of the target's data, 失败 when the target is gone. */
async function finishRun(deps: BackupCenterDeps, now: Date): Promise<number> {
  const r = await deps.repo.claimRecord(now);
  if (!r) return 0;
  const target = await deps.repo.target(r.target_id);
  const strategy = r.strategy_id ? await deps.repo.strategyById(r.strategy_id) : undefined;
  const ok = !!target && !['deleted', 'error', 'creating'].includes(target.status);
  await deps.repo.finishRecord(r.id, {
    status: ok ? 'success' : 'failed',
    size_bytes: ok ? backupBytes(r.product as BackupProduct, (target.spec ?? {}) as Record<string, unknown>, r.type === 'log' ? 'log' : 'full') : 0,
    snapshot_at: ok ? now : null,
    expires_at: ok ? expiresAt(now, (strategy?.retention ?? '1month') as RetentionOption) : null,
    finished_at: now,
  });
  return 1;
}

/** Finishes one due recovery; a bucket's backup is written back into the bucket. */
async function finishRecovery(deps: BackupCenterDeps, now: Date): Promise<number> {
  const r = await deps.repo.claimRecovery(now);
  if (!r) return 0;
  let result = { status: 'complete', error: null as string | null };
  if (r.product === 'oss') {
    result = await deps.oss
      .restoreInto(r.backup_id, r.target_id)
      .then(() => result)
      .catch((err: unknown) => {
        deps.log.warn({ err, id: r.id }, 'a bucket recovery failed');
        return { status: 'failed', error: 'restore_failed' };
      });
  } else if (!(await deps.repo.target(r.target_id))) result = { status: 'failed', error: 'target_gone' };
  await deps.repo.finishRecovery(r.id, { ...result, finished_at: now });
  return 1;
}

/** One pass of the scheduler: answers how much it did (the scheduler's drain runs until 0). */
export async function advanceDueBackups(deps: BackupCenterDeps): Promise<number> {
  const now = deps.now();
  return (await stepStrategies(deps, now)) + (await schedule(deps, now)) + (await finishRun(deps, now)) + (await finishRecovery(deps, now));
}
