// A bucket's lifecycle rules, sync strategies (to another bucket of the project) and backup
// strategies with their records (issue 30). Every id is read within the caller's scope: another
// tenant's bucket, rule or strategy answers 404.
import { conflict, notFound } from '../../domain/errors.ts';
import { backupStrategySchema, lifecycleRuleSchema, syncStrategySchema } from '../../domain/oss/oss.schema.ts';
import type { Scope } from '../platform/auth/scope.ts';
import { bucketOr404, type OssDeps } from './oss-deps.ts';
import * as repo from './strategies.repository.ts';

const iso = (d: Date | string | null) => (d ? new Date(d).toISOString() : null);

// ── lifecycle rules ──

const lifecycleShown = (r: Awaited<ReturnType<typeof repo.lifecycleRules>>[number]) => ({
  id: r.id,
  bucket_id: r.bucket_id,
  name: r.name,
  scope: r.scope,
  prefix: r.prefix,
  expire_days: r.expire_days,
  expire_date: r.expire_date,
  enabled: r.enabled,
  last_run_on: r.last_run_on,
  expired_objects: Number(r.expired_objects),
  created_at: iso(r.created_at),
});

function lifecycleValues(body: unknown): repo.LifecycleValues {
  const v = lifecycleRuleSchema.parse(body ?? {});
  return {
    name: v.name,
    scope: v.scope,
    prefix: v.scope === 'prefix' ? v.prefix! : null,
    expire_days: v.expire_days ?? null,
    expire_date: v.expire_date ?? null,
    enabled: v.enabled,
  };
}

export async function listLifecycleRules(deps: OssDeps, scope: Scope, bucketId: string) {
  const bucket = await bucketOr404(deps, scope, bucketId);
  return { data: (await repo.lifecycleRules(deps.db, bucket.id)).map(lifecycleShown) };
}

async function ruleOr404(deps: OssDeps, scope: Scope, bucketId: string, ruleId: string) {
  const bucket = await bucketOr404(deps, scope, bucketId);
  const rule = await repo.findLifecycleRule(deps.db, bucket.id, ruleId);
  if (!rule) throw notFound();
  return rule;
}

export async function createLifecycleRule(deps: OssDeps, scope: Scope, bucketId: string, body: unknown) {
  const bucket = await bucketOr404(deps, scope, bucketId);
  const id = await repo.insertLifecycleRule(deps.db, bucket.tenant_id, bucket.id, lifecycleValues(body));
  return lifecycleShown((await repo.findLifecycleRule(deps.db, bucket.id, id))!);
}

export async function updateLifecycleRule(deps: OssDeps, scope: Scope, bucketId: string, ruleId: string, body: unknown) {
  const rule = await ruleOr404(deps, scope, bucketId, ruleId);
  await repo.updateLifecycleRule(deps.db, rule.id, lifecycleValues(body));
  return lifecycleShown((await repo.findLifecycleRule(deps.db, rule.bucket_id, rule.id))!);
}

export async function deleteLifecycleRule(deps: OssDeps, scope: Scope, bucketId: string, ruleId: string) {
  const rule = await ruleOr404(deps, scope, bucketId, ruleId);
  await repo.deleteLifecycleRule(deps.db, rule.id);
  return { id: rule.id };
}

// ── sync strategies ──

const syncShown = (r: NonNullable<Awaited<ReturnType<typeof repo.findSyncStrategy>>>) => ({
  ...r,
  last_run_at: iso(r.last_run_at),
  created_at: iso(r.created_at),
});

/** The target: another bucket of the same project (404 when it is not the caller's). */
async function syncValues(deps: OssDeps, scope: Scope, bucket: { id: string; project_id: string }, body: unknown) {
  const v = syncStrategySchema.parse(body ?? {});
  const target = await bucketOr404(deps, scope, v.target_bucket_id);
  if (target.project_id !== bucket.project_id) throw notFound();
  if (target.id === bucket.id) throw conflict('oss.sync_self');
  return v;
}

export async function listProjectSync(deps: OssDeps, scope: Scope) {
  return { data: (await repo.syncStrategies(deps.db, scope.tenantId, { projectId: scope.projectId })).map(syncShown) };
}

export async function listBucketSync(deps: OssDeps, scope: Scope, bucketId: string) {
  const bucket = await bucketOr404(deps, scope, bucketId);
  return { data: (await repo.syncStrategies(deps.db, scope.tenantId, { bucketId: bucket.id })).map(syncShown) };
}

async function syncOr404(deps: OssDeps, scope: Scope, id: string) {
  const row = await repo.findSyncStrategy(deps.db, scope.tenantId, scope.projectId, id);
  if (!row) throw notFound();
  return row;
}

export async function getSync(deps: OssDeps, scope: Scope, id: string) {
  return syncShown(await syncOr404(deps, scope, id));
}

export async function createSync(deps: OssDeps, scope: Scope, bucketId: string, body: unknown) {
  const bucket = await bucketOr404(deps, scope, bucketId);
  const v = await syncValues(deps, scope, bucket, body);
  const id = await repo.insertSyncStrategy(deps.db, { tenant_id: bucket.tenant_id, project_id: bucket.project_id, bucket_id: bucket.id, ...v });
  return getSync(deps, scope, id);
}

export async function updateSync(deps: OssDeps, scope: Scope, id: string, body: unknown) {
  const row = await syncOr404(deps, scope, id);
  const bucket = await bucketOr404(deps, scope, row.bucket_id);
  await repo.updateSyncStrategy(deps.db, row.id, await syncValues(deps, scope, bucket, body));
  return getSync(deps, scope, id);
}

export async function deleteSync(deps: OssDeps, scope: Scope, id: string) {
  const row = await syncOr404(deps, scope, id);
  await repo.deleteSyncStrategy(deps.db, row.id);
  return { id: row.id };
}

// ── backup strategies ──

type BackupRow = NonNullable<Awaited<ReturnType<typeof repo.findBackupStrategy>>>;
const backupShown = (r: BackupRow) => ({
  id: r.id,
  bucket_id: r.bucket_id,
  name: r.name,
  cycle: r.cycle,
  time: r.time,
  retention_days: r.retention_days,
  enabled: r.enabled,
  last_run_at: iso(r.last_run_at),
  created_at: iso(r.created_at),
});

async function backupOr404(deps: OssDeps, scope: Scope, id: string) {
  const row = await repo.findBackupStrategy(deps.db, scope.tenantId, scope.projectId, id);
  if (!row) throw notFound();
  return row;
}

export async function listBackups(deps: OssDeps, scope: Scope, bucketId: string) {
  const bucket = await bucketOr404(deps, scope, bucketId);
  return { data: (await repo.backupStrategies(deps.db, scope.tenantId, bucket.id)).map(backupShown) };
}

export async function getBackup(deps: OssDeps, scope: Scope, id: string) {
  return backupShown(await backupOr404(deps, scope, id));
}

export async function createBackup(deps: OssDeps, scope: Scope, bucketId: string, body: unknown) {
  const bucket = await bucketOr404(deps, scope, bucketId);
  const v = backupStrategySchema.parse(body ?? {});
  const id = await repo.insertBackupStrategy(deps.db, { tenant_id: bucket.tenant_id, project_id: bucket.project_id, bucket_id: bucket.id, ...v });
  return getBackup(deps, scope, id);
}

export async function updateBackup(deps: OssDeps, scope: Scope, id: string, body: unknown) {
  const row = await backupOr404(deps, scope, id);
  await repo.updateBackupStrategy(deps.db, row.id, backupStrategySchema.parse(body ?? {}));
  return getBackup(deps, scope, id);
}

export async function deleteBackup(deps: OssDeps, scope: Scope, id: string) {
  const row = await backupOr404(deps, scope, id);
  await repo.deleteBackupStrategy(deps.db, row.id);
  return { id: row.id };
}

export async function backupRecordsOf(deps: OssDeps, scope: Scope, id: string) {
  const row = await backupOr404(deps, scope, id);
  const records = await repo.backupRecords(deps.db, row.id, 200);
  return { data: records.map((r) => ({ ...r, started_at: iso(r.started_at), finished_at: iso(r.finished_at) })) };
}
