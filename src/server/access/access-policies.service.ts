// Policies and grants (empower) (issue 15, ADR 0021): a tenant's policies hold only `own`
// permissions of its own projects; platform policies any. Every function takes the database
// first, then the caller.
import { AppError, conflict, notFound } from '../../domain/errors.ts';
import { newId } from '../../domain/ids.ts';
import { parsePermission } from '../../domain/roles.ts';
import { grantSchema, policyCreateSchema, policyUpdateSchema } from '../../domain/access/access.ts';
import type { Db } from '../platform/db/database.ts';
import { invalid } from '../platform/lib/invalid.ts';
import { anyOf, listFilter, searchedName, tenantOf, uniqueViolation, visiblePolicy, visibleUser, type AccessCaller } from './access-checks.ts';
import * as repo from './access.repository.ts';

interface PolicyScope {
  permissions?: readonly string[];
  include_tenants?: readonly string[];
  exclude_tenants?: readonly string[];
  include_projects?: readonly string[];
  exclude_projects?: readonly string[];
}

/** A tenant policy holds only `own` permissions (no escalation to every tenant) and only its own projects. */
async function checkPolicyBody(db: Db, tenantId: string | null, p: PolicyScope) {
  if (tenantId) {
    for (const [i, perm] of (p.permissions ?? []).entries())
      if (parsePermission(perm)?.access !== 'own') throw invalid(`permissions.${i}`, 'permission_any_platform');
    if ((p.include_tenants ?? []).some((t) => t !== tenantId)) throw invalid('include_tenants', 'tenant_outside');
    if ((p.exclude_tenants ?? []).length) throw invalid('exclude_tenants', 'tenant_outside');
  }
  const projects = [...(p.include_projects ?? []), ...(p.exclude_projects ?? [])];
  if (projects.length && (await repo.countProjects(db, projects, tenantId)) !== new Set(projects).size) throw notFound();
  const tenants = [...(p.include_tenants ?? []), ...(p.exclude_tenants ?? [])];
  if (tenants.length && (await repo.countTenants(db, tenants)) !== new Set(tenants).size) throw notFound();
}

/** The tenant a new group/policy belongs to: the caller's own for tenant callers; any (or none: platform) for platform callers. */
export async function ownerTenant(db: Db, c: AccessCaller, entity: string, asked: string | null | undefined): Promise<string | null> {
  const tenant = tenantOf(c, entity);
  if (tenant) return tenant;
  if (!anyOf(c, 'manage', entity)) throw new AppError(403, 'no_permission');
  if (asked && !(await repo.tenantExists(db, asked))) throw notFound();
  return asked ?? null;
}

export async function listPolicies(db: Db, c: AccessCaller, q: Record<string, unknown>) {
  const tenant = tenantOf(c, 'policy');
  const data = await repo.listPolicies(db, tenant ?? listFilter(q), searchedName(q));
  return { count: data.length, data: data.map((p) => ({ ...p, grant_count: Number(p.grant_count ?? 0) })) };
}

export async function policy(db: Db, c: AccessCaller, id: string) {
  const p = await visiblePolicy(db, c, id);
  return { ...p, grants: await repo.policyGrants(db, id) };
}

const JSON_FIELDS = ['permissions', 'include_tenants', 'exclude_tenants', 'include_projects', 'exclude_projects'] as const;

export async function createPolicy(db: Db, c: AccessCaller, body: unknown) {
  const input = policyCreateSchema.parse(body ?? {});
  const tenantId = await ownerTenant(db, c, 'policy', input.tenant_id);
  await checkPolicyBody(db, tenantId, input);
  const id = newId();
  const lists = Object.fromEntries(JSON_FIELDS.map((k) => [k, JSON.stringify(input[k])])) as Record<(typeof JSON_FIELDS)[number], string>;
  try {
    await repo.insertPolicy(db, {
      id,
      name: input.name,
      description: input.description,
      tenant_id: tenantId,
      template_code: input.template_code ?? null,
      ...lists,
    });
  } catch (err) {
    if (uniqueViolation(err)) throw conflict('access.name_taken');
    throw err;
  }
  return policy(db, c, id);
}

export async function updatePolicy(db: Db, c: AccessCaller, id: string, body: unknown) {
  const input = policyUpdateSchema.parse(body ?? {});
  const p = await visiblePolicy(db, c, id);
  await checkPolicyBody(db, p.tenant_id, input);
  const set: Record<string, unknown> = { updated_at: new Date() };
  if (input.name !== undefined) set.name = input.name;
  if (input.description !== undefined) set.description = input.description;
  for (const k of JSON_FIELDS) if (input[k] !== undefined) set[k] = JSON.stringify(input[k]);
  try {
    await repo.updatePolicy(db, id, set);
  } catch (err) {
    if (uniqueViolation(err)) throw conflict('access.name_taken');
    throw err;
  }
  return policy(db, c, id);
}

export async function deletePolicy(db: Db, c: AccessCaller, id: string) {
  await visiblePolicy(db, c, id);
  await repo.deletePolicy(db, id);
  return { id };
}

export async function listGrants(db: Db, c: AccessCaller) {
  const data = await repo.listGrants(db, tenantOf(c, 'policy'));
  return { count: data.length, data };
}

export async function grant(db: Db, c: AccessCaller, body: unknown) {
  const input = grantSchema.parse(body ?? {});
  await visiblePolicy(db, c, input.policy_id);
  for (const uid of input.user_ids) await visibleUser(db, c, uid, 'policy');
  for (const gid of input.group_ids) {
    const tenant = tenantOf(c, 'policy');
    const g = await repo.groupTenant(db, gid);
    if (!g || (tenant && g.tenant_id !== tenant)) throw notFound();
  }
  const rows = [...input.user_ids.map((user_id) => ({ user_id, group_id: null })), ...input.group_ids.map((group_id) => ({ user_id: null, group_id }))];
  for (const r of rows) await repo.insertGrant(db, input.policy_id, r);
  return listGrants(db, c);
}

export async function revoke(db: Db, c: AccessCaller, id: string) {
  if (!(await repo.grantExists(db, id, tenantOf(c, 'policy')))) throw notFound();
  await repo.deleteGrant(db, id);
  return { id };
}
