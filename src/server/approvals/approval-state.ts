// What every approval service shares: its dependencies, the 409 carrying a request's current state,
// the transition guard, the effects' decision context and the events/messages of a step. No SQL here.
import { AppError } from '../../domain/errors.ts';
import { canTransition, type ApprovalStatus } from '../../domain/approvals/approval-status.ts';
import type { Db } from '../platform/db/database.ts';
import type { EventBus } from '../platform/events/bus.ts';
import { effectEnv, type ApprovalEffects, type DecisionContext } from './approval-effects.ts';
import type { ApprovalEvent, PendingEvent } from './approval-events.ts';
import { sendSiteMessages, type NewMessage } from './site-message.service.ts';
import { usersByIds, type Exec, type RequestRow, type UserRef } from './approval.repository.ts';
import { delegatesOf } from './approval-access.ts';

export type { UserRef } from './approval.repository.ts';

/** What the approval service is given: the database, the app's event bus (ctx.events) and its effects. */
export interface ApprovalDeps {
  db: Db;
  bus?: EventBus;
  /** the effect of each request type (resource-effects.ts over the engine's port) */
  effects: ApprovalEffects;
}

/** The state an offline client shows when its decision arrives too late. */
export interface CurrentState {
  id: string;
  status: string;
  current_level: number;
  level_count: number;
  decided_at: Date | null;
  decided_by: UserRef | null;
  decided_on_behalf_of: UserRef | null;
  reject_reason: string | null;
  current_approvers: UserRef[];
  updated_at: Date;
}

/** 409: the request is no longer open, or the caller is not (or no longer) its approver. */
export class ApprovalConflict extends AppError {
  readonly current: CurrentState;
  constructor(key: string, current: CurrentState) {
    super(409, key);
    this.current = current;
  }
}

export async function loadUsers(db: Exec, ids: Iterable<string | null | undefined>): Promise<Map<string, UserRef>> {
  return usersByIds(db, ids);
}

export async function currentState(trx: Exec, row: RequestRow): Promise<CurrentState> {
  const users = await usersByIds(trx, [row.decided_by, row.decided_on_behalf_of, ...(row.current_approver_ids ?? [])]);
  return {
    id: row.id,
    status: row.status,
    current_level: row.current_level,
    level_count: row.level_count,
    decided_at: row.decided_at,
    decided_by: row.decided_by ? (users.get(row.decided_by) ?? null) : null,
    decided_on_behalf_of: row.decided_on_behalf_of ? (users.get(row.decided_on_behalf_of) ?? null) : null,
    reject_reason: row.reject_reason,
    current_approvers: (row.current_approver_ids ?? []).map((id) => users.get(id)).filter((u): u is UserRef => !!u),
    updated_at: row.updated_at,
  };
}

export function assertTransition(from: string, to: ApprovalStatus) {
  if (from !== to && !canTransition(from as ApprovalStatus, to)) throw new Error(`approval transition ${from} → ${to} is not allowed`);
}

/** Runs the effects' post-commit work; a failure there is logged by the caller, never undone. */
export async function runAfterCommit(after: (() => Promise<void>)[]): Promise<void> {
  for (const fn of after.splice(0)) await fn();
}

export function decisionContext(trx: Exec, row: RequestRow, now: Date, after: (() => Promise<void>)[], known?: { businessType?: string }): DecisionContext {
  return {
    trx,
    now,
    env: effectEnv(after),
    request: {
      id: row.id,
      type: row.type,
      tenant_id: row.tenant_id,
      project_id: row.project_id,
      payload: row.payload,
      before: row.before,
      target_id: row.target_id,
      production: row.production,
      created_at: row.created_at,
      requester_id: row.requester_id,
      ...(known?.businessType !== undefined ? { business_type: known.businessType } : {}),
    },
  };
}

type EventRow = Pick<RequestRow, 'id' | 'tenant_id' | 'project_id' | 'type' | 'requester_id'>;

export function eventOf(row: EventRow, status: string, level: number, approverIds: string[]): ApprovalEvent {
  return {
    id: row.id,
    tenant_id: row.tenant_id,
    project_id: row.project_id,
    type: row.type,
    status,
    current_level: level,
    approver_ids: approverIds,
    requester_id: row.requester_id,
  };
}

export async function eventWithDelegates(db: Exec, row: EventRow, status: string, level: number, approverIds: string[], now: Date): Promise<ApprovalEvent> {
  return { ...eventOf(row, status, level, approverIds), delegate_ids: await delegatesOf(db, row.tenant_id, approverIds, now) };
}

/** Tells the approvers of a level, and the deputies acting for them today, by site message. */
export async function notifyApprovers(
  trx: Exec,
  tenantId: string,
  approverIds: string[],
  msg: Omit<NewMessage, 'tenantId'>,
  now: Date,
): Promise<PendingEvent[]> {
  const deputies = await delegatesOf(trx, tenantId, approverIds, now);
  return sendSiteMessages(trx, [...approverIds, ...deputies], { tenantId, ...msg }, now);
}
