// Systems and resource groups (issue 15): named sets of the engine's resources of one project.
// Every function takes its dependencies first, the group type and a scope already checked for the
// permission (org.routes.ts). A group out of the caller's projects, or out of the selected
// project, answers 404.
import { conflict, notFound } from '../../domain/errors.ts';
import { isId, newId } from '../../domain/ids.ts';
import { groupResourcesSchema, groupSchema, groupUpdateSchema, type GroupType } from '../../domain/org.ts';
import { parse } from '../platform/http/errors.plugin.ts';
import type { Scope } from '../platform/auth/scope.ts';
import { accessOf, canSeeProject } from '../platform/auth/tenancy.repository.ts';
import * as repo from './org.repository.ts';
import { projectIn, type OrgDeps } from './org.service.ts';

/** A group of the type in the scope's tenant (and selected project) that the caller may see, or 404. */
export async function groupIn(deps: OrgDeps, scope: Scope, type: GroupType, id: string) {
  if (!isId(id)) throw notFound();
  const g = await repo.groupOfTenant(deps.db, scope.tenantId, type, id);
  if (!g || !canSeeProject(accessOf(scope.user), scope.tenantId, g.project_id)) throw notFound();
  if (scope.projectId && scope.projectId !== g.project_id) throw notFound();
  return g;
}

/** The projects a group list is narrowed to: the selected one, the caller's own, or (undefined) all. */
function listedProjects(scope: Scope): string[] | undefined {
  const access = accessOf(scope.user);
  if (scope.projectId) return [scope.projectId];
  if (!access.allTenants && !access.wholeTenants.has(scope.tenantId)) return [...(access.projects.get(scope.tenantId) ?? [''])];
  return undefined;
}

export async function listGroups(deps: OrgDeps, scope: Scope, type: GroupType, q: Record<string, unknown>) {
  const name = typeof q.name === 'string' ? q.name.trim() : undefined;
  const rows = await repo.listGroups(deps.db, scope.tenantId, type, listedProjects(scope), name || undefined);
  return { count: rows.length, data: rows.map((r) => ({ ...r, resource_count: Number(r.resource_count ?? 0) })) };
}

export async function groupDetail(deps: OrgDeps, scope: Scope, type: GroupType, id: string) {
  const g = await groupIn(deps, scope, type, id);
  return { ...g, resources: await repo.groupResources(deps.db, g.id) };
}

/** Resources of the group's project that it could take (not yet in it, not deleted). */
export async function groupCandidates(deps: OrgDeps, scope: Scope, type: GroupType, id: string) {
  const g = await groupIn(deps, scope, type, id);
  const data = await repo.groupCandidates(deps.db, g.id, g.project_id);
  return { count: data.length, data };
}

export async function createGroup(deps: OrgDeps, scope: Scope, type: GroupType, body: unknown) {
  const input = parse(groupSchema, body ?? {});
  await projectIn(deps, scope, input.project_id);
  if (await repo.groupNameTaken(deps.db, scope.tenantId, type, input.name)) throw conflict('group_name_taken');
  const id = newId();
  await repo.insertGroup(deps.db, {
    id,
    tenant_id: scope.tenantId,
    project_id: input.project_id,
    type,
    name: input.name,
    description: input.description,
    created_by: scope.user.id,
  });
  return { id };
}

export async function updateGroup(deps: OrgDeps, scope: Scope, type: GroupType, id: string, body: unknown) {
  const g = await groupIn(deps, scope, type, id);
  const input = parse(groupUpdateSchema, body ?? {});
  if (await repo.groupNameTaken(deps.db, scope.tenantId, type, input.name, g.id)) throw conflict('group_name_taken');
  await repo.updateGroup(deps.db, g.id, input);
  return { id: g.id };
}

export async function deleteGroup(deps: OrgDeps, scope: Scope, type: GroupType, id: string) {
  const g = await groupIn(deps, scope, type, id);
  await repo.deleteGroup(deps.db, g.id);
  return { id: g.id };
}

export async function addGroupResources(deps: OrgDeps, scope: Scope, type: GroupType, id: string, body: unknown) {
  const g = await groupIn(deps, scope, type, id);
  const input = parse(groupResourcesSchema, body ?? {});
  const ids = [...new Set(input.resource_ids)];
  if ((await repo.countLiveResources(deps.db, scope.tenantId, g.project_id, ids)) !== ids.length) throw notFound();
  await repo.addGroupResources(deps.db, g.id, ids);
  return { id: g.id, added: ids.length };
}

export async function removeGroupResource(deps: OrgDeps, scope: Scope, type: GroupType, id: string, resourceId: string) {
  const g = await groupIn(deps, scope, type, id);
  if (!isId(resourceId) || !(await repo.removeGroupResource(deps.db, g.id, resourceId))) throw notFound();
  return { id: g.id };
}
