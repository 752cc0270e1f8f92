// User groups (issue 15, ADR 0021): a tenant's groups and the platform's, their members and the
// roles they give. Every function takes the database first, then the caller.
import { conflict, notFound } from '../../domain/errors.ts';
import { newId } from '../../domain/ids.ts';
import { isPlatformRole, roleLevel, type Role } from '../../domain/roles.ts';
import { groupCreateSchema, groupMembersSchema, groupRolesSchema, groupUpdateSchema } from '../../domain/access/access.ts';
import type { Db } from '../platform/db/database.ts';
import { invalid } from '../platform/lib/invalid.ts';
import { anyOf, listFilter, searchedName, tenantOf, uniqueViolation, visibleGroup, visibleUser, type AccessCaller } from './access-checks.ts';
import { ownerTenant } from './access-policies.service.ts';
import * as repo from './access.repository.ts';

export async function listGroups(db: Db, c: AccessCaller, q: Record<string, unknown>) {
  const tenant = tenantOf(c, 'user_group');
  const data = await repo.listGroups(db, tenant ?? listFilter(q), searchedName(q));
  return { count: data.length, data: data.map((g) => ({ ...g, member_count: Number(g.member_count ?? 0), roles: g.roles ?? [] })) };
}

export async function group(db: Db, c: AccessCaller, id: string) {
  const g = await visibleGroup(db, c, id);
  return { ...g, ...(await repo.groupLinks(db, id, g.tenant_id)) };
}

export async function createGroup(db: Db, c: AccessCaller, body: unknown) {
  const input = groupCreateSchema.parse(body ?? {});
  const tenantId = await ownerTenant(db, c, 'user_group', input.tenant_id);
  const id = newId();
  try {
    await repo.insertGroup(db, { id, name: input.name, description: input.description, tenant_id: tenantId });
  } catch (err) {
    if (uniqueViolation(err)) throw conflict('access.name_taken');
    throw err;
  }
  return group(db, c, id);
}

export async function updateGroup(db: Db, c: AccessCaller, id: string, body: unknown) {
  const input = groupUpdateSchema.parse(body ?? {});
  await visibleGroup(db, c, id);
  try {
    if (Object.keys(input).length) await repo.updateGroup(db, id, input);
  } catch (err) {
    if (uniqueViolation(err)) throw conflict('access.name_taken');
    throw err;
  }
  return group(db, c, id);
}

export async function deleteGroup(db: Db, c: AccessCaller, id: string) {
  await visibleGroup(db, c, id);
  await repo.deleteGroup(db, id);
  return { id };
}

export async function setGroupMembers(db: Db, c: AccessCaller, id: string, body: unknown) {
  const input = groupMembersSchema.parse(body ?? {});
  const g = await visibleGroup(db, c, id);
  const ids = [...new Set(input.user_ids)];
  for (const uid of ids) {
    // a tenant group takes users the caller sees; a platform group any user
    if (g.tenant_id && !anyOf(c, 'read', 'user')) await visibleUser(db, c, uid);
    else if (!(await repo.userExists(db, uid))) throw notFound();
  }
  await db.transaction().execute((tx) => repo.replaceGroupMembers(tx, id, ids));
  return group(db, c, id);
}

/** One role a group may give: seed 001 §6, platform groups take only platform roles; tenant groups only that tenant's roles. */
async function groupRole(db: Db, tenantId: string | null, r: { role: Role; project_id?: string | null }, i: number) {
  if (tenantId === null) {
    if (!isPlatformRole(r.role)) throw invalid(`roles.${i}.role`, 'role_platform_group');
    return { role: r.role, project_id: null };
  }
  if (isPlatformRole(r.role)) throw invalid(`roles.${i}.role`, 'role_tenant_group');
  if (roleLevel(r.role) !== 'project') return { role: r.role, project_id: null };
  if (!r.project_id) throw invalid(`roles.${i}.project_id`, 'required');
  const p = await repo.projectOfTenant(db, r.project_id, tenantId);
  if (!p) throw notFound();
  return { role: r.role, project_id: p.id };
}

export async function setGroupRoles(db: Db, c: AccessCaller, id: string, body: unknown) {
  const input = groupRolesSchema.parse(body ?? {});
  const g = await visibleGroup(db, c, id);
  const rows: { role: Role; project_id: string | null }[] = [];
  for (const [i, r] of input.roles.entries()) rows.push(await groupRole(db, g.tenant_id, r, i));
  await db.transaction().execute((tx) => repo.replaceGroupRoles(tx, id, rows));
  return group(db, c, id);
}
