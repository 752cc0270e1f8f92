// Every query of the organisation slice (issue 15, issue 26): projects and their members, quota
// switches and limits, systems and resource groups, the tenant's tags and the organisation tree.
// Each function takes the executor first (the app's Kysely or an open transaction) so a service
// can run several in one transaction.
import { sql } from 'kysely';
import { newId } from '../../domain/ids.ts';
import type { Cloud, GroupType } from '../../domain/org.ts';
import type { Role } from '../../domain/roles.ts';
import type { Exec } from '../engine/engine.repository.ts';
import type { Access, TenancyRepository } from '../platform/auth/tenancy.repository.ts';

// ---- projects ----

export async function projectOfTenant(ex: Exec, tenantId: string, id: string) {
  return ex.selectFrom('projects').selectAll().where('id', '=', id).where('tenant_id', '=', tenantId).executeTakeFirst();
}

/** Users a project can be given: those with a role in the tenant (platform administrators aside). */
export async function tenantUsers(ex: Exec, tenantId: string) {
  return ex
    .selectFrom('users')
    .select(['users.id', 'users.account', 'users.nickname'])
    .where('users.id', 'in', (eb) => eb.selectFrom('memberships').select('memberships.user_id').where('memberships.tenant_id', '=', tenantId))
    .orderBy('users.account')
    .execute();
}

export async function projectMembers(ex: Exec, projectId: string) {
  return ex
    .selectFrom('memberships')
    .innerJoin('users', 'users.id', 'memberships.user_id')
    .select(['memberships.user_id', 'memberships.role', 'users.account', 'users.nickname'])
    .where('memberships.project_id', '=', projectId)
    .orderBy('users.account')
    .execute();
}

/** The projects the caller sees in a tenant, by name (any of its three names), newest first. */
function visibleProjects(tenancy: Pick<TenancyRepository, 'projectsQuery'>, access: Access, tenantId: string, name: string | undefined) {
  let qb = tenancy.projectsQuery(access).where('projects.tenant_id', '=', tenantId);
  if (name)
    qb = qb.where((eb) =>
      eb.or([eb('projects.name', 'ilike', `%${name}%`), eb('projects.name_zh', 'ilike', `%${name}%`), eb('projects.name_en', 'ilike', `%${name}%`)]),
    );
  return qb;
}

export async function countProjects(tenancy: Pick<TenancyRepository, 'projectsQuery'>, access: Access, tenantId: string, name: string | undefined) {
  const row = await visibleProjects(tenancy, access, tenantId, name)
    .select(sql<number>`count(*)::int`.as('n'))
    .executeTakeFirst();
  return Number(row?.n ?? 0);
}

export async function projectPage(
  tenancy: Pick<TenancyRepository, 'projectsQuery'>,
  access: Access,
  tenantId: string,
  name: string | undefined,
  page: { limit: number; offset: number },
) {
  return visibleProjects(tenancy, access, tenantId, name)
    .select([
      'projects.id',
      'projects.name',
      'projects.name_en',
      'projects.name_zh',
      'projects.remark',
      'projects.enabled',
      'projects.created_at',
      (eb) =>
        eb
          .selectFrom('resources')
          .select(sql<number>`count(*)::int`.as('n'))
          .whereRef('resources.project_id', '=', 'projects.id')
          .where('resources.status', '!=', 'deleted')
          .as('resource_count'),
      (eb) =>
        eb
          .selectFrom('memberships')
          .select(sql<number>`count(distinct user_id)::int`.as('n'))
          .whereRef('memberships.project_id', '=', 'projects.id')
          .as('member_count'),
    ])
    .orderBy('projects.created_at', 'desc')
    .orderBy('projects.id')
    .limit(page.limit)
    .offset(page.offset)
    .execute();
}

export async function ownersOfProjects(ex: Exec, projectIds: string[]) {
  if (!projectIds.length) return [];
  return ex
    .selectFrom('memberships')
    .innerJoin('users', 'users.id', 'memberships.user_id')
    .select(['memberships.project_id', 'users.id', 'users.account', 'users.nickname'])
    .where('memberships.project_id', 'in', projectIds)
    .where('memberships.role', '=', 'project_owner')
    .orderBy('users.account')
    .execute();
}

/** Another project of the tenant already named `name` (`exceptId` aside). */
export async function projectNameTaken(ex: Exec, tenantId: string, name: string, exceptId?: string) {
  let qb = ex.selectFrom('projects').select('id').where('tenant_id', '=', tenantId).where('name', '=', name);
  if (exceptId) qb = qb.where('id', '!=', exceptId);
  return (await qb.executeTakeFirst()) !== undefined;
}

export interface ProjectNames {
  name: string;
  name_en: string;
  name_zh: string;
  remark: string;
}

export async function insertProject(ex: Exec, tenantId: string, id: string, p: ProjectNames) {
  await ex.insertInto('projects').values({ id, tenant_id: tenantId, name: p.name, name_en: p.name_en, name_zh: p.name_zh, remark: p.remark }).execute();
}

export async function updateProject(ex: Exec, id: string, p: ProjectNames) {
  await ex.updateTable('projects').set({ name: p.name, name_en: p.name_en, name_zh: p.name_zh, remark: p.remark }).where('id', '=', id).execute();
}

export async function insertMembership(ex: Exec, m: { user_id: string; tenant_id: string; project_id: string; role: Role }) {
  await ex
    .insertInto('memberships')
    .values({ id: newId(), ...m })
    .execute();
}

/** Removes a project's memberships: all of them, or those of one role. */
export async function deleteProjectMemberships(ex: Exec, projectId: string, role?: Role) {
  let qb = ex.deleteFrom('memberships').where('project_id', '=', projectId);
  if (role) qb = qb.where('role', '=', role);
  await qb.execute();
}

export async function lockProject(ex: Exec, id: string) {
  await ex.selectFrom('projects').select('id').where('id', '=', id).forUpdate().execute();
}

/** Removes a project's tag links and private quotas (before the project itself). */
export async function deleteProjectLinks(ex: Exec, id: string) {
  await ex.deleteFrom('tag_resources').where('resource_id', '=', id).execute();
  await ex.deleteFrom('project_quotas').where('project_id', '=', id).execute();
}

export async function deleteProject(ex: Exec, id: string) {
  await ex.deleteFrom('projects').where('id', '=', id).execute();
}

export async function hasMembership(ex: Exec, userId: string, projectId: string, role: Role) {
  const row = await ex
    .selectFrom('memberships')
    .select('id')
    .where('user_id', '=', userId)
    .where('project_id', '=', projectId)
    .where('role', '=', role)
    .executeTakeFirst();
  return row !== undefined;
}

export async function countOwners(ex: Exec, projectId: string) {
  const row = await ex
    .selectFrom('memberships')
    .select(sql<number>`count(*)::int`.as('n'))
    .where('project_id', '=', projectId)
    .where('role', '=', 'project_owner')
    .executeTakeFirst();
  return Number(row?.n ?? 0);
}

// ---- quotas ----

/** The switch's row, locked until the transaction ends. */
export async function lockSwitch(ex: Exec, tenantId: string, cloud: Cloud) {
  const row = await ex
    .selectFrom('org_quota_switches')
    .select('enabled')
    .where('tenant_id', '=', tenantId)
    .where('cloud', '=', cloud)
    .forUpdate()
    .executeTakeFirst();
  return row?.enabled ?? false;
}

export async function saveSwitch(ex: Exec, tenantId: string, cloud: Cloud, enabled: boolean) {
  await ex
    .insertInto('org_quota_switches')
    .values({ tenant_id: tenantId, cloud, enabled })
    .onConflict((oc) => oc.columns(['tenant_id', 'cloud']).doUpdateSet({ enabled, updated_at: new Date() }))
    .execute();
}

// ---- systems and resource groups ----

export async function groupOfTenant(ex: Exec, tenantId: string, type: GroupType, id: string) {
  return ex
    .selectFrom('org_groups')
    .innerJoin('projects', 'projects.id', 'org_groups.project_id')
    .selectAll('org_groups')
    .select(['projects.name as project_name', 'projects.name_zh as project_name_zh'])
    .where('org_groups.id', '=', id)
    .where('org_groups.type', '=', type)
    .where('org_groups.tenant_id', '=', tenantId)
    .executeTakeFirst();
}

/** `projectIds`: the projects the list is narrowed to (undefined: the whole tenant). */
export async function listGroups(ex: Exec, tenantId: string, type: GroupType, projectIds: string[] | undefined, name: string | undefined) {
  let qb = ex
    .selectFrom('org_groups')
    .innerJoin('projects', 'projects.id', 'org_groups.project_id')
    .where('org_groups.tenant_id', '=', tenantId)
    .where('org_groups.type', '=', type);
  if (projectIds) qb = qb.where('org_groups.project_id', 'in', projectIds);
  if (name) qb = qb.where('org_groups.name', 'ilike', `%${name}%`);
  return qb
    .selectAll('org_groups')
    .select([
      'projects.name as project_name',
      'projects.name_zh as project_name_zh',
      (eb) =>
        eb
          .selectFrom('org_group_resources')
          .select(sql<number>`count(*)::int`.as('n'))
          .whereRef('org_group_resources.group_id', '=', 'org_groups.id')
          .as('resource_count'),
    ])
    .orderBy('org_groups.created_at', 'desc')
    .orderBy('org_groups.id')
    .limit(200)
    .execute();
}

export async function groupResources(ex: Exec, groupId: string) {
  return ex
    .selectFrom('org_group_resources')
    .innerJoin('resources', 'resources.id', 'org_group_resources.resource_id')
    .select(['resources.id', 'resources.name', 'resources.kind', 'resources.status', 'resources.vendor', 'org_group_resources.created_at as joined_at'])
    .where('org_group_resources.group_id', '=', groupId)
    .orderBy('resources.name')
    .execute();
}

/** Resources of the group's project that it could take (not yet in it, not deleted). */
export async function groupCandidates(ex: Exec, groupId: string, projectId: string) {
  return ex
    .selectFrom('resources')
    .select(['resources.id', 'resources.name', 'resources.kind', 'resources.status', 'resources.vendor'])
    .where('resources.project_id', '=', projectId)
    .where('resources.status', '!=', 'deleted')
    .where('resources.id', 'not in', (eb) => eb.selectFrom('org_group_resources').select('resource_id').where('group_id', '=', groupId))
    .orderBy('resources.kind')
    .orderBy('resources.name')
    .limit(200)
    .execute();
}

export async function groupNameTaken(ex: Exec, tenantId: string, type: GroupType, name: string, exceptId?: string) {
  let qb = ex.selectFrom('org_groups').select('id').where('tenant_id', '=', tenantId).where('type', '=', type).where('name', '=', name);
  if (exceptId) qb = qb.where('id', '!=', exceptId);
  return (await qb.executeTakeFirst()) !== undefined;
}

export async function insertGroup(
  ex: Exec,
  g: { id: string; tenant_id: string; project_id: string; type: GroupType; name: string; description: string; created_by: string },
) {
  await ex.insertInto('org_groups').values(g).execute();
}

export async function updateGroup(ex: Exec, id: string, g: { name: string; description: string }) {
  await ex.updateTable('org_groups').set({ name: g.name, description: g.description, updated_at: new Date() }).where('id', '=', id).execute();
}

export async function deleteGroup(ex: Exec, id: string) {
  await ex.deleteFrom('org_groups').where('id', '=', id).execute();
}

/** How many of `ids` are live resources of the tenant's project. */
export async function countLiveResources(ex: Exec, tenantId: string, projectId: string, ids: string[]) {
  const found = await ex
    .selectFrom('resources')
    .select('id')
    .where('id', 'in', ids)
    .where('tenant_id', '=', tenantId)
    .where('project_id', '=', projectId)
    .where('status', '!=', 'deleted')
    .execute();
  return found.length;
}

export async function addGroupResources(ex: Exec, groupId: string, resourceIds: string[]) {
  await ex
    .insertInto('org_group_resources')
    .values(resourceIds.map((resource_id) => ({ group_id: groupId, resource_id })))
    .onConflict((oc) => oc.columns(['group_id', 'resource_id']).doNothing())
    .execute();
}

/** Whether the resource was in the group (and now is not). */
export async function removeGroupResource(ex: Exec, groupId: string, resourceId: string) {
  const r = await ex.deleteFrom('org_group_resources').where('group_id', '=', groupId).where('resource_id', '=', resourceId).executeTakeFirst();
  return Number(r.numDeletedRows) > 0;
}

// ---- tags ----

/** The tenant's tags (of one project and the tenant-wide ones when `projectId`), by key. */
export async function listTags(ex: Exec, tenantId: string, projectId: string | null, key: string | undefined) {
  let qb = ex.selectFrom('tags').leftJoin('projects', 'projects.id', 'tags.project_id').where('tags.tenant_id', '=', tenantId);
  if (projectId) qb = qb.where((eb) => eb.or([eb('tags.project_id', '=', projectId), eb('tags.project_id', 'is', null)]));
  if (key) qb = qb.where('tags.tag_key', 'ilike', `%${key}%`);
  return qb
    .select([
      'tags.id',
      'tags.tag_key',
      'tags.tag_value',
      'tags.project_id',
      'projects.name as project_name',
      'projects.name_zh as project_name_zh',
      'tags.created_at',
      (eb) =>
        eb
          .selectFrom('tag_resources')
          .select(sql<number>`count(*)::int`.as('n'))
          .whereRef('tag_resources.tag_id', '=', 'tags.id')
          .as('resource_count'),
    ])
    .orderBy('tags.tag_key')
    .orderBy('tags.tag_value')
    .limit(500)
    .execute();
}

export async function tagTaken(ex: Exec, tenantId: string, projectId: string | null, key: string, value: string) {
  const row = await ex
    .selectFrom('tags')
    .select('id')
    .where('tenant_id', '=', tenantId)
    .where(projectId ? (eb) => eb('project_id', '=', projectId) : (eb) => eb('project_id', 'is', null))
    .where('tag_key', '=', key)
    .where('tag_value', '=', value)
    .executeTakeFirst();
  return row !== undefined;
}

export async function insertTag(ex: Exec, t: { id: string; tenant_id: string; project_id: string | null; tag_key: string; tag_value: string }) {
  await ex.insertInto('tags').values(t).execute();
}

export async function tagOfTenant(ex: Exec, tenantId: string, id: string) {
  return ex.selectFrom('tags').selectAll().where('id', '=', id).where('tenant_id', '=', tenantId).executeTakeFirst();
}

export async function deleteTag(ex: Exec, id: string) {
  await ex.deleteFrom('tag_resources').where('tag_id', '=', id).execute();
  await ex.deleteFrom('tags').where('id', '=', id).execute();
}

// ---- organisation tree ----

/** Every unit, unit–tenant link, tenant and project, in the tree's order. */
export async function treeRows(ex: Exec) {
  const units = await ex.selectFrom('org_units').selectAll().orderBy('sort_value').orderBy('name').execute();
  const links = await ex.selectFrom('org_unit_tenants').selectAll().execute();
  const tenants = await ex.selectFrom('tenants').select(['id', 'name', 'enabled']).orderBy('name').execute();
  const projects = await ex.selectFrom('projects').select(['id', 'tenant_id', 'name', 'name_zh', 'enabled']).orderBy('name').execute();
  return { units, links, tenants, projects };
}
export type TreeRows = Awaited<ReturnType<typeof treeRows>>;
