// The periodic work: escalating requests that waited too long at their level, and issuing deferred
// effects (rules waiting for 22:00 / 18:00). Several processes may run it at once (SKIP LOCKED).
import { escalation, type ApprovalStatus, type RequestType } from '../../domain/approvals/approval-status.ts';
import { requestSubject } from '../../domain/approvals/request-summary.ts';
import { effectOf } from './approval-effects.ts';
import { APPROVAL_EVENTS, publish, type PendingEvent } from './approval-events.ts';
import {
  dueIssuingIds,
  insertActions,
  lockRequestSkipping,
  overdueRequestIds,
  tenantAdminIds,
  updateRequest,
  type Exec,
  type RequestRow,
} from './approval.repository.ts';
import { unique } from './approval-access.ts';
import { assertTransition, decisionContext, eventOf, eventWithDelegates, notifyApprovers, runAfterCommit, type ApprovalDeps } from './approval-state.ts';
import { systemAction } from './approval-create.ts';

/** Escalates one locked row if it is due; answers whether it moved. */
async function escalateOne(trx: Exec, row: RequestRow, now: Date, events: PendingEvent[]): Promise<boolean> {
  const outcome = escalation(
    {
      type: row.type as RequestType,
      status: row.status as ApprovalStatus,
      currentLevel: row.current_level,
      levelCount: row.level_count,
      enteredLevelAt: new Date(row.level_entered_at),
      limitHours: row.escalate_after_hours,
      escalatedToAdmins: row.escalated_to_admins,
    },
    now,
  );
  if (outcome.kind === 'none') return false;
  let approvers: string[];
  if (outcome.kind === 'next_level') {
    assertTransition(row.status, outcome.status);
    const next = row.levels[outcome.level - 1]!;
    approvers = next.approver_ids;
    await updateRequest(trx, row.id, {
      status: outcome.status,
      current_level: outcome.level,
      current_approver_ids: JSON.stringify(approvers),
      participant_ids: JSON.stringify(unique([...(row.participant_ids ?? []), ...approvers])),
      level_entered_at: now,
      escalate_after_hours: next.escalate_after_hours,
      updated_at: now,
    });
  } else {
    approvers = unique([...(row.current_approver_ids ?? []), ...(await tenantAdminIds(trx, row.tenant_id))]);
    await updateRequest(trx, row.id, {
      current_approver_ids: JSON.stringify(approvers),
      participant_ids: JSON.stringify(unique([...(row.participant_ids ?? []), ...approvers])),
      escalated_to_admins: true,
      level_entered_at: now,
      escalate_after_hours: null,
      updated_at: now,
    });
  }
  const comment = outcome.kind === 'next_level' ? `level ${outcome.level}` : 'tenant_admins';
  await insertActions(trx, [systemAction(row.id, row.tenant_id, row.current_level, 'escalated', now, comment)]);
  const newcomers = approvers.filter((a) => outcome.kind === 'next_level' || !(row.current_approver_ids ?? []).includes(a));
  const level = outcome.kind === 'next_level' ? outcome.level : row.current_level;
  events.push({
    name: APPROVAL_EVENTS.escalated,
    payload: await eventWithDelegates(trx, row, outcome.kind === 'next_level' ? outcome.status : row.status, level, approvers, now),
  });
  const msg = {
    category: 'approval',
    messageKey: 'escalated',
    params: { ...requestSubject(row), type: row.type, title: row.title, hours: row.escalate_after_hours ?? 0 },
    link: `/selfApprovalDetail/${row.id}`,
    refId: row.id,
  };
  events.push(...(await notifyApprovers(trx, row.tenant_id, newcomers, msg, now)));
  return true;
}

/**
 * The periodic escalation check: an open request waiting at its level longer than the
 * level's limit moves to the next level, or at the last level to the tenant admins.
 * Several processes may run it at once (SKIP LOCKED). Answers how many moved.
 */
export async function escalateOverdue(deps: ApprovalDeps, now: Date, limit = 200): Promise<number> {
  let moved = 0;
  for (const id of await overdueRequestIds(deps.db, now, limit)) {
    const events: PendingEvent[] = [];
    const done = await deps.db.transaction().execute(async (trx) => {
      const row = await lockRequestSkipping(trx, id);
      return row ? escalateOne(trx, row, now, events) : false;
    });
    if (done) moved++;
    publish(deps.bus, deps.db, events);
  }
  return moved;
}

/** Deferred effects whose time has come (rules waiting for 22:00 / 18:00): issue them. */
export async function issueDue(deps: ApprovalDeps, now: Date, limit = 200): Promise<number> {
  let issued = 0;
  for (const id of await dueIssuingIds(deps.db, now, limit)) {
    const events: PendingEvent[] = [];
    const after: (() => Promise<void>)[] = [];
    const done = await deps.db.transaction().execute(async (trx) => {
      const row = await lockRequestSkipping(trx, id, 'issuing');
      if (!row) return false;
      await effectOf(deps.effects, row.type as RequestType).issue?.(decisionContext(trx, row, now, after));
      const status: ApprovalStatus = row.decided_by ? 'approved' : 'no_approval_needed';
      await updateRequest(trx, id, { status, updated_at: now });
      await insertActions(trx, [systemAction(id, row.tenant_id, row.current_level, 'issued', now)]);
      events.push({ name: APPROVAL_EVENTS.issued, payload: eventOf(row, status, row.current_level, []) });
      return true;
    });
    if (done) issued++;
    publish(deps.bus, deps.db, events);
    await runAfterCommit(after);
  }
  return issued;
}
