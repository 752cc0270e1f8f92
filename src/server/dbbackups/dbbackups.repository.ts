// All SQL of instance backups on Yunshu's own database (migration 0029): the one policy of an
// instance, its backup runs with their dumps, the restores. Every read and write is by instance id,
// and the service reaches an instance only through the caller's scope (resources.findScoped).
// Due runs and policy steps are claimed FOR UPDATE SKIP LOCKED, so several processes share them.
import { sql, type ColumnType, type ExpressionBuilder, type Selectable, type SelectQueryBuilder } from 'kysely';
import { newId } from '../../domain/ids.ts';
import { RESTORABLE_STATUSES } from '../../domain/db-backup.ts';
import type { Db } from '../platform/db/database.ts';
import type { Database, Timestamp as Time, NullableTime, NullableJsonText as Json } from '../platform/db/tables.ts';
import type { ListSpec } from '../platform/lib/list.ts';

/** a counter with a default of 0 */
type Count = ColumnType<number, number | undefined, number>;

export interface DbBackupPoliciesTable {
  id: string;
  resource_id: string;
  tenant_id: string;
  name: string;
  retention: string;
  start_time: string;
  backup_days: ColumnType<unknown, string, string>;
  log_backup: boolean;
  status: string;
  step_due_at: NullableTime;
  created_at: Time;
  updated_at: Time;
}

export interface DbBackupsTable {
  id: string;
  resource_id: string;
  tenant_id: string;
  name: string;
  type: string;
  trigger: string;
  status: string;
  progress: Count;
  due_at: Time;
  claimed_at: NullableTime;
  engine: string;
  dump: Json;
  table_count: Count;
  row_count: Count;
  size_bytes: ColumnType<string | number, number | undefined, number>;
  error: string | null;
  created_by: string | null;
  started_at: Time;
  finished_at: NullableTime;
  snapshot_at: NullableTime;
  expires_at: NullableTime;
}

export interface DbRestoresTable {
  id: string;
  resource_id: string;
  tenant_id: string;
  backup_id: string;
  point_in_time: Time;
  status: string;
  progress: Count;
  due_at: Time;
  claimed_at: NullableTime;
  table_count: Count;
  error: string | null;
  created_by: string | null;
  started_at: Time;
  finished_at: NullableTime;
}

declare module '../platform/db/tables.ts' {
  interface Database {
    db_backup_policies: DbBackupPoliciesTable;
    db_backups: DbBackupsTable;
    db_restores: DbRestoresTable;
  }
}

export type PolicyRow = Selectable<DbBackupPoliciesTable>;
export type BackupRow = Omit<Selectable<DbBackupsTable>, 'dump'>;
export type RestoreRow = Selectable<DbRestoresTable>;

/** What a list answers (the dump stays in the database). */
export const BACKUP_COLUMNS = [
  'id',
  'name',
  'type',
  'trigger',
  'status',
  'progress',
  'due_at',
  'table_count',
  'row_count',
  'size_bytes',
  'error',
  'started_at',
  'finished_at',
  'snapshot_at',
  'expires_at',
] as const;
export const BACKUP_TIMES = ['due_at', 'started_at', 'finished_at', 'snapshot_at', 'expires_at'] as const;
export const BACKUP_LIST: ListSpec = {
  sortable: { started_at: 'db_backups.started_at' },
  filters: { status: 'db_backups.status', type: 'db_backups.type' },
  defaultOrder: '-started_at',
  idColumn: 'db_backups.id',
};
export const RESTORE_COLUMNS = [
  'id',
  'backup_id',
  'point_in_time',
  'status',
  'progress',
  'due_at',
  'table_count',
  'error',
  'started_at',
  'finished_at',
] as const;
export const RESTORE_TIMES = ['point_in_time', 'due_at', 'started_at', 'finished_at'] as const;
export const RESTORE_LIST: ListSpec = {
  sortable: { started_at: 'db_restores.started_at' },
  filters: { status: 'db_restores.status' },
  defaultOrder: '-started_at',
  idColumn: 'db_restores.id',
};

/** The instance's one policy and the scheduler's view of the policies. */
function policyQueries(db: Db) {
  return {
    policyOf(resourceId: string): Promise<PolicyRow | undefined> {
      return db.selectFrom('db_backup_policies').selectAll().where('resource_id', '=', resourceId).executeTakeFirst();
    },
    /** Adds the instance's policy; undefined when it has one already (the unique index decides). */
    async addPolicy(row: Omit<PolicyRow, 'id' | 'created_at' | 'updated_at' | 'backup_days'> & { backup_days: unknown }): Promise<PolicyRow | undefined> {
      const now = new Date();
      return db
        .insertInto('db_backup_policies')
        .values({ ...row, backup_days: JSON.stringify(row.backup_days), id: newId(), created_at: now, updated_at: now })
        .onConflict((oc) => oc.column('resource_id').doNothing())
        .returningAll()
        .executeTakeFirst();
    },
    /** Changes a policy that is in `from` (another change or step in between answers undefined). */
    updatePolicy(id: string, from: string, changes: Partial<Omit<PolicyRow, 'backup_days'>> & { backup_days?: unknown }) {
      const { backup_days, ...rest } = changes;
      return db
        .updateTable('db_backup_policies')
        .set({ ...rest, ...(backup_days === undefined ? {} : { backup_days: JSON.stringify(backup_days) }), updated_at: new Date() })
        .where('id', '=', id)
        .where('status', '=', from)
        .returningAll()
        .executeTakeFirst();
    },
    async removePolicy(id: string, from: string): Promise<boolean> {
      const r = await db.deleteFrom('db_backup_policies').where('id', '=', id).where('status', '=', from).executeTakeFirst();
      return Number(r.numDeletedRows) > 0;
    },
    /** Policies whose agent step is due (claimed one at a time; the caller moves it on). */
    duePolicySteps(now: Date, statuses: readonly string[]): Promise<PolicyRow[]> {
      return db
        .selectFrom('db_backup_policies')
        .selectAll()
        .where('status', 'in', [...statuses])
        .where('step_due_at', '<=', now)
        .forUpdate()
        .skipLocked()
        .limit(20)
        .execute();
    },
    /** Created policies with the latest backup each took (full and log), for the schedule. */
    settledPolicies(): Promise<(PolicyRow & { last_full: Date | null; last_log: Date | null })[]> {
      return db
        .selectFrom('db_backup_policies as p')
        .selectAll('p')
        .select((eb) => [
          eb
            .selectFrom('db_backups as b')
            .select((b) => b.fn.max('b.started_at').as('m'))
            .whereRef('b.resource_id', '=', 'p.resource_id')
            .where('b.trigger', '=', 'policy')
            .where('b.type', '=', 'full')
            .as('last_full'),
          eb
            .selectFrom('db_backups as b')
            .select((b) => b.fn.max('b.started_at').as('m'))
            .whereRef('b.resource_id', '=', 'p.resource_id')
            .where('b.type', '=', 'log')
            .as('last_log'),
        ])
        .where('p.status', '=', 'created')
        .execute() as Promise<(PolicyRow & { last_full: Date | null; last_log: Date | null })[]>;
    },
  };
}

/** Backup runs, their dumps, restores. */
function runQueries(db: Db) {
  return {
    async addBackup(
      row: Omit<
        BackupRow,
        'id' | 'progress' | 'claimed_at' | 'table_count' | 'row_count' | 'size_bytes' | 'error' | 'finished_at' | 'snapshot_at' | 'expires_at'
      >,
    ) {
      return db
        .insertInto('db_backups')
        .values({ ...row, id: newId() })
        .returning([...BACKUP_COLUMNS])
        .executeTakeFirstOrThrow();
    },
    backup(resourceId: string, id: string) {
      return db
        .selectFrom('db_backups')
        .select([...BACKUP_COLUMNS, 'claimed_at', 'resource_id'])
        .where('resource_id', '=', resourceId)
        .where('id', '=', id)
        .executeTakeFirst();
    },
    backupsQuery(resourceId: string) {
      return db.selectFrom('db_backups').where('db_backups.resource_id', '=', resourceId);
    },
    /** A run still going (running or paused) or a restore in progress: the instance is busy. */
    async busy(resourceId: string): Promise<'backup' | 'restore' | null> {
      const b = await db.selectFrom('db_backups').select('id').where('resource_id', '=', resourceId).where('status', '=', 'running').executeTakeFirst();
      if (b) return 'backup';
      const r = await db.selectFrom('db_restores').select('id').where('resource_id', '=', resourceId).where('status', '=', 'restoring').executeTakeFirst();
      return r ? 'restore' : null;
    },
    /** Pauses or resumes a run not yet taken by the scheduler; undefined when it moved on meanwhile. */
    setRunState(id: string, from: string, to: string, dueAt: Date) {
      return db
        .updateTable('db_backups')
        .set({ status: to, due_at: dueAt })
        .where('id', '=', id)
        .where('status', '=', from)
        .where('claimed_at', 'is', null)
        .returning([...BACKUP_COLUMNS])
        .executeTakeFirst();
    },
    async setBackupProgress(id: string, progress: number) {
      await db.updateTable('db_backups').set({ progress }).where('id', '=', id).execute();
    },
    /** Takes one due run (running, past its delay, not taken). */
    async claimBackup(now: Date): Promise<(BackupRow & { resource_id: string }) | undefined> {
      const r = await sql<BackupRow>`update db_backups set claimed_at = ${now}
        where id = (select id from db_backups where status = 'running' and claimed_at is null and due_at <= ${now}
                    order by due_at limit 1 for update skip locked)
        returning ${sql.join(['id', 'resource_id', 'tenant_id', 'name', 'type', 'trigger', 'engine', 'started_at', 'due_at'].map((c) => sql.ref(c)))}`.execute(
        db,
      );
      return r.rows[0];
    },
    async finishBackup(
      id: string,
      changes: {
        status: string;
        dump: unknown;
        table_count: number;
        row_count: number;
        size_bytes: number;
        error: string | null;
        snapshot_at: Date | null;
        expires_at: Date | null;
      },
    ) {
      await db
        .updateTable('db_backups')
        .set({ ...changes, dump: changes.dump === null ? null : JSON.stringify(changes.dump), progress: 100, finished_at: new Date() })
        .where('id', '=', id)
        .execute();
    },
    /** An instance as the scheduler sees it (no scope: the run was started inside one). */
    instance(id: string) {
      return db.selectFrom('resources').select(['id', 'tenant_id', 'status', 'spec']).where('id', '=', id).executeTakeFirst();
    },
    async dumpOf(id: string): Promise<unknown> {
      return (await db.selectFrom('db_backups').select('dump').where('id', '=', id).executeTakeFirst())?.dump;
    },
    /** The newest restorable backup taken at or before `at`, not expired at `now`. */
    restorePoint(resourceId: string, at: Date, now: Date) {
      return db
        .selectFrom('db_backups')
        .select([...BACKUP_COLUMNS])
        .where('resource_id', '=', resourceId)
        .where('status', 'in', [...RESTORABLE_STATUSES])
        .where('snapshot_at', '<=', at)
        .where((eb) => eb.or([eb('expires_at', 'is', null), eb('expires_at', '>', now)]))
        .orderBy('snapshot_at', 'desc')
        .limit(1)
        .executeTakeFirst();
    },
    addRestore(row: Omit<RestoreRow, 'id' | 'progress' | 'claimed_at' | 'table_count' | 'error' | 'finished_at'>) {
      return db
        .insertInto('db_restores')
        .values({ ...row, id: newId() })
        .returning([...RESTORE_COLUMNS])
        .executeTakeFirstOrThrow();
    },
    restoresQuery(resourceId: string) {
      return db.selectFrom('db_restores').where('db_restores.resource_id', '=', resourceId);
    },
    async claimRestore(now: Date): Promise<RestoreRow | undefined> {
      const r = await sql<RestoreRow>`update db_restores set claimed_at = ${now}
        where id = (select id from db_restores where status = 'restoring' and claimed_at is null and due_at <= ${now}
                    order by due_at limit 1 for update skip locked)
        returning *`.execute(db);
      return r.rows[0];
    },
    async setRestoreProgress(id: string, progress: number) {
      await db.updateTable('db_restores').set({ progress }).where('id', '=', id).execute();
    },
    async finishRestore(id: string, changes: { status: string; table_count: number; error: string | null }) {
      await db
        .updateTable('db_restores')
        .set({ ...changes, progress: 100, finished_at: new Date() })
        .where('id', '=', id)
        .execute();
    },
    /** Drops the dumps of backups past their retention (their records stay, as expired). */
    async purgeExpired(now: Date): Promise<number> {
      const r = await db.updateTable('db_backups').set({ dump: null }).where('expires_at', '<=', now).where('dump', 'is not', null).executeTakeFirst();
      return Number(r.numUpdatedRows);
    },
  };
}
/** The instances' ids a caller may see (a subquery of the scoped resources). */
type InstanceIds = SelectQueryBuilder<Database, 'resources', { id: string }>;

/** Policies, runs and restores of many instances at once (the backup centre's lists, ADR 0073), each with its instance's name. */
function scopeQueries(db: Db) {
  const named = (table: 'db_backup_policies' | 'db_backups' | 'db_restores') => (eb: ExpressionBuilder<Database, typeof table>) =>
    eb
      .selectFrom('resources')
      .select('resources.name')
      .whereRef('resources.id', '=', `${table}.resource_id` as never)
      .as('target_name');
  return {
    policiesIn: (ids: InstanceIds) => db.selectFrom('db_backup_policies').where('db_backup_policies.resource_id', 'in', ids),
    backupsIn: (ids: InstanceIds) => db.selectFrom('db_backups').where('db_backups.resource_id', 'in', ids),
    restoresIn: (ids: InstanceIds) => db.selectFrom('db_restores').where('db_restores.resource_id', 'in', ids),
    policyName: named('db_backup_policies'),
    backupName: named('db_backups'),
    restoreName: named('db_restores'),
    policyById(id: string): Promise<PolicyRow | undefined> {
      return db.selectFrom('db_backup_policies').selectAll().where('id', '=', id).executeTakeFirst();
    },
  };
}

export const POLICY_LIST: ListSpec = {
  sortable: { created_at: 'db_backup_policies.created_at', name: 'db_backup_policies.name' },
  filters: { status: 'db_backup_policies.status', target_id: 'db_backup_policies.resource_id' },
  defaultOrder: '-created_at',
  idColumn: 'db_backup_policies.id',
  search: { param: 'name', columns: ['db_backup_policies.name'] },
};

export function dbBackupsRepository(db: Db) {
  return { ...policyQueries(db), ...runQueries(db), ...scopeQueries(db) };
}
export type DbBackupsRepository = ReturnType<typeof dbBackupsRepository>;
