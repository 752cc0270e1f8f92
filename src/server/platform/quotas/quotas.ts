// Project quotas of the two clouds (issue 15). Private limits are the engine's `project_quotas`
// (what approvals' quota_change sets and every purchase is checked against); public limits
// (`project_public_quotas`) cap what a project holds on the public vendors and are checked by the
// engine's create too, while the tenant's public switch is on. Usage is what the engine counts.
import { conflict } from '../../../domain/errors.ts';
import { QUOTA_KEYS, type QuotaKey } from '../../../domain/approvals/approval.schema.ts';
import { QUOTA_LIMITS, measureOf } from '../../../domain/approvals/quota-keys.ts';
import type { Cloud } from '../../../domain/org.ts';
import type { Db, Db as Exec } from '../db/database.ts';
import { deleteQuota, liveSpecs, quotaRows, switchOf, upsertQuota, vendorCloudType } from './quotas.repository.ts';

// The switch and the project's resource count are plain queries; they stay importable from here.
export { resourceCount, switchOf } from './quotas.repository.ts';

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
  const rows = await quotaRows(db, projectId, cloud);
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
  for (const key of QUOTA_KEYS) {
    const v = limits[key];
    if (v === undefined) continue;
    const { kind, measure } = QUOTA_LIMITS[key];
    if (v === null) await deleteQuota(ex, projectId, cloud, kind, measure);
    else await upsertQuota(ex, projectId, cloud, kind, measure, v);
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
  if ((await vendorCloudType(trx, vendor)) !== 'public') return;
  const rows = await quotaRows(trx, projectId, 'public');
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
