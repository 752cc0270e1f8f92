// Backup plans of hosts and disks: the rules of src/domain/backup-plan.ts applied with the vendor
// of the resource the plan belongs to (never one the client sends), inside the caller's scope.
// Plans have states (seed 001 §4): a new or edited plan goes between states at once and the
// simulated backup agent moves it on (runDue, from the engine's scheduler); every change is
// published on the event bus as `backup_plan.status` (`backup_plan.removed` when deleted).
import { AppError, badRequest, notFound } from '../../domain/errors.ts';
import { isId, newId } from '../../domain/ids.ts';
import { REMOVED } from '../../domain/kinds/kind.ts';
import {
  backupPlanListQuerySchema,
  backupPlanSchema,
  backupPlanTargetSchema,
  isBackupPlanKind,
  isBackupPlanStatus,
  isCtyun,
  isPlanInBetween,
  PLAN_INITIAL_STATUS,
  planStatusOnEdit,
  planStepDone,
  type BackupPlanFields,
} from '../../domain/backup-plan.ts';
import type { BackupAgent } from './backup-agent.ts';
import type { BackupPlanRemovedEvent, BackupPlanStatusEvent } from '../../domain/events.ts';
import type { EventBus } from '../platform/events/bus.ts';
import { runList } from '../platform/lib/list.ts';
import { BACKUP_PLAN_COLUMNS, BACKUP_PLAN_LIST, backupPlansRepository, type BackupPlanChanges } from './backup-plans.repository.ts';
import type { ResourceScope, ResourcesRepository } from '../engine/resources.repository.ts';
import type { Db } from '../platform/db/database.ts';

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
  status: string;
  /** creating, installing or issuing: neither edited nor deleted until it settles */
  in_between: boolean;
  created_at: Date;
  updated_at: Date;
}

/** What the bus carries for a plan (the SSE route sends it to the plan's tenant and project). */
export type BackupPlanEvent = BackupPlanStatusEvent | BackupPlanRemovedEvent;

function view(row: Record<string, any>): BackupPlanView {
  return {
    id: row.id,
    name: row.name,
    schedule_type: row.schedule_type,
    start_time: row.start_time,
    backup_freq: row.backup_freq,
    backup_days: row.backup_days,
    // CTyun keeps a number of days; the others an option name.
    retention_time: isCtyun(row.vendor) && /^\d+$/.test(row.retention_time) ? Number(row.retention_time) : row.retention_time,
    device_type: row.device_type,
    resource_id: row.resource_id,
    resource_type: row.resource_kind,
    resource_name: row.resource_name,
    vendor: row.vendor,
    tenant_id: row.tenant_id,
    project_id: row.project_id,
    status: row.status,
    in_between: isPlanInBetween(row.status),
    created_at: row.created_at,
    updated_at: row.updated_at,
  };
}

function changesOf(plan: BackupPlanFields): BackupPlanChanges {
  return {
    name: plan.name,
    schedule_type: plan.schedule_type,
    start_time: plan.start_time,
    backup_freq: plan.backup_freq,
    backup_days: plan.backup_days,
    retention_time: String(plan.retention_time),
    device_type: plan.device_type,
  };
}

export interface BackupPlanDeps {
  agent: BackupAgent;
  bus: EventBus;
  log: { error: (o: object, m: string) => void };
}

export function backupPlanService(db: Db, resources: ResourcesRepository, deps: BackupPlanDeps) {
  const repo = backupPlansRepository(db);
  const { agent, bus } = deps;
  type Plan = { id: string; tenant_id: string; project_id: string; resource_id: string; resource_kind: string };
  const about = (p: Plan) => ({ tenant_id: p.tenant_id, project_id: p.project_id, id: p.id, resource_id: p.resource_id, kind: p.resource_kind });
  function event(type: 'backup_plan.status', p: Plan, status: string): BackupPlanEvent;
  function event(type: 'backup_plan.removed', p: Plan): BackupPlanEvent;
  function event(type: BackupPlanEvent['type'], p: Plan, status?: string): BackupPlanEvent {
    const at = new Date().toISOString();
    return type === 'backup_plan.removed' ? { type, ...about(p), at } : { type, ...about(p), status: status!, at };
  }
  const publish = (events: BackupPlanEvent[]) => bus.publish(events).catch((err: unknown) => deps.log.error({ err }, 'backup plan event publish failed'));

  /** A plan that could not be changed: still there and between states (409), or gone (404). */
  async function refusedOr404(scope: ResourceScope, id: string, action: 'edit' | 'delete'): Promise<never> {
    const row = await repo.findScoped(scope, id);
    if (row && isPlanInBetween(row.status)) throw new AppError(409, `backup_plan_busy_${action}`);
    throw notFound();
  }
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
      const row = { id, tenant_id: target.tenant_id, project_id: target.project_id, resource_id: target.id, resource_kind: target.kind, created_by: userId };
      await repo.insert({ ...row, ...changesOf(plan) }, PLAN_INITIAL_STATUS, agent.stepDelayMs(target.vendor));
      await publish([event('backup_plan.status', row, PLAN_INITIAL_STATUS)]);
      return view((await repo.findScoped(scope, id))!);
    },

    async update(scope: ResourceScope, id: string, body: unknown) {
      const current = await planOr404(scope, id);
      const target = await resources.findScoped(scope, current.resource_id);
      if (!target) throw notFound();
      refuseGone(target.status);
      const from = isBackupPlanStatus(current.status) ? current.status : null;
      const to = from && planStatusOnEdit(from);
      if (!from || !to) throw new AppError(409, 'backup_plan_busy_edit');
      const plan = backupPlanSchema(target.vendor).parse(body ?? {});
      if (!(await repo.update(scope, id, changesOf(plan), from, to, agent.stepDelayMs(target.vendor)))) await refusedOr404(scope, id, 'edit');
      await publish([event('backup_plan.status', current, to)]);
      return view((await repo.findScoped(scope, id))!);
    },

    async remove(scope: ResourceScope, id: string) {
      const current = await planOr404(scope, id);
      if (isPlanInBetween(current.status)) throw new AppError(409, 'backup_plan_busy_delete');
      if (!(await repo.remove(scope, id))) await refusedOr404(scope, id, 'delete');
      await publish([event('backup_plan.removed', current)]);
      return { id: current.id };
    },

    /**
     * The simulated backup agent: ends every due step (one transaction each, FOR UPDATE SKIP
     * LOCKED) and publishes the new states after commit. Answers how many steps ended.
     */
    async runDue(max = 50): Promise<number> {
      let n = 0;
      while (n < max) {
        const done = await repo.claimDueStep((step) => {
          const status = planStepDone(isBackupPlanStatus(step.status) ? step.status : PLAN_INITIAL_STATUS, agent.stepOutcome().ok);
          return { status, delayMs: isPlanInBetween(status) ? agent.stepDelayMs(step.vendor) : null };
        });
        if (!done) break;
        n++;
        await publish([event('backup_plan.status', done.step, done.status)]);
      }
      return n;
    },
  };
}
export type BackupPlanService = ReturnType<typeof backupPlanService>;
