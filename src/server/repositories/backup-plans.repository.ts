// Backup plans of hosts and disks. Every function takes the caller's scope: a plan is seen only
// through its tenant (and project, when one is selected), like the resource it belongs to.
import type { Selectable } from 'kysely';
import type { Db } from '../db/database.ts';
import type { BackupPlansTable } from '../db/tables.ts';
import type { ListSpec } from '../lib/list.ts';
import type { ResourceScope } from './resources.repository.ts';

export type BackupPlanRow = Selectable<BackupPlansTable>;

export const BACKUP_PLAN_COLUMNS = ['backup_plans.id', 'backup_plans.tenant_id', 'backup_plans.project_id', 'backup_plans.resource_id',
  'backup_plans.resource_kind', 'backup_plans.name', 'backup_plans.schedule_type', 'backup_plans.start_time', 'backup_plans.backup_freq',
  'backup_plans.backup_days', 'backup_plans.retention_time', 'backup_plans.device_type', 'backup_plans.created_by',
  'backup_plans.created_at', 'backup_plans.updated_at'] as const;

export const BACKUP_PLAN_LIST: ListSpec = {
  sortable: { created_at: 'backup_plans.created_at', name: 'backup_plans.name', start_time: 'backup_plans.start_time', updated_at: 'backup_plans.updated_at' },
  filters: {
    resource_id: 'backup_plans.resource_id', resource_type: 'backup_plans.resource_kind', schedule_type: 'backup_plans.schedule_type',
    backup_freq: 'backup_plans.backup_freq', device_type: 'backup_plans.device_type', id: 'backup_plans.id',
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

export function backupPlansRepository(db: Db) {
  const scoped = (scope: ResourceScope) => {
    let qb = db.selectFrom('backup_plans')
      .innerJoin('resources', 'resources.id', 'backup_plans.resource_id')
      .where('backup_plans.tenant_id', '=', scope.tenantId);
    if (scope.projectId) qb = qb.where('backup_plans.project_id', '=', scope.projectId);
    return qb;
  };
  return {
    /** Plans of the scope joined with their resource (its name and vendor come along). */
    scopedQuery: scoped,
    async findScoped(scope: ResourceScope, id: string) {
      return scoped(scope).select([...BACKUP_PLAN_COLUMNS, 'resources.name as resource_name', 'resources.vendor as vendor'])
        .where('backup_plans.id', '=', id).executeTakeFirst();
    },
    async insert(plan: NewBackupPlan) {
      await db.insertInto('backup_plans').values({ ...plan, backup_days: JSON.stringify(plan.backup_days) }).execute();
    },
    /** Updates a plan of the scope; answers whether a row changed. */
    async update(scope: ResourceScope, id: string, changes: BackupPlanChanges) {
      let qb = db.updateTable('backup_plans').set({ ...changes, backup_days: JSON.stringify(changes.backup_days), updated_at: new Date() })
        .where('id', '=', id).where('tenant_id', '=', scope.tenantId);
      if (scope.projectId) qb = qb.where('project_id', '=', scope.projectId);
      const res = await qb.executeTakeFirst();
      return Number(res.numUpdatedRows) > 0;
    },
    async remove(scope: ResourceScope, id: string) {
      let qb = db.deleteFrom('backup_plans').where('id', '=', id).where('tenant_id', '=', scope.tenantId);
      if (scope.projectId) qb = qb.where('project_id', '=', scope.projectId);
      const res = await qb.executeTakeFirst();
      return Number(res.numDeletedRows) > 0;
    },
  };
}
export type BackupPlansRepository = ReturnType<typeof backupPlansRepository>;
