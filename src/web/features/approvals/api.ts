// The approvals calls (GET /api/v1/approvals, detail, batch approve, processes) through the one
// request helper, and the types of their answers. Decisions go through the outbox (decide.ts).
import { get, getList, post, put, del } from '../../lib/request.ts';

export type Scope = 'mine' | 'global';
export type Filter = 'pending' | 'decided';

export interface UserRef {
  id: string;
  account: string;
  nickname: string;
}

export interface ApprovalItem {
  id: string;
  type: string;
  status: string;
  title: string;
  payload: Record<string, any>;
  tenant_id: string;
  tenant_name: string;
  project_id: string;
  project_name: string;
  project_name_zh: string | null;
  requester: UserRef;
  estimated_cost_fen: number;
  current_level: number;
  level_count: number;
  production: boolean;
  level_entered_at: string;
  effective_at: string | null;
  decided_at: string | null;
  created_at: string;
  updated_at: string;
  waiting_seconds: number;
  can_decide: boolean;
}

export interface ApprovalLevel {
  level: number;
  name?: string | null;
  escalate_after_hours: number | null;
  approvers: UserRef[];
  state: string;
}
export interface ApprovalAction {
  id: string;
  action: string;
  level: number;
  actor: UserRef | null;
  on_behalf_of: UserRef | null;
  comment: string | null;
  created_at: string;
}

export interface ApprovalDetail extends ApprovalItem {
  current_approvers: UserRef[];
  escalated_to_admins: boolean;
  escalate_after_hours: number | null;
  decided_by: UserRef | null;
  decided_on_behalf_of: UserRef | null;
  reject_reason: string | null;
  levels: ApprovalLevel[];
  history: ApprovalAction[];
  rule: null | {
    id: string;
    status: string | null;
    effective_at: string | null;
    issued_at: string | null;
    planned_effective_at: string | null;
    finance_production: boolean;
    before: Record<string, unknown> | null;
    after: Record<string, unknown>;
  };
  resource: null | {
    id: string;
    kind?: string;
    name?: string;
    status: string | null;
    before?: Record<string, unknown> | null;
    after?: Record<string, unknown>;
  };
  quota: null | { quota_key: string; before: number | null; after: number };
}

/** The 409 answer of a decision that came too late: the request's state now and who decided. */
export interface CurrentState {
  id: string;
  status: string;
  current_level: number;
  level_count: number;
  decided_at: string | null;
  decided_by: UserRef | null;
  decided_on_behalf_of: UserRef | null;
  reject_reason: string | null;
  current_approvers: UserRef[];
}

export interface CursorPage<T> {
  data: T[];
  next_cursor: string | null;
}

export const PAGE_SIZE = 50;
const quiet = { isNeedloading: false, notice: false } as const;

/** Pending: the longest waiting at its level first; decided: the latest first. */
export const orderOf = (filter: Filter) => (filter === 'pending' ? 'level_entered_at' : '-updated_at');

/** Keyset pages: the first page needs `__cursor=` present (toQuery would leave an empty value out). */
export const listApprovals = (scope: Scope, filter: Filter, cursor: string, signal?: AbortSignal) =>
  getList<CursorPage<ApprovalItem>>(
    `v1/approvals?scope=${scope}&status=${filter}&__orders=${orderOf(filter)}&__limit=${PAGE_SIZE}&__cursor=${encodeURIComponent(cursor)}`,
    undefined,
    { ...quiet, signal },
  );

export const countPending = () => get<{ count: number }>('v1/approvals', { scope: 'mine', status: 'pending', __limit: 1 }, quiet);
export const getApproval = (id: string) => get<ApprovalDetail>(`v1/approvals/${id}`, undefined, quiet);
/** Several requests' details in one answer (each as getApproval answers it; what the user cannot see is left out). */
export const getApprovalDetails = (ids: string[]) => get<{ data: ApprovalDetail[] }>('v1/approvals/details', { ids }, quiet);
export const unreadCount = () => get<{ count: number }>('v1/site_messages/unread_count', undefined, quiet);

export interface BatchResult {
  id: string;
  ok: boolean;
  status_code: number;
  status?: string;
  description?: string;
  current?: CurrentState;
}
export const batchApprove = (ids: string[], key: string, stepUpToken?: string | null) =>
  post<{ count: number; succeeded: number; failed: number; results: BatchResult[] }>(
    'v1/approvals/batch-approve',
    { ids },
    { headers: { 'Idempotency-Key': key, ...(stepUpToken ? { 'X-Step-Up-Token': stepUpToken } : {}) } },
  );

// Approval processes (approvalManage, approvalAdd)
export interface ProcessLevel {
  name?: string | null;
  approver_ids?: string[];
  approvers?: (UserRef | string)[];
  escalate_after_hours: number | null;
}
export interface ApprovalProcess {
  id: string;
  name: string;
  description: string | null;
  project_id: string | null;
  project_name?: string | null;
  request_types: string[];
  levels: ProcessLevel[];
  production: boolean;
  enabled: boolean;
  updated_at: string;
}
export const listProcesses = () => getList<{ count: number; data: ApprovalProcess[] }>('v1/approval_process', { __limit: 100 }, { isNeedloading: false });
export const getProcess = (id: string) => get<ApprovalProcess>(`v1/approval_process/${id}`, undefined, { isNeedloading: false });
export const createProcess = (body: Record<string, unknown>) => post<ApprovalProcess>('v1/approval_process', body);
export const updateProcess = (id: string, body: Record<string, unknown>) => put<ApprovalProcess>(`v1/approval_process/${id}`, body);
export const deleteProcess = (id: string) => del(`v1/approval_process/${id}`);
