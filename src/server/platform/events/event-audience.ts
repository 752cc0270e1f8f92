// Who may hear an event: each one is scoped like the data it describes. Resource-like events
// (resource, export, backup plan) go to streams of their tenant whose user can read resources in the
// event's project; approval events to the people concerned (requester, approvers of any level, their
// active deputies) and to users who may read approvals in that request's project; a site message to
// its addressee only.
import { can } from '../../../domain/roles.ts';
import { entityOfKind } from '../../../domain/kinds/registry.ts';
import { AUDIENCE_FIELDS, isApprovalEvent, type DomainEvent } from '../../../domain/events.ts';
import type { Db } from '../db/database.ts';
import type { AuthUser } from '../auth/auth-user.ts';
import { accessOf, canSeeProject, rolesIn } from '../auth/tenancy.repository.ts';
import { participantIdsOf } from './event-audience.repository.ts';

const ids = (v: unknown): string[] => (Array.isArray(v) ? v.filter((x): x is string => typeof x === 'string') : []);

/** Whether the stream of `user`, opened on (tenantId, projectId), may carry `e`. */
export function eventVisible(e: DomainEvent, user: AuthUser, scope: { tenantId: string; projectId: string | null }): boolean {
  if (e.type === 'site_message.created') return e.user_id === user.id;
  const access = accessOf(user);
  if (isApprovalEvent(e)) {
    if (e.requester_id === user.id) return true;
    if (AUDIENCE_FIELDS.some((f) => e[f].includes(user.id))) return true;
    if (e.tenant_id !== scope.tenantId) return false;
    return canSeeProject(access, e.tenant_id, e.project_id) && can(rolesIn(user, e.tenant_id, e.project_id), 'read', 'approval');
  }
  const { tenant_id: tenantId, project_id: projectId } = e;
  if (tenantId !== scope.tenantId) return false;
  if (!projectId) return access.allTenants || access.wholeTenants.has(tenantId);
  if (scope.projectId && projectId !== scope.projectId) return false;
  // a resource event is heard by who may read that kind (a cloud account's by who may read cloud accounts)
  const entity = e.type === 'resource.status' || e.type === 'resource.removed' ? entityOfKind(e.kind) : 'resource';
  return canSeeProject(access, tenantId, projectId) && can(rolesIn(user, tenantId, projectId), 'read', entity);
}

/** Every approver of every level of a request (a decision also concerns the co-approvers who did not make it). */
export async function participantsOf(db: Db, requestId: string): Promise<string[]> {
  return ids(await participantIdsOf(db, requestId));
}
