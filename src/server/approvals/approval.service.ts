// The approval service of one app: the module functions of the slice bound to its dependencies
// (composition.ts builds it; routes call `ctx.approvals.…`). The functions live in files of one
// job each: approval-create (submitting), approval-queries (lists, details), approval-decide
// (decisions), approval-schedule (escalation, deferred issuing); all SQL is in approval.repository.
import { submit } from './approval-create.ts';
import { assertVisible, detail, details, list, visibleForDecision } from './approval-queries.ts';
import { batchApprove, decide, decideMany } from './approval-decide.ts';
import { escalateOverdue, issueDue } from './approval-schedule.ts';
import type { ApprovalDeps } from './approval-state.ts';

export { submitRequest, submit, type SubmitArgs } from './approval-create.ts';
export { assertVisible, detail, details, list, visibleForDecision } from './approval-queries.ts';
export { batchApprove, decide, decideMany, type Decision, type ManyOutcome } from './approval-decide.ts';
export { escalateOverdue, issueDue } from './approval-schedule.ts';
export { ApprovalConflict, currentState, loadUsers, runAfterCommit, type ApprovalDeps, type CurrentState, type UserRef } from './approval-state.ts';
export { actingFor, delegatesOf, type Delegator } from './approval-access.ts';
export { activeDelegators, findApprovalProcess } from './approval.repository.ts';

/** The approval service of one app: the functions above, bound to its dependencies. */
export function approvalService(deps: ApprovalDeps) {
  return {
    submit: submit.bind(null, deps),
    assertVisible: assertVisible.bind(null, deps),
    list: list.bind(null, deps),
    detail: detail.bind(null, deps),
    details: details.bind(null, deps),
    decide: decide.bind(null, deps),
    decideMany: decideMany.bind(null, deps),
    visibleForDecision: visibleForDecision.bind(null, deps),
    batchApprove: batchApprove.bind(null, deps),
    escalateOverdue: escalateOverdue.bind(null, deps),
    issueDue: issueDue.bind(null, deps),
  };
}
export type ApprovalService = ReturnType<typeof approvalService>;
