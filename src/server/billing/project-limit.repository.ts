// The project spending limits' SQL: the limits, the projects they are set on, the once-a-month
// warning mark and the people a crossing is told to. Every function takes the executor first.
import type { Kysely } from 'kysely';
import type { Database } from '../platform/db/tables.ts';

export type Exec = Kysely<Database>;

/** The tenant's enabled projects by name (only `projectId` when given). */
export function enabledProjects(ex: Exec, tenantId: string, projectId: string | null) {
  let q = ex.selectFrom('projects').select(['id', 'name_zh']).where('tenant_id', '=', tenantId).where('enabled', '=', true);
  if (projectId) q = q.where('id', '=', projectId);
  return q.orderBy('name_zh').execute();
}

export async function projectOfTenant(ex: Exec, tenantId: string, id: string) {
  return (await ex.selectFrom('projects').select('id').where('id', '=', id).where('tenant_id', '=', tenantId).executeTakeFirst())?.id;
}

export async function projectName(ex: Exec, id: string) {
  return (await ex.selectFrom('projects').select('name_zh').where('id', '=', id).executeTakeFirst())?.name_zh;
}

export function limitsOf(ex: Exec, tenantId: string) {
  return ex.selectFrom('project_limits').selectAll().where('tenant_id', '=', tenantId).execute();
}

/** Marks the project warned this month; true when this call marked it (not already). */
export async function markWarned(ex: Exec, projectId: string, month: string) {
  const r = await ex
    .updateTable('project_limits')
    .set({ warned_month: month })
    .where('project_id', '=', projectId)
    .where((eb) => eb.or([eb('warned_month', 'is', null), eb('warned_month', '!=', month)]))
    .executeTakeFirst();
  return Number(r.numUpdatedRows) === 1;
}

/** The tenant admins and the project's owners (once each). */
export async function limitRecipients(ex: Exec, tenantId: string, projectId: string) {
  const people = await ex
    .selectFrom('memberships')
    .select('user_id')
    .where('tenant_id', '=', tenantId)
    .where((eb) => eb.or([eb('role', '=', 'tenant_admin'), eb.and([eb('role', '=', 'project_owner'), eb('project_id', '=', projectId)])]))
    .execute();
  return [...new Set(people.map((p) => p.user_id))];
}

export async function upsertLimit(ex: Exec, tenantId: string, projectId: string, fen: number, userId: string, now: Date) {
  const values = { monthly_limit_fen: fen, updated_by: userId, updated_at: now, warned_month: null };
  await ex
    .insertInto('project_limits')
    .values({ project_id: projectId, tenant_id: tenantId, ...values })
    .onConflict((oc) => oc.column('project_id').doUpdateSet(values))
    .execute();
}

export async function deleteLimit(ex: Exec, tenantId: string, projectId: string) {
  await ex.deleteFrom('project_limits').where('project_id', '=', projectId).where('tenant_id', '=', tenantId).execute();
}

/** Every tenant that has a limit. */
export async function limitTenants(ex: Exec) {
  return (await ex.selectFrom('project_limits').select('tenant_id').distinct().execute()).map((t) => t.tenant_id);
}
