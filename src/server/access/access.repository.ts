// Every query of the access slice (issue 15, ADR 0021, issue 26): users, their memberships and
// sessions, user groups, policies and grants. Each function takes the executor first (the app's
// Kysely or an open transaction). `tenant` null means a platform caller: no tenant filter.
import { sql, type Insertable, type Updateable } from 'kysely';
import { newId } from '../../domain/ids.ts';
import type { Role } from '../../domain/roles.ts';
import type { Database } from '../platform/db/tables.ts';
import type { Exec } from '../engine/engine.repository.ts';

const USER_COLUMNS = [
  'users.id',
  'users.account',
  'users.nickname',
  'users.user_type',
  'users.phone',
  'users.area_code',
  'users.email',
  'users.locked',
  'users.created_at',
] as const;

const likeOf = (s: string) => `%${s.replace(/[\\%_]/g, '\\$&')}%`;

/** Users holding a role in `tenantId`, directly or through one of its groups (a subquery). */
function tenantUserIds(ex: Exec, tenantId: string) {
  return ex
    .selectFrom('memberships')
    .select('user_id')
    .where('tenant_id', '=', tenantId)
    .union(
      ex.selectFrom('user_group_members as m').innerJoin('user_groups as g', 'g.id', 'm.group_id').select('m.user_id').where('g.tenant_id', '=', tenantId),
    );
}

// ---- users ----

export async function userRow(ex: Exec, id: string, tenant: string | null) {
  let qb = ex
    .selectFrom('users')
    .select([...USER_COLUMNS])
    .where('users.id', '=', id);
  if (tenant) qb = qb.where('users.id', 'in', tenantUserIds(ex, tenant));
  return qb.executeTakeFirst();
}

export async function userExists(ex: Exec, id: string) {
  return (await ex.selectFrom('users').select('id').where('id', '=', id).executeTakeFirst()) !== undefined;
}

export interface UserFilter {
  tenant: string | null;
  /** the name searched in account and nickname (trimmed, not empty) */
  name?: string;
  userType?: string;
  locked?: boolean;
}

function filteredUsers(ex: Exec, f: UserFilter) {
  let qb = ex.selectFrom('users');
  if (f.tenant) qb = qb.where('users.id', 'in', tenantUserIds(ex, f.tenant));
  if (f.name) {
    const like = likeOf(f.name);
    qb = qb.where((eb) => eb.or([eb('users.account', 'ilike', like), eb('users.nickname', 'ilike', like)]));
  }
  if (f.userType) qb = qb.where('users.user_type', '=', f.userType);
  if (f.locked !== undefined) qb = qb.where('users.locked', '=', f.locked);
  return qb;
}

export async function userPage(ex: Exec, f: UserFilter, page: { limit: number; offset: number }) {
  const qb = filteredUsers(ex, f);
  const [{ count }, data] = await Promise.all([
    qb.select((eb) => eb.fn.countAll<number>().as('count')).executeTakeFirstOrThrow(),
    qb
      .select([...USER_COLUMNS])
      .orderBy('users.account')
      .limit(page.limit)
      .offset(page.offset)
      .execute(),
  ]);
  return { count: Number(count), data };
}

/** Roles of the users (in `tenant`, or everywhere when null). */
export async function rolesOfUsers(ex: Exec, ids: string[], tenant: string | null) {
  let rq = ex
    .selectFrom('memberships')
    .select(['user_id', 'role'])
    .where('user_id', 'in', ids.length ? ids : ['']);
  if (tenant) rq = rq.where((eb) => eb.or([eb('tenant_id', '=', tenant)]));
  return rq.execute();
}

/** A user's memberships, groups and policies (of `tenant` only, when named). */
export async function userLinks(ex: Exec, id: string, tenant: string | null) {
  let mq = ex
    .selectFrom('memberships')
    .leftJoin('tenants', 'tenants.id', 'memberships.tenant_id')
    .leftJoin('projects', 'projects.id', 'memberships.project_id')
    .select([
      'memberships.id',
      'memberships.role',
      'memberships.tenant_id',
      'memberships.project_id',
      'tenants.name as tenant_name',
      'projects.name as project_name',
    ])
    .where('memberships.user_id', '=', id);
  if (tenant) mq = mq.where('memberships.tenant_id', '=', tenant);
  let gq = ex
    .selectFrom('user_group_members as m')
    .innerJoin('user_groups as g', 'g.id', 'm.group_id')
    .select(['g.id', 'g.name', 'g.tenant_id'])
    .where('m.user_id', '=', id);
  if (tenant) gq = gq.where('g.tenant_id', '=', tenant);
  let pq = ex
    .selectFrom('policy_grants as pg')
    .innerJoin('policies as p', 'p.id', 'pg.policy_id')
    .select(['pg.id as grant_id', 'p.id', 'p.name', 'p.tenant_id'])
    .where('pg.user_id', '=', id);
  if (tenant) pq = pq.where('p.tenant_id', '=', tenant);
  const [memberships, groups, policies] = await Promise.all([
    mq.orderBy('memberships.role').execute(),
    gq.orderBy('g.name').execute(),
    pq.orderBy('p.name').execute(),
  ]);
  return { memberships, groups, policies };
}

export async function insertUser(ex: Exec, user: Insertable<Database['users']>) {
  await ex.insertInto('users').values(user).execute();
}

export async function updateUser(ex: Exec, id: string, set: Updateable<Database['users']>) {
  await ex.updateTable('users').set(set).where('id', '=', id).execute();
}

export async function deleteSessions(ex: Exec, userId: string) {
  await ex.deleteFrom('sessions').where('user_id', '=', userId).execute();
}

export interface MembershipRow {
  role: Role;
  tenant_id: string | null;
  project_id: string | null;
}

export async function insertMembership(ex: Exec, userId: string, m: MembershipRow) {
  await ex
    .insertInto('memberships')
    .values({ id: newId(), user_id: userId, ...m })
    .execute();
}

/** Removes a user's memberships (in `tenant` only, when named). */
export async function deleteMemberships(ex: Exec, userId: string, tenant: string | null) {
  let del = ex.deleteFrom('memberships').where('user_id', '=', userId);
  if (tenant) del = del.where('tenant_id', '=', tenant);
  await del.execute();
}

export async function ownerCount(ex: Exec, projectId: string) {
  const { n } = await ex
    .selectFrom('memberships')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('project_id', '=', projectId)
    .where('role', '=', 'project_owner')
    .executeTakeFirstOrThrow();
  return Number(n);
}

// ---- tenants and projects ----

export async function projectRow(ex: Exec, id: string) {
  return ex.selectFrom('projects').select(['id', 'tenant_id']).where('id', '=', id).executeTakeFirst();
}

export async function projectOfTenant(ex: Exec, id: string, tenantId: string) {
  return ex.selectFrom('projects').select('id').where('id', '=', id).where('tenant_id', '=', tenantId).executeTakeFirst();
}

export async function tenantExists(ex: Exec, id: string) {
  return (await ex.selectFrom('tenants').select('id').where('id', '=', id).executeTakeFirst()) !== undefined;
}

/** How many of `ids` are projects (of `tenant`, when named). */
export async function countProjects(ex: Exec, ids: string[], tenant: string | null) {
  let qb = ex.selectFrom('projects').select('id').where('id', 'in', ids);
  if (tenant) qb = qb.where('tenant_id', '=', tenant);
  return (await qb.execute()).length;
}

export async function countTenants(ex: Exec, ids: string[]) {
  return (await ex.selectFrom('tenants').select('id').where('id', 'in', ids).execute()).length;
}

// ---- user groups ----

export async function groupRow(ex: Exec, id: string, tenant: string | null) {
  let qb = ex.selectFrom('user_groups').selectAll().where('id', '=', id);
  if (tenant) qb = qb.where('tenant_id', '=', tenant);
  return qb.executeTakeFirst();
}

export async function groupTenant(ex: Exec, id: string) {
  return ex.selectFrom('user_groups').select(['id', 'tenant_id']).where('id', '=', id).executeTakeFirst();
}

/** `tenant`: the caller's tenant, or a platform caller's filter (a tenant id, or null for platform groups); undefined: all. */
export async function listGroups(ex: Exec, tenant: string | null | undefined, name: string | undefined) {
  let qb = ex.selectFrom('user_groups').leftJoin('tenants', 'tenants.id', 'user_groups.tenant_id');
  if (tenant === null) qb = qb.where('user_groups.tenant_id', 'is', null);
  else if (tenant) qb = qb.where('user_groups.tenant_id', '=', tenant);
  if (name) qb = qb.where('user_groups.name', 'ilike', likeOf(name));
  return qb
    .select(['user_groups.id', 'user_groups.name', 'user_groups.description', 'user_groups.tenant_id', 'tenants.name as tenant_name', 'user_groups.created_at'])
    .select((eb) => [
      eb
        .selectFrom('user_group_members')
        .select((e) => e.fn.countAll<number>().as('n'))
        .whereRef('group_id', '=', 'user_groups.id')
        .as('member_count'),
      eb
        .selectFrom('user_group_roles')
        .select(sql<string[]>`coalesce(array_agg(distinct role), '{}')`.as('r'))
        .whereRef('group_id', '=', 'user_groups.id')
        .as('roles'),
    ])
    .orderBy('user_groups.name')
    .limit(500)
    .execute();
}

/** A group's members, roles, policies and tenant name. */
export async function groupLinks(ex: Exec, id: string, tenantId: string | null) {
  const [members, roles, policies, tenant] = await Promise.all([
    ex
      .selectFrom('user_group_members as m')
      .innerJoin('users', 'users.id', 'm.user_id')
      .select(['users.id', 'users.account', 'users.nickname', 'users.locked'])
      .where('m.group_id', '=', id)
      .orderBy('users.account')
      .execute(),
    ex
      .selectFrom('user_group_roles as r')
      .leftJoin('projects', 'projects.id', 'r.project_id')
      .select(['r.role', 'r.project_id', 'projects.name as project_name'])
      .where('r.group_id', '=', id)
      .orderBy('r.role')
      .execute(),
    ex
      .selectFrom('policy_grants as pg')
      .innerJoin('policies as p', 'p.id', 'pg.policy_id')
      .select(['pg.id as grant_id', 'p.id', 'p.name'])
      .where('pg.group_id', '=', id)
      .orderBy('p.name')
      .execute(),
    tenantId ? ex.selectFrom('tenants').select('name').where('id', '=', tenantId).executeTakeFirst() : undefined,
  ]);
  return { tenant_name: tenant?.name ?? null, members, roles, policies };
}

export async function insertGroup(ex: Exec, g: { id: string; name: string; description: string; tenant_id: string | null }) {
  await ex.insertInto('user_groups').values(g).execute();
}

export async function updateGroup(ex: Exec, id: string, set: { name?: string; description?: string }) {
  await ex
    .updateTable('user_groups')
    .set({ ...set, updated_at: sql`now()` })
    .where('id', '=', id)
    .execute();
}

export async function deleteGroup(ex: Exec, id: string) {
  await ex.deleteFrom('user_groups').where('id', '=', id).execute();
}

export async function replaceGroupMembers(ex: Exec, id: string, userIds: string[]) {
  await ex.deleteFrom('user_group_members').where('group_id', '=', id).execute();
  if (userIds.length)
    await ex
      .insertInto('user_group_members')
      .values(userIds.map((user_id) => ({ group_id: id, user_id })))
      .execute();
}

export async function replaceGroupRoles(ex: Exec, id: string, rows: { role: Role; project_id: string | null }[]) {
  await ex.deleteFrom('user_group_roles').where('group_id', '=', id).execute();
  if (rows.length)
    await ex
      .insertInto('user_group_roles')
      .values(rows.map((r) => ({ id: newId(), group_id: id, ...r })))
      .execute();
}

// ---- policies and grants ----

export async function policyRow(ex: Exec, id: string, tenant: string | null) {
  let qb = ex.selectFrom('policies').selectAll().where('id', '=', id);
  if (tenant) qb = qb.where('tenant_id', '=', tenant);
  return qb.executeTakeFirst();
}

/** `tenant` as in listGroups. */
export async function listPolicies(ex: Exec, tenant: string | null | undefined, name: string | undefined) {
  let qb = ex.selectFrom('policies').leftJoin('tenants', 'tenants.id', 'policies.tenant_id');
  if (tenant === null) qb = qb.where('policies.tenant_id', 'is', null);
  else if (tenant) qb = qb.where('policies.tenant_id', '=', tenant);
  if (name) qb = qb.where('policies.name', 'ilike', likeOf(name));
  return qb
    .select([
      'policies.id',
      'policies.name',
      'policies.description',
      'policies.tenant_id',
      'tenants.name as tenant_name',
      'policies.template_code',
      'policies.permissions',
      'policies.updated_at',
    ])
    .select((eb) =>
      eb
        .selectFrom('policy_grants')
        .select((e) => e.fn.countAll<number>().as('n'))
        .whereRef('policy_id', '=', 'policies.id')
        .as('grant_count'),
    )
    .orderBy('policies.name')
    .limit(500)
    .execute();
}

export async function policyGrants(ex: Exec, policyId: string) {
  return ex
    .selectFrom('policy_grants as pg')
    .leftJoin('users', 'users.id', 'pg.user_id')
    .leftJoin('user_groups as g', 'g.id', 'pg.group_id')
    .select(['pg.id', 'pg.user_id', 'pg.group_id', 'users.account', 'users.nickname', 'g.name as group_name', 'pg.created_at'])
    .where('pg.policy_id', '=', policyId)
    .orderBy('pg.created_at')
    .execute();
}

export async function insertPolicy(ex: Exec, p: Insertable<Database['policies']>) {
  await ex.insertInto('policies').values(p).execute();
}

export async function updatePolicy(ex: Exec, id: string, set: Updateable<Database['policies']>) {
  await ex.updateTable('policies').set(set).where('id', '=', id).execute();
}

export async function deletePolicy(ex: Exec, id: string) {
  await ex.deleteFrom('policies').where('id', '=', id).execute();
}

export async function listGrants(ex: Exec, tenant: string | null) {
  let qb = ex
    .selectFrom('policy_grants as pg')
    .innerJoin('policies as p', 'p.id', 'pg.policy_id')
    .leftJoin('users', 'users.id', 'pg.user_id')
    .leftJoin('user_groups as g', 'g.id', 'pg.group_id')
    .select([
      'pg.id',
      'pg.policy_id',
      'p.name as policy_name',
      'pg.user_id',
      'users.account',
      'users.nickname',
      'pg.group_id',
      'g.name as group_name',
      'pg.created_at',
    ]);
  if (tenant) qb = qb.where('p.tenant_id', '=', tenant);
  return qb.orderBy('pg.created_at', 'desc').limit(500).execute();
}

export async function insertGrant(ex: Exec, policyId: string, to: { user_id: string | null; group_id: string | null }) {
  await ex
    .insertInto('policy_grants')
    .values({ id: newId(), policy_id: policyId, ...to })
    .onConflict((oc) => oc.doNothing())
    .execute();
}

export async function grantExists(ex: Exec, id: string, tenant: string | null) {
  let qb = ex.selectFrom('policy_grants as pg').innerJoin('policies as p', 'p.id', 'pg.policy_id').select('pg.id').where('pg.id', '=', id);
  if (tenant) qb = qb.where('p.tenant_id', '=', tenant);
  return (await qb.executeTakeFirst()) !== undefined;
}

export async function deleteGrant(ex: Exec, id: string) {
  await ex.deleteFrom('policy_grants').where('id', '=', id).execute();
}
