// In-process events of approvals on the app's bus (ctx.bus). Server-sent events subscribe here to
// push new approvals and unread counts; several processes fan out through LISTEN/NOTIFY later.
import type { EventEmitter } from 'node:events';

export const APPROVAL_EVENTS = {
  created: 'approval.created',
  decided: 'approval.decided',
  escalated: 'approval.escalated',
  issued: 'approval.issued',
  message: 'site_message.created',
} as const;

export interface ApprovalEvent {
  id: string;
  tenant_id: string;
  project_id: string;
  type: string;
  status: string;
  current_level: number;
  /** who has to decide now (empty once decided) */
  approver_ids: string[];
  /** active deputies of those approvers (or, once decided, of the level's approvers): they see it too */
  delegate_ids?: string[];
  requester_id: string;
}

export interface SiteMessageEvent { user_id: string; message_id: string; tenant_id: string | null }

export type PendingEvent = { name: string; payload: ApprovalEvent | SiteMessageEvent };

/** Events are collected inside a transaction and published only after it commits. */
export function publish(bus: EventEmitter | undefined, events: PendingEvent[]): void {
  if (!bus) return;
  for (const e of events) bus.emit(e.name, e.payload);
}
