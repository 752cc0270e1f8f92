// Backup plans of hosts and disks: the rules of src/domain/backup-plan.ts applied with the vendor
// of the resource the plan belongs to (never one the client sends), inside the caller's scope.
import { AppError, badRequest, notFound } from '../../domain/errors.ts';
import { isId, newId } from '../../domain/ids.ts';
import { REMOVED } from '../../domain/kinds/kind.ts';
import {
  backupPlanListQuerySchema, backupPlanSchema, backupPlanTargetSchema, isBackupPlanKind, isCtyun, type BackupPlanFields,
} from '../../domain/backup-plan.ts';
import { runList } from '../lib/list.ts';
import { BACKUP_PLAN_COLUMNS, BACKUP_PLAN_LIST, backupPlansRepository, type BackupPlanChanges } from '../repositories/backup-plans.repository.ts';
import type { ResourceScope, ResourcesRepository } from '../repositories/resources.repository.ts';
import type { Db } from '../db/database.ts';

/** A resource in the recycle bin or gone takes no new or changed plans. */
const GONE = new Set(['deleted', REMOVED]);

export interface BackupPlanView {
  id: string;
  name: string;
  schedule_type: string;
  start_time: string;
  backup_freq: string;
  backup_days: (number | string)[];
  retention_time: string | number;
  device_type: string;
  resource_id: string;
  resource_type: string;
  resource_name: string;
  vendor: string;
  tenant_id: string;
  project_id: string;
  created_at: Date;
  updated_at: Date;
}

function view(row: Record<string, any>): BackupPlanView {
  return {
    id: row.id, name: row.name, schedule_type: row.schedule_type, start_time: row.start_time, backup_freq: row.backup_freq,
    backup_days: row.backup_days,
    // CTyun keeps a number of days; the others an option name.
    retention_time: isCtyun(row.vendor) && /^\d+$/.test(row.retention_time) ? Number(row.retention_time) : row.retention_time,
    device_type: row.device_type, resource_id: row.resource_id, resource_type: row.resource_kind, resource_name: row.resource_name,
    vendor: row.vendor, tenant_id: row.tenant_id, project_id: row.project_id, created_at: row.created_at, updated_at: row.updated_at,
  };
}

function changesOf(plan: BackupPlanFields): BackupPlanChanges {
  return {
    name: plan.name, schedule_type: plan.schedule_type, start_time: plan.start_time, backup_freq: plan.backup_freq,
    backup_days: plan.backup_days, retention_time: String(plan.retention_time), device_type: plan.device_type,
  };
}

export function backupPlanService(db: Db, resources: ResourcesRepository) {
  const repo = backupPlansRepository(db);
  const select = (qb: any) => qb.select([...BACKUP_PLAN_COLUMNS, 'resources.name as resource_name', 'resources.vendor as vendor']);

  async function planOr404(scope: ResourceScope, id: string) {
    if (!isId(id)) throw notFound();
    const row = await repo.findScoped(scope, id);
    if (!row) throw notFound();
    return row;
  }

  /** The host or disk a plan goes on, in the scope; another kind is a bad request, not a secret. */
  async function targetOr404(scope: ResourceScope, id: string) {
    const row = await resources.findScoped(scope, id);
    if (!row) throw notFound();
    if (!isBackupPlanKind(row.kind)) throw badRequest('backup_resource_kind');
    return row;
  }

  function refuseGone(status: string) {
    if (GONE.has(status)) throw new AppError(409, 'backup_resource_gone');
  }

  return {
    async list(scope: ResourceScope, query: unknown) {
      backupPlanListQuerySchema.parse(query ?? {});
      return runList(repo.scopedQuery(scope), select, query, BACKUP_PLAN_LIST, view);
    },

    /** The plans of one host or disk (404 when it is not in the scope or of another kind). */
    async listOf(scope: ResourceScope, kind: string, resourceId: string, query: unknown) {
      if (!isId(resourceId)) throw notFound();
      const row = await resources.findScoped(scope, resourceId, kind);
      if (!row) throw notFound();
      const q = { ...((query as Record<string, unknown> | undefined) ?? {}), resource_id: resourceId };
      return runList(repo.scopedQuery(scope), select, q, BACKUP_PLAN_LIST, view);
    },

    async get(scope: ResourceScope, id: string) {
      return view(await planOr404(scope, id));
    },

    async create(scope: ResourceScope, userId: string, body: unknown) {
      const input = (body ?? {}) as Record<string, unknown>;
      const { resource_id } = backupPlanTargetSchema.parse(input);
      const target = await targetOr404(scope, resource_id);
      refuseGone(target.status);
      const plan = backupPlanSchema(target.vendor).parse(input);
      const id = newId();
      await repo.insert({
        id, tenant_id: target.tenant_id, project_id: target.project_id, resource_id: target.id, resource_kind: target.kind,
        created_by: userId, ...changesOf(plan),
      });
      return view((await repo.findScoped(scope, id))!);
    },

    async update(scope: ResourceScope, id: string, body: unknown) {
      const current = await planOr404(scope, id);
      const target = await resources.findScoped(scope, current.resource_id);
      if (!target) throw notFound();
      refuseGone(target.status);
      const plan = backupPlanSchema(target.vendor).parse(body ?? {});
      if (!(await repo.update(scope, id, changesOf(plan)))) throw notFound();
      return view((await repo.findScoped(scope, id))!);
    },

    async remove(scope: ResourceScope, id: string) {
      const current = await planOr404(scope, id);
      if (!(await repo.remove(scope, id))) throw notFound();
      return { id: current.id };
    },
  };
}
export type BackupPlanService = ReturnType<typeof backupPlanService>;
