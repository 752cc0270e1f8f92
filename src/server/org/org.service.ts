// The organisation's services (issue 15, issue 26): projects with owners and members, quota
// switches and limits, and the tenant's tags. Every function takes its dependencies first and a
// scope already checked for the permission (org.routes.ts); another tenant's ids answer 404.
// Bodies are checked here, after the ids they name, so a missing id answers 404 before a bad body 400.
import { conflict, notFound } from '../../domain/errors.ts';
import { isId, newId } from '../../domain/ids.ts';
import { pagingSchema } from '../../domain/list-query.ts';
import {
  CLOUDS,
  membersSchema,
  projectCreateSchema,
  projectGrantSchema,
  projectUpdateSchema,
  quotaSaveSchema,
  quotaStatusSchema,
  type Cloud,
} from '../../domain/org.ts';
import { tagPairSchema } from '../../domain/schemas/resource.schema.ts';
import type { Db } from '../platform/db/database.ts';
import { parse } from '../platform/http/errors.plugin.ts';
import type { Scope } from '../platform/auth/scope.ts';
import type { Exec } from '../engine/engine.repository.ts';
import { accessOf, canSeeProject, type TenancyRepository } from '../platform/auth/tenancy.repository.ts';
import { DEFAULT_QUOTA } from '../engine/resource-create.ts';
import { quotaLines, saveQuotaLines } from '../platform/quotas/quotas.ts';
import * as repo from './org.repository.ts';
import { resourceCount, switchOf } from '../platform/quotas/quotas.repository.ts';

export interface OrgDeps {
  db: Db;
  tenancy: Pick<TenancyRepository, 'projectsQuery'>;
}

/** The project list's pages (the shared paging rule): 20 rows unless asked, at most 100. */
const PROJECT_PAGING = pagingSchema({ defaultLimit: 20, maxLimit: 100 });

type Query = Record<string, unknown>;
const trimmed = (v: unknown) => (typeof v === 'string' ? v.trim() : undefined);
export const cloudOf = (v: unknown): Cloud => (CLOUDS.includes(v as Cloud) ? (v as Cloud) : 'private');

/** A project of the scope's tenant that the caller may see, or 404. */
export async function projectIn(deps: OrgDeps, scope: Scope, id: string) {
  if (!isId(id)) throw notFound();
  const p = await repo.projectOfTenant(deps.db, scope.tenantId, id);
  if (!p || !canSeeProject(accessOf(scope.user), scope.tenantId, p.id)) throw notFound();
  return p;
}

/** Every user named holds a role in the tenant, or 404. */
async function checkUsers(deps: OrgDeps, tenantId: string, ids: string[]) {
  if (!ids.length) return;
  const known = new Set((await repo.tenantUsers(deps.db, tenantId)).map((u) => u.id));
  if (ids.some((id) => !known.has(id))) throw notFound();
}

async function addOwners(ex: Exec, tenantId: string, projectId: string, ownerIds: string[]) {
  for (const uid of ownerIds) await repo.insertMembership(ex, { user_id: uid, tenant_id: tenantId, project_id: projectId, role: 'project_owner' });
}

// ---- projects ----

export async function listProjects(deps: OrgDeps, scope: Scope, q: Query) {
  // the seed's list parameters, checked like every list (a bad __offset is a 400 naming it)
  const { __limit: limit, __offset: offset } = PROJECT_PAGING.parse(q);
  const access = accessOf(scope.user);
  const name = trimmed(q.name) || undefined;
  const count = await repo.countProjects(deps.tenancy, access, scope.tenantId, name);
  const rows = await repo.projectPage(deps.tenancy, access, scope.tenantId, name, { limit, offset });
  const owners = await repo.ownersOfProjects(
    deps.db,
    rows.map((r) => r.id),
  );
  return {
    count,
    data: rows.map((r) => ({
      ...r,
      resource_count: Number(r.resource_count ?? 0),
      member_count: Number(r.member_count ?? 0),
      owners: owners.filter((o) => o.project_id === r.id).map((o) => ({ id: o.id, account: o.account, nickname: o.nickname })),
    })),
  };
}

export async function projectCandidates(deps: OrgDeps, scope: Scope) {
  const data = await repo.tenantUsers(deps.db, scope.tenantId);
  return { count: data.length, data };
}

export async function projectDetail(deps: OrgDeps, scope: Scope, id: string) {
  const p = await projectIn(deps, scope, id);
  const members = await repo.projectMembers(deps.db, p.id);
  const owners = members.filter((m) => m.role === 'project_owner').map((m) => m.user_id);
  return { ...p, members, owners, resource_count: await resourceCount(deps.db, p.id) };
}

export async function createProject(deps: OrgDeps, scope: Scope, body: unknown) {
  const input = parse(projectCreateSchema, body ?? {});
  await checkUsers(deps, scope.tenantId, input.owner_ids);
  if (await repo.projectNameTaken(deps.db, scope.tenantId, input.name)) throw conflict('project_name_taken');
  const id = newId();
  await deps.db.transaction().execute(async (trx) => {
    await repo.insertProject(trx, scope.tenantId, id, input);
    await addOwners(trx, scope.tenantId, id, input.owner_ids);
  });
  return { id };
}

export async function updateProject(deps: OrgDeps, scope: Scope, id: string, body: unknown) {
  const p = await projectIn(deps, scope, id);
  const input = parse(projectUpdateSchema, body ?? {});
  if (input.owner_ids) await checkUsers(deps, scope.tenantId, input.owner_ids);
  if (await repo.projectNameTaken(deps.db, scope.tenantId, input.name, p.id)) throw conflict('project_name_taken');
  await deps.db.transaction().execute(async (trx) => {
    await repo.updateProject(trx, p.id, input);
    if (!input.owner_ids) return;
    await repo.deleteProjectMemberships(trx, p.id, 'project_owner');
    await addOwners(trx, scope.tenantId, p.id, input.owner_ids);
  });
  return { id: p.id };
}

export async function deleteProject(deps: OrgDeps, scope: Scope, id: string) {
  const p = await projectIn(deps, scope, id);
  await deps.db.transaction().execute(async (trx) => {
    // Lock the project so a purchase cannot land between the check and the delete.
    await repo.lockProject(trx, p.id);
    if ((await resourceCount(trx, p.id)) > 0) throw conflict('project_has_resources');
    await repo.deleteProjectMemberships(trx, p.id);
    await repo.deleteProjectLinks(trx, p.id);
    try {
      await repo.deleteProject(trx, p.id);
    } catch (err) {
      // History of the project (bills, approvals, work orders…) keeps it.
      if ((err as { code?: string }).code === '23503') throw conflict('project_in_use');
      throw err;
    }
  });
  return { id: p.id };
}

export async function setMembers(deps: OrgDeps, scope: Scope, id: string, body: unknown) {
  const p = await projectIn(deps, scope, id);
  const input = parse(membersSchema, body ?? {});
  await checkUsers(
    deps,
    scope.tenantId,
    input.members.map((m) => m.user_id),
  );
  await deps.db.transaction().execute(async (trx) => {
    await repo.deleteProjectMemberships(trx, p.id);
    for (const m of input.members) await repo.insertMembership(trx, { user_id: m.user_id, tenant_id: scope.tenantId, project_id: p.id, role: m.role });
  });
  return { id: p.id, members: await repo.projectMembers(deps.db, p.id) };
}

/** A user given one role in up to 10 projects at once (seed 001 §9 "project configuration"). */
export async function grantProjects(deps: OrgDeps, scope: Scope, body: unknown) {
  const input = parse(projectGrantSchema, body ?? {});
  await checkUsers(deps, scope.tenantId, [input.user_id]);
  for (const id of input.project_ids) await projectIn(deps, scope, id);
  let added = 0;
  await deps.db.transaction().execute(async (trx) => {
    for (const projectId of input.project_ids) {
      if (await repo.hasMembership(trx, input.user_id, projectId, input.role)) continue;
      if (input.role === 'project_owner' && (await repo.countOwners(trx, projectId)) >= 3) throw conflict('project_owners_full');
      await repo.insertMembership(trx, { user_id: input.user_id, tenant_id: scope.tenantId, project_id: projectId, role: input.role });
      added++;
    }
  });
  return { added };
}

// ---- quotas ----

export async function quotaSwitches(deps: OrgDeps, scope: Scope) {
  return { data: await Promise.all(CLOUDS.map(async (cloud) => ({ cloud, enabled: await switchOf(deps.db, scope.tenantId, cloud) }))) };
}

export async function setQuotaSwitch(deps: OrgDeps, scope: Scope, body: unknown) {
  const input = parse(quotaStatusSchema, body ?? {});
  await deps.db.transaction().execute(async (trx) => {
    if ((await repo.lockSwitch(trx, scope.tenantId, input.cloud)) === input.enabled) throw conflict('quota_status_unchanged');
    await repo.saveSwitch(trx, scope.tenantId, input.cloud, input.enabled);
  });
  return input;
}

export async function projectQuotas(deps: OrgDeps, scope: Scope, id: string, cloudAsked: unknown) {
  const p = await projectIn(deps, scope, id);
  const cloud = cloudOf(cloudAsked);
  return {
    project: { id: p.id, name: p.name, name_zh: p.name_zh },
    cloud,
    enabled: await switchOf(deps.db, scope.tenantId, cloud),
    data: await quotaLines(deps.db, p.id, cloud, DEFAULT_QUOTA),
  };
}

export async function saveProjectQuotas(deps: OrgDeps, scope: Scope, id: string, cloudAsked: unknown, body: unknown) {
  const p = await projectIn(deps, scope, id);
  const cloud = cloudOf(cloudAsked);
  const input = parse(quotaSaveSchema, body ?? {});
  await deps.db.transaction().execute(async (trx) => {
    if (!(await switchOf(trx, scope.tenantId, cloud))) throw conflict('tenant_quota_not_enabled');
    await saveQuotaLines(trx, p.id, cloud, input.limits);
  });
  return { cloud, data: await quotaLines(deps.db, p.id, cloud, DEFAULT_QUOTA) };
}

// ---- tags ----

export async function listTags(deps: OrgDeps, scope: Scope, q: Query) {
  const rows = await repo.listTags(deps.db, scope.tenantId, scope.projectId, trimmed(q.tag_key) || undefined);
  return { count: rows.length, data: rows.map((r) => ({ ...r, resource_count: Number(r.resource_count ?? 0) })) };
}

export async function createTag(deps: OrgDeps, scope: Scope, body: unknown) {
  const input = parse(tagPairSchema.extend({}).strict(), body ?? {});
  if (await repo.tagTaken(deps.db, scope.tenantId, scope.projectId, input.tag_key, input.tag_value)) throw conflict('tag_taken');
  const id = newId();
  await repo.insertTag(deps.db, { id, tenant_id: scope.tenantId, project_id: scope.projectId, tag_key: input.tag_key, tag_value: input.tag_value });
  return { id };
}

export async function deleteTag(deps: OrgDeps, scope: Scope, id: string) {
  if (!isId(id)) throw notFound();
  const tag = await repo.tagOfTenant(deps.db, scope.tenantId, id);
  if (!tag || (tag.project_id && !canSeeProject(accessOf(scope.user), scope.tenantId, tag.project_id))) throw notFound();
  if (scope.projectId && tag.project_id && tag.project_id !== scope.projectId) throw notFound();
  await deps.db.transaction().execute((trx) => repo.deleteTag(trx, id));
  return { id };
}
