// Decisions: one at a time under a row lock, several of one caller in one transaction (the offline
// replay, ADR 0032), and the inbox's batch approve. Every rule of a decision is in `decideLocked`.
import { AppError, forbidden, notFound } from '../../domain/errors.ts';
import { newId } from '../../domain/ids.ts';
import { afterApprove, afterReject, isOpen, type ApprovalStatus, type RequestType } from '../../domain/approvals/approval-status.ts';
import type { AuthUser } from '../platform/auth/auth-user.ts';
import { accessOf } from '../platform/auth/tenancy.repository.ts';
import { effectOf } from './approval-effects.ts';
import { APPROVAL_EVENTS, publish, type PendingEvent } from './approval-events.ts';
import { sendSiteMessages } from './site-message.service.ts';
import {
  activeDelegators,
  insertActions,
  requestById,
  requestForCaller,
  requestsByIds,
  rollbackToSavepoint,
  savepoint,
  updateRequest,
  usersByIds,
  type Delegator,
  type Exec,
  type RequestRow,
} from './approval.repository.ts';
import { actingFor, canSeeRow, delegatesOf, deputiesMemo, primeDeputies, selfDecisionAllowed, unique } from './approval-access.ts';
import {
  ApprovalConflict,
  assertTransition,
  currentState,
  decisionContext,
  eventOf,
  eventWithDelegates,
  notifyApprovers,
  runAfterCommit,
  type ApprovalDeps,
  type CurrentState,
} from './approval-state.ts';
import { systemAction } from './approval-create.ts';

export type Decision = ({ action: 'approve'; comment?: string } | { action: 'reject'; reason: string }) & { level?: number };
export type DecisionResult = { id: string; status: string; current_level: number };
type Out = { events: PendingEvent[]; after: (() => Promise<void>)[]; inTransaction?: (trx: Exec) => Promise<void> };

/** What every step of one decision shares, inside its transaction. */
interface DecisionStep extends Out {
  deps: ApprovalDeps;
  trx: Exec;
  row: RequestRow;
  user: AuthUser;
  acting: { onBehalfOf: string | null };
  action: { id: string; request_id: string; tenant_id: string; level: number; actor_id: string; on_behalf_of: string | null; created_at: Date };
  participants: string;
  now: Date;
}

/** The requester hears of the final decision; the events go to the level's approvers and their deputies. */
async function finalNotice(step: DecisionStep, status: string, messageKey: string, params: Record<string, string | number>) {
  const { trx, row, now, events } = step;
  events.push({
    name: APPROVAL_EVENTS.decided,
    payload: { ...eventOf(row, status, row.current_level, []), delegate_ids: await delegatesOf(trx, row.tenant_id, row.current_approver_ids ?? [], now) },
  });
  const msg = { tenantId: row.tenant_id, category: 'approval', messageKey, params, link: `/selfApprovalDetail/${row.id}`, refId: row.id };
  events.push(...(await sendSiteMessages(trx, [row.requester_id], msg, now)));
}

async function rejectStep(step: DecisionStep, reason: string): Promise<DecisionResult> {
  const { deps, trx, row, user, acting, action, participants, now, after } = step;
  const status = afterReject({ type: row.type as RequestType, status: row.status as ApprovalStatus })!;
  assertTransition(row.status, status);
  await effectOf(deps.effects, row.type as RequestType).reject(decisionContext(trx, row, now, after));
  await updateRequest(trx, row.id, {
    status,
    decided_at: now,
    decided_by: user.id,
    decided_on_behalf_of: acting.onBehalfOf,
    reject_reason: reason,
    current_approver_ids: '[]',
    participant_ids: participants,
    updated_at: now,
  });
  await insertActions(trx, [{ ...action, action: 'rejected', comment: reason }]);
  await finalNotice(step, status, 'request_rejected', { type: row.type, title: row.title, reason: reason, approver: user.nickname });
  await step.inTransaction?.(trx);
  return { id: row.id, status, current_level: row.current_level };
}

async function nextLevelStep(step: DecisionStep, outcome: { status: ApprovalStatus; level: number }): Promise<DecisionResult> {
  const { trx, row, user, now, events } = step;
  const id = row.id;
  assertTransition(row.status, outcome.status);
  const next = row.levels[outcome.level - 1]!;
  await updateRequest(trx, id, {
    status: outcome.status,
    current_level: outcome.level,
    current_approver_ids: JSON.stringify(next.approver_ids),
    participant_ids: JSON.stringify(unique([...(row.participant_ids ?? []), user.id, ...next.approver_ids])),
    level_entered_at: now,
    escalate_after_hours: next.escalate_after_hours,
    updated_at: now,
  });
  events.push({ name: APPROVAL_EVENTS.decided, payload: await eventWithDelegates(trx, row, outcome.status, outcome.level, next.approver_ids, now) });
  const requester = (await usersByIds(trx, [row.requester_id])).get(row.requester_id);
  const msg = {
    category: 'approval',
    messageKey: 'new_request',
    params: { requester: requester?.nickname ?? '', type: row.type, title: row.title },
    link: `/selfApprovalDetail/${id}`,
    refId: id,
  };
  events.push(...(await notifyApprovers(trx, row.tenant_id, next.approver_ids, msg, now)));
  await step.inTransaction?.(trx);
  return { id, status: outcome.status, current_level: outcome.level };
}

async function approveStep(step: DecisionStep, comment: string | undefined): Promise<DecisionResult> {
  const { deps, trx, row, user, acting, action, participants, now, after } = step;
  const outcome = afterApprove({
    type: row.type as RequestType,
    status: row.status as ApprovalStatus,
    currentLevel: row.current_level,
    levelCount: row.level_count,
  })!;
  await insertActions(trx, [{ ...action, action: 'approved', comment: comment ?? null }]);
  if (outcome.kind === 'next_level') return nextLevelStep(step, outcome);
  const res = await effectOf(deps.effects, row.type as RequestType).approve(decisionContext(trx, row, now, after));
  assertTransition(row.status, res.status);
  await updateRequest(trx, row.id, {
    status: res.status,
    decided_at: now,
    decided_by: user.id,
    decided_on_behalf_of: acting.onBehalfOf,
    effective_at: res.effectiveAt ?? null,
    current_approver_ids: '[]',
    participant_ids: participants,
    updated_at: now,
  });
  if (res.status === 'dispatch_failed') await insertActions(trx, [systemAction(row.id, row.tenant_id, row.current_level, 'effect_failed', now)]);
  await finalNotice(step, res.status, 'request_approved', { type: row.type, title: row.title, approver: user.nickname });
  await step.inTransaction?.(trx);
  return { id: row.id, status: res.status, current_level: row.current_level };
}

/**
 * The decision itself, inside the caller's transaction, on the request's row already locked
 * (`row`, read with FOR UPDATE by the caller). Every check of a decision is here, so the lone
 * decision and the batch cannot drift apart. Throws before it writes anything when the request is
 * not the caller's to decide (404, 409 with the current state, 403 for one's own request).
 */
export async function decideLocked(
  deps: ApprovalDeps,
  trx: Exec,
  user: AuthUser,
  delegators: Delegator[],
  row: RequestRow | undefined,
  decision: Decision,
  now: Date,
  out: Out,
): Promise<DecisionResult> {
  if (!row || !canSeeRow(user, accessOf(user), delegators, row)) throw notFound();
  if (!isOpen(row.status)) throw new ApprovalConflict('approval_already_decided', await currentState(trx, row));
  const acting = actingFor(user.id, delegators, row);
  if (!acting) throw new ApprovalConflict('approval_not_current_approver', await currentState(trx, row));
  if (!(await selfDecisionAllowed(trx, row, user.id))) throw forbidden('approval_self_decision');
  if (decision.level !== undefined && decision.level !== row.current_level) throw new ApprovalConflict('approval_level_changed', await currentState(trx, row));
  const participants = JSON.stringify(unique([...(row.participant_ids ?? []), user.id]));
  const action = {
    id: newId(),
    request_id: row.id,
    tenant_id: row.tenant_id,
    level: row.current_level,
    actor_id: user.id,
    on_behalf_of: acting.onBehalfOf,
    created_at: now,
  };
  const step: DecisionStep = { deps, trx, row, user, acting, action, participants, now, ...out };
  if (decision.action === 'reject') return rejectStep(step, decision.reason);
  return approveStep(step, decision.comment);
}

/**
 * One decision under a row lock (SELECT … FOR UPDATE): two approvers deciding at once get one
 * success and one 409 carrying the winner's decision.
 * `inTransaction` runs inside the decision's transaction (the idempotency key is marked applied with it).
 */
export async function decide(
  deps: ApprovalDeps,
  user: AuthUser,
  id: string,
  decision: Decision,
  now: Date,
  opts: { inTransaction?: (trx: Exec) => Promise<void> } = {},
): Promise<DecisionResult> {
  const events: PendingEvent[] = [];
  const after: (() => Promise<void>)[] = [];
  const result = await deps.db.transaction().execute(async (trx) => {
    // The request, locked, with the caller's delegations and its approvers' deputies: one statement.
    const found = await requestForCaller(trx, id, user.id, now, true);
    if (found) primeDeputies(trx, found.row.tenant_id, found.row.current_approver_ids ?? [], now, found.deputies);
    return decideLocked(deps, trx, user, found?.delegators ?? [], found?.row, decision, now, { events, after, inTransaction: opts.inTransaction });
  });
  publish(deps.bus, deps.db, events);
  await runAfterCommit(after);
  return result;
}

/** What became of one item of `decideMany`: decided, or refused by a rule (nothing of it written). */
export type ManyOutcome = { ok: true; result: DecisionResult } | { ok: false; error: AppError };

export interface ManyHooks {
  settle: (trx: Exec, index: number, outcome: ManyOutcome) => Promise<boolean>;
  finish?: (trx: Exec, count: number) => Promise<void>;
}

/** One item of `decideMany` inside its savepoint: its outcome, or `stop` with the error that ends the run. */
async function decideItem(
  deps: ApprovalDeps,
  trx: Exec,
  user: AuthUser,
  delegators: Delegator[],
  row: RequestRow | undefined,
  decision: Decision,
  now: Date,
  mine: Out,
): Promise<{ outcome: ManyOutcome } | { stop: unknown }> {
  await savepoint(trx);
  try {
    return { outcome: { ok: true, result: await decideLocked(deps, trx, user, delegators, row, decision, now, mine) } };
  } catch (err) {
    await rollbackToSavepoint(trx);
    if (!(err instanceof AppError) || err.status >= 500) return { stop: err };
    mine.events.length = 0;
    mine.after.length = 0;
    return { outcome: { ok: false, error: err } };
  }
}

/**
 * Several decisions of one caller in ONE transaction (the offline outbox's replay, issue 10): the
 * rows are locked up front in id order (two batches over the same requests cannot deadlock), the
 * delegations are read once, and each item runs `decideLocked` — the same rules as a lone
 * decision — inside a savepoint. A refused item (404, 409, 403…) rolls back to its savepoint only;
 * the others stand. `settle` runs inside the item's savepoint with its outcome (the caller stores
 * the idempotency answer there) and may answer false to undo the item and stop; an unexpected
 * error also undoes the item and stops. `finish` runs last in the transaction. Events are
 * published after the commit. Answers the outcomes of the items run (a prefix of `items`).
 */
export async function decideMany(
  deps: ApprovalDeps,
  user: AuthUser,
  items: { id: string; decision: Decision }[],
  now: Date,
  hooks: ManyHooks,
): Promise<{ outcomes: ManyOutcome[]; stoppedBy?: unknown }> {
  const events: PendingEvent[] = [];
  const after: (() => Promise<void>)[] = [];
  const outcomes: ManyOutcome[] = [];
  let stoppedBy: unknown;
  await deps.db.transaction().execute(async (trx) => {
    deputiesMemo.set(trx, new Map());
    const delegators = await activeDelegators(trx, user.id, now);
    const locked = await requestsByIds(
      trx,
      items.map((i) => i.id),
      true,
    );
    const rows = new Map(locked.map((r) => [r.id, r]));
    for (const [index, item] of items.entries()) {
      const mine: Out = { events: [], after: [] };
      const ran = await decideItem(deps, trx, user, delegators, rows.get(item.id), item.decision, now, mine);
      if ('stop' in ran) {
        stoppedBy = ran.stop;
        break;
      }
      const { outcome } = ran;
      // The row changed: a later item on the same request reads it again (still locked).
      if (outcome.ok && items.slice(index + 1).some((x) => x.id === item.id)) rows.set(item.id, (await requestById(trx, item.id, true))!);
      let keep: boolean;
      try {
        keep = await hooks.settle(trx, index, outcome);
      } catch (err) {
        stoppedBy = err;
        keep = false;
      }
      if (!keep) {
        await rollbackToSavepoint(trx);
        stoppedBy ??= 'settle';
        break;
      }
      // Not released: the next item's savepoint nests (at most 25 per run, ADR 0032), one statement less.
      events.push(...mine.events);
      after.push(...mine.after);
      outcomes.push(outcome);
    }
    await hooks.finish?.(trx, outcomes.length);
  });
  publish(deps.bus, deps.db, events);
  await runAfterCommit(after);
  return { outcomes, ...(stoppedBy !== undefined ? { stoppedBy } : {}) };
}

/** Approves each id in turn; one failure does not stop the others. */
export async function batchApprove(deps: ApprovalDeps, user: AuthUser, ids: string[], comment: string | undefined, now: Date) {
  const results: (
    | { id: string; ok: true; status_code: 200; status: string; current_level: number }
    | { id: string; ok: false; status_code: number; key: string; current?: CurrentState }
  )[] = [];
  for (const id of ids) {
    try {
      const r = await decide(deps, user, id, { action: 'approve', comment }, now);
      results.push({ id, ok: true, status_code: 200, status: r.status, current_level: r.current_level });
    } catch (err) {
      if (err instanceof ApprovalConflict) results.push({ id, ok: false, status_code: 409, key: err.key, current: err.current });
      else if (err instanceof AppError && err.status < 500) results.push({ id, ok: false, status_code: err.status, key: err.key });
      else throw err;
    }
  }
  return results;
}
