// Approval events on the app's event bus (ctx.events, events/bus.ts): the approval service collects
// them inside its transaction as pending events and publishes them once it has committed. Each is
// sent with every level's approvers named (read after the commit unless the step wrote them), so a decision also reaches the
// co-approvers who did not make it; the bus keeps them in the order they happened.
import type {
  ApprovalCreatedEvent,
  ApprovalDecidedEvent,
  ApprovalEscalatedEvent,
  ApprovalIssuedEvent,
  DomainEvent,
  SiteMessageCreatedEvent,
} from '../../domain/events.ts';
import type { Db } from '../platform/db/database.ts';
import type { EventBus } from '../platform/events/bus.ts';
import { participantsOf } from '../platform/events/event-audience.ts';

export const APPROVAL_EVENTS = {
  created: 'approval.created',
  decided: 'approval.decided',
  escalated: 'approval.escalated',
  issued: 'approval.issued',
  message: 'site_message.created',
} as const satisfies Record<string, DomainEvent['type']>;

type ApprovalEventType = Exclude<(typeof APPROVAL_EVENTS)[keyof typeof APPROVAL_EVENTS], 'site_message.created'>;

export interface ApprovalEvent {
  id: string;
  tenant_id: string;
  project_id: string;
  /** the request's type */
  type: string;
  status: string;
  current_level: number;
  /** who has to decide now (empty once decided) */
  approver_ids: string[];
  /** active deputies of those approvers (or, once decided, of the level's approvers): they see it too */
  delegate_ids?: string[];
  requester_id: string;
  /** every level's participants, when the step knows them (it wrote them); else read after the commit */
  participant_ids?: string[];
}

export interface SiteMessageEvent {
  user_id: string;
  message_id: string;
  tenant_id: string | null;
}

export type PendingEvent = { name: ApprovalEventType; payload: ApprovalEvent } | { name: typeof APPROVAL_EVENTS.message; payload: SiteMessageEvent };

async function domainEvent(db: Db, e: PendingEvent, at: string): Promise<DomainEvent> {
  if (e.name === APPROVAL_EVENTS.message) {
    const m = e.payload;
    return { user_id: m.user_id, message_id: m.message_id, tenant_id: m.tenant_id, type: e.name, project_id: null, at } satisfies SiteMessageCreatedEvent;
  }
  // Fields in the order the stream has always sent them (request_type is new).
  const p = e.payload;
  return {
    id: p.id,
    tenant_id: p.tenant_id,
    project_id: p.project_id,
    type: e.name,
    status: p.status,
    current_level: p.current_level,
    approver_ids: p.approver_ids,
    delegate_ids: p.delegate_ids ?? [],
    requester_id: p.requester_id,
    request_type: p.type,
    participant_ids: p.participant_ids ?? (await participantsOf(db, p.id)),
    at,
  } satisfies ApprovalCreatedEvent | ApprovalDecidedEvent | ApprovalEscalatedEvent | ApprovalIssuedEvent;
}

/** Publishes events collected inside a transaction; call it only after that transaction commits. */
export function publish(bus: EventBus | undefined, db: Db, events: PendingEvent[]): void {
  if (!bus || !events.length) return;
  const at = new Date().toISOString();
  bus.queue(async () => Promise.all(events.map((e) => domainEvent(db, e, at))));
}
