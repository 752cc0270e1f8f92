// The backup centre (issue 29, ADR 0073): one API over every product's backups. MySQL and PostgreSQL
// go to the instance backups' service (the instance's one policy is the strategy, its runs the
// records, its restores the recoveries); object storage to the buckets' backup strategies, with the
// centre keeping their recoveries; files, NAS, MongoDB and Oracle to the centre's own simulated
// backups (sim-backups.service.ts). An unknown product is 404, like a foreign id.
import { conflict, notFound } from '../../domain/errors.ts';
import {
  BACKUP_PRODUCTS,
  PRODUCT_ENGINE,
  isBackupProduct,
  productEngine,
  recoverySchema,
  strategyTargetSchema,
  type BackupProduct,
  type CentreRecord,
  type CentreStrategy,
} from '../../domain/backup-center.ts';
import { parse } from '../platform/http/errors.plugin.ts';
import type { Scope } from '../platform/auth/scope.ts';
import type { BackupCenterDeps } from './backup-center.deps.ts';
import * as sim from './sim-backups.service.ts';

type Page<T> = { count: number; data: T[] } | { data: T[]; next_cursor: string | null };
const mapPage = <A, B>(page: Page<A>, f: (a: A) => B): Page<B> => ({ ...page, data: page.data.map(f) }) as Page<B>;

function productOf(product: string): BackupProduct {
  if (!isBackupProduct(product)) throw notFound();
  return product;
}
const engineOf = (p: BackupProduct) => PRODUCT_ENGINE[p]!;

/** A bucket's backup strategy as the centre shows it (enabled: 已创建, else 已停用). */
function ossStrategyOut(s: Record<string, any>): CentreStrategy {
  return {
    id: s.id,
    product: 'oss',
    target_id: s.bucket_id,
    target_name: s.target_name ?? '',
    name: s.name,
    status: s.enabled ? 'created' : 'disabled',
    cycle: s.cycle,
    time: s.time,
    retention_days: s.retention_days,
    enabled: s.enabled,
    last_run_at: s.last_run_at,
    created_at: s.created_at,
    updated_at: s.updated_at,
  };
}

/** A bucket's backup record: one full copy of its objects, kept the strategy's days. */
function ossRecordOut(r: Record<string, any>): CentreRecord {
  const stamp = new Date(new Date(r.started_at).getTime() + 8 * 3600_000).toISOString().slice(0, 16).replace('T', ' ');
  return {
    id: r.id,
    target_id: r.bucket_id,
    target_name: r.target_name ?? '',
    name: `${r.strategy_name} ${stamp}`,
    type: 'full',
    trigger: 'policy',
    status: r.status === 'succeeded' ? 'success' : r.status,
    progress: r.finished_at ? 100 : 0,
    size_bytes: Number(r.bytes),
    objects: Number(r.objects),
    started_at: r.started_at,
    finished_at: r.finished_at,
    snapshot_at: r.status === 'succeeded' ? r.started_at : null,
    expires_at: r.expires_at,
  };
}

const withProduct = (p: BackupProduct) => (s: object) => ({ ...s, product: p }) as CentreStrategy;

export async function listStrategies(deps: BackupCenterDeps, scope: Scope, product: string, query: unknown) {
  const p = productOf(product);
  const kind = productEngine(p);
  if (kind === 'db') return mapPage(await deps.dbBackups.listPolicies(scope, engineOf(p), query), withProduct(p));
  if (kind === 'oss') return mapPage(await deps.oss.listStrategies(scope, query), ossStrategyOut);
  return sim.listStrategies(deps, scope, p, query);
}

export async function getStrategy(deps: BackupCenterDeps, scope: Scope, product: string, id: string): Promise<CentreStrategy> {
  const p = productOf(product);
  const kind = productEngine(p);
  if (kind === 'db') return withProduct(p)(await deps.dbBackups.policy(scope, engineOf(p), id));
  if (kind === 'oss') {
    const s = await deps.oss.strategy(scope, id);
    return ossStrategyOut({ ...s, target_name: (await deps.oss.bucket(scope, s.bucket_id)).name });
  }
  return sim.getStrategy(deps, scope, p, id);
}

/** The target's strategy: a second policy on a DB instance (or another target of the centre's own) is refused. */
export async function createStrategy(deps: BackupCenterDeps, scope: Scope, product: string, body: unknown): Promise<CentreStrategy> {
  const p = productOf(product);
  const kind = productEngine(p);
  if (kind === 'sim') return sim.createStrategy(deps, scope, p, body);
  const { target_id } = parse(strategyTargetSchema, body);
  if (kind === 'oss') return getStrategy(deps, scope, p, (await deps.oss.createStrategy(scope, (await deps.oss.bucket(scope, target_id)).id, body)).id);
  const target = await sim.targetOf(deps, scope, p, target_id);
  return getStrategy(deps, scope, p, (await deps.dbBackups.createPolicy(scope, target.id, body)).id);
}

export async function updateStrategy(deps: BackupCenterDeps, scope: Scope, product: string, id: string, body: unknown): Promise<CentreStrategy> {
  const p = productOf(product);
  const kind = productEngine(p);
  if (kind === 'sim') return sim.updateStrategy(deps, scope, p, id, body);
  if (kind === 'oss') await deps.oss.updateStrategy(scope, id, body);
  else await deps.dbBackups.updatePolicy(scope, (await deps.dbBackups.policy(scope, engineOf(p), id)).target_id, body);
  return getStrategy(deps, scope, p, id);
}

export async function deleteStrategy(deps: BackupCenterDeps, scope: Scope, product: string, id: string) {
  const p = productOf(product);
  const kind = productEngine(p);
  if (kind === 'sim') return sim.deleteStrategy(deps, scope, p, id);
  if (kind === 'oss') await deps.oss.deleteStrategy(scope, (await deps.oss.strategy(scope, id)).id);
  else await deps.dbBackups.deletePolicy(scope, (await deps.dbBackups.policy(scope, engineOf(p), id)).target_id);
  return { id, deleted: true };
}

export async function listRecords(deps: BackupCenterDeps, scope: Scope, product: string, query: unknown) {
  const p = productOf(product);
  const kind = productEngine(p);
  if (kind === 'db') return deps.dbBackups.listBackups(scope, engineOf(p), query);
  if (kind === 'oss') return mapPage(await deps.oss.listRecords(scope, query), ossRecordOut);
  return sim.listRecords(deps, scope, p, query);
}

export async function listRecoveries(deps: BackupCenterDeps, scope: Scope, product: string, query: unknown) {
  const p = productOf(product);
  if (productEngine(p) === 'db') return deps.dbBackups.listRestores(scope, engineOf(p), query);
  return sim.listRecoveries(deps, scope, p, query);
}

/** A bucket back to a time point: the newest successful backup at or before it is written back into it. */
async function startOssRecovery(deps: BackupCenterDeps, scope: Scope, body: unknown) {
  const input = parse(recoverySchema, body);
  const bucket = await deps.oss.bucket(scope, input.target_id);
  const at = new Date(input.point_in_time);
  const now = deps.now();
  if (at.getTime() > now.getTime()) throw conflict('refusals.db_instance.no_restore_point');
  if ((await deps.repo.busy(bucket.id)) === 'restore') throw conflict('refusals.backup_center.recovery_in_progress');
  const point = await deps.oss.restorePoint(bucket.id, at);
  if (!point) throw conflict('refusals.db_instance.no_restore_point');
  const added = await deps.repo.addRecovery({
    tenant_id: bucket.tenant_id,
    project_id: String(bucket.project_id),
    product: 'oss',
    target_id: bucket.id,
    backup_id: point.id,
    point_in_time: at,
    status: 'restoring',
    created_by: scope.user.id,
    due_at: new Date(now.getTime() + deps.timing.runMs),
    started_at: now,
  });
  return sim.recoveryOut(deps, { ...added, target_name: bucket.name });
}

export async function startRecovery(deps: BackupCenterDeps, scope: Scope, product: string, body: unknown) {
  const p = productOf(product);
  const kind = productEngine(p);
  if (kind === 'oss') return startOssRecovery(deps, scope, body);
  if (kind === 'sim') return sim.startRecovery(deps, scope, p, body);
  const input = parse(recoverySchema, body);
  const target = await sim.targetOf(deps, scope, p, input.target_id);
  return { ...(await deps.dbBackups.startRestore(scope, target.id, { point_in_time: input.point_in_time })), target_id: target.id, target_name: target.name };
}

/** GET /backup-center/products: every product with how many strategies the caller sees (the switcher, the menu's list call). */
export async function listProducts(deps: BackupCenterDeps, scope: Scope) {
  const counts = await Promise.all(BACKUP_PRODUCTS.map(async (p) => (await listStrategies(deps, scope, p, { __limit: 1 })) as { count: number }));
  return { data: BACKUP_PRODUCTS.map((product, i) => ({ product, strategies: counts[i]!.count })) };
}
