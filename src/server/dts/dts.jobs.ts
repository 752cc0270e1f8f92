// The scheduler's side of data migrations (ADR 0059): a started task is due after the simulated
// cloud's delay; one process claims it (FOR UPDATE SKIP LOCKED) and copies the tables (and at level
// 'user' the accounts) beside the scheduler, then the task is 已完成, 失败 or 异常 (partly copied).
import type { ResourceRow } from '../platform/db/resource-rows.ts';
import { copyAccounts, copyTables, targetOf } from './dts-engine.ts';
import type { DtsDeps } from './dts.service.ts';
import type { TaskRow } from './dts.repository.ts';

function beside(deps: DtsDeps, work: () => Promise<void>): void {
  const p: Promise<void> = work()
    .catch((err: unknown) => deps.log.warn({ err }, 'a data migration job failed'))
    .finally(() => deps.running.delete(p));
  deps.running.add(p);
}

async function instance(deps: DtsDeps, t: TaskRow, id: string): Promise<ResourceRow | undefined> {
  return (await deps.resources.findScoped({ tenantId: t.tenant_id, projectId: null }, id)) as ResourceRow | undefined;
}

async function migrate(deps: DtsDeps, t: TaskRow): Promise<void> {
  const source = await instance(deps, t, t.source_id);
  const target = await instance(deps, t, t.target_id);
  const done = { progress: 100, table_count: 0, row_count: 0 };
  if (!source || !target || source.status !== 'running' || target.status !== 'running') {
    await deps.repo.finish(t.id, { ...done, status: 'failed', error: 'instance_not_running' });
    return;
  }
  try {
    const src = await targetOf(deps.console, source, deps.limits);
    const dst = await targetOf(deps.console, target, deps.limits);
    const copied = await copyTables(src, dst, t.objects as string[], (n, total) =>
      deps.repo.setProgress(t.id, Math.min(99, Math.round((n / Math.max(1, total)) * 100))),
    );
    const accounts = t.level === 'user' ? await copyAccounts(deps.console, source, target, dst) : [];
    const failed = [...copied.failed, ...accounts];
    const status = !failed.length ? 'completed' : copied.tables > 0 ? 'abnormal' : 'failed';
    await deps.repo.finish(t.id, {
      ...done,
      status,
      table_count: copied.tables,
      row_count: copied.rows,
      error: failed.length ? failed.join(',').slice(0, 300) : null,
    });
  } catch (err) {
    deps.log.warn({ err, id: t.id }, 'a data migration failed');
    await deps.repo.finish(t.id, { ...done, status: 'failed', error: 'migration_failed' });
  }
}

/** Takes the due migrations, each once across processes. */
export async function runDue(deps: DtsDeps): Promise<number> {
  let n = 0;
  for (let t = await deps.repo.claim(deps.now()); t; t = await deps.repo.claim(deps.now())) {
    const task = t;
    beside(deps, () => migrate(deps, task));
    n++;
  }
  return n;
}

/** Waits for the migrations under way (the app closes after them). */
export async function settled(deps: DtsDeps): Promise<void> {
  while (deps.running.size) await Promise.allSettled([...deps.running]);
}
