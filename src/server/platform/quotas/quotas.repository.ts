// Project quotas (the engine's `project_quotas` and the public clouds' `project_public_quotas`),
// on the floor because three slices read them: the engine checks every purchase against them,
// approvals' quota_change sets them, org shows and edits them (issue 26, ADR 0048).
import { sql } from 'kysely';
import type { Cloud } from '../../../domain/org.ts';
import type { Db as Exec } from '../db/database.ts';

/** A project's limit of a kind: its count, or the sum of `measure` (quota-keys.ts); null: none set. */
export async function quotaOf(ex: Exec, projectId: string, kind: string, measure = 'count'): Promise<number | null> {
  const row = await ex
    .selectFrom('project_quotas')
    .select('max_count')
    .where('project_id', '=', projectId)
    .where('kind', '=', kind)
    .where('measure', '=', measure)
    .executeTakeFirst();
  return row?.max_count ?? null;
}

export async function setQuota(ex: Exec, projectId: string, kind: string, max: number, measure = 'count') {
  await ex
    .insertInto('project_quotas')
    .values({ project_id: projectId, kind, measure, max_count: max, updated_at: new Date() })
    .onConflict((oc) => oc.columns(['project_id', 'kind', 'measure']).doUpdateSet({ max_count: max, updated_at: new Date() }))
    .execute();
}

/** The specs of a project's live resources of a kind (what a summed quota measures). */
export async function activeSpecs(ex: Exec, projectId: string, kind: string): Promise<Record<string, unknown>[]> {
  const rows = await ex
    .selectFrom('resources')
    .select('spec')
    .where('project_id', '=', projectId)
    .where('kind', '=', kind)
    .where('status', '!=', 'deleted')
    .execute();
  return rows.map((r) => r.spec as Record<string, unknown>);
}

/** Every limit set for a project of the tenant. */
export async function quotasOf(ex: Exec, tenantId: string, projectId: string) {
  return ex
    .selectFrom('project_quotas')
    .innerJoin('projects', 'projects.id', 'project_quotas.project_id')
    .select(['project_quotas.kind', 'project_quotas.measure', 'project_quotas.max_count', 'project_quotas.updated_at'])
    .where('projects.tenant_id', '=', tenantId)
    .where('project_quotas.project_id', '=', projectId)
    .orderBy('project_quotas.kind')
    .orderBy('project_quotas.measure')
    .execute();
}

/** Resources of a project, deleted ones (the recycle bin) included: a project holding any is kept. */
export async function resourceCount(ex: Exec, projectId: string): Promise<number> {
  const row = await ex
    .selectFrom('resources')
    .select(sql<number>`count(*)::int`.as('n'))
    .where('project_id', '=', projectId)
    .executeTakeFirst();
  return Number(row?.n ?? 0);
}

export async function switchOf(ex: Exec, tenantId: string, cloud: Cloud): Promise<boolean> {
  const row = await ex.selectFrom('org_quota_switches').select('enabled').where('tenant_id', '=', tenantId).where('cloud', '=', cloud).executeTakeFirst();
  return row?.enabled ?? false;
}

const quotaTable = (cloud: Cloud) => (cloud === 'private' ? 'project_quotas' : 'project_public_quotas');

export async function quotaRows(ex: Exec, projectId: string, cloud: Cloud) {
  return ex.selectFrom(quotaTable(cloud)).select(['kind', 'measure', 'max_count']).where('project_id', '=', projectId).execute();
}

export async function deleteQuota(ex: Exec, projectId: string, cloud: Cloud, kind: string, measure: string) {
  await ex.deleteFrom(quotaTable(cloud)).where('project_id', '=', projectId).where('kind', '=', kind).where('measure', '=', measure).execute();
}

export async function upsertQuota(ex: Exec, projectId: string, cloud: Cloud, kind: string, measure: string, max: number) {
  await ex
    .insertInto(quotaTable(cloud))
    .values({ project_id: projectId, kind, measure, max_count: max, updated_at: new Date() })
    .onConflict((oc) => oc.columns(['project_id', 'kind', 'measure']).doUpdateSet({ max_count: max, updated_at: new Date() }))
    .execute();
}

/** Live resources of a project (of the public vendors only for `public`), by kind. */
export async function liveSpecs(ex: Exec, projectId: string, kind: string, cloud: Cloud | null) {
  let qb = ex
    .selectFrom('resources')
    .select(['resources.spec'])
    .where('resources.project_id', '=', projectId)
    .where('resources.kind', '=', kind)
    .where('resources.status', '!=', 'deleted');
  if (cloud === 'public')
    qb = qb.where('resources.vendor', 'in', (eb) => eb.selectFrom('vendors').select('vendors.id').where('vendors.cloud_type', '=', 'public'));
  return (await qb.execute()).map((r) => r.spec as Record<string, unknown>);
}

export async function vendorCloudType(ex: Exec, vendor: string) {
  return (await ex.selectFrom('vendors').select('cloud_type').where('id', '=', vendor).executeTakeFirst())?.cloud_type;
}
