// Creating a request: inside the caller's transaction (the approvals API, or the resource engine
// buying or resizing in a project that needs approval). Without a process the request needs no
// approval and its effect applies at once.
import { AppError, forbidden, notFound } from '../../domain/errors.ts';
import { newId } from '../../domain/ids.ts';
import { can } from '../../domain/roles.ts';
import { entityOfKind } from '../../domain/kinds/registry.ts';
import { initialStatus, type ApprovalStatus, type RequestType } from '../../domain/approvals/approval-status.ts';
import type { CreateRequestInput } from '../../domain/approvals/approval.schema.ts';
import { requestTitle } from '../../domain/approvals/approval-summary.ts';
import { summarySubject } from '../../domain/approvals/request-summary.ts';
import type { ApprovalLevelSnapshot } from '../platform/db/tables.ts';
import type { AuthUser } from '../platform/auth/auth-user.ts';
import type { Scope } from '../platform/auth/scope.ts';
import { accessOf, canSeeProject, rolesIn } from '../platform/auth/tenancy.repository.ts';
import { effectEnv, effectOf, type ApprovalEffects } from './approval-effects.ts';
import { APPROVAL_EVENTS, publish, type PendingEvent } from './approval-events.ts';
import { findApprovalProcess, insertActions, insertRequest, projectTenant, requestById, updateRequest, type Exec } from './approval.repository.ts';
import { unique } from './approval-access.ts';
import { assertTransition, decisionContext, eventWithDelegates, notifyApprovers, runAfterCommit, type ApprovalDeps } from './approval-state.ts';
import { detail } from './approval-queries.ts';

export interface SubmitArgs {
  user: Pick<AuthUser, 'id' | 'nickname'>;
  tenantId: string;
  projectId: string;
  type: RequestType;
  payload: Record<string, unknown>;
  now: Date;
  /** the app's effects of each request type */
  effects: ApprovalEffects;
  /** filled with the events to publish after commit */
  events: PendingEvent[];
  /** filled with the effects' post-commit work (resource events) */
  after: (() => Promise<void>)[];
}

/** A system line of a request's history (no actor). */
export const systemAction = (requestId: string, tenantId: string, level: number, action: string, now: Date, comment: string | null = null) => ({
  id: newId(),
  request_id: requestId,
  tenant_id: tenantId,
  level,
  action,
  actor_id: null,
  on_behalf_of: null,
  comment,
  created_at: now,
});

/**
 * Creates a request inside the caller's transaction. Without a process the request needs no
 * approval and its effect applies at once. The caller publishes `events` and runs `after` once
 * the transaction has committed.
 */
export async function submitRequest(trx: Exec, a: SubmitArgs): Promise<{ id: string; status: ApprovalStatus; needsApproval: boolean }> {
  const { tenantId, projectId, type, payload, now, user, events } = a;
  const id = newId();
  const process = await findApprovalProcess(trx, tenantId, projectId, type);
  const levels: ApprovalLevelSnapshot[] = process ? process.levels : [];
  const needsApproval = levels.length > 0;
  const effect = effectOf(a.effects, type);
  const sub = await effect.submit({ trx, now, requestId: id, type, tenantId, projectId, requesterId: user.id, payload, env: effectEnv(a.after) });
  const status = initialStatus(type, needsApproval);
  const first = levels[0];
  const row = {
    id,
    tenant_id: tenantId,
    project_id: projectId,
    type,
    status,
    title: requestTitle(type, payload, { resourceName: sub.resourceName }),
    payload: JSON.stringify(payload),
    before: sub.before ? JSON.stringify(sub.before) : null,
    requester_id: user.id,
    process_id: process?.id ?? null,
    production: process?.production ?? false,
    estimated_cost_fen: sub.estimatedCostFen ?? 0,
    levels: JSON.stringify(levels),
    level_count: levels.length,
    current_level: needsApproval ? 1 : 0,
    current_approver_ids: JSON.stringify(first?.approver_ids ?? []),
    participant_ids: JSON.stringify(unique(levels.flatMap((l) => l.approver_ids))),
    level_entered_at: now,
    escalate_after_hours: first?.escalate_after_hours ?? null,
    target_id: sub.targetId ?? null,
    created_at: now,
    updated_at: now,
  };
  await insertRequest(trx, row);
  await insertActions(trx, [{ ...systemAction(id, tenantId, row.current_level, 'submitted', now), actor_id: user.id }]);
  if (needsApproval) {
    events.push({ name: APPROVAL_EVENTS.created, payload: await eventWithDelegates(trx, row, status, 1, first!.approver_ids, now) });
    const msg = {
      category: 'approval',
      messageKey: 'new_request',
      // the sentence's values ride along, so each reader's language renders it (request-summary.ts)
      params: { requester: user.nickname, title: row.title, ...summarySubject(type, payload, { resourceName: sub.resourceName }), type },
      link: `/selfApprovalDetail/${id}`,
      refId: id,
    };
    events.push(...(await notifyApprovers(trx, tenantId, first!.approver_ids, msg, now)));
    return { id, status, needsApproval };
  }
  const saved = (await requestById(trx, id))!;
  const res = await effect.approve(decisionContext(trx, saved, now, a.after));
  const final: ApprovalStatus = res.status === 'approved' ? 'no_approval_needed' : res.status;
  assertTransition(status, final);
  await updateRequest(trx, id, { status: final, effective_at: res.effectiveAt ?? null, updated_at: now });
  if (res.status === 'dispatch_failed') await insertActions(trx, [systemAction(id, tenantId, 0, 'effect_failed', now)]);
  return { id, status: final, needsApproval };
}

/** Creates a request of any type; without a process it needs no approval and applies at once. */
export async function submit(deps: ApprovalDeps, user: AuthUser, scope: Scope, input: CreateRequestInput, now: Date) {
  const access = accessOf(user);
  const projectId = input.project_id ?? scope.projectId;
  if (!projectId) throw new AppError(400, 'scope_required');
  if (!canSeeProject(access, scope.tenantId, projectId)) throw notFound();
  const project = await projectTenant(deps.db, projectId);
  if (!project || project.tenant_id !== scope.tenantId) throw notFound();
  // a purchase of a kind with its own entity (a cloud account) needs that entity's create permission
  const kind = input.type === 'resource_purchase' ? (input.payload as { kind?: unknown }).kind : undefined;
  const entity = typeof kind === 'string' ? entityOfKind(kind) : 'resource';
  if (!can(rolesIn(user, scope.tenantId, projectId), 'create', entity)) throw forbidden('no_permission');
  const events: PendingEvent[] = [];
  const after: (() => Promise<void>)[] = [];
  const { id } = await deps.db.transaction().execute((trx) =>
    submitRequest(trx, {
      user,
      tenantId: scope.tenantId,
      projectId,
      type: input.type,
      payload: input.payload as Record<string, unknown>,
      now,
      effects: deps.effects,
      events,
      after,
    }),
  );
  publish(deps.bus, deps.db, events);
  await runAfterCommit(after);
  return detail(deps, user, id, now);
}
