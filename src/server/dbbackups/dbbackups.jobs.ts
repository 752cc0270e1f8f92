// The simulated cloud's side of instance backups (ADR 0056), on the engine's scheduler: policy
// steps (创建中 → 安装软件中 → 下发中 → 已创建) after the step delay, the policy's full backups at
// its start time on its days and its log backups every 2 hours, due backup runs (the logical dump,
// dump-mysql.ts / dump-pg.ts) and restores, and the dumps of expired backups dropped.
import { LAST_DAY, isPlanInBetween, planStepDone, type BackupPlanStatus } from '../../domain/backup-plan.ts';
import { LOG_BACKUP_INTERVAL_MS, cycleOf, expiresAt, type RetentionOption } from '../../domain/db-backup.ts';
import { ensureBackend, instanceDbOf } from '../dbconsole/dbconsole.service.ts';
import type { ResourceRow } from '../platform/db/resource-rows.ts';
import { dialectOf, dumpSize, type DumpTarget, type LogicalDump } from './logical-dump.ts';
import { dumpMysql, restoreMysql } from './dump-mysql.ts';
import { dumpPg, restorePg } from './dump-pg.ts';
import type { DbBackupsDeps } from './dbbackups.service.ts';
import type { PolicyRow, RestoreRow } from './dbbackups.repository.ts';

const SHANGHAI_MS = 8 * 3600_000;

/** The latest moment at or before `now` the policy's full backup was due (start time in Asia/Shanghai on its days). */
export function lastSlot(p: Pick<PolicyRow, 'retention' | 'start_time' | 'backup_days'>, now: Date): Date | null {
  const [h, m] = p.start_time.split(':').map(Number) as [number, number];
  const days = p.backup_days as (number | string)[];
  const weekly = cycleOf(p.retention as RetentionOption) === 'week';
  const local = new Date(now.getTime() + SHANGHAI_MS);
  for (let back = 0; back <= 31; back++) {
    const d = new Date(Date.UTC(local.getUTCFullYear(), local.getUTCMonth(), local.getUTCDate() - back, h, m));
    const weekday = d.getUTCDay() === 0 ? 7 : d.getUTCDay();
    const last = new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + 1, 0)).getUTCDate() === d.getUTCDate();
    const hit = weekly ? days.includes(weekday) : days.includes(d.getUTCDate()) || (last && days.includes(LAST_DAY));
    const at = new Date(d.getTime() - SHANGHAI_MS);
    if (hit && at.getTime() <= now.getTime()) return at;
  }
  return null;
}

/** Moves policies whose agent step is due to their next state. */
async function stepPolicies(deps: DbBackupsDeps, now: Date): Promise<number> {
  let n = 0;
  for (const p of await deps.repo.duePolicySteps(now, ['creating', 'installing', 'issuing'])) {
    const next = planStepDone(p.status as BackupPlanStatus, true);
    const due = isPlanInBetween(next) ? new Date(now.getTime() + deps.timing.stepMs) : null;
    if (await deps.repo.updatePolicy(p.id, p.status, { status: next, step_due_at: due })) n++;
  }
  return n;
}

const stamp = (d: Date) => new Date(d.getTime() + SHANGHAI_MS).toISOString().slice(0, 16).replace('T', ' ');

/** Starts the policies' due full backups and their log backups every 2 hours, on running idle instances. */
async function schedule(deps: DbBackupsDeps, now: Date): Promise<number> {
  let n = 0;
  for (const p of await deps.repo.settledPolicies()) {
    const since = Math.max(new Date(p.updated_at).getTime(), p.last_full ? new Date(p.last_full).getTime() : 0);
    const slot = lastSlot(p, now);
    const full = slot !== null && slot.getTime() > since;
    const logSince = Math.max(new Date(p.updated_at).getTime(), p.last_log ? new Date(p.last_log).getTime() : 0);
    const log = p.log_backup && now.getTime() - logSince >= LOG_BACKUP_INTERVAL_MS;
    if (!full && !log) continue;
    const inst = await deps.repo.instance(p.resource_id);
    if (inst?.status !== 'running' || (await deps.repo.busy(p.resource_id))) continue;
    await deps.repo.addBackup({
      resource_id: p.resource_id,
      tenant_id: p.tenant_id,
      name: `${p.name} ${stamp(now)}`,
      type: full ? 'full' : 'log',
      trigger: 'policy',
      status: 'running',
      due_at: new Date(now.getTime() + deps.timing.runMs),
      engine: String((inst.spec as Record<string, unknown>).engine),
      created_by: null,
      started_at: now,
    });
    n++;
  }
  return n;
}

/** The instance's own database, as its owner, with the backups' limits. */
async function targetOf(deps: DbBackupsDeps, inst: Pick<ResourceRow, 'id' | 'tenant_id' | 'spec'>): Promise<DumpTarget> {
  const row = await ensureBackend(deps.console, inst);
  const backend = deps.console.backends[row.backend];
  if (!backend) throw new Error(`no ${row.backend} backend is configured`);
  return { backend, db: instanceDbOf(deps.console, row), maxRows: deps.limits.maxRows, timeoutMs: deps.limits.timeoutMs };
}

const none = { dump: null, table_count: 0, row_count: 0, size_bytes: 0, snapshot_at: null, expires_at: null };

/**
 * Runs a claimed backup or restore beside the scheduler: a large dump must not hold up the other
 * workers' jobs (the simulator's, notifications). The app waits for them before it closes.
 */
function beside(deps: DbBackupsDeps, work: () => Promise<void>): void {
  const p: Promise<void> = work()
    .catch((err: unknown) => deps.log.warn({ err }, 'an instance backup job failed'))
    .finally(() => deps.running.delete(p));
  deps.running.add(p);
}

/** Takes one due backup run (its work goes on beside the scheduler). */
async function takeBackup(deps: DbBackupsDeps, now: Date): Promise<number> {
  const b = await deps.repo.claimBackup(now);
  if (!b) return 0;
  beside(deps, () => backUp(deps, b));
  return 1;
}

/** The dump as the instance's owner, or 失败 when the instance cannot give it. */
async function backUp(deps: DbBackupsDeps, b: { id: string; resource_id: string }): Promise<void> {
  const inst = await deps.repo.instance(b.resource_id);
  if (inst?.status !== 'running') {
    await deps.repo.finishBackup(b.id, { ...none, status: 'failed', error: 'instance_not_running' });
    return;
  }
  try {
    const target = await targetOf(deps, inst as unknown as ResourceRow);
    const snapshot = deps.now();
    const dump = dialectOf(target.backend) === 'mysql' ? await dumpMysql(target) : await dumpPg(target);
    const partial = dump.skipped.length > 0 || dump.tables.some((t) => t.truncated);
    const retention = ((await deps.repo.policyOf(b.resource_id))?.retention ?? '1month') as RetentionOption;
    await deps.repo.finishBackup(b.id, {
      status: partial ? 'partial' : 'success',
      dump,
      table_count: dump.tables.length,
      row_count: dump.tables.reduce((s, t) => s + t.row_count, 0),
      size_bytes: dumpSize(dump),
      error: partial ? (dump.skipped.length ? 'tables_skipped' : 'rows_capped') : null,
      snapshot_at: snapshot,
      expires_at: expiresAt(snapshot, retention),
    });
  } catch (err) {
    deps.log.warn({ err, id: b.id }, 'an instance backup failed');
    await deps.repo.finishBackup(b.id, { ...none, status: 'failed', error: 'dump_failed' });
  }
}

async function restoreFrom(deps: DbBackupsDeps, r: RestoreRow, target: DumpTarget, dump: LogicalDump): Promise<{ status: string; error: string | null }> {
  if (dump.dialect !== dialectOf(target.backend)) return { status: 'failed', error: 'dialect_changed' };
  if (dump.dialect === 'pg') {
    await restorePg(target, dump);
    return { status: 'complete', error: null };
  }
  const total = Math.max(1, dump.tables.length);
  const failed = await restoreMysql(target, dump, (done) => deps.repo.setRestoreProgress(r.id, Math.min(99, Math.round((done / total) * 100))));
  if (!failed.length) return { status: 'complete', error: null };
  return { status: failed.length < dump.tables.length ? 'partial' : 'failed', error: 'tables_failed' };
}

/** Takes one due restore (its work goes on beside the scheduler). */
async function takeRestore(deps: DbBackupsDeps, now: Date): Promise<number> {
  const r = await deps.repo.claimRestore(now);
  if (!r) return 0;
  beside(deps, () => restore(deps, r));
  return 1;
}

/** The instance's tables replaced by the backup's. */
async function restore(deps: DbBackupsDeps, r: RestoreRow): Promise<void> {
  const inst = await deps.repo.instance(r.resource_id);
  const dump = (await deps.repo.dumpOf(r.backup_id)) as LogicalDump | null | undefined;
  let result: { status: string; error: string | null };
  if (inst?.status !== 'running') result = { status: 'failed', error: 'instance_not_running' };
  else if (!dump) result = { status: 'failed', error: 'backup_expired' };
  else
    result = await targetOf(deps, inst as unknown as ResourceRow)
      .then((target) => restoreFrom(deps, r, target, dump))
      .catch((err: unknown) => {
        deps.log.warn({ err, id: r.id }, 'an instance restore failed');
        return { status: 'failed', error: 'restore_failed' };
      });
  await deps.repo.finishRestore(r.id, { ...result, table_count: dump?.tables.length ?? 0 });
}

/** Waits for the backups and restores under way (the app closes after them). */
export async function settled(deps: DbBackupsDeps): Promise<void> {
  while (deps.running.size) await Promise.allSettled([...deps.running]);
}

/** One pass of the scheduler: answers how much it did (the scheduler's drain runs until 0). */
export async function runDue(deps: DbBackupsDeps): Promise<number> {
  const now = deps.now();
  let n = await stepPolicies(deps, now);
  n += await schedule(deps, now);
  n += await takeBackup(deps, now);
  n += await takeRestore(deps, now);
  await deps.repo.purgeExpired(now);
  return n;
}
