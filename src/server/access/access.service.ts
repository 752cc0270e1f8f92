// Users, user groups, policies and grants (issue 15, ADR 0021). Every call names the caller's
// `AccessCaller`: platform callers (permission `…:any`) reach every tenant; a tenant's
// administrators reach the users who hold a role in their tenant (directly or through one of its
// groups), the tenant's groups and policies. What a caller may not see answers 404.
import { randomInt } from 'node:crypto';
import { sql } from 'kysely';
import { AppError, conflict, notFound } from '../../domain/errors.ts';
import { newId } from '../../domain/ids.ts';
import { pagingSchema } from '../../domain/list-query.ts';
import { hasPermission, isPlatformRole, parsePermission, roleLevel, MAX_PROJECT_OWNERS, type Permission, type Role } from '../../domain/roles.ts';
import {
  grantSchema,
  groupCreateSchema,
  groupMembersSchema,
  groupRolesSchema,
  groupUpdateSchema,
  membershipsReplaceSchema,
  policyCreateSchema,
  policyUpdateSchema,
  temporaryPassword,
  userCreateSchema,
  userUpdateSchema,
  type MembershipInput,
} from '../../domain/access/access.ts';
import type { Db } from '../db/database.ts';
import { invalid } from '../kinds/hooks.ts';
import { hashPassword } from '../services/auth.service.ts';

export interface AccessCaller {
  userId: string;
  perms: ReadonlySet<Permission>;
  /** the tenant of the request's scope the caller may see (null: none named) */
  tenantId: string | null;
}

const anyOf = (c: AccessCaller, action: string, entity: string) => hasPermission(c.perms, action, entity, 'any');
/** The tenant a tenant-level caller works in (400 when none is selected); null for platform callers. */
function tenantOf(c: AccessCaller, entity: string): string | null {
  if (anyOf(c, 'read', entity) || anyOf(c, 'manage', entity)) return null;
  if (!c.tenantId) throw new AppError(400, 'scope_required');
  return c.tenantId;
}

/** The user list's pages (the shared paging rule): 20 rows unless asked, at most 200. */
const USER_PAGING = pagingSchema({ defaultLimit: 20, maxLimit: 200 });

const USER_COLUMNS = [
  'users.id',
  'users.account',
  'users.nickname',
  'users.user_type',
  'users.phone',
  'users.email',
  'users.locked',
  'users.created_at',
] as const;

export function accessService(db: Db) {
  /** Users holding a role in `tenantId`, directly or through one of its groups. */
  const tenantUserIds = (tenantId: string) =>
    db
      .selectFrom('memberships')
      .select('user_id')
      .where('tenant_id', '=', tenantId)
      .union(
        db.selectFrom('user_group_members as m').innerJoin('user_groups as g', 'g.id', 'm.group_id').select('m.user_id').where('g.tenant_id', '=', tenantId),
      );

  async function visibleUser(c: AccessCaller, id: string, entity = 'user') {
    const tenant = tenantOf(c, entity);
    let qb = db
      .selectFrom('users')
      .select([...USER_COLUMNS])
      .where('users.id', '=', id);
    if (tenant) qb = qb.where('users.id', 'in', tenantUserIds(tenant));
    const row = await qb.executeTakeFirst();
    if (!row) throw notFound();
    return row;
  }

  /** Checks memberships a caller may hand out: platform roles by platform callers, tenant and project roles in the caller's tenant. */
  async function checkMemberships(c: AccessCaller, list: readonly MembershipInput[], field = 'memberships') {
    const tenant = tenantOf(c, 'user');
    const out: { role: Role; tenant_id: string | null; project_id: string | null }[] = [];
    for (const [i, m] of list.entries()) {
      const level = roleLevel(m.role);
      if (level === 'platform') {
        if (tenant) throw invalid(`${field}.${i}.role`, 'role_not_allowed');
        // a platform role is held everywhere: naming a tenant or project does not fit it
        if (m.tenant_id || m.project_id) throw invalid(`${field}.${i}.role`, 'role_level');
        out.push({ role: m.role, tenant_id: null, project_id: null });
        continue;
      }
      // a tenant administrator's memberships are its tenant's: another tenant is not there (404)
      if (tenant && m.tenant_id && m.tenant_id !== tenant) throw notFound();
      // a tenant role is held in the whole tenant: naming a project does not fit it
      if (level === 'tenant' && m.project_id) throw invalid(`${field}.${i}.role`, 'role_level');
      let tenantId = tenant ?? m.tenant_id ?? null;
      let projectId: string | null = null;
      if (level === 'project') {
        if (!m.project_id) throw invalid(`${field}.${i}.project_id`, 'required');
        const p = await db.selectFrom('projects').select(['id', 'tenant_id']).where('id', '=', m.project_id).executeTakeFirst();
        if (!p || (tenantId && p.tenant_id !== tenantId)) throw notFound();
        tenantId = p.tenant_id;
        projectId = p.id;
      }
      if (!tenantId) throw invalid(`${field}.${i}.tenant_id`, 'required');
      if (!(await db.selectFrom('tenants').select('id').where('id', '=', tenantId).executeTakeFirst())) throw notFound();
      if (out.some((o) => o.role === m.role && o.tenant_id === tenantId && o.project_id === projectId)) throw invalid(`${field}.${i}.role`, 'members_repeated');
      out.push({ role: m.role, tenant_id: tenantId, project_id: projectId });
    }
    return out;
  }

  async function checkOwnerLimit(projectIds: Iterable<string>) {
    for (const projectId of new Set(projectIds)) {
      const { n } = await db
        .selectFrom('memberships')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('project_id', '=', projectId)
        .where('role', '=', 'project_owner')
        .executeTakeFirstOrThrow();
      if (Number(n) > MAX_PROJECT_OWNERS) throw conflict('access.owner_limit', { max: MAX_PROJECT_OWNERS });
    }
  }

  async function detail(c: AccessCaller, id: string) {
    const user = await visibleUser(c, id);
    const tenant = tenantOf(c, 'user');
    let mq = db
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
    let gq = db
      .selectFrom('user_group_members as m')
      .innerJoin('user_groups as g', 'g.id', 'm.group_id')
      .select(['g.id', 'g.name', 'g.tenant_id'])
      .where('m.user_id', '=', id);
    if (tenant) gq = gq.where('g.tenant_id', '=', tenant);
    let pq = db
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
    return { ...user, memberships, groups, policies };
  }

  async function visibleGroup(c: AccessCaller, id: string) {
    const tenant = tenantOf(c, 'user_group');
    let qb = db.selectFrom('user_groups').selectAll().where('id', '=', id);
    if (tenant) qb = qb.where('tenant_id', '=', tenant);
    const row = await qb.executeTakeFirst();
    if (!row) throw notFound();
    return row;
  }

  async function visiblePolicy(c: AccessCaller, id: string) {
    const tenant = tenantOf(c, 'policy');
    let qb = db.selectFrom('policies').selectAll().where('id', '=', id);
    if (tenant) qb = qb.where('tenant_id', '=', tenant);
    const row = await qb.executeTakeFirst();
    if (!row) throw notFound();
    return row;
  }

  /** A tenant policy holds only `own` permissions (no escalation to every tenant) and only its own projects. */
  async function checkPolicyBody(
    tenantId: string | null,
    p: {
      permissions?: readonly string[];
      include_tenants?: readonly string[];
      exclude_tenants?: readonly string[];
      include_projects?: readonly string[];
      exclude_projects?: readonly string[];
    },
  ) {
    if (tenantId) {
      for (const [i, perm] of (p.permissions ?? []).entries())
        if (parsePermission(perm)?.access !== 'own') throw invalid(`permissions.${i}`, 'permission_any_platform');
      if ((p.include_tenants ?? []).some((t) => t !== tenantId)) throw invalid('include_tenants', 'tenant_outside');
      if ((p.exclude_tenants ?? []).length) throw invalid('exclude_tenants', 'tenant_outside');
    }
    const projects = [...(p.include_projects ?? []), ...(p.exclude_projects ?? [])];
    if (projects.length) {
      let qb = db.selectFrom('projects').select('id').where('id', 'in', projects);
      if (tenantId) qb = qb.where('tenant_id', '=', tenantId);
      if ((await qb.execute()).length !== new Set(projects).size) throw notFound();
    }
    const tenants = [...(p.include_tenants ?? []), ...(p.exclude_tenants ?? [])];
    if (tenants.length && (await db.selectFrom('tenants').select('id').where('id', 'in', tenants).execute()).length !== new Set(tenants).size) throw notFound();
  }

  /** The tenant a new group/policy belongs to: the caller's own for tenant callers; any (or none: platform) for platform callers. */
  async function ownerTenant(c: AccessCaller, entity: string, asked: string | null | undefined): Promise<string | null> {
    const tenant = tenantOf(c, entity);
    if (tenant) return tenant;
    if (!anyOf(c, 'manage', entity)) throw new AppError(403, 'no_permission');
    if (asked && !(await db.selectFrom('tenants').select('id').where('id', '=', asked).executeTakeFirst())) throw notFound();
    return asked ?? null;
  }

  const uniqueViolation = (err: unknown) => /unique|duplicate/i.test(String((err as Error)?.message));

  return {
    async listUsers(c: AccessCaller, q: Record<string, unknown>) {
      const tenant = tenantOf(c, 'user');
      const filterTenant = tenant ?? (typeof q.tenant_id === 'string' && q.tenant_id ? q.tenant_id : null);
      let qb = db.selectFrom('users');
      if (filterTenant) qb = qb.where('users.id', 'in', tenantUserIds(filterTenant));
      if (typeof q.name === 'string' && q.name.trim()) {
        const like = `%${q.name.trim().replace(/[\\%_]/g, '\\$&')}%`;
        qb = qb.where((eb) => eb.or([eb('users.account', 'ilike', like), eb('users.nickname', 'ilike', like)]));
      }
      if (typeof q.user_type === 'string' && q.user_type) qb = qb.where('users.user_type', '=', q.user_type);
      if (q.locked === 'true' || q.locked === 'false') qb = qb.where('users.locked', '=', q.locked === 'true');
      const { __limit: limit, __offset: offset } = USER_PAGING.parse(q);
      const [{ count }, data] = await Promise.all([
        qb.select((eb) => eb.fn.countAll<number>().as('count')).executeTakeFirstOrThrow(),
        qb
          .select([...USER_COLUMNS])
          .orderBy('users.account')
          .limit(limit)
          .offset(offset)
          .execute(),
      ]);
      // roles in the listed tenant (or everywhere for platform callers), for the list's tags
      const ids = data.map((u) => u.id);
      let rq = db
        .selectFrom('memberships')
        .select(['user_id', 'role'])
        .where('user_id', 'in', ids.length ? ids : ['']);
      if (filterTenant) rq = rq.where((eb) => eb.or([eb('tenant_id', '=', filterTenant)]));
      const roles = await rq.execute();
      return { count: Number(count), data: data.map((u) => ({ ...u, roles: [...new Set(roles.filter((r) => r.user_id === u.id).map((r) => r.role))] })) };
    },
    detail,

    async createUser(c: AccessCaller, body: unknown) {
      const input = userCreateSchema.parse(body ?? {});
      const memberships = await checkMemberships(c, input.memberships);
      if (tenantOf(c, 'user') && memberships.length === 0) throw invalid('memberships', 'required');
      const password = temporaryPassword(randomInt);
      const id = newId();
      try {
        await db.transaction().execute(async (tx) => {
          await tx
            .insertInto('users')
            .values({
              id,
              account: input.account,
              nickname: input.nickname,
              user_type: input.user_type,
              phone: input.phone ?? null,
              email: input.email ?? null,
              area_code: '86',
              sign_pass_time: null,
              password_hash: await hashPassword(password),
            })
            .execute();
          for (const m of memberships)
            await tx
              .insertInto('memberships')
              .values({ id: newId(), user_id: id, ...m })
              .execute();
        });
      } catch (err) {
        if (uniqueViolation(err)) throw conflict('access.account_taken');
        throw err;
      }
      await checkOwnerLimit(memberships.flatMap((m) => (m.role === 'project_owner' && m.project_id ? [m.project_id] : [])));
      // The temporary password is answered this once; only its hash is stored.
      return { user: await detail(c, id), temporary_password: password };
    },

    async updateUser(c: AccessCaller, id: string, body: unknown) {
      const input = userUpdateSchema.parse(body ?? {});
      await visibleUser(c, id);
      if (Object.keys(input).length) await db.updateTable('users').set(input).where('id', '=', id).execute();
      return detail(c, id);
    },

    async setLocked(c: AccessCaller, id: string, locked: boolean) {
      const user = await visibleUser(c, id);
      if (id === c.userId) throw conflict('access.self_lock');
      if (user.locked === locked) throw conflict(locked ? 'access.already_locked' : 'access.already_unlocked');
      await db.transaction().execute(async (tx) => {
        await tx.updateTable('users').set({ locked }).where('id', '=', id).execute();
        if (locked) await tx.deleteFrom('sessions').where('user_id', '=', id).execute();
      });
      return detail(c, id);
    },

    async resetPassword(c: AccessCaller, id: string) {
      await visibleUser(c, id);
      const password = temporaryPassword(randomInt);
      const hash = await hashPassword(password);
      await db.transaction().execute(async (tx) => {
        await tx.updateTable('users').set({ password_hash: hash }).where('id', '=', id).execute();
        // sessions signed in with the old password end
        await tx.deleteFrom('sessions').where('user_id', '=', id).execute();
      });
      return { id, temporary_password: password };
    },

    async replaceMemberships(c: AccessCaller, id: string, body: unknown) {
      const input = membershipsReplaceSchema.parse(body ?? {});
      await visibleUser(c, id);
      const tenant = tenantOf(c, 'user');
      const memberships = await checkMemberships(c, input.memberships);
      // Your own memberships may change, but not so that you lose the administration you do it with:
      // a tenant administrator keeps a tenant_admin membership in the tenant, a platform one super_admin.
      if (id === c.userId) {
        const keeps = tenant
          ? memberships.some((m) => m.role === 'tenant_admin' && m.tenant_id === tenant && !m.project_id)
          : memberships.some((m) => m.role === 'super_admin');
        if (!keeps) throw conflict('access.last_admin');
      }
      await db.transaction().execute(async (tx) => {
        let del = tx.deleteFrom('memberships').where('user_id', '=', id);
        if (tenant) del = del.where('tenant_id', '=', tenant);
        await del.execute();
        for (const m of memberships)
          await tx
            .insertInto('memberships')
            .values({ id: newId(), user_id: id, ...m })
            .execute();
      });
      await checkOwnerLimit(memberships.flatMap((m) => (m.role === 'project_owner' && m.project_id ? [m.project_id] : [])));
      return detail(c, id);
    },

    // ── user groups ──
    async listGroups(c: AccessCaller, q: Record<string, unknown>) {
      const tenant = tenantOf(c, 'user_group');
      let qb = db.selectFrom('user_groups').leftJoin('tenants', 'tenants.id', 'user_groups.tenant_id');
      if (tenant) qb = qb.where('user_groups.tenant_id', '=', tenant);
      else if (q.level === 'platform') qb = qb.where('user_groups.tenant_id', 'is', null);
      else if (typeof q.tenant_id === 'string' && q.tenant_id) qb = qb.where('user_groups.tenant_id', '=', q.tenant_id);
      if (typeof q.name === 'string' && q.name.trim()) qb = qb.where('user_groups.name', 'ilike', `%${q.name.trim().replace(/[\\%_]/g, '\\$&')}%`);
      const data = await qb
        .select([
          'user_groups.id',
          'user_groups.name',
          'user_groups.description',
          'user_groups.tenant_id',
          'tenants.name as tenant_name',
          'user_groups.created_at',
        ])
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
      return { count: data.length, data: data.map((g) => ({ ...g, member_count: Number(g.member_count ?? 0), roles: g.roles ?? [] })) };
    },

    async group(c: AccessCaller, id: string) {
      const g = await visibleGroup(c, id);
      const [members, roles, policies, tenant] = await Promise.all([
        db
          .selectFrom('user_group_members as m')
          .innerJoin('users', 'users.id', 'm.user_id')
          .select(['users.id', 'users.account', 'users.nickname', 'users.locked'])
          .where('m.group_id', '=', id)
          .orderBy('users.account')
          .execute(),
        db
          .selectFrom('user_group_roles as r')
          .leftJoin('projects', 'projects.id', 'r.project_id')
          .select(['r.role', 'r.project_id', 'projects.name as project_name'])
          .where('r.group_id', '=', id)
          .orderBy('r.role')
          .execute(),
        db
          .selectFrom('policy_grants as pg')
          .innerJoin('policies as p', 'p.id', 'pg.policy_id')
          .select(['pg.id as grant_id', 'p.id', 'p.name'])
          .where('pg.group_id', '=', id)
          .orderBy('p.name')
          .execute(),
        g.tenant_id ? db.selectFrom('tenants').select('name').where('id', '=', g.tenant_id).executeTakeFirst() : undefined,
      ]);
      return { ...g, tenant_name: tenant?.name ?? null, members, roles, policies };
    },

    async createGroup(c: AccessCaller, body: unknown) {
      const input = groupCreateSchema.parse(body ?? {});
      const tenantId = await ownerTenant(c, 'user_group', input.tenant_id);
      const id = newId();
      try {
        await db.insertInto('user_groups').values({ id, name: input.name, description: input.description, tenant_id: tenantId }).execute();
      } catch (err) {
        if (uniqueViolation(err)) throw conflict('access.name_taken');
        throw err;
      }
      return this.group(c, id);
    },

    async updateGroup(c: AccessCaller, id: string, body: unknown) {
      const input = groupUpdateSchema.parse(body ?? {});
      await visibleGroup(c, id);
      try {
        if (Object.keys(input).length)
          await db
            .updateTable('user_groups')
            .set({ ...input, updated_at: sql`now()` })
            .where('id', '=', id)
            .execute();
      } catch (err) {
        if (uniqueViolation(err)) throw conflict('access.name_taken');
        throw err;
      }
      return this.group(c, id);
    },

    async deleteGroup(c: AccessCaller, id: string) {
      await visibleGroup(c, id);
      await db.deleteFrom('user_groups').where('id', '=', id).execute();
      return { id };
    },

    async setGroupMembers(c: AccessCaller, id: string, body: unknown) {
      const input = groupMembersSchema.parse(body ?? {});
      const g = await visibleGroup(c, id);
      const ids = [...new Set(input.user_ids)];
      for (const uid of ids) {
        // a tenant group takes users the caller sees; a platform group any user
        if (g.tenant_id && !anyOf(c, 'read', 'user')) await visibleUser(c, uid);
        else if (!(await db.selectFrom('users').select('id').where('id', '=', uid).executeTakeFirst())) throw notFound();
      }
      await db.transaction().execute(async (tx) => {
        await tx.deleteFrom('user_group_members').where('group_id', '=', id).execute();
        if (ids.length)
          await tx
            .insertInto('user_group_members')
            .values(ids.map((user_id) => ({ group_id: id, user_id })))
            .execute();
      });
      return this.group(c, id);
    },

    async setGroupRoles(c: AccessCaller, id: string, body: unknown) {
      const input = groupRolesSchema.parse(body ?? {});
      const g = await visibleGroup(c, id);
      const rows: { role: Role; project_id: string | null }[] = [];
      for (const [i, r] of input.roles.entries()) {
        // seed 001 §6: platform groups take only platform roles; tenant groups only that tenant's roles
        if (g.tenant_id === null) {
          if (!isPlatformRole(r.role)) throw invalid(`roles.${i}.role`, 'role_platform_group');
          rows.push({ role: r.role, project_id: null });
          continue;
        }
        if (isPlatformRole(r.role)) throw invalid(`roles.${i}.role`, 'role_tenant_group');
        if (roleLevel(r.role) === 'project') {
          if (!r.project_id) throw invalid(`roles.${i}.project_id`, 'required');
          const p = await db.selectFrom('projects').select('id').where('id', '=', r.project_id).where('tenant_id', '=', g.tenant_id).executeTakeFirst();
          if (!p) throw notFound();
          rows.push({ role: r.role, project_id: p.id });
        } else rows.push({ role: r.role, project_id: null });
      }
      await db.transaction().execute(async (tx) => {
        await tx.deleteFrom('user_group_roles').where('group_id', '=', id).execute();
        if (rows.length)
          await tx
            .insertInto('user_group_roles')
            .values(rows.map((r) => ({ id: newId(), group_id: id, ...r })))
            .execute();
      });
      return this.group(c, id);
    },

    // ── policies ──
    async listPolicies(c: AccessCaller, q: Record<string, unknown>) {
      const tenant = tenantOf(c, 'policy');
      let qb = db.selectFrom('policies').leftJoin('tenants', 'tenants.id', 'policies.tenant_id');
      if (tenant) qb = qb.where('policies.tenant_id', '=', tenant);
      else if (q.level === 'platform') qb = qb.where('policies.tenant_id', 'is', null);
      else if (typeof q.tenant_id === 'string' && q.tenant_id) qb = qb.where('policies.tenant_id', '=', q.tenant_id);
      if (typeof q.name === 'string' && q.name.trim()) qb = qb.where('policies.name', 'ilike', `%${q.name.trim().replace(/[\\%_]/g, '\\$&')}%`);
      const data = await qb
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
      return { count: data.length, data: data.map((p) => ({ ...p, grant_count: Number(p.grant_count ?? 0) })) };
    },

    async policy(c: AccessCaller, id: string) {
      const p = await visiblePolicy(c, id);
      const grants = await db
        .selectFrom('policy_grants as pg')
        .leftJoin('users', 'users.id', 'pg.user_id')
        .leftJoin('user_groups as g', 'g.id', 'pg.group_id')
        .select(['pg.id', 'pg.user_id', 'pg.group_id', 'users.account', 'users.nickname', 'g.name as group_name', 'pg.created_at'])
        .where('pg.policy_id', '=', id)
        .orderBy('pg.created_at')
        .execute();
      return { ...p, grants };
    },

    async createPolicy(c: AccessCaller, body: unknown) {
      const input = policyCreateSchema.parse(body ?? {});
      const tenantId = await ownerTenant(c, 'policy', input.tenant_id);
      await checkPolicyBody(tenantId, input);
      const id = newId();
      try {
        await db
          .insertInto('policies')
          .values({
            id,
            name: input.name,
            description: input.description,
            tenant_id: tenantId,
            template_code: input.template_code ?? null,
            permissions: JSON.stringify(input.permissions),
            include_tenants: JSON.stringify(input.include_tenants),
            exclude_tenants: JSON.stringify(input.exclude_tenants),
            include_projects: JSON.stringify(input.include_projects),
            exclude_projects: JSON.stringify(input.exclude_projects),
          })
          .execute();
      } catch (err) {
        if (uniqueViolation(err)) throw conflict('access.name_taken');
        throw err;
      }
      return this.policy(c, id);
    },

    async updatePolicy(c: AccessCaller, id: string, body: unknown) {
      const input = policyUpdateSchema.parse(body ?? {});
      const p = await visiblePolicy(c, id);
      await checkPolicyBody(p.tenant_id, input);
      const set: Record<string, unknown> = { updated_at: new Date() };
      if (input.name !== undefined) set.name = input.name;
      if (input.description !== undefined) set.description = input.description;
      for (const k of ['permissions', 'include_tenants', 'exclude_tenants', 'include_projects', 'exclude_projects'] as const)
        if (input[k] !== undefined) set[k] = JSON.stringify(input[k]);
      try {
        await db.updateTable('policies').set(set).where('id', '=', id).execute();
      } catch (err) {
        if (uniqueViolation(err)) throw conflict('access.name_taken');
        throw err;
      }
      return this.policy(c, id);
    },

    async deletePolicy(c: AccessCaller, id: string) {
      await visiblePolicy(c, id);
      await db.deleteFrom('policies').where('id', '=', id).execute();
      return { id };
    },

    // ── grants (empower) ──
    async listGrants(c: AccessCaller) {
      const tenant = tenantOf(c, 'policy');
      let qb = db
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
      const data = await qb.orderBy('pg.created_at', 'desc').limit(500).execute();
      return { count: data.length, data };
    },

    async grant(c: AccessCaller, body: unknown) {
      const input = grantSchema.parse(body ?? {});
      await visiblePolicy(c, input.policy_id);
      for (const uid of input.user_ids) await visibleUser(c, uid, 'policy');
      for (const gid of input.group_ids) {
        const tenant = tenantOf(c, 'policy');
        const g = await db.selectFrom('user_groups').select(['id', 'tenant_id']).where('id', '=', gid).executeTakeFirst();
        if (!g || (tenant && g.tenant_id !== tenant)) throw notFound();
      }
      const rows = [...input.user_ids.map((user_id) => ({ user_id, group_id: null })), ...input.group_ids.map((group_id) => ({ user_id: null, group_id }))];
      for (const r of rows)
        await db
          .insertInto('policy_grants')
          .values({ id: newId(), policy_id: input.policy_id, ...r })
          .onConflict((oc) => oc.doNothing())
          .execute();
      return this.listGrants(c);
    },

    async revoke(c: AccessCaller, id: string) {
      const tenant = tenantOf(c, 'policy');
      let qb = db.selectFrom('policy_grants as pg').innerJoin('policies as p', 'p.id', 'pg.policy_id').select('pg.id').where('pg.id', '=', id);
      if (tenant) qb = qb.where('p.tenant_id', '=', tenant);
      if (!(await qb.executeTakeFirst())) throw notFound();
      await db.deleteFrom('policy_grants').where('id', '=', id).execute();
      return { id };
    },
  };
}
export type AccessService = ReturnType<typeof accessService>;
