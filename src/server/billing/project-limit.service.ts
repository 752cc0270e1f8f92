// Project spending limits (projectLimitManage): a monthly limit per project; the project's spend
// this Shanghai month is what its bill lines add up to (rated on read, like the bills). Crossing the
// limit warns the tenant admins and the project's owners once per month and limit (site message
// through the notify port), checked when a limit is set or read and every 10 minutes on the
// scheduler; purchases are not refused (the seed asks for no more than a warning).
import type { Db } from '../db/database.ts';
import type { NotifyPort } from '../notifications/notify-port.ts';
import type { BillService } from './bill.service.ts';
import { shanghaiDay } from '../../domain/billing/billing.ts';

const fenToYuan = (fen: number) => (fen / 100).toFixed(2);

export function projectLimitService(deps: { db: Db; bills: BillService; notify: NotifyPort }) {
  const { db } = deps;

  /** Each project's spend this month (fen), from the bill lines. */
  async function spendByProject(tenantId: string, now = new Date()): Promise<Map<string, number>> {
    const today = shanghaiDay(now);
    const lines = await deps.bills.lines({ tenantId, projectId: null }, `${today.slice(0, 7)}-01`, today, now);
    const out = new Map<string, number>();
    for (const l of lines) out.set(l.project_id, (out.get(l.project_id) ?? 0) + l.amount_fen);
    return out;
  }

  async function list(tenantId: string, projectId: string | null, now = new Date()) {
    let pq = db.selectFrom('projects').select(['id', 'name_zh']).where('tenant_id', '=', tenantId).where('enabled', '=', true);
    if (projectId) pq = pq.where('id', '=', projectId);
    const projects = await pq.orderBy('name_zh').execute();
    const limits = await db.selectFrom('project_limits').selectAll().where('tenant_id', '=', tenantId).execute();
    const spend = await spendByProject(tenantId, now);
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

  /** Warns once per month for each project whose spend crossed its limit. */
  async function check(tenantId: string, now = new Date()) {
    const limits = await db.selectFrom('project_limits').selectAll().where('tenant_id', '=', tenantId).execute();
    if (!limits.length) return [];
    const month = shanghaiDay(now).slice(0, 7);
    const spend = await spendByProject(tenantId, now);
    const warned: string[] = [];
    for (const l of limits) {
      const spent = spend.get(l.project_id) ?? 0;
      if (spent <= Number(l.monthly_limit_fen) || l.warned_month === month) continue;
      const r = await db
        .updateTable('project_limits')
        .set({ warned_month: month })
        .where('project_id', '=', l.project_id)
        .where((eb) => eb.or([eb('warned_month', 'is', null), eb('warned_month', '!=', month)]))
        .executeTakeFirst();
      if (Number(r.numUpdatedRows) !== 1) continue;
      const project = await db.selectFrom('projects').select('name_zh').where('id', '=', l.project_id).executeTakeFirst();
      const people = await db
        .selectFrom('memberships')
        .select('user_id')
        .where('tenant_id', '=', tenantId)
        .where((eb) => eb.or([eb('role', '=', 'tenant_admin'), eb.and([eb('role', '=', 'project_owner'), eb('project_id', '=', l.project_id)])]))
        .execute();
      await deps.notify.notify({
        tenantId,
        projectId: l.project_id,
        userIds: [...new Set(people.map((p) => p.user_id))],
        category: 'billing',
        messageKey: 'orders:messages.limit_crossed',
        params: { project: project?.name_zh ?? '', spent: fenToYuan(spent), limit: fenToYuan(Number(l.monthly_limit_fen)) },
        link: '/projectLimitManage',
        refId: l.project_id,
      });
      warned.push(l.project_id);
    }
    return warned;
  }

  async function set(tenantId: string, projectId: string, fen: number, userId: string, now = new Date()) {
    const values = { monthly_limit_fen: fen, updated_by: userId, updated_at: now, warned_month: null };
    await db
      .insertInto('project_limits')
      .values({ project_id: projectId, tenant_id: tenantId, ...values })
      .onConflict((oc) => oc.column('project_id').doUpdateSet(values))
      .execute();
    const warned = await check(tenantId, now);
    return { project_id: projectId, monthly_limit_fen: fen, warned: warned.includes(projectId) };
  }

  async function remove(tenantId: string, projectId: string) {
    await db.deleteFrom('project_limits').where('project_id', '=', projectId).where('tenant_id', '=', tenantId).execute();
    return { project_id: projectId, deleted: true };
  }

  /** Checks every tenant that has a limit (the scheduler's periodic pass). */
  async function checkAll(now = new Date()) {
    const tenants = await db.selectFrom('project_limits').select('tenant_id').distinct().execute();
    const warned: string[] = [];
    for (const t of tenants) warned.push(...(await check(t.tenant_id, now)));
    return warned;
  }

  return { list, set, remove, check, checkAll };
}
export type ProjectLimitService = ReturnType<typeof projectLimitService>;
