// Who may hear an event: each one is scoped like the data it describes. Resource-like events
// (resource, export, backup plan) go to streams of their tenant whose user can read resources in the
// event's project; approval events to the people concerned (requester, approvers of any level, their
// active deputies) and to users who may read approvals in that request's project; a site message to
// its addressee only.
import { sql } from 'kysely';
import { can } from '../../domain/roles.ts';
import type { Db } from '../db/database.ts';
import type { AuthUser } from '../plugins/auth.plugin.ts';
import { accessOf, canSeeProject, rolesIn } from '../repositories/tenancy.repository.ts';
import { APPROVAL_EVENTS } from '../approvals/approval-events.ts';

export type StreamEvent = Record<string, unknown> & { type: string };

const APPROVAL_TYPES = new Set<string>([APPROVAL_EVENTS.created, APPROVAL_EVENTS.decided, APPROVAL_EVENTS.escalated, APPROVAL_EVENTS.issued]);
/** Fields that say who an event is for; they are not sent to the browser. */
export const AUDIENCE_FIELDS = ['approver_ids', 'delegate_ids', 'participant_ids'] as const;

const ids = (v: unknown): string[] => (Array.isArray(v) ? v.filter((x): x is string => typeof x === 'string') : []);

/** Whether the stream of `user`, opened on (tenantId, projectId), may carry `e`. */
export function eventVisible(e: StreamEvent, user: AuthUser, scope: { tenantId: string; projectId: string | null }): boolean {
  if (e.type === APPROVAL_EVENTS.message) return e.user_id === user.id;
  const tenantId = typeof e.tenant_id === 'string' ? e.tenant_id : null;
  const projectId = typeof e.project_id === 'string' ? e.project_id : null;
  const access = accessOf(user);
  if (APPROVAL_TYPES.has(e.type)) {
    if (e.requester_id === user.id) return true;
    if (AUDIENCE_FIELDS.some((f) => ids(e[f]).includes(user.id))) return true;
    if (!tenantId || !projectId || tenantId !== scope.tenantId) return false;
    return canSeeProject(access, tenantId, projectId) && can(rolesIn(user, tenantId, projectId), 'read', 'approval');
  }
  if (tenantId !== scope.tenantId) return false;
  if (!projectId) return access.allTenants || access.wholeTenants.has(tenantId);
  if (scope.projectId && projectId !== scope.projectId) return false;
  return canSeeProject(access, tenantId, projectId) && can(rolesIn(user, tenantId, projectId), 'read', 'resource');
}

/** Every approver of every level of a request (a decision also concerns the co-approvers who did not make it). */
export async function participantsOf(db: Db, requestId: string): Promise<string[]> {
  const row = await db.selectFrom('approval_requests').select(sql<unknown>`participant_ids`.as('participant_ids')).where('id', '=', requestId).executeTakeFirst();
  return ids(row?.participant_ids);
}
