// All SQL of the backup centre's own tables (migration 0046, ADR 0073): the strategies, runs and
// recoveries of files, NAS, MongoDB and Oracle, and the recoveries of buckets' backups. Reads go
// through the caller's scope (tenant, and project when one is selected); the scheduler's steps and
// claims are FOR UPDATE SKIP LOCKED so several processes share them.
import { sql, type ColumnType, type Selectable } from 'kysely';
import { newId } from '../../domain/ids.ts';
import { RESTORABLE_STATUSES } from '../../domain/db-backup.ts';
import type { Db } from '../platform/db/database.ts';
import type { Timestamp as Time, NullableTime } from '../platform/db/tables.ts';
import type { ResourceScope } from '../platform/db/resource-rows.ts';
import type { ListSpec } from '../platform/lib/list.ts';

type Count = ColumnType<number, number | undefined, number>;

export interface BcStrategiesTable {
  id: string;
  tenant_id: string;
  project_id: string;
  product: string;
  target_id: string;
  name: string;
  retention: string;
  start_time: string;
  backup_days: ColumnType<string, string, string>;
  log_backup: boolean;
  directories: ColumnType<string, string | undefined, string>;
  status: string;
  step_due_at: NullableTime;
  created_at: Time;
  updated_at: Time;
}

export interface BcRecordsTable {
  id: string;
  tenant_id: string;
  project_id: string;
  product: string;
  strategy_id: string | null;
  target_id: string;
  name: string;
  type: string;
  trigger: string;
  status: string;
  progress: Count;
  size_bytes: ColumnType<string | number, number | undefined, number>;
  due_at: Time;
  started_at: Time;
  finished_at: NullableTime;
  snapshot_at: NullableTime;
  expires_at: NullableTime;
}

export interface BcRecoveriesTable {
  id: string;
  tenant_id: string;
  project_id: string;
  product: string;
  target_id: string;
  backup_id: string;
  point_in_time: Time;
  status: string;
  progress: Count;
  error: string | null;
  created_by: string | null;
  due_at: Time;
  started_at: Time;
  finished_at: NullableTime;
}

declare module '../platform/db/tables.ts' {
  interface Database {
    bc_strategies: BcStrategiesTable;
    bc_records: BcRecordsTable;
    bc_recoveries: BcRecoveriesTable;
  }
}

export type StrategyRow = Selectable<BcStrategiesTable> & { target_name?: string };
export type RecordRow = Selectable<BcRecordsTable> & { target_name?: string };
export type RecoveryRow = Selectable<BcRecoveriesTable> & { target_name?: string };

export const STRATEGY_LIST: ListSpec = {
  sortable: { created_at: 'bc_strategies.created_at', name: 'bc_strategies.name' },
  filters: { status: 'bc_strategies.status', target_id: 'bc_strategies.target_id' },
  defaultOrder: '-created_at',
  idColumn: 'bc_strategies.id',
  search: { param: 'name', columns: ['bc_strategies.name'] },
};
export const RECORD_LIST: ListSpec = {
  sortable: { started_at: 'bc_records.started_at' },
  filters: { status: 'bc_records.status', type: 'bc_records.type', target_id: 'bc_records.target_id', strategy_id: 'bc_records.strategy_id' },
  defaultOrder: '-started_at',
  idColumn: 'bc_records.id',
};
export const RECOVERY_LIST: ListSpec = {
  sortable: { started_at: 'bc_recoveries.started_at' },
  filters: { status: 'bc_recoveries.status', target_id: 'bc_recoveries.target_id' },
  defaultOrder: '-started_at',
  idColumn: 'bc_recoveries.id',
};

type Table = 'bc_strategies' | 'bc_records' | 'bc_recoveries';

export function backupCenterRepository(db: Db) {
  /** The table's rows of the product in the caller's scope. */
  const scoped = <T extends Table>(table: T, scope: ResourceScope, product: string) => {
    let qb = db
      .selectFrom(table as 'bc_records')
      .where(sql.ref(`${table}.tenant_id`), '=', scope.tenantId)
      .where(sql.ref(`${table}.product`), '=', product);
    if (scope.projectId) qb = qb.where(sql.ref(`${table}.project_id`), '=', scope.projectId);
    return qb;
  };
  /** Every column and the target's name (kept readable when the list is read). */
  const withName = (table: Table) => (qb: any) =>
    qb
      .selectAll(table)
      .select((eb: any) => eb.selectFrom('resources').select('resources.name').whereRef('resources.id', '=', `${table}.target_id`).as('target_name'));
  return {
    strategiesQuery: (scope: ResourceScope, product: string) => scoped('bc_strategies', scope, product),
    recordsQuery: (scope: ResourceScope, product: string) => scoped('bc_records', scope, product),
    recoveriesQuery: (scope: ResourceScope, product: string) => scoped('bc_recoveries', scope, product),
    selectStrategy: withName('bc_strategies'),
    selectRecord: withName('bc_records'),
    selectRecovery: withName('bc_recoveries'),

    strategy(scope: ResourceScope, product: string, id: string): Promise<StrategyRow | undefined> {
      return withName('bc_strategies')(scoped('bc_strategies', scope, product).where(sql.ref('bc_strategies.id'), '=', id)).executeTakeFirst();
    },
    /** Adds the target's strategy; undefined when it has one already (the unique index decides). */
    addStrategy(row: Omit<Selectable<BcStrategiesTable>, 'id' | 'created_at' | 'updated_at'>): Promise<StrategyRow | undefined> {
      const now = new Date();
      return db
        .insertInto('bc_strategies')
        .values({ ...row, id: newId(), created_at: now, updated_at: now })
        .onConflict((oc) => oc.columns(['product', 'target_id']).doNothing())
        .returningAll()
        .executeTakeFirst();
    },
    /** Changes a strategy still in `from` (a step in between answers undefined). */
    updateStrategy(id: string, from: string, changes: Partial<Selectable<BcStrategiesTable>>): Promise<StrategyRow | undefined> {
      return db
        .updateTable('bc_strategies')
        .set({ ...changes, updated_at: new Date() })
        .where('id', '=', id)
        .where('status', '=', from)
        .returningAll()
        .executeTakeFirst();
    },
    async removeStrategy(id: string, from: string): Promise<boolean> {
      const r = await db.deleteFrom('bc_strategies').where('id', '=', id).where('status', '=', from).executeTakeFirst();
      return Number(r.numDeletedRows) > 0;
    },

    addRecord(row: Omit<Selectable<BcRecordsTable>, 'id' | 'progress'>) {
      return db
        .insertInto('bc_records')
        .values({ ...row, size_bytes: Number(row.size_bytes), id: newId() })
        .returningAll()
        .executeTakeFirstOrThrow();
    },
    addRecovery(row: Omit<Selectable<BcRecoveriesTable>, 'id' | 'progress' | 'error' | 'finished_at'>) {
      return db
        .insertInto('bc_recoveries')
        .values({ ...row, id: newId() })
        .returningAll()
        .executeTakeFirstOrThrow();
    },
    /** The newest restorable backup of the target taken at or before `at`, not expired at `now`. */
    restorePoint(product: string, targetId: string, at: Date, now: Date) {
      return db
        .selectFrom('bc_records')
        .selectAll()
        .where('product', '=', product)
        .where('target_id', '=', targetId)
        .where('status', 'in', [...RESTORABLE_STATUSES])
        .where('snapshot_at', '<=', at)
        .where((eb) => eb.or([eb('expires_at', 'is', null), eb('expires_at', '>', now)]))
        .orderBy('snapshot_at', 'desc')
        .limit(1)
        .executeTakeFirst();
    },
    /** A run going on or a recovery under way on the target. */
    async busy(targetId: string): Promise<'backup' | 'restore' | null> {
      const b = await db.selectFrom('bc_records').select('id').where('target_id', '=', targetId).where('status', '=', 'running').executeTakeFirst();
      if (b) return 'backup';
      const r = await db.selectFrom('bc_recoveries').select('id').where('target_id', '=', targetId).where('status', '=', 'restoring').executeTakeFirst();
      return r ? 'restore' : null;
    },
    ...schedulerQueries(db),
  };
}

/** What the scheduler reads and moves (no scope: the rows were made inside one). */
function schedulerQueries(db: Db) {
  return {
    duePolicySteps(now: Date, statuses: readonly string[]): Promise<StrategyRow[]> {
      return db
        .selectFrom('bc_strategies')
        .selectAll()
        .where('status', 'in', [...statuses])
        .where('step_due_at', '<=', now)
        .forUpdate()
        .skipLocked()
        .limit(20)
        .execute();
    },
    /** Created strategies with the latest full and log backup each took. */
    settledStrategies(): Promise<(StrategyRow & { last_full: Date | null; last_log: Date | null })[]> {
      const last = (type: string) => (eb: any) =>
        eb
          .selectFrom('bc_records as r')
          .select((r: any) => r.fn.max('r.started_at').as('m'))
          .whereRef('r.strategy_id', '=', 's.id')
          .where('r.trigger', '=', 'policy')
          .where('r.type', '=', type);
      return db
        .selectFrom('bc_strategies as s')
        .selectAll('s')
        .select((eb) => [last('full')(eb).as('last_full'), last('log')(eb).as('last_log')])
        .where('s.status', '=', 'created')
        .execute() as never;
    },
    strategyById(id: string) {
      return db.selectFrom('bc_strategies').selectAll().where('id', '=', id).executeTakeFirst();
    },
    target(id: string) {
      return db.selectFrom('resources').select(['id', 'kind', 'status', 'spec', 'name']).where('id', '=', id).executeTakeFirst();
    },
    /** Finishes the runs past their delay: 成功 with their size (the target's data), or 失败 when the target went. */
    async claimRecord(now: Date): Promise<RecordRow | undefined> {
      const r = await sql<RecordRow>`update bc_records set progress = 100
        where id = (select id from bc_records where status = 'running' and due_at <= ${now}
                    order by due_at limit 1 for update skip locked)
        returning *`.execute(db);
      return r.rows[0];
    },
    async finishRecord(id: string, changes: { status: string; size_bytes: number; snapshot_at: Date | null; expires_at: Date | null; finished_at: Date }) {
      await db.updateTable('bc_records').set(changes).where('id', '=', id).execute();
    },
    async claimRecovery(now: Date): Promise<RecoveryRow | undefined> {
      const r = await sql<RecoveryRow>`update bc_recoveries set progress = 99
        where id = (select id from bc_recoveries where status = 'restoring' and progress < 99 and due_at <= ${now}
                    order by due_at limit 1 for update skip locked)
        returning *`.execute(db);
      return r.rows[0];
    },
    async finishRecovery(id: string, changes: { status: string; error: string | null; finished_at: Date }) {
      await db
        .updateTable('bc_recoveries')
        .set({ ...changes, progress: 100 })
        .where('id', '=', id)
        .execute();
    },
  };
}

export type BackupCenterRepository = ReturnType<typeof backupCenterRepository>;
