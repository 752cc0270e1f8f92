// What a caller may do in (tenant, project): their roles' permissions plus the policies granted to
// them that apply there. One rule for the access guard and the route scope (ADR 0021), on the floor.
import { permissionsOf, type Permission, type Role } from '../../../domain/roles.ts';
import type { AuthUser } from './auth-user.ts';
import type { PolicyGrant } from './users.repository.ts';

/** Whether a policy granted to the caller applies in (tenant, project); without a tenant it applies. */
export function grantApplies(g: PolicyGrant, tenantId: string | null, projectId: string | null): boolean {
  if (!tenantId) return true;
  if (g.tenant_id && g.tenant_id !== tenantId) return false;
  if (g.exclude_tenants.includes(tenantId)) return false;
  if (g.include_tenants.length && !g.include_tenants.includes(tenantId)) return false;
  if (projectId) {
    if (g.exclude_projects.includes(projectId)) return false;
    if (g.include_projects.length && !g.include_projects.includes(projectId)) return false;
  }
  return true;
}

/** What `roles` grant plus the caller's policies that apply to (tenant, project) — the guard's and the route scope's one rule. */
export function permissionsWith(user: AuthUser, roles: Iterable<Role>, tenantId: string | null, projectId: string | null): Set<Permission> {
  const extra = (user.grants ?? []).filter((g) => grantApplies(g, tenantId, projectId)).flatMap((g) => g.permissions as Permission[]);
  return permissionsOf(roles, extra);
}

/** What a route needs: `public` (no session), `self` (any signed-in user), or a permission `action:entity` (any of a list); ADR 0021. */
export type RoutePermission = 'public' | 'self' | `${string}:${string}` | readonly `${string}:${string}`[];

declare module 'fastify' {
  interface FastifyContextConfig {
    /** what the access guard checks before the handler (src/server/access/guard.ts) */
    permission?: RoutePermission;
  }
}
