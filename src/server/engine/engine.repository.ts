// Writes of the resource engine: resources, links and jobs. Every function takes the
// executor (the app's Kysely or an open transaction) so a whole action commits together.
import { sql, type Kysely } from 'kysely';
import type { Database } from '../platform/db/tables.ts';
import { newId } from '../../domain/ids.ts';
import { RESOURCE_COLUMNS, scopedResources, type ResourceScope } from './resources.repository.ts';
import { chunks } from '../platform/lib/chunks.ts';

export type Exec = Kysely<Database>;

// The resources table's row shapes live on the floor (other slices read resources too).
export type { NewResource, ResourceRow } from '../platform/db/resource-rows.ts';
import type { NewResource, ResourceRow } from '../platform/db/resource-rows.ts';

export interface NewJob {
  resource_id: string;
  tenant_id: string;
  kind: string;
  action: string;
  from_status: string;
  target_status: string;
  fail_status: string;
  params?: Record<string, unknown>;
  delayMs: number;
}

export interface JobRow {
  id: string;
  resource_id: string;
  tenant_id: string;
  kind: string;
  action: string;
  from_status: string;
  target_status: string;
  fail_status: string;
  params: Record<string, unknown>;
  run_at: Date;
  attempts: number;
  state: string;
  error: string | null;
}

/** Reads a scoped resource and locks its row until the transaction ends. */
export async function lockScoped(ex: Exec, scope: ResourceScope, id: string, kind?: string): Promise<ResourceRow | undefined> {
  const qb = scopedResources(ex, scope, kind)
    .select([...RESOURCE_COLUMNS])
    .where('resources.id', '=', id);
  return (await qb.forUpdate().executeTakeFirst()) as ResourceRow | undefined;
}

/** Reads any resource by id (the scheduler's view; callers already hold a job of the tenant). */
export async function lockById(ex: Exec, id: string): Promise<ResourceRow | undefined> {
  return (await ex
    .selectFrom('resources')
    .select([...RESOURCE_COLUMNS])
    .where('resources.id', '=', id)
    .forUpdate()
    .executeTakeFirst()) as ResourceRow | undefined;
}

export async function insertResources(ex: Exec, rows: NewResource[]): Promise<string[]> {
  if (!rows.length) return [];
  const values = rows.map((r) => ({
    id: r.id ?? newId(),
    kind: r.kind,
    tenant_id: r.tenant_id,
    project_id: r.project_id,
    vendor: r.vendor,
    region_id: r.region_id,
    az_id: r.az_id,
    name: r.name,
    status: r.status,
    locked: r.locked ?? false,
    spec: JSON.stringify(r.spec),
    ...(r.secrets ? { secrets: r.secrets } : {}),
    ...(r.created_at ? { created_at: r.created_at, updated_at: r.created_at } : {}),
  }));
  for (const part of chunks(values)) await ex.insertInto('resources').values(part).execute();
  return values.map((v) => v.id);
}

export async function updateResource(ex: Exec, id: string, patch: { status?: string; locked?: boolean; spec?: Record<string, unknown>; name?: string }) {
  await ex
    .updateTable('resources')
    .set({
      ...(patch.status !== undefined ? { status: patch.status } : {}),
      ...(patch.locked !== undefined ? { locked: patch.locked } : {}),
      ...(patch.spec !== undefined ? { spec: JSON.stringify(patch.spec) } : {}),
      ...(patch.name !== undefined ? { name: patch.name } : {}),
      updated_at: sql<Date>`now()`,
    })
    .where('id', '=', id)
    .execute();
}

export async function deleteResource(ex: Exec, id: string) {
  await ex.deleteFrom('tag_resources').where('resource_id', '=', id).execute();
  await ex.deleteFrom('jobs').where('resource_id', '=', id).where('state', '=', 'queued').execute();
  await ex.deleteFrom('resources').where('id', '=', id).execute();
}

export async function insertLinks(ex: Exec, rows: { tenant_id: string; from_id: string; to_id: string; relation: string }[]) {
  if (!rows.length) return;
  for (const part of chunks(rows))
    await ex
      .insertInto('links')
      .values(part.map((r) => ({ id: newId(), ...r })))
      .execute();
}

export async function deleteLinks(ex: Exec, id: string, relation: string, direction: 'in' | 'out') {
  await ex
    .deleteFrom('links')
    .where(direction === 'out' ? 'from_id' : 'to_id', '=', id)
    .where('relation', '=', relation)
    .execute();
}

export async function deleteLink(ex: Exec, fromId: string, toId: string, relation: string) {
  await ex.deleteFrom('links').where('from_id', '=', fromId).where('to_id', '=', toId).where('relation', '=', relation).execute();
}

/** Ids linked to `id` by `relation`: 'in' answers the from_ids pointing at it, 'out' the to_ids it points at. */
export async function linkedIds(ex: Exec, id: string, relation: string, direction: 'in' | 'out'): Promise<string[]> {
  const rows =
    direction === 'in'
      ? await ex.selectFrom('links').select('from_id as other').where('to_id', '=', id).where('relation', '=', relation).execute()
      : await ex.selectFrom('links').select('to_id as other').where('from_id', '=', id).where('relation', '=', relation).execute();
  return rows.map((r) => r.other);
}

/** Ids of every resource linked to `id` (from_ids of links pointing at it), whatever the relation. */
export async function incomingIds(ex: Exec, id: string): Promise<string[]> {
  return (await ex.selectFrom('links').select('from_id').where('to_id', '=', id).execute()).map((r) => r.from_id);
}

export async function resourcesByIds(ex: Exec, ids: string[], forUpdate = false): Promise<ResourceRow[]> {
  if (!ids.length) return [];
  let qb = ex
    .selectFrom('resources')
    .select([...RESOURCE_COLUMNS])
    .where('resources.id', 'in', ids);
  if (forUpdate) qb = qb.forUpdate();
  return (await qb.execute()) as ResourceRow[];
}

/** Every relation of a resource, both directions, with the other side's kind, name and status. */
export async function relationsOf(ex: Exec, id: string) {
  const out = await ex
    .selectFrom('links')
    .innerJoin('resources', 'resources.id', 'links.to_id')
    .select(['links.relation', 'resources.id', 'resources.kind', 'resources.name', 'resources.status'])
    .where('links.from_id', '=', id)
    .execute();
  const inn = await ex
    .selectFrom('links')
    .innerJoin('resources', 'resources.id', 'links.from_id')
    .select(['links.relation', 'resources.id', 'resources.kind', 'resources.name', 'resources.status'])
    .where('links.to_id', '=', id)
    .execute();
  return [...out.map((r) => ({ ...r, direction: 'out' as const })), ...inn.map((r) => ({ ...r, direction: 'in' as const }))];
}

/** Regions by id, in the order the reference data sorts them (a cloud account's synced regions). */
export async function regionsByIds(ex: Exec, ids: string[]) {
  if (!ids.length) return [];
  return ex.selectFrom('regions').select(['id', 'name', 'public_cloud_provider']).where('id', 'in', ids).orderBy('sort_value').orderBy('id').execute();
}

export async function siblingsBySpec(ex: Exec, tenantId: string, kind: string, key: string, value: string): Promise<ResourceRow[]> {
  return (await ex
    .selectFrom('resources')
    .select([...RESOURCE_COLUMNS])
    .where('tenant_id', '=', tenantId)
    .where('kind', '=', kind)
    .where(sql<string>`spec->>${key}`, '=', value)
    .execute()) as ResourceRow[];
}

export async function insertJob(ex: Exec, job: NewJob): Promise<string> {
  const id = newId();
  await ex
    .insertInto('jobs')
    .values({
      id,
      resource_id: job.resource_id,
      tenant_id: job.tenant_id,
      kind: job.kind,
      action: job.action,
      from_status: job.from_status,
      target_status: job.target_status,
      fail_status: job.fail_status,
      params: JSON.stringify(job.params ?? {}),
      run_at: sql<Date>`now() + make_interval(secs => ${job.delayMs / 1000})`,
      error: null,
    })
    .execute();
  return id;
}

/** Claims due jobs; other processes skip the rows this transaction holds. */
export async function claimDueJobs(ex: Exec, limit: number): Promise<JobRow[]> {
  return (await ex
    .selectFrom('jobs')
    .selectAll()
    .where('state', '=', 'queued')
    .where('run_at', '<=', sql<Date>`now()`)
    .orderBy('run_at')
    .limit(limit)
    .forUpdate()
    .skipLocked()
    .execute()) as unknown as JobRow[];
}

export async function finishJob(ex: Exec, id: string, state: 'done' | 'failed', error: string | null) {
  await ex
    .updateTable('jobs')
    .set({ state, error, attempts: sql<number>`attempts + 1`, finished_at: sql<Date>`now()` })
    .where('id', '=', id)
    .execute();
}

export async function countActive(ex: Exec, projectId: string, kind: string): Promise<number> {
  const row = await ex
    .selectFrom('resources')
    .select(sql<number>`count(*)::int`.as('n'))
    .where('project_id', '=', projectId)
    .where('kind', '=', kind)
    .where('status', '!=', 'deleted')
    .executeTakeFirst();
  return Number(row?.n ?? 0);
}

/** The zone, its region and the region's vendor (placement checks). */
export async function placementOf(ex: Exec, azId: string) {
  return ex
    .selectFrom('azs')
    .innerJoin('regions', 'regions.id', 'azs.region_id')
    .select(['azs.id as az_id', 'azs.enabled', 'regions.id as region_id', 'regions.public_cloud_provider as vendor'])
    .where('azs.id', '=', azId)
    .executeTakeFirst();
}

export async function tenantBusinessType(ex: Exec, tenantId: string) {
  return (await ex.selectFrom('tenants').select('business_type').where('id', '=', tenantId).executeTakeFirst())?.business_type ?? null;
}

/** A resource's sealed secret fields (null or undefined when it has none). */
export async function sealedSecretsOf(ex: Exec, id: string): Promise<string | null | undefined> {
  const row = await ex.selectFrom('resources').select('secrets').where('id', '=', id).executeTakeFirst();
  return row?.secrets;
}

export async function setSealedSecrets(ex: Exec, id: string, sealed: string): Promise<void> {
  await ex.updateTable('resources').set({ secrets: sealed }).where('id', '=', id).execute();
}
