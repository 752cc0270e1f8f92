// The dataProtect page's instance tab (ADR 0062): the CDP tasks of every instance in the caller's
// scope. A CDP task is made on its instance (POST /api/v1/data-protect/instances/:id/cdp, ADR 0060),
// so its rules (retention 1-7 days, space ≥ 2.5 × the real data) have one path.
import type { ProtectedInstance } from '../../domain/protect.ts';
import type { Scope } from '../platform/auth/scope.ts';
import type { DataProtectDeps } from './dataprotect.service.ts';
import type { ProtectRepository } from './protect.repository.ts';

export async function listProtectedInstances(
  deps: { repo: ProtectRepository; dr: DataProtectDeps },
  scope: Scope,
): Promise<{ count: number; data: ProtectedInstance[] }> {
  const rows = await deps.repo.cdpAcross(scope.tenantId, scope.projectId);
  const data = rows.map((r) => ({
    id: r.id,
    name: r.name,
    instance_id: r.resource_id,
    instance_name: r.instance_name,
    retention_days: r.retention_days,
    space_gb: r.space_gb,
    data_bytes: Number(r.data_bytes),
    status: r.status,
    created_at: new Date(r.created_at).toISOString(),
  }));
  return { count: data.length, data };
}
