// Backup plans of hosts and disks. Every function takes the caller's scope: a plan is seen only
// through its tenant (and project, when one is selected), like the resource it belongs to.
// The simulated backup agent's steps are claimed FOR UPDATE SKIP LOCKED (claimDueStep).
import { sql, type Selectable } from 'kysely';
import { BACKUP_PLAN_IN_BETWEEN, BACKUP_PLAN_SETTLED, type BackupPlanInBetween, type BackupPlanStatus } from '../../domain/backup-plan.ts';
import type { Db } from '../platform/db/database.ts';
import type { BackupPlansTable } from '../platform/db/tables.ts';
import type { ListSpec } from '../platform/lib/list.ts';
import type { ResourceScope } from '../engine/resources.repository.ts';

export type BackupPlanRow = Selectable<BackupPlansTable>;

export const BACKUP_PLAN_COLUMNS = [
  'backup_plans.id',
  'backup_plans.tenant_id',
  'backup_plans.project_id',
  'backup_plans.resource_id',
  'backup_plans.resource_kind',
  'backup_plans.name',
  'backup_plans.schedule_type',
  'backup_plans.start_time',
  'backup_plans.backup_freq',
  'backup_plans.backup_days',
  'backup_plans.retention_time',
  'backup_plans.device_type',
  'backup_plans.created_by',
  'backup_plans.created_at',
  'backup_plans.updated_at',
  'backup_plans.status',
] as const;

export const BACKUP_PLAN_LIST: ListSpec = {
  sortable: { created_at: 'backup_plans.created_at', name: 'backup_plans.name', start_time: 'backup_plans.start_time', updated_at: 'backup_plans.updated_at' },
  filters: {
    resource_id: 'backup_plans.resource_id',
    resource_type: 'backup_plans.resource_kind',
    schedule_type: 'backup_plans.schedule_type',
    backup_freq: 'backup_plans.backup_freq',
    device_type: 'backup_plans.device_type',
    id: 'backup_plans.id',
    status: 'backup_plans.status',
  },
  defaultOrder: '-created_at',
  idColumn: 'backup_plans.id',
  search: { param: 'name', columns: ['backup_plans.name'] },
};

export interface NewBackupPlan {
  id: string;
  tenant_id: string;
  project_id: string;
  resource_id: string;
  resource_kind: string;
  name: string;
  schedule_type: string;
  start_time: string;
  backup_freq: string;
  backup_days: (number | string)[];
  retention_time: string;
  device_type: string;
  created_by: string | null;
}

export type BackupPlanChanges = Omit<NewBackupPlan, 'id' | 'tenant_id' | 'project_id' | 'resource_id' | 'resource_kind' | 'created_by'>;

/** A plan whose agent step is due, with what the scheduler needs to move it on and tell the tenant. */
export interface DueStep {
  id: string;
  tenant_id: string;
  project_id: string;
  resource_id: string;
  resource_kind: string;
  status: string;
  vendor: string;
}

const dueAt = (delayMs: number) => sql<Date>`now() + make_interval(secs => ${delayMs / 1000})`;

export function backupPlansRepository(db: Db) {
  const scoped = (scope: ResourceScope) => {
    let qb = db
      .selectFrom('backup_plans')
      .innerJoin('resources', 'resources.id', 'backup_plans.resource_id')
      .where('backup_plans.tenant_id', '=', scope.tenantId);
    if (scope.projectId) qb = qb.where('backup_plans.project_id', '=', scope.projectId);
    return qb;
  };
  return {
    /** Plans of the scope joined with their resource (its name and vendor come along). */
    scopedQuery: scoped,
    async findScoped(scope: ResourceScope, id: string) {
      return scoped(scope)
        .select([...BACKUP_PLAN_COLUMNS, 'resources.name as resource_name', 'resources.vendor as vendor'])
        .where('backup_plans.id', '=', id)
        .executeTakeFirst();
    },
    /** A new plan in its first state, its agent step due after `delayMs`. */
    async insert(plan: NewBackupPlan, status: BackupPlanInBetween, delayMs: number) {
      await db
        .insertInto('backup_plans')
        .values({ ...plan, backup_days: JSON.stringify(plan.backup_days), status, step_due_at: dueAt(delayMs) })
        .execute();
    },
    /**
     * Updates a plan of the scope that is settled in `from` and sends it to `to` (its agent step due
     * after `delayMs`); answers whether a row changed. A plan that moved in between (another request,
     * the agent) is left alone.
     */
    async update(scope: ResourceScope, id: string, changes: BackupPlanChanges, from: BackupPlanStatus, to: BackupPlanInBetween, delayMs: number) {
      let qb = db
        .updateTable('backup_plans')
        .set({ ...changes, backup_days: JSON.stringify(changes.backup_days), updated_at: new Date(), status: to, step_due_at: dueAt(delayMs) })
        .where('id', '=', id)
        .where('tenant_id', '=', scope.tenantId)
        .where('status', '=', from);
      if (scope.projectId) qb = qb.where('project_id', '=', scope.projectId);
      const res = await qb.executeTakeFirst();
      return Number(res.numUpdatedRows) > 0;
    },
    /** Deletes a settled plan of the scope; answers whether a row went. */
    async remove(scope: ResourceScope, id: string) {
      let qb = db
        .deleteFrom('backup_plans')
        .where('id', '=', id)
        .where('tenant_id', '=', scope.tenantId)
        .where('status', 'in', [...BACKUP_PLAN_SETTLED]);
      if (scope.projectId) qb = qb.where('project_id', '=', scope.projectId);
      const res = await qb.executeTakeFirst();
      return Number(res.numDeletedRows) > 0;
    },
    /**
     * Runs `apply` on one plan whose agent step is due, inside a transaction that holds the row
     * (FOR UPDATE SKIP LOCKED: another process takes another plan). `apply` answers the plan's
     * next state and, when it is between states again, the delay of its next step. Answers the
     * step and its new state, or undefined when none is due.
     */
    async claimDueStep(apply: (step: DueStep) => { status: BackupPlanStatus; delayMs: number | null }) {
      return db.transaction().execute(async (trx) => {
        const row = await trx
          .selectFrom('backup_plans')
          .select(['id', 'tenant_id', 'project_id', 'resource_id', 'resource_kind', 'status'])
          .where('step_due_at', '<=', sql<Date>`now()`)
          .where('status', 'in', [...BACKUP_PLAN_IN_BETWEEN])
          .orderBy('step_due_at')
          .limit(1)
          .forUpdate()
          .skipLocked()
          .executeTakeFirst();
        if (!row) return undefined;
        const res = await trx.selectFrom('resources').select('vendor').where('id', '=', row.resource_id).executeTakeFirst();
        const step: DueStep = { ...row, vendor: res?.vendor ?? '' };
        const next = apply(step);
        await trx
          .updateTable('backup_plans')
          .set({ status: next.status, step_due_at: next.delayMs === null ? null : dueAt(next.delayMs) })
          .where('id', '=', row.id)
          .execute();
        return { step, status: next.status };
      });
    },
  };
}
export type BackupPlansRepository = ReturnType<typeof backupPlansRepository>;
