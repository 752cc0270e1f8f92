// Who sees a request and who acts on it: the caller's access, the delegations that let them stand
// in for an approver, and the deputies an event or a message also goes to. No SQL here.
import type { AuthUser } from '../platform/auth/auth-user.ts';
import { canSeeProject, type Access, type accessOf } from '../platform/auth/tenancy.repository.ts';
import { deputiesOf, processAllowsSelf, type Delegator, type Exec, type RequestRow } from './approval.repository.ts';

export type { Delegator } from './approval.repository.ts';

export const unique = (ids: Iterable<string>) => [...new Set(ids)];

/** Who acts: the caller as a current approver, or as the deputy of one (on_behalf_of). */
export function actingFor(
  userId: string,
  delegators: Delegator[],
  row: Pick<RequestRow, 'tenant_id' | 'current_approver_ids'>,
): { onBehalfOf: string | null } | null {
  const current = row.current_approver_ids ?? [];
  if (current.includes(userId)) return { onBehalfOf: null };
  const d = delegators.find((x) => x.tenant_id === row.tenant_id && current.includes(x.delegator_id));
  return d ? { onBehalfOf: d.delegator_id } : null;
}

export function canSeeRow(user: AuthUser, access: Access, delegators: Delegator[], row: RequestRow): boolean {
  if (canSeeProject(access, row.tenant_id, row.project_id)) return true;
  if ((row.participant_ids ?? []).includes(user.id) || row.requester_id === user.id) return true;
  return actingFor(user.id, delegators, row) !== null;
}

/** What decides which requests a user sees: their access and the users they act for today. */
export interface Seer {
  access: ReturnType<typeof accessOf>;
  delegators: Delegator[];
}

/** Separation of duties: nobody decides their own request unless its process explicitly allows it. */
export async function selfDecisionAllowed(db: Exec, row: Pick<RequestRow, 'requester_id' | 'process_id'>, userId: string): Promise<boolean> {
  if (row.requester_id !== userId) return true;
  if (!row.process_id) return false;
  return processAllowsSelf(db, row.process_id);
}

/** Per transaction of `decideMany`: the deputies looked up once per (tenant, approvers) — no decision writes delegations. */
export const deputiesMemo = new WeakMap<object, Map<string, Promise<string[]>>>();

const deputiesKey = (tenantId: string, approverIds: string[], now: Date) => `${tenantId}|${approverIds.join(',')}|${now.getTime()}`;

/** Remembers, for this transaction, deputies already read (with the request, `requestForCaller`). */
export function primeDeputies(db: Exec, tenantId: string, approverIds: string[], now: Date, deputies: string[]): void {
  let memo = deputiesMemo.get(db);
  if (!memo) deputiesMemo.set(db, (memo = new Map()));
  memo.set(deputiesKey(tenantId, approverIds, now), Promise.resolve(deputies));
}

/** Active deputies of the given approvers in a tenant: they see and decide for them, so they get the events too. */
export async function delegatesOf(db: Exec, tenantId: string, approverIds: string[], now: Date): Promise<string[]> {
  if (approverIds.length === 0) return [];
  const memo = deputiesMemo.get(db);
  if (!memo) return deputiesOf(db, tenantId, approverIds, now);
  const key = deputiesKey(tenantId, approverIds, now);
  if (!memo.has(key)) memo.set(key, deputiesOf(db, tenantId, approverIds, now));
  return [...(await memo.get(key)!)];
}
