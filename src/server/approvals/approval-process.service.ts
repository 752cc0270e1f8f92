// Approval processes (approvalManage / approvalAdd) and delegations. Approvers are imported as
// accounts; only accounts of the tenant's members are accepted, the rest are refused by name
// (an outsider's account is reported as unknown, which reveals nothing about other tenants).
import { AppError, notFound } from '../../domain/errors.ts';
import { newId } from '../../domain/ids.ts';
import type { ApprovalProcessInput } from '../../domain/approvals/approval.schema.ts';
import { delegationWindow } from '../../domain/approvals/approval.schema.ts';
import type { Db } from '../platform/db/database.ts';
import type { ApprovalLevelSnapshot } from '../platform/db/tables.ts';
import { loadUsers, type UserRef } from './approval-state.ts';
import {
  deleteDelegation,
  deleteProcess,
  delegationOverlaps,
  delegationsOf,
  insertDelegation,
  insertProcess,
  listProcesses,
  membersByAccount,
  processById,
  processExists,
  processTypesTaken,
  projectTenant,
  updateProcess,
} from './approval.repository.ts';

export { membersByAccount } from './approval.repository.ts';

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
    const p = await projectTenant(db, projectId);
    if (!p || p.tenant_id !== tenantId) throw notFound();
  }

  /** One process per (project, request type): a second one would make the choice ambiguous. */
  async function checkTypesFree(tenantId: string, projectId: string | null, types: string[], exceptId: string | null) {
    const taken = new Set(await processTypesTaken(db, tenantId, projectId, exceptId));
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

  const loadOne = (tenantId: string, id: string) => processById(db, tenantId, id);

  const service = {
    async list(tenantId: string, query: unknown) {
      const page = await listProcesses(db, tenantId, query);
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
      await insertProcess(db, {
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
      });
      return service.get(tenantId, id);
    },
    async update(tenantId: string, id: string, input: ApprovalProcessInput, now: Date) {
      if (!(await processExists(db, tenantId, id))) throw notFound();
      await checkProject(tenantId, input.project_id);
      const levels = await resolveLevels(db, tenantId, input);
      await checkTypesFree(tenantId, input.project_id, input.request_types, id);
      // Open requests keep the levels they were submitted with.
      await updateProcess(db, id, {
        project_id: input.project_id,
        name: input.name,
        description: input.description ?? null,
        request_types: JSON.stringify(input.request_types),
        levels: JSON.stringify(levels),
        production: input.production,
        enabled: input.enabled,
        allow_self_approval: input.allow_self_approval,
        updated_at: now,
      });
      return service.get(tenantId, id);
    },
    async remove(tenantId: string, id: string) {
      if (!(await deleteProcess(db, tenantId, id))) throw notFound();
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
      if (await delegationOverlaps(db, tenantId, delegatorId, startsAt, endsAt)) throw new AppError(409, 'delegation_overlap');
      const row = {
        id: newId(),
        tenant_id: tenantId,
        delegator_id: delegatorId,
        delegate_id: delegate.id,
        starts_at: startsAt,
        ends_at: endsAt,
        created_at: now,
      };
      await insertDelegation(db, row);
      return (await present([row], now))[0]!;
    },
    async list(userId: string, query: Record<string, unknown>, now: Date) {
      const rows = await delegationsOf(db, userId, query, now);
      const data = await present(rows, now);
      return { count: data.length, data };
    },
    async remove(userId: string, id: string) {
      if (!(await deleteDelegation(db, userId, id))) throw notFound();
    },
  };
}
export type DelegationService = ReturnType<typeof delegationService>;
