// Reading requests: the inbox and the tenant's list, one request's detail (levels, history,
// before/after), several details at once, and the visibility checks before a decision.
import { AppError, forbidden, notFound } from '../../domain/errors.ts';
import { can } from '../../domain/roles.ts';
import { splitMulti } from '../../domain/list-query.ts';
import { APPROVAL_STATUSES, DECIDED_STATUSES, OPEN_STATUSES, isOpen, isRuleRequest, type RequestType } from '../../domain/approvals/approval-status.ts';
import { approvalListQuerySchema } from '../../domain/approvals/approval.schema.ts';
import { isFinanceTenant, plannedEffectiveAt } from '../../domain/approvals/effective-time.ts';
import type { AuthUser } from '../platform/auth/auth-user.ts';
import { accessOf, rolesIn } from '../platform/auth/tenancy.repository.ts';
import type { ListSpec } from '../platform/lib/list.ts';
import {
  actionsOf,
  activeDelegators,
  listRequests,
  requestForCaller,
  requestsByIds,
  selfApprovingProcesses,
  targetResource,
  usersByIds,
  type RequestFilter,
  type RequestRow,
  type UserRef,
} from './approval.repository.ts';
import { actingFor, canSeeRow, selfDecisionAllowed, type Seer } from './approval-access.ts';
import type { ApprovalDeps } from './approval-state.ts';

const ms = (d: Date | string | null) => (d ? new Date(d).getTime() : 0);

function listSpec(defaultOrder: string): ListSpec {
  return {
    sortable: {
      created_at: 'approval_requests.created_at',
      updated_at: 'approval_requests.updated_at',
      level_entered_at: 'approval_requests.level_entered_at',
      estimated_cost_fen: 'approval_requests.estimated_cost_fen',
    },
    filters: {
      type: 'approval_requests.type',
      project_id: 'approval_requests.project_id',
      tenant_id: 'approval_requests.tenant_id',
      requester_id: 'approval_requests.requester_id',
      id: 'approval_requests.id',
    },
    defaultOrder,
    idColumn: 'approval_requests.id',
    search: { param: 'title', columns: ['approval_requests.title'] },
  };
}

function waitingSeconds(r: { status: string; level_entered_at: Date; created_at: Date; decided_at: Date | null }, now: Date): number {
  const end = isOpen(r.status) ? now.getTime() : ms(r.decided_at ?? now);
  const start = isOpen(r.status) ? ms(r.level_entered_at) : ms(r.created_at);
  return Math.max(0, Math.floor((end - start) / 1000));
}

/** 404 unless the caller may see the request (checked before a decision body is read); answers its cost (the step-up threshold). */
export async function assertVisible(deps: ApprovalDeps, user: AuthUser, id: string, now: Date): Promise<{ estimated_cost_fen: number }> {
  const found = await requestForCaller(deps.db, id, user.id, now);
  if (!found || !canSeeRow(user, accessOf(user), found.delegators, found.row)) throw notFound();
  return { estimated_cost_fen: Number(found.row.estimated_cost_fen) };
}

function statusFilter(status: string | undefined): string[] | null {
  if (status === 'pending') return [...OPEN_STATUSES];
  if (status === 'decided') return [...DECIDED_STATUSES];
  if (!status) return null;
  const statuses = splitMulti(status);
  const bad = statuses.find((s) => !(APPROVAL_STATUSES as readonly string[]).includes(s));
  if (bad) throw new AppError(400, 'validation', { field: 'status', rule: bad });
  return statuses;
}

/** GET /api/v1/approvals: the caller's inbox (mine) or the tenant's requests (global). */
export async function list(deps: ApprovalDeps, user: AuthUser, rawQuery: unknown, now: Date, opts: { tenantId?: string } = {}) {
  const q = approvalListQuerySchema.parse(rawQuery ?? {});
  const access = accessOf(user);
  const delegators = await activeDelegators(deps.db, user.id, now);
  const statuses = statusFilter(q.status);
  const filter: RequestFilter = { userId: user.id, access, delegators, tenantId: opts.tenantId };
  if (q.scope === 'mine') {
    if (q.status === 'pending') filter.mine = 'open';
    else if (q.status === 'decided') filter.mine = 'decided';
    else Object.assign(filter, { mine: 'both', statuses });
  } else {
    if (!access.allTenants) {
      const tenants = [...access.wholeTenants].filter((tid) => can(rolesIn(user, tid, null), 'read', 'approval'));
      if (tenants.length === 0) throw forbidden('no_permission');
      filter.tenantIds = tenants;
    }
    filter.statuses = statuses;
  }
  const order = q.status === 'pending' ? 'created_at' : q.status === 'decided' ? '-updated_at' : '-created_at';
  const page = await listRequests(deps.db, filter, q, listSpec(order), (r) => ({
    id: r.id,
    type: r.type,
    status: r.status,
    title: r.title,
    payload: r.payload,
    tenant_id: r.tenant_id,
    tenant_name: r.tenant_name,
    project_id: r.project_id,
    project_name: r.project_name,
    project_name_zh: r.project_name_zh,
    requester: { id: r.requester_id, account: r.requester_account, nickname: r.requester_nickname },
    estimated_cost_fen: Number(r.estimated_cost_fen),
    current_level: r.current_level,
    level_count: r.level_count,
    production: r.production,
    level_entered_at: r.level_entered_at,
    effective_at: r.effective_at,
    decided_at: r.decided_at,
    created_at: r.created_at,
    updated_at: r.updated_at,
    waiting_seconds: waitingSeconds(r, now),
    can_decide: isOpen(r.status) && actingFor(user.id, delegators, r) !== null,
    process_id: r.process_id,
  }));
  // One's own request is not one's to decide (unless the process allows it).
  const selfOk = await selfApprovingProcesses(
    deps.db,
    page.data.filter((r) => r.requester.id === user.id).map((r) => r.process_id),
  );
  const data = page.data.map(({ process_id: processId, ...r }) => ({
    ...r,
    can_decide: r.can_decide && (r.requester.id !== user.id || selfOk.has(processId ?? '')),
  }));
  return { ...page, data };
}

/**
 * GET /api/v1/approvals/details?ids=…: the details of several requests in one answer, in the order
 * asked, each exactly as GET /api/v1/approvals/{id} answers it; a request the caller cannot see (or
 * that does not exist) is left out, as its own GET would answer 404. The inbox keeps the open ones
 * readable offline with one request instead of one per card.
 */
export async function details(deps: ApprovalDeps, user: AuthUser, ids: readonly string[], now: Date) {
  // Who the caller may see and act for is looked up once for the whole list, not once per request.
  const seer: Seer = { access: accessOf(user), delegators: await activeDelegators(deps.db, user.id, now) };
  const out: Awaited<ReturnType<typeof detail>>[] = [];
  for (const id of ids) {
    try {
      out.push(await detail(deps, user, id, now, seer));
    } catch (err) {
      if (!(err instanceof AppError) || err.status !== 404) throw err;
    }
  }
  return { data: out };
}

function levelsOf(row: RequestRow, refs: (ids: string[]) => UserRef[]) {
  const open = isOpen(row.status);
  const rejected = row.status === 'rejected' || row.status === 'expansion_rejected';
  return row.levels.map((l, i) => {
    const n = i + 1;
    let state: string;
    if (open) state = n < row.current_level ? 'approved' : n === row.current_level ? 'current' : 'waiting';
    else if (rejected) state = n < row.current_level ? 'approved' : n === row.current_level ? 'rejected' : 'skipped';
    else state = row.level_count === 0 ? 'skipped' : 'approved';
    return { level: n, name: l.name, escalate_after_hours: l.escalate_after_hours, approvers: refs(l.approver_ids), state };
  });
}

/** What the request changes: a rule, a resource (purchase, expansion) or a quota, with before/after. */
async function subjectOf(deps: ApprovalDeps, row: RequestRow, businessType: string) {
  const type = row.type as RequestType;
  const { rule_id: _ruleId, ...after } = row.payload as Record<string, unknown>;
  let rule = null;
  let resource = null;
  let quota = null;
  if (isRuleRequest(type) && row.target_id) {
    // The rule is a resource of its kind (firewall_policy, snat_rule, dnat_rule).
    const r = await targetResource(deps.db, row.target_id, row.tenant_id);
    const financeProduction = row.production && isFinanceTenant(businessType);
    const issuedAt = (r?.spec as Record<string, unknown> | undefined)?.issued_at;
    rule = {
      id: row.target_id,
      kind: r?.kind ?? type,
      name: r?.name ?? null,
      status: r?.status ?? null,
      effective_at: row.effective_at,
      issued_at: typeof issuedAt === 'string' ? issuedAt : null,
      planned_effective_at: isOpen(row.status) ? plannedEffectiveAt(type, new Date(row.created_at), financeProduction) : null,
      finance_production: financeProduction,
      before: (row.before?.spec as Record<string, unknown> | undefined) ?? null,
      after,
    };
  } else if ((type === 'resource_purchase' || type === 'resource_expansion') && row.target_id) {
    const r = await targetResource(deps.db, row.target_id, row.tenant_id);
    resource = {
      ...(r ?? { id: row.target_id, status: null }),
      ...(type === 'resource_expansion'
        ? { before: (row.before?.spec as Record<string, unknown> | undefined) ?? null, after: (row.payload as { spec: unknown }).spec }
        : {}),
    };
  } else if (type === 'quota_change') {
    quota = {
      quota_key: (row.payload as { quota_key: string }).quota_key,
      before: (row.before?.value as number | null | undefined) ?? null,
      after: (row.payload as { value: number }).value,
    };
  }
  return { rule, resource, quota };
}

/** GET /api/v1/approvals/{id}: the request, its levels, history and before/after. */
export async function detail(deps: ApprovalDeps, user: AuthUser, id: string, now: Date, seer?: Seer) {
  const access = seer?.access ?? accessOf(user);
  // The request with the caller's delegations and its project's and tenant's names: one statement.
  const found = await requestForCaller(deps.db, id, user.id, now);
  const delegators = seer?.delegators ?? found?.delegators ?? [];
  if (!found || !canSeeRow(user, access, delegators, found.row)) throw notFound();
  const { row, project, tenant } = found;
  const actions = await actionsOf(deps.db, id);
  const users = await usersByIds(deps.db, [
    row.requester_id,
    row.decided_by,
    row.decided_on_behalf_of,
    ...row.levels.flatMap((l) => l.approver_ids),
    ...(row.current_approver_ids ?? []),
    ...actions.flatMap((a) => [a.actor_id, a.on_behalf_of]),
  ]);
  const ref = (uid: string | null) => (uid ? (users.get(uid) ?? null) : null);
  const refs = (ids: string[]) => ids.map((uid) => users.get(uid)).filter((u): u is UserRef => !!u);
  const open = isOpen(row.status);
  const subject = await subjectOf(deps, row, tenant.business_type);
  return {
    id: row.id,
    type: row.type,
    status: row.status,
    title: row.title,
    payload: row.payload,
    tenant_id: row.tenant_id,
    tenant_name: tenant.name,
    project_id: row.project_id,
    project_name: project.name,
    project_name_zh: project.name_zh,
    requester: ref(row.requester_id),
    estimated_cost_fen: Number(row.estimated_cost_fen),
    production: row.production,
    current_level: row.current_level,
    level_count: row.level_count,
    current_approvers: open ? refs(row.current_approver_ids ?? []) : [],
    escalated_to_admins: row.escalated_to_admins,
    level_entered_at: row.level_entered_at,
    escalate_after_hours: row.escalate_after_hours,
    waiting_seconds: waitingSeconds(row, now),
    created_at: row.created_at,
    updated_at: row.updated_at,
    decided_at: row.decided_at,
    effective_at: row.effective_at,
    decided_by: ref(row.decided_by),
    decided_on_behalf_of: ref(row.decided_on_behalf_of),
    reject_reason: row.reject_reason,
    can_decide: open && actingFor(user.id, delegators, row) !== null && (await selfDecisionAllowed(deps.db, row, user.id)),
    levels: levelsOf(row, refs),
    history: actions.map((a) => ({
      id: a.id,
      action: a.action,
      level: a.level,
      actor: ref(a.actor_id),
      on_behalf_of: ref(a.on_behalf_of),
      comment: a.comment,
      created_at: a.created_at,
    })),
    ...subject,
  };
}

/**
 * The requests among `ids` the caller may see, with their costs (the step-up threshold): the
 * batch's pre-check, one statement for all (the decision checks again under its lock).
 */
export async function visibleForDecision(
  deps: ApprovalDeps,
  user: AuthUser,
  ids: string[],
  now: Date,
): Promise<Map<string, { estimated_cost_fen: number; title: string; type: string; payload: unknown; tenant_id: string; project_id: string }>> {
  const out = new Map<string, { estimated_cost_fen: number; title: string; type: string; payload: unknown; tenant_id: string; project_id: string }>();
  if (!ids.length) return out;
  const [rows, delegators] = await Promise.all([requestsByIds(deps.db, ids), activeDelegators(deps.db, user.id, now)]);
  const access = accessOf(user);
  for (const row of rows)
    if (canSeeRow(user, access, delegators, row))
      out.set(row.id, {
        estimated_cost_fen: Number(row.estimated_cost_fen),
        title: row.title,
        type: row.type,
        payload: row.payload,
        tenant_id: row.tenant_id,
        project_id: row.project_id,
      });
  return out;
}
