// The GTM operation log (migration 0013): written by the GTM hooks inside the change's transaction,
// read by gtmDetail/gtmLog/:id newest first. Every read takes the tenant scope.
import { newId } from '../../domain/ids.ts';
import type { Exec } from './engine.repository.ts';

export interface GtmLogEntry {
  gtm_id: string;
  tenant_id: string;
  operation: string;
  target_kind: string;
  target_name: string;
  detail?: Record<string, unknown>;
}

export async function insertGtmLog(ex: Exec, e: GtmLogEntry): Promise<void> {
  await ex
    .insertInto('gtm_logs')
    .values({
      id: newId(),
      tenant_id: e.tenant_id,
      gtm_id: e.gtm_id,
      operation: e.operation,
      target_kind: e.target_kind,
      target_name: e.target_name,
      detail: JSON.stringify(e.detail ?? {}),
      created_at: new Date(),
    })
    .execute();
}

/** The log of an instance of the scope, or null when the instance is not the scope's (the route answers 404). */
export async function listGtmLogs(ex: Exec, scope: { tenantId: string; projectId?: string | null }, gtmId: string, limit: number, offset: number) {
  let owner = ex.selectFrom('resources').select('id').where('id', '=', gtmId).where('kind', '=', 'gtm_instance').where('tenant_id', '=', scope.tenantId);
  if (scope.projectId) owner = owner.where('project_id', '=', scope.projectId);
  if (!(await owner.executeTakeFirst())) return null;
  const base = ex.selectFrom('gtm_logs').where('tenant_id', '=', scope.tenantId).where('gtm_id', '=', gtmId);
  const [{ n }] = (await base.select((eb) => eb.fn.countAll<string>().as('n')).execute()) as [{ n: string }];
  const data = await base
    .select(['id', 'operation', 'target_kind', 'target_name', 'detail', 'created_at'])
    .orderBy('seq', 'desc')
    .limit(limit)
    .offset(offset)
    .execute();
  return { count: Number(n), data };
}

export async function deleteGtmLogs(ex: Exec, gtmId: string): Promise<void> {
  await ex.deleteFrom('gtm_logs').where('gtm_id', '=', gtmId).execute();
}
