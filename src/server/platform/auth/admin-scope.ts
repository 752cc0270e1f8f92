// The scope of an admin call that names its tenant (and project) in the payload rather than in the
// X-Tenant-Id / X-Project-Id headers — the admin tag editor of seed 000 §6, used from admin lists
// where a platform administrator acts across tenants. The payload's scope is checked against the
// caller's memberships exactly like the headers are: a platform role may name any tenant, a tenant
// role only its own; anything else answers 404, the same as a missing id.
import type { FastifyRequest } from 'fastify';
import { AppError, notFound } from '../../../domain/errors.ts';
import { isId } from '../../../domain/ids.ts';
import { requireUser } from './auth-user.ts';
import type { Scope } from './scope.ts';
import { accessOf, canSeeProject, canSeeTenant, rolesIn, type TenancyRepository } from './tenancy.repository.ts';

export async function resolveNamedScope(
  req: FastifyRequest,
  tenancy: TenancyRepository,
  named: { tenant_id: string; project_id?: string | null },
): Promise<Scope> {
  const user = requireUser(req);
  const tenantId = named.tenant_id;
  const projectId = named.project_id ?? null;
  if (!isId(tenantId) || (projectId !== null && !isId(projectId))) throw notFound();
  const access = accessOf(user);
  if (!canSeeTenant(access, tenantId)) throw notFound();
  if (!(await tenancy.tenantById(tenantId))) throw notFound();
  // Project-only members must name one of their projects (a tenant-wide call would reach the others).
  if (!projectId && !access.allTenants && !access.wholeTenants.has(tenantId)) throw new AppError(400, 'scope_required');
  if (projectId) {
    if (!canSeeProject(access, tenantId, projectId)) throw notFound();
    const project = await tenancy.projectById(projectId);
    if (!project || project.tenant_id !== tenantId) throw notFound();
  }
  return { user, tenantId, projectId, roles: rolesIn(user, tenantId, projectId) };
}
