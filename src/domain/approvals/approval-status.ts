// Approval and rule statuses of seed 001 §4 and the transitions Yunshu allows between them.
// Pure: the server asks these functions what happens next and never decides a status by hand.

export const REQUEST_TYPES = [
  'resource_purchase',
  'resource_expansion',
  'firewall_policy',
  'snat_rule',
  'dnat_rule',
  'quota_change',
  'invoice_apply',
  'invoice_void',
  'invoice_red_flush',
  // the service catalogue's publishing (issue 31): tenant-wide, decided by the tenant's catalogue process
  'catalogue_publish',
] as const;
export type RequestType = (typeof REQUEST_TYPES)[number];
/** Invoice applications, voids and red-flushes (GOA approval, ADR 0025): tenant-wide, decided by the tenant's invoice process. */
export const INVOICE_REQUEST_TYPES: readonly RequestType[] = ['invoice_apply', 'invoice_void', 'invoice_red_flush'];
export const isInvoiceRequest = (t: string) => (INVOICE_REQUEST_TYPES as readonly string[]).includes(t);
/** The types of the resource engine's requests (what a project's process covers unless it says otherwise). */
export const RESOURCE_REQUEST_TYPES: readonly RequestType[] = REQUEST_TYPES.filter((t) => !isInvoiceRequest(t) && t !== 'catalogue_publish');
export const RULE_REQUEST_TYPES: readonly RequestType[] = ['firewall_policy', 'snat_rule', 'dnat_rule'];
export const isRuleRequest = (t: RequestType) => RULE_REQUEST_TYPES.includes(t);

/** 无需审批, 待审批, 审批中, 已通过, 已驳回, 发起失败, 下发中, 下发失败, 扩容审批中, 扩容驳回 */
export const APPROVAL_STATUSES = [
  'no_approval_needed',
  'pending',
  'approving',
  'approved',
  'rejected',
  'initiate_failed',
  'issuing',
  'dispatch_failed',
  'expansion_approving',
  'expansion_rejected',
] as const;
export type ApprovalStatus = (typeof APPROVAL_STATUSES)[number];

/** Statuses in which an approver still has to decide. */
export const OPEN_STATUSES: readonly ApprovalStatus[] = ['pending', 'approving', 'expansion_approving'];
export const isOpen = (s: string): boolean => (OPEN_STATUSES as readonly string[]).includes(s);
/** Statuses after a decision (or when none was needed). */
export const DECIDED_STATUSES: readonly ApprovalStatus[] = APPROVAL_STATUSES.filter((s) => !OPEN_STATUSES.includes(s));

/** 未生效, 审批中, 下发完成, 已驳回, 下发中, 已下发, 未自动下发, 无响应 */
export const RULE_STATUSES = ['inactive', 'approving', 'completed', 'rejected', 'issuing', 'issued', 'not_auto_issued', 'no_response'] as const;
export type RuleStatus = (typeof RULE_STATUSES)[number];

/** Every transition a request may take; anything else is a bug or a conflict. */
export const APPROVAL_TRANSITIONS: Record<ApprovalStatus, readonly ApprovalStatus[]> = {
  no_approval_needed: ['issuing', 'dispatch_failed'],
  pending: ['approving', 'approved', 'rejected', 'issuing', 'dispatch_failed'],
  approving: ['approving', 'approved', 'rejected', 'issuing', 'dispatch_failed'],
  expansion_approving: ['expansion_approving', 'approved', 'expansion_rejected', 'issuing', 'dispatch_failed'],
  issuing: ['approved', 'dispatch_failed'],
  approved: [],
  rejected: [],
  expansion_rejected: [],
  initiate_failed: [],
  dispatch_failed: ['issuing'],
};
export const canTransition = (from: ApprovalStatus, to: ApprovalStatus) => APPROVAL_TRANSITIONS[from].includes(to);

export const RULE_TRANSITIONS: Record<RuleStatus, readonly RuleStatus[]> = {
  approving: ['inactive', 'issuing', 'issued', 'rejected'],
  inactive: ['issuing', 'issued', 'approving', 'not_auto_issued'],
  issuing: ['issued', 'completed', 'no_response', 'not_auto_issued'],
  issued: ['approving', 'completed'],
  completed: ['approving'],
  rejected: [],
  not_auto_issued: ['issuing', 'approving'],
  no_response: ['issuing', 'approving'],
};

/** The status of a request when it is created: no process → no approval needed. */
export function initialStatus(type: RequestType, needsApproval: boolean): ApprovalStatus {
  if (!needsApproval) return 'no_approval_needed';
  return type === 'resource_expansion' ? 'expansion_approving' : 'pending';
}

export interface OpenRequest {
  type: RequestType;
  status: ApprovalStatus;
  currentLevel: number;
  levelCount: number;
}

export type ApproveOutcome = { kind: 'next_level'; status: ApprovalStatus; level: number } | { kind: 'final'; status: ApprovalStatus };

/**
 * What one approval does: at a non-last level the request moves on (审批中), at the last level it
 * is approved — or 下发中 when its effect is deferred (a rule waiting for its window).
 * Answers null when the request is no longer open.
 */
export function afterApprove(req: OpenRequest, effectDeferred = false): ApproveOutcome | null {
  if (!isOpen(req.status)) return null;
  if (req.currentLevel < req.levelCount) {
    return { kind: 'next_level', level: req.currentLevel + 1, status: req.type === 'resource_expansion' ? 'expansion_approving' : 'approving' };
  }
  return { kind: 'final', status: effectDeferred ? 'issuing' : 'approved' };
}

export function afterReject(req: Pick<OpenRequest, 'type' | 'status'>): ApprovalStatus | null {
  if (!isOpen(req.status)) return null;
  return req.type === 'resource_expansion' ? 'expansion_rejected' : 'rejected';
}

/** An open request whose level waited longer than its limit moves on (or to the tenant admins). */
export type EscalationOutcome = { kind: 'next_level'; level: number; status: ApprovalStatus } | { kind: 'tenant_admins' } | { kind: 'none' };

export function escalation(req: OpenRequest & { enteredLevelAt: Date; limitHours: number | null; escalatedToAdmins: boolean }, now: Date): EscalationOutcome {
  if (!isOpen(req.status) || req.limitHours === null || req.escalatedToAdmins) return { kind: 'none' };
  if (now.getTime() - req.enteredLevelAt.getTime() < req.limitHours * 3600_000) return { kind: 'none' };
  if (req.currentLevel < req.levelCount) {
    return { kind: 'next_level', level: req.currentLevel + 1, status: req.type === 'resource_expansion' ? 'expansion_approving' : 'approving' };
  }
  return { kind: 'tenant_admins' };
}

/** A rule approved now: in force already, or waiting (未生效) for its effective time. */
export function ruleStatusAfterApproval(effectiveAt: Date, now: Date): RuleStatus {
  return effectiveAt.getTime() <= now.getTime() ? 'issued' : 'inactive';
}

/**
 * The request types a new process of `projectId` (null: the whole tenant) may still take: one process
 * per (project, request type), as the server checks (approval_process_type_taken). The new-process
 * form starts with these ticked.
 */
export function freeRequestTypes(
  processes: readonly { project_id: string | null; request_types: readonly string[] }[],
  projectId: string | null,
): RequestType[] {
  const taken = new Set(processes.filter((p) => (p.project_id ?? null) === projectId).flatMap((p) => p.request_types));
  return REQUEST_TYPES.filter((t) => !taken.has(t));
}
