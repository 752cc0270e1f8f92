// Users and their memberships (issue 15, ADR 0021). Platform callers (permission `…:any`) reach
// every tenant; a tenant's administrators reach the users who hold a role in their tenant (directly
// or through one of its groups). Every function takes the database first, then the caller.
import { randomInt } from 'node:crypto';
import { conflict, notFound } from '../../domain/errors.ts';
import { newId } from '../../domain/ids.ts';
import { pagingSchema } from '../../domain/list-query.ts';
import { roleLevel, MAX_PROJECT_OWNERS } from '../../domain/roles.ts';
import { membershipsReplaceSchema, temporaryPassword, userCreateSchema, userUpdateSchema, type MembershipInput } from '../../domain/access/access.ts';
import type { Db } from '../platform/db/database.ts';
import { invalid } from '../platform/lib/invalid.ts';
import { hashPassword } from '../session/session.service.ts';
import { tenantOf, uniqueViolation, visibleUser, type AccessCaller } from './access-checks.ts';
import * as repo from './access.repository.ts';
import { joinPhone, storedParts } from '../../domain/phone.ts';

/** The user list's pages (the shared paging rule): 20 rows unless asked, at most 200. */
const USER_PAGING = pagingSchema({ defaultLimit: 20, maxLimit: 200 });

/** One membership a caller may hand out: platform roles by platform callers, tenant and project roles in the caller's tenant. */
async function checkMembership(db: Db, tenant: string | null, m: MembershipInput, at: string): Promise<repo.MembershipRow> {
  const level = roleLevel(m.role);
  if (level === 'platform') {
    if (tenant) throw invalid(`${at}.role`, 'role_not_allowed');
    // a platform role is held everywhere: naming a tenant or project does not fit it
    if (m.tenant_id || m.project_id) throw invalid(`${at}.role`, 'role_level');
    return { role: m.role, tenant_id: null, project_id: null };
  }
  // a tenant administrator's memberships are its tenant's: another tenant is not there (404)
  if (tenant && m.tenant_id && m.tenant_id !== tenant) throw notFound();
  // a tenant role is held in the whole tenant: naming a project does not fit it
  if (level === 'tenant' && m.project_id) throw invalid(`${at}.role`, 'role_level');
  let tenantId = tenant ?? m.tenant_id ?? null;
  let projectId: string | null = null;
  if (level === 'project') {
    if (!m.project_id) throw invalid(`${at}.project_id`, 'required');
    const p = await repo.projectRow(db, m.project_id);
    if (!p || (tenantId && p.tenant_id !== tenantId)) throw notFound();
    tenantId = p.tenant_id;
    projectId = p.id;
  }
  if (!tenantId) throw invalid(`${at}.tenant_id`, 'required');
  if (!(await repo.tenantExists(db, tenantId))) throw notFound();
  return { role: m.role, tenant_id: tenantId, project_id: projectId };
}

/** Checks memberships a caller may hand out, none repeated. */
async function checkMemberships(db: Db, c: AccessCaller, list: readonly MembershipInput[], field = 'memberships') {
  const tenant = tenantOf(c, 'user');
  const out: repo.MembershipRow[] = [];
  for (const [i, m] of list.entries()) {
    const row = await checkMembership(db, tenant, m, `${field}.${i}`);
    if (row.tenant_id && out.some((o) => o.role === row.role && o.tenant_id === row.tenant_id && o.project_id === row.project_id))
      throw invalid(`${field}.${i}.role`, 'members_repeated');
    out.push(row);
  }
  return out;
}

async function checkOwnerLimit(db: Db, memberships: repo.MembershipRow[]) {
  const projectIds = memberships.flatMap((m) => (m.role === 'project_owner' && m.project_id ? [m.project_id] : []));
  for (const projectId of new Set(projectIds))
    if ((await repo.ownerCount(db, projectId)) > MAX_PROJECT_OWNERS) throw conflict('access.owner_limit', { max: MAX_PROJECT_OWNERS });
}

export async function listUsers(db: Db, c: AccessCaller, q: Record<string, unknown>) {
  const tenant = tenantOf(c, 'user');
  const filterTenant = tenant ?? (typeof q.tenant_id === 'string' && q.tenant_id ? q.tenant_id : null);
  const filter: repo.UserFilter = {
    tenant: filterTenant,
    name: typeof q.name === 'string' && q.name.trim() ? q.name.trim() : undefined,
    userType: typeof q.user_type === 'string' && q.user_type ? q.user_type : undefined,
    locked: q.locked === 'true' || q.locked === 'false' ? q.locked === 'true' : undefined,
  };
  const { __limit: limit, __offset: offset } = USER_PAGING.parse(q);
  const { count, data } = await repo.userPage(db, filter, { limit, offset });
  // roles in the listed tenant (or everywhere for platform callers), for the list's tags
  const roles = await repo.rolesOfUsers(
    db,
    data.map((u) => u.id),
    filterTenant,
  );
  return { count, data: data.map((u) => ({ ...withCode(u), roles: [...new Set(roles.filter((r) => r.user_id === u.id).map((r) => r.role))] })) };
}

/** A user as answered: the phone with its code for +852 (phone.ts), as it was entered. */
function withCode<T extends { phone: string | null; area_code: string }>({ area_code, ...u }: T) {
  return { ...u, phone: u.phone ? joinPhone(area_code, u.phone) : null };
}

export async function detail(db: Db, c: AccessCaller, id: string) {
  const user = await visibleUser(db, c, id);
  return { ...withCode(user), ...(await repo.userLinks(db, id, tenantOf(c, 'user'))) };
}

export async function createUser(db: Db, c: AccessCaller, body: unknown) {
  const input = userCreateSchema.parse(body ?? {});
  const memberships = await checkMemberships(db, c, input.memberships);
  if (tenantOf(c, 'user') && memberships.length === 0) throw invalid('memberships', 'required');
  const password = temporaryPassword(randomInt);
  const id = newId();
  try {
    await db.transaction().execute(async (tx) => {
      const { account, nickname, user_type } = input;
      const phone = input.phone ? storedParts(input.phone) : { phone: null, area_code: '86' };
      const user = { id, account, nickname, user_type, ...phone, email: input.email ?? null, sign_pass_time: null };
      await repo.insertUser(tx, { ...user, password_hash: await hashPassword(password) });
      for (const m of memberships) await repo.insertMembership(tx, id, m);
    });
  } catch (err) {
    if (uniqueViolation(err)) throw conflict('access.account_taken');
    throw err;
  }
  await checkOwnerLimit(db, memberships);
  // The temporary password is answered this once; only its hash is stored.
  return { user: await detail(db, c, id), temporary_password: password };
}

export async function updateUser(db: Db, c: AccessCaller, id: string, body: unknown) {
  const input = userUpdateSchema.parse(body ?? {});
  await visibleUser(db, c, id);
  // A phone keeps its digits and its code apart (phone.ts), as the SMS gateway reads them.
  const { phone, ...rest } = input;
  const values = phone === undefined ? rest : { ...rest, ...(phone ? storedParts(phone) : { phone: null, area_code: '86' }) };
  if (Object.keys(values).length) await repo.updateUser(db, id, values);
  return detail(db, c, id);
}

export async function setLocked(db: Db, c: AccessCaller, id: string, locked: boolean) {
  const user = await visibleUser(db, c, id);
  if (id === c.userId) throw conflict('access.self_lock');
  if (user.locked === locked) throw conflict(locked ? 'access.already_locked' : 'access.already_unlocked');
  await db.transaction().execute(async (tx) => {
    await repo.updateUser(tx, id, { locked });
    if (locked) await repo.deleteSessions(tx, id);
  });
  return detail(db, c, id);
}

export async function resetPassword(db: Db, c: AccessCaller, id: string) {
  await visibleUser(db, c, id);
  const password = temporaryPassword(randomInt);
  const hash = await hashPassword(password);
  await db.transaction().execute(async (tx) => {
    await repo.updateUser(tx, id, { password_hash: hash });
    // sessions signed in with the old password end
    await repo.deleteSessions(tx, id);
  });
  return { id, temporary_password: password };
}

export async function replaceMemberships(db: Db, c: AccessCaller, id: string, body: unknown) {
  const input = membershipsReplaceSchema.parse(body ?? {});
  await visibleUser(db, c, id);
  const tenant = tenantOf(c, 'user');
  const memberships = await checkMemberships(db, c, input.memberships);
  // Your own memberships may change, but not so that you lose the administration you do it with:
  // a tenant administrator keeps a tenant_admin membership in the tenant, a platform one super_admin.
  if (id === c.userId) {
    const keeps = tenant
      ? memberships.some((m) => m.role === 'tenant_admin' && m.tenant_id === tenant && !m.project_id)
      : memberships.some((m) => m.role === 'super_admin');
    if (!keeps) throw conflict('access.last_admin');
  }
  await db.transaction().execute(async (tx) => {
    await repo.deleteMemberships(tx, id, tenant);
    for (const m of memberships) await repo.insertMembership(tx, id, m);
  });
  await checkOwnerLimit(db, memberships);
  return detail(db, c, id);
}
