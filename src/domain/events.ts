// Every event the server sends (GET /api/v1/events, seed 000 §7): one discriminated union shared by
// the server, which publishes it on its bus (NOTIFY on PostgreSQL), and the PWA, which subscribes
// by type. Each event names its tenant and project (project null: tenant-wide, or a site message
// outside a project); the server's audience rules decide from them who hears it. Approval events
// also name who is concerned (approvers, their deputies, every level's participants): these
// audience fields are for the server only and are stripped before delivery.
//
// The schemas below are the runtime half: `EVENT_SCHEMAS` is a map over every type of the union
// (the compiler refuses a type without its schema, or a schema that disagrees with its type), and
// the bus validates with it before publishing, so an undeclared type or a missing field fails at
// the publisher instead of reaching a browser that would ignore it.
import { z } from 'zod';

interface Scoped {
  tenant_id: string;
  project_id: string | null;
  at: string;
}

export interface ResourceStatusEvent extends Scoped {
  type: 'resource.status';
  id: string;
  kind: string;
  status: string;
  locked: boolean;
}
export interface ResourceRemovedEvent extends Scoped {
  type: 'resource.removed';
  id: string;
  kind: string;
}
export interface ExportFinishedEvent extends Scoped {
  type: 'export.finished';
  id: string;
}
export interface BackupPlanStatusEvent extends Scoped {
  type: 'backup_plan.status';
  project_id: string;
  id: string;
  resource_id: string;
  kind: string;
  status: string;
}
export interface BackupPlanRemovedEvent extends Scoped {
  type: 'backup_plan.removed';
  project_id: string;
  id: string;
  resource_id: string;
  kind: string;
}

/** Who an approval event concerns besides its requester (never delivered). */
export interface ApprovalAudience {
  /** who has to decide now (empty once decided) */
  approver_ids: string[];
  /** active deputies of those approvers (or, once decided, of the level's approvers) */
  delegate_ids: string[];
  /** every approver of every level so far (a decision also concerns the co-approvers who did not make it) */
  participant_ids: string[];
}

interface ApprovalFields extends ApprovalAudience, Scoped {
  project_id: string;
  /** the request */
  id: string;
  /** its type (resource_purchase, firewall_policy, …) */
  request_type: string;
  status: string;
  current_level: number;
  requester_id: string;
}
export interface ApprovalCreatedEvent extends ApprovalFields {
  type: 'approval.created';
}
export interface ApprovalDecidedEvent extends ApprovalFields {
  type: 'approval.decided';
}
export interface ApprovalEscalatedEvent extends ApprovalFields {
  type: 'approval.escalated';
}
export interface ApprovalIssuedEvent extends ApprovalFields {
  type: 'approval.issued';
}

/** A new site message for one user (the unread count changed). */
export interface SiteMessageCreatedEvent {
  type: 'site_message.created';
  tenant_id: string | null;
  project_id: null;
  user_id: string;
  message_id: string;
  at: string;
}

/**
 * An alarm changed state (seed 001 §3 alarm policy; issue 11): fired, acknowledged, claimed,
 * silenced or resolved. The notification service listens for `fired` to reach the policy's
 * receivers; the alarm inbox refreshes on every change. Delivered like a resource event: to
 * streams of the tenant whose user may read resources in the alarm's project.
 */
export interface AlarmChangedEvent extends Scoped {
  type: 'alarm.changed';
  /** the alarm */
  id: string;
  policy_id: string;
  resource_id: string;
  /** 'firing' | 'acknowledged' | 'resolved' */
  state: string;
  /** what happened: 'fired' | 'acknowledged' | 'claimed' | 'silenced' | 'resolved' */
  change: string;
  /** 'high' | 'medium' | 'low' (高/中/低) */
  level: string;
}

export type DomainEvent =
  | ResourceStatusEvent
  | ResourceRemovedEvent
  | ExportFinishedEvent
  | BackupPlanStatusEvent
  | BackupPlanRemovedEvent
  | ApprovalCreatedEvent
  | ApprovalDecidedEvent
  | ApprovalEscalatedEvent
  | ApprovalIssuedEvent
  | SiteMessageCreatedEvent
  | AlarmChangedEvent;

export type DomainEventType = DomainEvent['type'];
export type EventOf<T extends DomainEventType> = Extract<DomainEvent, { type: T }>;

export const AUDIENCE_FIELDS = ['approver_ids', 'delegate_ids', 'participant_ids'] as const;
type AudienceField = (typeof AUDIENCE_FIELDS)[number];

/** What a browser receives for an event of type T: the event without its audience fields. */
export type DeliveredEvent<T extends DomainEventType = DomainEventType> = T extends DomainEventType ? Omit<EventOf<T>, AudienceField> : never;

const text = z.string().min(1);
const scoped = { tenant_id: text, project_id: text.nullable(), at: z.iso.datetime() };
const ids = z.array(text);
const approvalShape = {
  ...scoped,
  project_id: text,
  id: text,
  request_type: text,
  status: text,
  current_level: z.number().int().min(0),
  requester_id: text,
};
const audienceShape = { approver_ids: ids, delegate_ids: ids, participant_ids: ids };
const approval = <T extends string>(type: T) => z.strictObject({ type: z.literal(type), ...approvalShape, ...audienceShape });

/**
 * One schema per event type: a key missing here, or a schema whose output is not its type, does
 * not compile. Strict objects, so a field the union does not declare is refused too.
 */
export const EVENT_SCHEMAS: { [T in DomainEventType]: z.ZodType<EventOf<T>> } = {
  'resource.status': z.strictObject({ type: z.literal('resource.status'), ...scoped, id: text, kind: text, status: text, locked: z.boolean() }),
  'resource.removed': z.strictObject({ type: z.literal('resource.removed'), ...scoped, id: text, kind: text }),
  'export.finished': z.strictObject({ type: z.literal('export.finished'), ...scoped, id: text }),
  'backup_plan.status': z.strictObject({
    type: z.literal('backup_plan.status'),
    ...scoped,
    project_id: text,
    id: text,
    resource_id: text,
    kind: text,
    status: text,
  }),
  'backup_plan.removed': z.strictObject({ type: z.literal('backup_plan.removed'), ...scoped, project_id: text, id: text, resource_id: text, kind: text }),
  'approval.created': approval('approval.created'),
  'approval.decided': approval('approval.decided'),
  'approval.escalated': approval('approval.escalated'),
  'approval.issued': approval('approval.issued'),
  'alarm.changed': z.strictObject({
    type: z.literal('alarm.changed'),
    ...scoped,
    id: text,
    policy_id: text,
    resource_id: text,
    state: z.enum(['firing', 'acknowledged', 'resolved']),
    change: z.enum(['fired', 'acknowledged', 'claimed', 'silenced', 'resolved']),
    level: z.enum(['high', 'medium', 'low']),
  }),
  'site_message.created': z.strictObject({
    type: z.literal('site_message.created'),
    tenant_id: text.nullable(),
    project_id: z.null(),
    user_id: text,
    message_id: text,
    at: z.iso.datetime(),
  }),
};

export const DOMAIN_EVENT_TYPES = Object.keys(EVENT_SCHEMAS) as DomainEventType[];

export const isDomainEventType = (type: unknown): type is DomainEventType =>
  typeof type === 'string' && Object.prototype.hasOwnProperty.call(EVENT_SCHEMAS, type);

export const isApprovalEvent = (e: DomainEvent): e is ApprovalCreatedEvent | ApprovalDecidedEvent | ApprovalEscalatedEvent | ApprovalIssuedEvent =>
  e.type.startsWith('approval.');

/**
 * `value` itself if it is an event the union declares, field for field; throws otherwise. The
 * value is answered as given (not the schema's copy), so its fields keep their order on the wire.
 */
export function parseDomainEvent(value: unknown): DomainEvent {
  const type = (value as { type?: unknown } | null)?.type;
  if (!isDomainEventType(type)) throw new Error(`undeclared event type ${JSON.stringify(type)}`);
  EVENT_SCHEMAS[type].parse(value);
  return value as DomainEvent;
}

/** The event as a browser receives it (audience fields removed). */
export function delivered<T extends DomainEventType>(e: EventOf<T>): DeliveredEvent<T> {
  const shown: Record<string, unknown> = { ...(e as object) };
  for (const f of AUDIENCE_FIELDS) delete shown[f];
  return shown as DeliveredEvent<T>;
}

const lenient = new Map<DomainEventType, z.ZodType>();

/**
 * A delivered event of type `type` read back from its JSON data; null when it does not fit. Fields
 * this build does not know are kept (a PWA still cached from an older release keeps working).
 */
export function parseDelivered<T extends DomainEventType>(type: T, data: unknown): DeliveredEvent<T> | null {
  if (!data || typeof data !== 'object' || (data as { type?: unknown }).type !== type) return null;
  let schema = lenient.get(type);
  if (!schema) lenient.set(type, (schema = (EVENT_SCHEMAS[type] as unknown as z.ZodObject).loose()));
  const full = type.startsWith('approval.') ? { ...data, approver_ids: [], delegate_ids: [], participant_ids: [] } : data;
  const res = schema.safeParse(full);
  return res.success ? delivered(res.data as EventOf<T>) : null;
}
