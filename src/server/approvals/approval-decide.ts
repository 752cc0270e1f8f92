// Decisions: one at a time under a row lock, several of one caller in one transaction (the offline
// replay, ADR 0032), and the inbox's batch approve. Every rule of a decision is in `decideLocked`.
import { AppError, forbidden, notFound } from '../../domain/errors.ts';
import { newId } from '../../domain/ids.ts';
import { afterApprove, afterReject, isOpen, type ApprovalStatus, type RequestType } from '../../domain/approvals/approval-status.ts';
import { requestSubject } from '../../domain/approvals/request-summary.ts';
import type { AuthUser } from '../platform/auth/auth-user.ts';
import { accessOf } from '../platform/auth/tenancy.repository.ts';
import { effectOf } from './approval-effects.ts';
import { APPROVAL_EVENTS, publish, type PendingEvent } from './approval-events.ts';
import { messageRows, type NewMessage } from './site-message.service.ts';
import {
  activeDelegators,
  requestById,
  requestForCaller,
  requestsByIds,
  rollbackToSavepoint,
  savepoint,
  usersByIds,
  writeDecision,
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
  runAfterCommit,
  type ApprovalDeps,
  type CurrentState,
} from './approval-state.ts';
import { systemAction } from './approval-create.ts';

export type Decision = ({ action: 'approve'; comment?: string } | { action: 'reject'; reason: string }) & { level?: number };
export type DecisionResult = { id: string; status: string; current_level: number };
/** What the request's read brought besides the row (the lone decision's; the batch reads rows alone). */
export interface Known {
  requesterNickname?: string | null;
  businessType?: string;
}
type Out = { events: PendingEvent[]; after: (() => Promise<void>)[]; inTransaction?: (trx: Exec) => Promise<void>; known?: Known };
type ActionRow = Parameters<typeof writeDecision>[3][number];

/** What every step of one decision shares, inside its transaction. */
interface DecisionStep extends Out {
  deps: ApprovalDeps;
  trx: Exec;
  row: RequestRow;
  user: AuthUser;
  acting: { onBehalfOf: string | null };
  action: { id: string; request_id: string; tenant_id: string; level: number; actor_id: string; on_behalf_of: string | null; created_at: Date };
  participants: string[];
  now: Date;
}

/**
 * Writes the step in one statement (the request's new state, its history rows, the messages) and
 * queues its event, then the messages' events; the participants travel with the event, so nothing
 * is read again after the commit.
 */
async function writeStep(
  step: DecisionStep,
  set: Parameters<typeof writeDecision>[2],
  actions: ActionRow[],
  event: { status: string; level: number; approverIds: string[]; delegateIds: string[]; participants: string[] },
  messages: { userIds: string[]; msg: NewMessage }[],
) {
  const { trx, row, now, events } = step;
  const written = messageRows(messages, now);
  await writeDecision(trx, row.id, set, actions, written.rows);
  const payload = { ...eventOf(row, event.status, event.level, event.approverIds), delegate_ids: event.delegateIds, participant_ids: event.participants };
  events.push({ name: APPROVAL_EVENTS.decided, payload }, ...written.events);
  await step.inTransaction?.(trx);
}

/** The final decision: the requester hears of it; the event goes to the level's approvers' deputies too. */
async function finalWrite(
  step: DecisionStep,
  status: string,
  set: Parameters<typeof writeDecision>[2],
  actions: ActionRow[],
  notice: Omit<NewMessage, 'tenantId' | 'category' | 'link' | 'refId'>,
) {
  const { trx, row, now, participants } = step;
  const delegateIds = await delegatesOf(trx, row.tenant_id, row.current_approver_ids ?? [], now);
  const msg = { tenantId: row.tenant_id, category: 'approval', link: `/selfApprovalDetail/${row.id}`, refId: row.id, ...notice };
  await writeStep(step, set, actions, { status, level: row.current_level, approverIds: [], delegateIds, participants }, [{ userIds: [row.requester_id], msg }]);
}

async function rejectStep(step: DecisionStep, reason: string): Promise<DecisionResult> {
  const { deps, trx, row, user, acting, action, participants, now, after } = step;
  const status = afterReject({ type: row.type as RequestType, status: row.status as ApprovalStatus })!;
  assertTransition(row.status, status);
  await effectOf(deps.effects, row.type as RequestType).reject(decisionContext(trx, row, now, after, step.known));
  const set = {
    status,
    decided_at: now,
    decided_by: user.id,
    decided_on_behalf_of: acting.onBehalfOf,
    reject_reason: reason,
    current_approver_ids: '[]',
    participant_ids: JSON.stringify(participants),
    updated_at: now,
  };
  const notice = {
    messageKey: 'request_rejected',
    params: { ...requestSubject(row), type: row.type, title: row.title, reason: reason, approver: user.nickname },
  };
  await finalWrite(step, status, set, [{ ...action, action: 'rejected', comment: reason }], notice);
  return { id: row.id, status, current_level: row.current_level };
}

async function nextLevelStep(step: DecisionStep, outcome: { status: ApprovalStatus; level: number }, actions: ActionRow[]): Promise<DecisionResult> {
  const { trx, row, user, now } = step;
  const id = row.id;
  assertTransition(row.status, outcome.status);
  const next = row.levels[outcome.level - 1]!;
  const participants = unique([...(row.participant_ids ?? []), user.id, ...next.approver_ids]);
  const set = {
    status: outcome.status,
    current_level: outcome.level,
    current_approver_ids: JSON.stringify(next.approver_ids),
    participant_ids: JSON.stringify(participants),
    level_entered_at: now,
    escalate_after_hours: next.escalate_after_hours,
    updated_at: now,
  };
  const deputies = await delegatesOf(trx, row.tenant_id, next.approver_ids, now);
  const requester =
    step.known?.requesterNickname !== undefined
      ? { nickname: step.known.requesterNickname }
      : (await usersByIds(trx, [row.requester_id])).get(row.requester_id);
  const msg = {
    tenantId: row.tenant_id,
    category: 'approval',
    messageKey: 'new_request',
    params: { ...requestSubject(row), requester: requester?.nickname ?? '', type: row.type, title: row.title },
    link: `/selfApprovalDetail/${id}`,
    refId: id,
  };
  const event = { status: outcome.status, level: outcome.level, approverIds: next.approver_ids, delegateIds: deputies, participants };
  await writeStep(step, set, actions, event, [{ userIds: [...next.approver_ids, ...deputies], msg }]);
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
  const actions: ActionRow[] = [{ ...action, action: 'approved', comment: comment ?? null }];
  if (outcome.kind === 'next_level') return nextLevelStep(step, outcome, actions);
  const res = await effectOf(deps.effects, row.type as RequestType).approve(decisionContext(trx, row, now, after, step.known));
  assertTransition(row.status, res.status);
  const set = {
    status: res.status,
    decided_at: now,
    decided_by: user.id,
    decided_on_behalf_of: acting.onBehalfOf,
    effective_at: res.effectiveAt ?? null,
    current_approver_ids: '[]',
    participant_ids: JSON.stringify(participants),
    updated_at: now,
  };
  if (res.status === 'dispatch_failed') actions.push(systemAction(row.id, row.tenant_id, row.current_level, 'effect_failed', now));
  await finalWrite(step, res.status, set, actions, {
    messageKey: 'request_approved',
    params: { ...requestSubject(row), type: row.type, title: row.title, approver: user.nickname },
  });
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
  const participants = unique([...(row.participant_ids ?? []), user.id]);
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
    // With it, the deputies of its next level and its requester's name: nothing of it is read again.
    const found = await requestForCaller(trx, id, user.id, now, true);
    if (found) {
      const { row } = found;
      primeDeputies(trx, row.tenant_id, row.current_approver_ids ?? [], now, found.deputies);
      const next = row.levels[row.current_level];
      if (next && isOpen(row.status)) primeDeputies(trx, row.tenant_id, next.approver_ids, now, found.nextDeputies);
    }
    const known = found ? { requesterNickname: found.requesterNickname, businessType: found.tenant.business_type } : undefined;
    return decideLocked(deps, trx, user, found?.delegators ?? [], found?.row, decision, now, { events, after, inTransaction: opts.inTransaction, known });
  });
  publish(deps.bus, deps.db, events);
  await runAfterCommit(after);
  return result;
}

/** What became of one item of `decideMany`: decided, or refused by a rule (nothing of it written). */
export type ManyOutcome = { ok: true; result: DecisionResult } | { ok: false; error: AppError };

/** An item of `decideMany`: a decision, or one its caller refused already (`refused`: its answer, nothing decided). */
export interface ManyItem {
  id: string;
  decision: Decision;
  refused?: AppError;
}

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
  refused?: AppError,
): Promise<{ outcome: ManyOutcome } | { stop: unknown }> {
  // A savepoint even for one refused already (nothing decided): `settle` may undo its answer.
  await savepoint(trx);
  if (refused) return { outcome: { ok: false, error: refused } };
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
  items: ManyItem[],
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
      const ran = await decideItem(deps, trx, user, delegators, rows.get(item.id), item.decision, now, mine, item.refused);
      if ('stop' in ran) {
        stoppedBy = ran.stop;
        break;
      }
      const { outcome } = ran;
      // The row changed: a later item on the same request reads it again (still locked).
      if (outcome.ok && items.slice(index + 1).some((x) => x.id === item.id && !x.refused)) rows.set(item.id, (await requestById(trx, item.id, true))!);
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
