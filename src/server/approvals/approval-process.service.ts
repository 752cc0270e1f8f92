// Approval processes (approvalManage / approvalAdd) and delegations. Approvers are imported as
// accounts; only accounts of the tenant's members are accepted, the rest are refused by name
// (an outsider's account is reported as unknown, which reveals nothing about other tenants).
import { sql, type SqlBool } from 'kysely';
import { AppError, notFound } from '../../domain/errors.ts';
import { newId } from '../../domain/ids.ts';
import type { ApprovalProcessInput } from '../../domain/approvals/approval.schema.ts';
import { delegationWindow } from '../../domain/approvals/approval.schema.ts';
import type { Db } from '../db/database.ts';
import type { ApprovalLevelSnapshot } from '../db/tables.ts';
import { runList, type ListSpec } from '../lib/list.ts';
import { loadUsers, type UserRef } from './approval.service.ts';

const PROCESS_LIST: ListSpec = {
  sortable: { name: 'approval_processes.name', created_at: 'approval_processes.created_at', updated_at: 'approval_processes.updated_at' },
  filters: { project_id: 'approval_processes.project_id', id: 'approval_processes.id' },
  booleanFilters: { enabled: 'approval_processes.enabled', production: 'approval_processes.production' },
  defaultOrder: '-created_at',
  idColumn: 'approval_processes.id',
  search: { param: 'name', columns: ['approval_processes.name'] },
};

/** Users of these accounts who belong to the tenant (or hold a platform role). */
export async function membersByAccount(db: Db, tenantId: string, accounts: string[]): Promise<{ found: Map<string, UserRef>; unknown: string[] }> {
  const found = new Map<string, UserRef>();
  if (accounts.length) {
    const rows = await db
      .selectFrom('users')
      .select(['users.id', 'users.account', 'users.nickname'])
      .where('users.account', 'in', accounts)
      .where('users.locked', '=', false)
      .where((eb) =>
        eb.exists(
          eb
            .selectFrom('memberships')
            .select(sql`1`.as('one'))
            .whereRef('memberships.user_id', '=', 'users.id')
            .where((m) =>
              m.or([
                m('memberships.tenant_id', '=', tenantId),
                m.and([m('memberships.tenant_id', 'is', null), m('memberships.role', 'in', ['super_admin', 'ops_admin'])]),
              ]),
            ),
        ),
      )
      .execute();
    for (const r of rows) found.set(r.account, r);
  }
  return { found, unknown: accounts.filter((a) => !found.has(a)) };
}

async function resolveLevels(db: Db, tenantId: string, input: ApprovalProcessInput): Promise<ApprovalLevelSnapshot[]> {
  const accounts = [...new Set(input.levels.flatMap((l) => l.approvers))];
  const { found, unknown } = await membersByAccount(db, tenantId, accounts);
  if (unknown.length) throw new AppError(400, 'approval_unknown_accounts', { accounts: unknown.join(', ') });
  return input.levels.map((l) => ({
    name: l.name ?? null,
    approver_ids: l.approvers.map((a) => found.get(a)!.id),
    escalate_after_hours: l.escalate_after_hours,
  }));
}

export function approvalProcessService(db: Db) {
  async function checkProject(tenantId: string, projectId: string | null) {
    if (!projectId) return;
    const p = await db.selectFrom('projects').select('tenant_id').where('id', '=', projectId).executeTakeFirst();
    if (!p || p.tenant_id !== tenantId) throw notFound();
  }

  /** One process per (project, request type): a second one would make the choice ambiguous. */
  async function checkTypesFree(tenantId: string, projectId: string | null, types: string[], exceptId: string | null) {
    let qb = db.selectFrom('approval_processes').select(['id', 'request_types']).where('tenant_id', '=', tenantId);
    qb = projectId ? qb.where('project_id', '=', projectId) : qb.where('project_id', 'is', null);
    if (exceptId) qb = qb.where('id', '!=', exceptId);
    const taken = new Set((await qb.execute()).flatMap((r) => r.request_types));
    const clash = types.filter((t) => taken.has(t));
    if (clash.length) throw new AppError(409, 'approval_process_type_taken', { types: clash.join(', ') });
  }

  async function present(rows: Awaited<ReturnType<typeof loadOne>>[]) {
    const list = rows.filter((r): r is NonNullable<typeof r> => !!r);
    const users = await loadUsers(
      db,
      list.flatMap((r) => r.levels.flatMap((l) => l.approver_ids)),
    );
    return list.map((r) => ({
      id: r.id,
      tenant_id: r.tenant_id,
      project_id: r.project_id,
      project_name: r.project_name ?? null,
      project_name_zh: r.project_name_zh ?? null,
      name: r.name,
      description: r.description,
      request_types: r.request_types,
      production: r.production,
      enabled: r.enabled,
      allow_self_approval: r.allow_self_approval,
      levels: r.levels.map((l, i) => ({
        level: i + 1,
        name: l.name,
        escalate_after_hours: l.escalate_after_hours,
        approvers: l.approver_ids.map((id) => users.get(id)).filter((u): u is UserRef => !!u),
      })),
      created_at: r.created_at,
      updated_at: r.updated_at,
    }));
  }

  const COLUMNS = [
    'approval_processes.id',
    'approval_processes.tenant_id',
    'approval_processes.project_id',
    'projects.name as project_name',
    'projects.name_zh as project_name_zh',
    'approval_processes.name',
    'approval_processes.description',
    'approval_processes.request_types',
    'approval_processes.production',
    'approval_processes.enabled',
    'approval_processes.allow_self_approval',
    'approval_processes.levels',
    'approval_processes.created_at',
    'approval_processes.updated_at',
  ] as const;
  const base = (tenantId: string) =>
    db
      .selectFrom('approval_processes')
      .leftJoin('projects', 'projects.id', 'approval_processes.project_id')
      .where('approval_processes.tenant_id', '=', tenantId);
  function loadOne(tenantId: string, id: string) {
    return base(tenantId)
      .select([...COLUMNS])
      .where('approval_processes.id', '=', id)
      .executeTakeFirst();
  }

  const service = {
    async list(tenantId: string, query: unknown) {
      const page = await runList(base(tenantId), (qb) => qb.select([...COLUMNS]), query, PROCESS_LIST);
      return { ...page, data: await present(page.data as Awaited<ReturnType<typeof loadOne>>[]) };
    },
    async get(tenantId: string, id: string) {
      const row = await loadOne(tenantId, id);
      if (!row) throw notFound();
      return (await present([row]))[0]!;
    },
    async create(tenantId: string, userId: string, input: ApprovalProcessInput, now: Date) {
      await checkProject(tenantId, input.project_id);
      const levels = await resolveLevels(db, tenantId, input);
      await checkTypesFree(tenantId, input.project_id, input.request_types, null);
      const id = newId();
      await db
        .insertInto('approval_processes')
        .values({
          id,
          tenant_id: tenantId,
          project_id: input.project_id,
          name: input.name,
          description: input.description ?? null,
          request_types: JSON.stringify(input.request_types),
          levels: JSON.stringify(levels),
          production: input.production,
          enabled: input.enabled,
          allow_self_approval: input.allow_self_approval,
          created_by: userId,
          created_at: now,
          updated_at: now,
        })
        .execute();
      return service.get(tenantId, id);
    },
    async update(tenantId: string, id: string, input: ApprovalProcessInput, now: Date) {
      const existing = await db.selectFrom('approval_processes').select('id').where('id', '=', id).where('tenant_id', '=', tenantId).executeTakeFirst();
      if (!existing) throw notFound();
      await checkProject(tenantId, input.project_id);
      const levels = await resolveLevels(db, tenantId, input);
      await checkTypesFree(tenantId, input.project_id, input.request_types, id);
      // Open requests keep the levels they were submitted with.
      await db
        .updateTable('approval_processes')
        .set({
          project_id: input.project_id,
          name: input.name,
          description: input.description ?? null,
          request_types: JSON.stringify(input.request_types),
          levels: JSON.stringify(levels),
          production: input.production,
          enabled: input.enabled,
          allow_self_approval: input.allow_self_approval,
          updated_at: now,
        })
        .where('id', '=', id)
        .execute();
      return service.get(tenantId, id);
    },
    async remove(tenantId: string, id: string) {
      const res = await db.deleteFrom('approval_processes').where('id', '=', id).where('tenant_id', '=', tenantId).executeTakeFirst();
      if (Number(res.numDeletedRows) === 0) throw notFound();
    },
  };
  return service;
}
export type ApprovalProcessService = ReturnType<typeof approvalProcessService>;

export function delegationService(db: Db) {
  const present = async (
    rows: { id: string; tenant_id: string; delegator_id: string; delegate_id: string; starts_at: Date; ends_at: Date; created_at: Date }[],
    now: Date,
  ) => {
    const users = await loadUsers(
      db,
      rows.flatMap((r) => [r.delegator_id, r.delegate_id]),
    );
    const day = (d: Date) => new Date(new Date(d).getTime() + 8 * 3600_000).toISOString().slice(0, 10);
    return rows.map((r) => ({
      id: r.id,
      tenant_id: r.tenant_id,
      delegator: users.get(r.delegator_id) ?? null,
      delegate: users.get(r.delegate_id) ?? null,
      start_date: day(r.starts_at),
      end_date: day(new Date(new Date(r.ends_at).getTime() - 1)),
      starts_at: r.starts_at,
      ends_at: r.ends_at,
      active: new Date(r.starts_at) <= now && new Date(r.ends_at) > now,
      created_at: r.created_at,
    }));
  };
  return {
    async create(tenantId: string, delegatorId: string, input: { delegate: string; start_date: string; end_date: string }, now: Date) {
      const { found, unknown } = await membersByAccount(db, tenantId, [input.delegate]);
      if (unknown.length) throw new AppError(400, 'approval_unknown_accounts', { accounts: unknown.join(', ') });
      const delegate = found.get(input.delegate)!;
      if (delegate.id === delegatorId) throw new AppError(400, 'delegate_self');
      const { startsAt, endsAt } = delegationWindow(input.start_date, input.end_date);
      if (endsAt <= now) throw new AppError(400, 'delegation_in_past');
      const overlap = await db
        .selectFrom('approval_delegations')
        .select('id')
        .where('tenant_id', '=', tenantId)
        .where('delegator_id', '=', delegatorId)
        .where('starts_at', '<', endsAt)
        .where('ends_at', '>', startsAt)
        .executeTakeFirst();
      if (overlap) throw new AppError(409, 'delegation_overlap');
      const row = {
        id: newId(),
        tenant_id: tenantId,
        delegator_id: delegatorId,
        delegate_id: delegate.id,
        starts_at: startsAt,
        ends_at: endsAt,
        created_at: now,
      };
      await db.insertInto('approval_delegations').values(row).execute();
      return (await present([row], now))[0]!;
    },
    async list(userId: string, query: Record<string, unknown>, now: Date) {
      let qb = db.selectFrom('approval_delegations').selectAll();
      if (query.role === 'delegator') qb = qb.where('delegator_id', '=', userId);
      else if (query.role === 'delegate') qb = qb.where('delegate_id', '=', userId);
      else qb = qb.where((eb) => eb.or([eb('delegator_id', '=', userId), eb('delegate_id', '=', userId)]));
      if (query.active === 'true') qb = qb.where('ends_at', '>', now).where(sql<SqlBool>`starts_at <= ${now}`);
      if (typeof query.tenant_id === 'string') qb = qb.where('tenant_id', '=', query.tenant_id);
      const rows = await qb.orderBy('starts_at', 'desc').orderBy('id').limit(200).execute();
      const data = await present(rows, now);
      return { count: data.length, data };
    },
    async remove(userId: string, id: string) {
      const res = await db.deleteFrom('approval_delegations').where('id', '=', id).where('delegator_id', '=', userId).executeTakeFirst();
      if (Number(res.numDeletedRows) === 0) throw notFound();
    },
  };
}
export type DelegationService = ReturnType<typeof delegationService>;
