// A NAS DR pair's own checks (ADR 0074), run by checkDr for engine nas after the checks every DR pair
// passes (both ends of the kind, in the caller's scope, ready, not the same file system). A NAS has
// no tables or primary keys to inspect; instead: both file systems of one project, the same protocol
// (NFS or CIFS), a standby whose capacity holds what the source uses now, and neither end already
// replicating in a task that is initializing or syncing. The used capacity is the simulated cloud's
// disk usage of the file system (the same series the monitoring reads), of its capacity in GB.
import { badRequest, conflict } from '../../domain/errors.ts';
import { BUSY_STATES } from '../../domain/dataprotect.ts';
import type { ResourceRow } from '../platform/db/resource-rows.ts';
import { sampleAt } from '../engine/cloud/metric-series.ts';
import type { DataProtectRepository } from './dataprotect.repository.ts';

const R = 'dataprotect';
const PROTOCOL: Record<string, string> = { nfs: 'NFS', cifs: 'CIFS' };

/** What the file system holds now, in GB (rounded up): its capacity times the simulated cloud's disk usage. */
export function nasUsedGb(row: ResourceRow, now: Date): number {
  const size = Number(row.spec.size ?? 0);
  return Math.ceil((size * sampleAt(row.id, 'disk_usage', now.getTime())) / 100);
}

export async function checkNasPair(repo: DataProtectRepository, source: ResourceRow, standby: ResourceRow, now: Date): Promise<void> {
  if (source.project_id !== standby.project_id) throw badRequest(`${R}.nas_other_project`, { name: standby.name });
  for (const [row, key] of [
    [source, 'nas_source_protected'],
    [standby, 'nas_standby_in_use'],
  ] as const) {
    const task = await repo.drTaskUsing(row.tenant_id, row.id, BUSY_STATES);
    if (task) throw conflict(`${R}.${key}`, { name: row.name, task: task.name });
  }
  const [from, to] = [String(source.spec.protocol ?? 'nfs'), String(standby.spec.protocol ?? 'nfs')];
  if (from !== to) throw badRequest(`${R}.nas_protocol`, { source: PROTOCOL[from] ?? from, standby: PROTOCOL[to] ?? to, name: standby.name });
  const used = nasUsedGb(source, now);
  const size = Number(standby.spec.size ?? 0);
  if (size < used) throw badRequest(`${R}.nas_capacity`, { name: standby.name, size, used, source: source.name });
}
