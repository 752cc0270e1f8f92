// Project spending limits (projectLimitManage): a monthly limit per project; the project's spend
// this Shanghai month is what its bill lines add up to (rated on read, like the bills). Crossing the
// limit warns the tenant admins and the project's owners once per month and limit (site message
// through the notify port), checked when a limit is set or read and every 10 minutes on the
// scheduler; purchases are not refused (the seed asks for no more than a warning).
import { notFound } from '../../domain/errors.ts';
import { isId } from '../../domain/ids.ts';
import type { Db } from '../platform/db/database.ts';
import type { NotifyPort } from '../notifications/notify-port.ts';
import type { BillService } from './bill.service.ts';
import { shanghaiDay } from '../../domain/billing/billing.ts';
import * as repo from './project-limit.repository.ts';

export interface ProjectLimitDeps {
  db: Db;
  bills: BillService;
  notify: NotifyPort;
}

type Limit = Awaited<ReturnType<typeof repo.limitsOf>>[number];

const fenToYuan = (fen: number) => (fen / 100).toFixed(2);

/** Each project's spend this month (fen), from the bill lines. */
async function spendByProject(deps: ProjectLimitDeps, tenantId: string, now = new Date()): Promise<Map<string, number>> {
  const today = shanghaiDay(now);
  const lines = await deps.bills.lines({ tenantId, projectId: null }, `${today.slice(0, 7)}-01`, today, now);
  const out = new Map<string, number>();
  for (const l of lines) out.set(l.project_id, (out.get(l.project_id) ?? 0) + l.amount_fen);
  return out;
}

export async function list(deps: ProjectLimitDeps, tenantId: string, projectId: string | null, now = new Date()) {
  const projects = await repo.enabledProjects(deps.db, tenantId, projectId);
  const limits = await repo.limitsOf(deps.db, tenantId);
  const spend = await spendByProject(deps, tenantId, now);
  const data = projects.map((p) => {
    const l = limits.find((x) => x.project_id === p.id);
    const spent = spend.get(p.id) ?? 0;
    const limit = l ? Number(l.monthly_limit_fen) : null;
    return {
      project_id: p.id,
      project_name: p.name_zh,
      monthly_limit_fen: limit,
      spent_fen: spent,
      ratio: limit ? Math.round((spent / limit) * 1000) / 10 : null,
      over: limit !== null && spent > limit,
      updated_at: l?.updated_at ?? null,
    };
  });
  return { month: shanghaiDay(now).slice(0, 7), count: data.length, data };
}

/** Marks the project warned this month and tells its people; false when another check already did. */
async function warn(deps: ProjectLimitDeps, tenantId: string, l: Limit, spent: number, month: string) {
  if (!(await repo.markWarned(deps.db, l.project_id, month))) return false;
  const project = await repo.projectName(deps.db, l.project_id);
  const userIds = await repo.limitRecipients(deps.db, tenantId, l.project_id);
  await deps.notify.notify({
    tenantId,
    projectId: l.project_id,
    userIds,
    category: 'billing',
    messageKey: 'orders:messages.limit_crossed',
    params: { project: project ?? '', spent: fenToYuan(spent), limit: fenToYuan(Number(l.monthly_limit_fen)) },
    link: '/projectLimitManage',
    refId: l.project_id,
  });
  return true;
}

/** Warns once per month for each project whose spend crossed its limit. */
export async function check(deps: ProjectLimitDeps, tenantId: string, now = new Date()) {
  const limits = await repo.limitsOf(deps.db, tenantId);
  if (!limits.length) return [];
  const month = shanghaiDay(now).slice(0, 7);
  const spend = await spendByProject(deps, tenantId, now);
  const warned: string[] = [];
  for (const l of limits) {
    const spent = spend.get(l.project_id) ?? 0;
    if (spent <= Number(l.monthly_limit_fen) || l.warned_month === month) continue;
    if (await warn(deps, tenantId, l, spent, month)) warned.push(l.project_id);
  }
  return warned;
}

export async function set(deps: ProjectLimitDeps, tenantId: string, projectId: string, fen: number, userId: string, now = new Date()) {
  await repo.upsertLimit(deps.db, tenantId, projectId, fen, userId, now);
  const warned = await check(deps, tenantId, now);
  return { project_id: projectId, monthly_limit_fen: fen, warned: warned.includes(projectId) };
}

export async function remove(deps: ProjectLimitDeps, tenantId: string, projectId: string) {
  await repo.deleteLimit(deps.db, tenantId, projectId);
  return { project_id: projectId, deleted: true };
}

/** Checks every tenant that has a limit (the scheduler's periodic pass). */
export async function checkAll(deps: ProjectLimitDeps, now = new Date()) {
  const warned: string[] = [];
  for (const tenantId of await repo.limitTenants(deps.db)) warned.push(...(await check(deps, tenantId, now)));
  return warned;
}

/** The tenant's project of that id (404 otherwise). */
export async function projectOf(deps: ProjectLimitDeps, tenantId: string, id: string) {
  const found = isId(id) ? await repo.projectOfTenant(deps.db, tenantId, id) : undefined;
  if (!found) throw notFound();
  return found;
}

export function projectLimitService(deps: ProjectLimitDeps) {
  return {
    list: (tenantId: string, projectId: string | null, now?: Date) => list(deps, tenantId, projectId, now),
    set: (tenantId: string, projectId: string, fen: number, userId: string, now?: Date) => set(deps, tenantId, projectId, fen, userId, now),
    remove: (tenantId: string, projectId: string) => remove(deps, tenantId, projectId),
    check: (tenantId: string, now?: Date) => check(deps, tenantId, now),
    checkAll: (now?: Date) => checkAll(deps, now),
    projectOf: (tenantId: string, id: string) => projectOf(deps, tenantId, id),
  };
}
export type ProjectLimitService = ReturnType<typeof projectLimitService>;
