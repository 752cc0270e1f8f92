// All SQL of a bucket's lifecycle rules, sync and backup strategies (with their records and the
// copies a backup keeps), and the per-day request counter of the overview.
import { sql, type Kysely } from 'kysely';
import { newId } from '../../domain/ids.ts';
import type { Database } from '../platform/db/tables.ts';
import '../platform/db/oss.tables.ts';

type Exec = Kysely<Database>;
const num = <T extends Record<string, unknown>>(r: T, keys: (keyof T)[]): T => {
  const out = { ...r };
  for (const k of keys) out[k] = Number(r[k]) as T[keyof T];
  return out;
};

// ── lifecycle rules ──

export async function lifecycleRules(ex: Exec, bucketId: string) {
  const rows = await ex.selectFrom('oss_lifecycle_rules').selectAll().where('bucket_id', '=', bucketId).orderBy('created_at').orderBy('id').execute();
  return rows.map((r) => num(r, ['expired_objects']));
}

export async function findLifecycleRule(ex: Exec, bucketId: string, id: string) {
  return ex.selectFrom('oss_lifecycle_rules').selectAll().where('bucket_id', '=', bucketId).where('id', '=', id).executeTakeFirst();
}

export interface LifecycleValues {
  name: string;
  scope: string;
  prefix: string | null;
  expire_days: number | null;
  expire_date: string | null;
  enabled: boolean;
}

export async function insertLifecycleRule(ex: Exec, tenantId: string, bucketId: string, v: LifecycleValues) {
  const id = newId();
  await ex
    .insertInto('oss_lifecycle_rules')
    .values({ id, tenant_id: tenantId, bucket_id: bucketId, ...v, created_at: sql<Date>`now()`, updated_at: sql<Date>`now()` })
    .execute();
  return id;
}

export async function updateLifecycleRule(ex: Exec, id: string, v: LifecycleValues) {
  await ex
    .updateTable('oss_lifecycle_rules')
    .set({ ...v, updated_at: sql<Date>`now()` })
    .where('id', '=', id)
    .execute();
}

export async function deleteLifecycleRule(ex: Exec, id: string) {
  await ex.deleteFrom('oss_lifecycle_rules').where('id', '=', id).execute();
}

/** Enabled rules of available buckets that have not run on `day` (a Beijing date), locked for this run. */
export async function claimLifecycleRules(ex: Exec, day: string, limit: number) {
  return ex
    .selectFrom('oss_lifecycle_rules')
    .innerJoin('resources', 'resources.id', 'oss_lifecycle_rules.bucket_id')
    .selectAll('oss_lifecycle_rules')
    .where('oss_lifecycle_rules.enabled', '=', true)
    .where('resources.status', '=', 'available')
    .where((eb) => eb.or([eb('oss_lifecycle_rules.last_run_on', 'is', null), eb('oss_lifecycle_rules.last_run_on', '<', day)]))
    .orderBy('oss_lifecycle_rules.id')
    .limit(limit)
    .forUpdate('oss_lifecycle_rules')
    .skipLocked()
    .execute();
}

export async function markLifecycleRun(ex: Exec, id: string, day: string, expired: number) {
  await ex
    .updateTable('oss_lifecycle_rules')
    .set({ last_run_on: day, expired_objects: sql`expired_objects + ${expired}` })
    .where('id', '=', id)
    .execute();
}

// ── sync strategies ──

const SYNC_COLUMNS = [
  'oss_sync_strategies.id',
  'oss_sync_strategies.bucket_id',
  'src.name as bucket_name',
  'oss_sync_strategies.target_bucket_id',
  'dst.name as target_bucket_name',
  'oss_sync_strategies.prefix',
  'oss_sync_strategies.sync_delete',
  'oss_sync_strategies.enabled',
  'oss_sync_strategies.status',
  'oss_sync_strategies.last_run_at',
  'oss_sync_strategies.synced_objects',
  'oss_sync_strategies.synced_bytes',
  'oss_sync_strategies.created_at',
] as const;

function syncQuery(ex: Exec, tenantId: string) {
  return ex
    .selectFrom('oss_sync_strategies')
    .innerJoin('resources as src', 'src.id', 'oss_sync_strategies.bucket_id')
    .innerJoin('resources as dst', 'dst.id', 'oss_sync_strategies.target_bucket_id')
    .select(SYNC_COLUMNS)
    .where('oss_sync_strategies.tenant_id', '=', tenantId);
}
const syncRow = <T extends { synced_objects: unknown; synced_bytes: unknown }>(r: T) => num(r, ['synced_objects', 'synced_bytes']);

export async function syncStrategies(ex: Exec, tenantId: string, o: { projectId?: string | null; bucketId?: string }) {
  let qb = syncQuery(ex, tenantId);
  if (o.projectId) qb = qb.where('oss_sync_strategies.project_id', '=', o.projectId);
  if (o.bucketId) qb = qb.where('oss_sync_strategies.bucket_id', '=', o.bucketId);
  return (await qb.orderBy('oss_sync_strategies.created_at', 'desc').orderBy('oss_sync_strategies.id').execute()).map(syncRow);
}

export async function findSyncStrategy(ex: Exec, tenantId: string, projectId: string | null, id: string) {
  let qb = syncQuery(ex, tenantId).where('oss_sync_strategies.id', '=', id);
  if (projectId) qb = qb.where('oss_sync_strategies.project_id', '=', projectId);
  const row = await qb.executeTakeFirst();
  return row ? syncRow(row) : undefined;
}

export interface SyncValues {
  target_bucket_id: string;
  prefix: string;
  sync_delete: boolean;
  enabled: boolean;
}

export async function insertSyncStrategy(ex: Exec, o: { tenant_id: string; project_id: string; bucket_id: string } & SyncValues) {
  const id = newId();
  await ex
    .insertInto('oss_sync_strategies')
    .values({ id, ...o, status: o.enabled ? 'running' : 'paused', created_at: sql<Date>`now()`, updated_at: sql<Date>`now()` })
    .execute();
  return id;
}

export async function updateSyncStrategy(ex: Exec, id: string, v: SyncValues) {
  await ex
    .updateTable('oss_sync_strategies')
    .set({ ...v, status: v.enabled ? 'running' : 'paused', updated_at: sql<Date>`now()` })
    .where('id', '=', id)
    .execute();
}

export async function deleteSyncStrategy(ex: Exec, id: string) {
  await ex.deleteFrom('oss_sync_strategies').where('id', '=', id).execute();
}

/** Enabled strategies not run since `since`, locked for this run. */
export async function claimSyncStrategies(ex: Exec, since: Date, limit: number) {
  return ex
    .selectFrom('oss_sync_strategies')
    .selectAll()
    .where('enabled', '=', true)
    .where((eb) => eb.or([eb('last_run_at', 'is', null), eb('last_run_at', '<', since)]))
    .orderBy('id')
    .limit(limit)
    .forUpdate()
    .skipLocked()
    .execute();
}

export async function markSyncRun(ex: Exec, id: string, o: { status: string; objects: number; bytes: number; at: Date }) {
  await ex
    .updateTable('oss_sync_strategies')
    .set({ status: o.status, last_run_at: o.at, synced_objects: sql`synced_objects + ${o.objects}`, synced_bytes: sql`synced_bytes + ${o.bytes}` })
    .where('id', '=', id)
    .execute();
}

// ── backup strategies and records ──

export async function backupStrategies(ex: Exec, tenantId: string, bucketId: string) {
  return ex
    .selectFrom('oss_backup_strategies')
    .selectAll()
    .where('tenant_id', '=', tenantId)
    .where('bucket_id', '=', bucketId)
    .orderBy('created_at', 'desc')
    .orderBy('id')
    .execute();
}

export async function findBackupStrategy(ex: Exec, tenantId: string, projectId: string | null, id: string) {
  let qb = ex.selectFrom('oss_backup_strategies').selectAll().where('tenant_id', '=', tenantId).where('id', '=', id);
  if (projectId) qb = qb.where('project_id', '=', projectId);
  return qb.executeTakeFirst();
}

export interface BackupValues {
  name: string;
  cycle: string;
  time: string;
  retention_days: number;
  enabled: boolean;
}

export async function insertBackupStrategy(ex: Exec, o: { tenant_id: string; project_id: string; bucket_id: string } & BackupValues) {
  const id = newId();
  await ex
    .insertInto('oss_backup_strategies')
    .values({ id, ...o, created_at: sql<Date>`now()`, updated_at: sql<Date>`now()` })
    .execute();
  return id;
}

export async function updateBackupStrategy(ex: Exec, id: string, v: BackupValues) {
  await ex
    .updateTable('oss_backup_strategies')
    .set({ ...v, updated_at: sql<Date>`now()` })
    .where('id', '=', id)
    .execute();
}

/** Deletes a strategy with its records and the chunks of the copies they kept. */
export async function deleteBackupStrategy(ex: Exec, id: string) {
  await ex
    .deleteFrom('oss_chunks')
    .where('blob_id', 'in', (eb) =>
      eb
        .selectFrom('oss_backup_objects')
        .innerJoin('oss_backup_records', 'oss_backup_records.id', 'oss_backup_objects.record_id')
        .select('oss_backup_objects.blob_id')
        .where('oss_backup_records.strategy_id', '=', id),
    )
    .execute();
  await ex.deleteFrom('oss_backup_strategies').where('id', '=', id).execute();
}

export async function backupRecords(ex: Exec, strategyId: string, limit: number) {
  const rows = await ex
    .selectFrom('oss_backup_records')
    .select(['id', 'started_at', 'finished_at', 'status', 'objects', 'bytes'])
    .where('strategy_id', '=', strategyId)
    .orderBy('started_at', 'desc')
    .orderBy('id')
    .limit(limit)
    .execute();
  return rows.map((r) => num(r, ['objects', 'bytes']));
}

/** Enabled strategies of available buckets, locked for this run (the service decides which are due). */
export async function claimBackupStrategies(ex: Exec, limit: number) {
  return ex
    .selectFrom('oss_backup_strategies')
    .innerJoin('resources', 'resources.id', 'oss_backup_strategies.bucket_id')
    .selectAll('oss_backup_strategies')
    .where('oss_backup_strategies.enabled', '=', true)
    .where('resources.status', '=', 'available')
    .orderBy('oss_backup_strategies.id')
    .limit(limit)
    .forUpdate('oss_backup_strategies')
    .skipLocked()
    .execute();
}

export async function insertBackupRecord(ex: Exec, o: { tenant_id: string; strategy_id: string; started_at: Date }) {
  const id = newId();
  await ex
    .insertInto('oss_backup_records')
    .values({ id, ...o, status: 'running' })
    .execute();
  return id;
}

export async function insertBackupObject(ex: Exec, o: { record_id: string; key: string; blob_id: string; size: number; etag: string; content_type: string }) {
  await ex.insertInto('oss_backup_objects').values(o).execute();
}

export async function finishBackupRecord(ex: Exec, id: string, o: { status: string; objects: number; bytes: number; at: Date }) {
  await ex.updateTable('oss_backup_records').set({ status: o.status, objects: o.objects, bytes: o.bytes, finished_at: o.at }).where('id', '=', id).execute();
}

export async function markBackupRun(ex: Exec, id: string, at: Date) {
  await ex.updateTable('oss_backup_strategies').set({ last_run_at: at }).where('id', '=', id).execute();
}

/** Deletes a strategy's records started before `before`, with their copies' chunks. */
export async function pruneBackupRecords(ex: Exec, strategyId: string, before: Date) {
  const old = ex.selectFrom('oss_backup_records').select('id').where('strategy_id', '=', strategyId).where('started_at', '<', before);
  await ex
    .deleteFrom('oss_chunks')
    .where('blob_id', 'in', (eb) => eb.selectFrom('oss_backup_objects').select('blob_id').where('record_id', 'in', old))
    .execute();
  await ex.deleteFrom('oss_backup_records').where('strategy_id', '=', strategyId).where('started_at', '<', before).execute();
}

// ── the overview ──

export async function countRequest(ex: Exec, tenantId: string, day: string) {
  await ex
    .insertInto('oss_request_counts')
    .values({ tenant_id: tenantId, day, count: 1 })
    .onConflict((oc) => oc.columns(['tenant_id', 'day']).doUpdateSet({ count: sql`oss_request_counts.count + 1` }))
    .execute();
}

export async function requestsOn(ex: Exec, tenantId: string, day: string): Promise<number> {
  const row = await ex.selectFrom('oss_request_counts').select('count').where('tenant_id', '=', tenantId).where('day', '=', day).executeTakeFirst();
  return Number(row?.count ?? 0);
}

// ── the backup centre's view of every bucket's backups (ADR 0073) ──

/** The backup strategies of the tenant's buckets (of the project when one is selected), with the bucket's name. */
export function backupStrategiesIn(ex: Exec, tenantId: string, projectId: string | null) {
  let qb = ex.selectFrom('oss_backup_strategies').where('oss_backup_strategies.tenant_id', '=', tenantId);
  if (projectId) qb = qb.where('oss_backup_strategies.project_id', '=', projectId);
  return qb;
}

export const bucketNameOf = (table: 'oss_backup_strategies' | 's') => (eb: any) =>
  eb.selectFrom('resources').select('resources.name').whereRef('resources.id', '=', `${table}.bucket_id`).as('target_name');

/** The backup records of those strategies, with the bucket each copied. */
export function backupRecordsIn(ex: Exec, tenantId: string, projectId: string | null) {
  let qb = ex
    .selectFrom('oss_backup_records')
    .innerJoin('oss_backup_strategies as s', 's.id', 'oss_backup_records.strategy_id')
    .where('oss_backup_records.tenant_id', '=', tenantId);
  if (projectId) qb = qb.where('s.project_id', '=', projectId);
  return qb;
}

/** The newest successful backup of a bucket taken at or before `at` (pruned ones are gone already). */
export async function bucketRestorePoint(ex: Exec, bucketId: string, at: Date) {
  return ex
    .selectFrom('oss_backup_records')
    .innerJoin('oss_backup_strategies as s', 's.id', 'oss_backup_records.strategy_id')
    .select(['oss_backup_records.id', 'oss_backup_records.started_at'])
    .where('s.bucket_id', '=', bucketId)
    .where('oss_backup_records.status', '=', 'succeeded')
    .where('oss_backup_records.started_at', '<=', at)
    .orderBy('oss_backup_records.started_at', 'desc')
    .limit(1)
    .executeTakeFirst();
}

/** The copies one backup keeps, a page at a time by key. */
export async function backupObjects(ex: Exec, recordId: string, after: string, limit: number) {
  const rows = await ex
    .selectFrom('oss_backup_objects')
    .selectAll()
    .where('record_id', '=', recordId)
    .where('key', '>', after)
    .orderBy('key')
    .limit(limit)
    .execute();
  return rows.map((r) => num(r, ['size']));
}
