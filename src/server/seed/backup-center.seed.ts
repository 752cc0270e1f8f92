// Demo data of the backup centre (issue 29, ADR 0073), in tenant_admin's first project: a demo Oracle
// instance; one strategy (已创建) per product's first target with a few runs (成功, 部分成功, 失败, log
// backups) sized from the target's data; the MySQL and PostgreSQL instances' policies with runs past
// their retention (their dumps are gone: no restorable point until the policy's next run).
import { newId } from '../../domain/ids.ts';
import { backupBytes, type BackupProduct } from '../../domain/backup-center.ts';
import { expiresAt, type RetentionOption } from '../../domain/db-backup.ts';
import '../backup-center/backup-center.repository.ts';
import '../dbbackups/dbbackups.repository.ts';
import type { Db } from '../platform/db/database.ts';
import { firstProject } from './db-instances.seed.ts';

const DAY = 86_400_000;
type Run = { days: number; type: 'full' | 'log'; status: string };
/** The runs of a strategy, oldest first: days ago, type, outcome. */
const RUNS: readonly Run[] = [
  { days: 9, type: 'full', status: 'success' },
  { days: 6, type: 'full', status: 'partial' },
  { days: 3, type: 'full', status: 'failed' },
  { days: 2, type: 'full', status: 'success' },
  { days: 1.9, type: 'log', status: 'success' },
];
const STRATEGIES: readonly { product: BackupProduct; kind: string; name: string; retention: string; days: number[]; directories?: string[] }[] = [
  { product: 'files', kind: 'instance', name: '业务主机文件备份', retention: '3month', days: [1, 15], directories: ['/etc', '/data/app'] },
  { product: 'nas', kind: 'nas', name: '共享文件每周备份', retention: '1month', days: [1, 4] },
  { product: 'mongo', kind: 'doc_instance', name: '订单文档库备份', retention: '1month', days: [1, 3, 5] },
  { product: 'oracle', kind: 'db_instance', name: 'ERP 库每月备份', retention: '6month', days: [1, 16] },
];

type Scope = { tenant_id: string; project_id: string };

async function oracleInstance(db: Db, scope: Scope, now: Date) {
  const near = await db
    .selectFrom('resources')
    .select(['vendor', 'region_id', 'az_id'])
    .where('kind', '=', 'db_instance')
    .where('project_id', '=', scope.project_id)
    .executeTakeFirst();
  if (!near) return;
  const spec = {
    engine: 'oracle',
    version: '19c',
    port: 1521,
    charset: 'AL32UTF8',
    flavor: '4c8g',
    cpu: 4,
    memory: 8,
    data_disk: 200,
    archive_disk: 50,
    charging_code: 'quantity',
    billing: 'active',
  };
  const at = new Date(now.getTime() - 12 * DAY);
  await db
    .insertInto('resources')
    .values({
      id: newId(),
      kind: 'db_instance',
      ...scope,
      ...near,
      name: 'demo-oracle-erp',
      status: 'running',
      locked: false,
      spec: JSON.stringify(spec),
      created_at: at,
      updated_at: at,
    })
    .execute();
}

async function seedStrategy(db: Db, scope: Scope, s: (typeof STRATEGIES)[number], now: Date) {
  let targets = db.selectFrom('resources').select(['id', 'spec']).where('project_id', '=', scope.project_id).where('kind', '=', s.kind);
  if (s.product === 'oracle') targets = targets.where('name', '=', 'demo-oracle-erp');
  const target = await targets.orderBy('created_at').executeTakeFirst();
  if (!target) return 0;
  const id = newId();
  const made = new Date(now.getTime() - 10 * DAY);
  const log = s.product === 'mongo' || s.product === 'oracle';
  await db
    .insertInto('bc_strategies')
    .values({
      id,
      ...scope,
      product: s.product,
      target_id: target.id,
      name: s.name,
      retention: s.retention,
      start_time: '02:00',
      backup_days: JSON.stringify(s.days),
      log_backup: log,
      directories: JSON.stringify(s.directories ?? []),
      status: 'created',
      step_due_at: null,
      created_at: made,
      updated_at: made,
    })
    .execute();
  const spec = target.spec as Record<string, unknown>;
  for (const r of RUNS.filter((x) => log || x.type === 'full')) {
    const at = new Date(now.getTime() - r.days * DAY);
    const ok = r.status !== 'failed';
    const size = ok ? Math.round(backupBytes(s.product, spec, r.type) * (r.status === 'partial' ? 0.6 : 1)) : 0;
    await db
      .insertInto('bc_records')
      .values({
        id: newId(),
        ...scope,
        product: s.product,
        strategy_id: id,
        target_id: target.id,
        name: `${s.name} ${at.toISOString().slice(0, 10)}`,
        type: r.type,
        trigger: 'policy',
        status: r.status,
        progress: 100,
        size_bytes: size,
        due_at: at,
        started_at: at,
        finished_at: new Date(at.getTime() + 600_000),
        snapshot_at: ok ? at : null,
        expires_at: ok ? expiresAt(at, s.retention as RetentionOption) : null,
      })
      .execute();
  }
  return 1;
}

/** The MySQL and PostgreSQL instances' one policy each, with two runs past a month's retention and one that failed. */
async function seedDbPolicies(db: Db, scope: Scope, now: Date) {
  const instances = await db
    .selectFrom('resources')
    .select(['id', 'name', 'spec'])
    .where('project_id', '=', scope.project_id)
    .where('name', 'in', ['demo-mysql-orders', 'demo-pg-inventory'])
    .execute();
  for (const inst of instances) {
    const made = new Date(now.getTime() - 70 * DAY);
    const engine = String((inst.spec as Record<string, unknown>).engine);
    await db
      .insertInto('db_backup_policies')
      .values({
        id: newId(),
        resource_id: inst.id,
        tenant_id: scope.tenant_id,
        name: `${inst.name} 每周备份`,
        retention: '1month',
        start_time: '03:00',
        backup_days: JSON.stringify([1]),
        log_backup: false,
        status: 'created',
        step_due_at: null,
        created_at: made,
        updated_at: now,
      })
      .execute();
    for (const [days, status] of [
      [65, 'success'],
      [40, 'success'],
      [33, 'failed'],
    ] as const) {
      const at = new Date(now.getTime() - days * DAY);
      const ok = status === 'success';
      await db
        .insertInto('db_backups')
        .values({
          id: newId(),
          resource_id: inst.id,
          tenant_id: scope.tenant_id,
          name: `${inst.name} ${at.toISOString().slice(0, 10)}`,
          type: 'full',
          trigger: 'policy',
          status,
          progress: 100,
          due_at: at,
          engine,
          dump: null,
          table_count: ok ? 2 : 0,
          row_count: ok ? 7 : 0,
          size_bytes: ok ? 24_576 : 0,
          error: ok ? null : 'dump_failed',
          started_at: at,
          finished_at: at,
          snapshot_at: ok ? at : null,
          expires_at: ok ? expiresAt(at, '1month') : null,
        })
        .execute();
    }
  }
}

export async function seedBackupCenter(db: Db, now = new Date()): Promise<number> {
  const scope = await firstProject(db);
  if (!scope) return 0;
  await oracleInstance(db, scope, now);
  let n = 0;
  for (const s of STRATEGIES) n += await seedStrategy(db, scope, s, now);
  await seedDbPolicies(db, scope, now);
  return n;
}
