// The tenant/project scope of a request, from X-Tenant-Id / X-Project-Id, checked against the
// caller's memberships. Anything the caller may not see answers 404 — the same as a missing id,
// so a probe learns nothing.
import type { FastifyRequest } from 'fastify';
import { AppError, notFound } from '../../../domain/errors.ts';
import { isId } from '../../../domain/ids.ts';
import { hasPermission, permissionsOf, type Role } from '../../../domain/roles.ts';
import { requireUser, type AuthUser } from './auth-user.ts';
import { accessOf, canSeeProject, canSeeTenant, rolesIn, type TenancyRepository } from './tenancy.repository.ts';
import { permissionsWith } from './permissions.ts';

export interface Scope {
  user: AuthUser;
  tenantId: string;
  projectId: string | null;
  roles: Role[];
  /**
   * What the caller holds here: the scope's roles and the policies granted to the caller that apply
   * in it (as the access guard reads them). Absent on scopes the server builds itself (jobs, the
   * approvals' effects): those go by `roles`.
   */
  permissions?: ReadonlySet<string>;
}

/** Whether the scope grants `action:entity` — its permissions (roles and policies) when known, else its roles. */
export function scopeCan(scope: Pick<Scope, 'roles' | 'permissions'>, action: string, entity: string, access: 'any' | 'own' = 'own'): boolean {
  return hasPermission(scope.permissions ?? permissionsOf(scope.roles), action, entity, access);
}

function header(req: FastifyRequest, name: string): string | undefined {
  const v = req.headers[name];
  return typeof v === 'string' && v.trim() ? v.trim() : undefined;
}

export async function resolveScope(
  req: FastifyRequest,
  tenancy: TenancyRepository,
  opts: { project: 'required' | 'optional' } = { project: 'optional' },
): Promise<Scope> {
  const user = requireUser(req);
  const tenantId = header(req, 'x-tenant-id');
  const projectId = header(req, 'x-project-id');
  if (!tenantId || (opts.project === 'required' && !projectId)) throw new AppError(400, 'scope_required');
  if (!isId(tenantId) || (projectId !== undefined && !isId(projectId))) throw notFound();
  const access = accessOf(user);
  if (!canSeeTenant(access, tenantId)) throw notFound();
  const tenant = await tenancy.tenantById(tenantId);
  if (!tenant) throw notFound();
  // A caller who holds only project roles in this tenant must name one of its projects:
  // a tenant-wide query would show the other projects' rows.
  if (!projectId && !access.allTenants && !access.wholeTenants.has(tenantId)) throw new AppError(400, 'scope_required');
  if (projectId) {
    if (!canSeeProject(access, tenantId, projectId)) throw notFound();
    const project = await tenancy.projectById(projectId);
    if (!project || project.tenant_id !== tenantId) throw notFound();
  }
  const roles = rolesIn(user, tenantId, projectId ?? null);
  return { user, tenantId, projectId: projectId ?? null, roles, permissions: permissionsWith(user, roles, tenantId, projectId ?? null) };
}
