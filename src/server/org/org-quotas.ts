// Project quotas of the two clouds (issue 15). Private limits are the engine's `project_quotas`
// (what approvals' quota_change sets and every purchase is checked against); public limits
// (`project_public_quotas`) cap what a project holds on the public vendors and are checked by the
// engine's create too, while the tenant's public switch is on. Usage is what the engine counts.
import { sql } from 'kysely';
import { conflict } from '../../domain/errors.ts';
import { QUOTA_KEYS, type QuotaKey } from '../../domain/approvals/approval.schema.ts';
import { QUOTA_LIMITS, measureOf } from '../../domain/approvals/quota-keys.ts';
import type { Cloud } from '../../domain/org.ts';
import type { Db } from '../db/database.ts';
import type { Exec } from '../repositories/engine.repository.ts';

export async function switchOf(ex: Exec, tenantId: string, cloud: Cloud): Promise<boolean> {
  const row = await ex.selectFrom('org_quota_switches').select('enabled').where('tenant_id', '=', tenantId).where('cloud', '=', cloud).executeTakeFirst();
  return row?.enabled ?? false;
}

/** Live resources of a project (of the public vendors only for `public`), by kind. */
async function liveSpecs(ex: Exec, projectId: string, kind: string, cloud: Cloud | null) {
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

export interface QuotaLine {
  key: QuotaKey;
  kind: string;
  measure: string;
  /** the limit set, or null (the engine's default count, or none for a summed measure) */
  limit: number | null;
  /** what applies when no limit is set: a count's default, null for no limit */
  default_limit: number | null;
  used: number;
}

/** Every quota key of a project with its limit and usage. */
export async function quotaLines(db: Db, projectId: string, cloud: Cloud, defaultCount: number): Promise<QuotaLine[]> {
  const table = cloud === 'private' ? 'project_quotas' : 'project_public_quotas';
  const rows = await db.selectFrom(table).select(['kind', 'measure', 'max_count']).where('project_id', '=', projectId).execute();
  const out: QuotaLine[] = [];
  for (const key of QUOTA_KEYS) {
    const l = QUOTA_LIMITS[key];
    const specs = await liveSpecs(db, projectId, l.kind, cloud === 'public' ? 'public' : null);
    const row = rows.find((r) => r.kind === l.kind && r.measure === l.measure);
    out.push({
      key,
      kind: l.kind,
      measure: l.measure,
      limit: row?.max_count ?? null,
      default_limit: cloud === 'private' && l.measure === 'count' ? defaultCount : null,
      used: specs.reduce((n, sp) => n + measureOf(l.kind, l.measure, sp), 0),
    });
  }
  return out;
}

/** Sets (a number) or clears (null) the limits named; keys left out stay as they are. */
export async function saveQuotaLines(ex: Exec, projectId: string, cloud: Cloud, limits: Partial<Record<QuotaKey, number | null | undefined>>) {
  const table = cloud === 'private' ? 'project_quotas' : 'project_public_quotas';
  for (const key of QUOTA_KEYS) {
    const v = limits[key];
    if (v === undefined) continue;
    const { kind, measure } = QUOTA_LIMITS[key];
    if (v === null) {
      await ex.deleteFrom(table).where('project_id', '=', projectId).where('kind', '=', kind).where('measure', '=', measure).execute();
      continue;
    }
    await ex
      .insertInto(table)
      .values({ project_id: projectId, kind, measure, max_count: v, updated_at: new Date() })
      .onConflict((oc) => oc.columns(['project_id', 'kind', 'measure']).doUpdateSet({ max_count: v, updated_at: new Date() }))
      .execute();
  }
}

/**
 * The engine's check of the public-cloud limits: a create placed on a public vendor, in a tenant
 * whose public quotas are on, must fit every limit set (count and summed) or nothing is created.
 */
export async function checkPublicQuotas(
  trx: Exec,
  tenantId: string,
  projectId: string,
  vendor: string | null | undefined,
  items: { kind: string; spec: Record<string, unknown> }[],
) {
  if (!vendor) return;
  const v = await trx.selectFrom('vendors').select('cloud_type').where('id', '=', vendor).executeTakeFirst();
  if (v?.cloud_type !== 'public') return;
  const rows = await trx.selectFrom('project_public_quotas').select(['kind', 'measure', 'max_count']).where('project_id', '=', projectId).execute();
  if (!rows.length || !(await switchOf(trx, tenantId, 'public'))) return;
  for (const r of rows) {
    const adding = items.filter((i) => i.kind === r.kind);
    if (!adding.length) continue;
    const measure = r.measure as (typeof QUOTA_LIMITS)[QuotaKey]['measure'];
    const live = await liveSpecs(trx, projectId, r.kind, 'public');
    const sum = (list: Record<string, unknown>[]) => list.reduce((n, sp) => n + measureOf(r.kind, measure, sp), 0);
    if (sum(live) + sum(adding.map((a) => a.spec)) > r.max_count) throw conflict('quota_insufficient');
  }
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
