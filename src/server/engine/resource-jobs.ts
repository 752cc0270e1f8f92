// The engine's job runner: the scheduler claims due jobs and ends each in its own transaction.
import { REMOVED, actionOf } from '../../domain/kinds/kind.ts';
import { kindOf } from '../../domain/kinds/registry.ts';
import { type Exec, type JobRow, claimDueJobs, deleteResource, finishJob, lockById, updateResource } from './engine.repository.ts';
import type { ResourceEvent } from '../platform/events/bus.ts';
import { beforeRemove, runAfterAction } from './kind-hooks.ts';
import { type EngineDeps, event } from './resource-engine-deps.ts';
import { applyEffects } from './resource-actions.ts';

/** Ends one job: the final status and effects, or the failure status with its reason. */
export async function completeJob(deps: EngineDeps, trx: Exec, job: JobRow, outcome: { ok: boolean; reason?: string }, events: ResourceEvent[]) {
  const row = await lockById(trx, job.resource_id);
  if (!row) return;
  const def = kindOf(row.kind);
  if (!outcome.ok || !def) {
    await updateResource(trx, row.id, { status: job.fail_status, spec: { ...row.spec, error_reason: outcome.reason ?? 'unknown_kind' } });
    events.push(event(row, job.fail_status));
    return;
  }
  const params = typeof job.params === 'string' ? (JSON.parse(job.params) as Record<string, unknown>) : job.params;
  const action = job.action === 'create' ? null : actionOf(def, job.action);
  const { locked, spec } = action ? await applyEffects(deps, trx, row, action.effects ?? [], params, events) : { locked: row.locked, spec: { ...row.spec } };
  delete spec.error_reason;
  if (job.target_status === REMOVED) {
    events.push(...(await beforeRemove(trx, row)).map((t) => event(t, t.status)));
    await deleteResource(trx, row.id);
    events.push(event(row, REMOVED));
    return;
  }
  await updateResource(trx, row.id, { status: job.target_status, locked, spec });
  events.push(event(row, job.target_status, locked));
  if (action)
    events.push(
      ...(await runAfterAction(def.kind, action.id, { trx, row: { ...row, status: job.target_status, locked, spec }, params })).map((t) => event(t, t.status)),
    );
}

/** Claims and finishes due jobs one transaction each; answers how many ran. */
export async function runDueJobs(deps: EngineDeps, max = 50): Promise<number> {
  let n = 0;
  while (n < max) {
    const events: ResourceEvent[] = [];
    let claimed: JobRow | undefined;
    try {
      claimed = await deps.db.transaction().execute(async (trx) => {
        const [job] = await claimDueJobs(trx, 1);
        if (!job) return undefined;
        const outcome = deps.provider.complete(job);
        await completeJob(deps, trx, job, outcome, events);
        await finishJob(trx, job.id, outcome.ok ? 'done' : 'failed', outcome.ok ? null : outcome.reason);
        return job;
      });
    } catch (err) {
      deps.log.error({ err }, 'job failed to apply');
      // Park the first due job that keeps failing so the queue moves on.
      await deps.db
        .transaction()
        .execute(async (trx) => {
          const [job] = await claimDueJobs(trx, 1);
          if (job) await finishJob(trx, job.id, 'failed', 'apply_error');
        })
        .catch(() => undefined);
      break;
    }
    if (!claimed) break;
    n++;
    await deps.bus.publish(events);
  }
  return n;
}

// ── approvals ─────────────────────────────────────────────────────────────────────────────
// What the resource_purchase / resource_expansion effects (approval-resources.ts) ask of the
// engine, inside the approval's transaction. Events go into `events`; the effect publishes them
// after commit. A refusal by the cloud or a check that no longer holds answers false (下发失败).
