// Access and organisation (issue 15): projects with owners and members, their private and public
// quotas (the engine's limits) with the tenant's quota switches, systems and resource groups holding
// the engine's resources, the tenant's tags and the administrative organisation tree.
// Every call is scoped by X-Tenant-Id (resolveScope): another tenant's ids answer 404.
// Each route declares for the access guard (ADR 0021) the permission its handler checks with
// `scoped(req, action, entity)`, so the guard and the handler agree.
import { pagingSchema } from '../../domain/list-query.ts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { sql } from 'kysely';
import { conflict, notFound } from '../../domain/errors.ts';
import { isId, newId } from '../../domain/ids.ts';
import { can } from '../../domain/roles.ts';
import {
  CLOUDS,
  GROUP_TYPES,
  greyOf,
  groupResourcesSchema,
  groupSchema,
  groupUpdateSchema,
  membersSchema,
  projectCreateSchema,
  projectGrantSchema,
  projectUpdateSchema,
  quotaSaveSchema,
  quotaStatusSchema,
  type Cloud,
  type GroupType,
  type TreeNode,
} from '../../domain/org.ts';
import { tagPairSchema } from '../../domain/schemas/resource.schema.ts';
import { requirePermission } from '../plugins/auth.plugin.ts';
import { parse } from '../plugins/errors.plugin.ts';
import { resolveScope, type Scope } from '../plugins/scope.ts';
import { accessOf, canSeeProject } from '../repositories/tenancy.repository.ts';
import { DEFAULT_QUOTA } from '../services/resource-create.ts';
import type { AppContext } from '../context.ts';
import type { RoutePermission } from '../access/route-permissions.ts';
import { quotaLines, resourceCount, saveQuotaLines, switchOf } from './org-quotas.ts';

/** The route's declaration for the access guard: the same `action:entity` its handler checks. */
const need = (permission: Exclude<RoutePermission, 'public' | 'self'>) => ({ config: { permission } });
const param = (req: FastifyRequest, name = 'id') => (req.params as Record<string, string>)[name] ?? '';
const cloudOf = (v: unknown): Cloud => (CLOUDS.includes(v as Cloud) ? (v as Cloud) : 'private');
/** Seed 000 §7 names: /v1/systems and /v1/auth/resource_groups. */
/** The project list's pages (the shared paging rule): 20 rows unless asked, at most 100. */
const PROJECT_PAGING = pagingSchema({ defaultLimit: 20, maxLimit: 100 });

const GROUP_PATHS: Record<GroupType, string> = { system: '/api/v1/systems', resource_group: '/api/v1/auth/resource_groups' };

export async function orgRoutes(app: FastifyInstance, ctx: AppContext) {
  const { db } = ctx;

  /** The tenant scope, with a permission on an entity. */
  const scoped = async (req: FastifyRequest, action: string, entity: string) => {
    const scope = await resolveScope(req, ctx.tenancy);
    requirePermission(can(scope.roles, action, entity));
    return scope;
  };
  /** A project of the scope's tenant that the caller may see, or 404. */
  const projectIn = async (scope: Scope, id: string) => {
    if (!isId(id)) throw notFound();
    const p = await db.selectFrom('projects').selectAll().where('id', '=', id).where('tenant_id', '=', scope.tenantId).executeTakeFirst();
    if (!p || !canSeeProject(accessOf(scope.user), scope.tenantId, p.id)) throw notFound();
    return p;
  };
  /** Users a project can be given: those with a role in the tenant (platform administrators aside). */
  const tenantUsers = (tenantId: string) =>
    db
      .selectFrom('users')
      .select(['users.id', 'users.account', 'users.nickname'])
      .where('users.id', 'in', (eb) => eb.selectFrom('memberships').select('memberships.user_id').where('memberships.tenant_id', '=', tenantId))
      .orderBy('users.account')
      .execute();
  const checkUsers = async (tenantId: string, ids: string[]) => {
    if (!ids.length) return;
    const known = new Set((await tenantUsers(tenantId)).map((u) => u.id));
    if (ids.some((id) => !known.has(id))) throw notFound();
  };
  const membersOf = (projectId: string) =>
    db
      .selectFrom('memberships')
      .innerJoin('users', 'users.id', 'memberships.user_id')
      .select(['memberships.user_id', 'memberships.role', 'users.account', 'users.nickname'])
      .where('memberships.project_id', '=', projectId)
      .orderBy('users.account')
      .execute();

  // ---- projects (projectManage, projectAdd) ----

  app.get('/api/v1/manage/projects', need('read:project'), async (req) => {
    const scope = await scoped(req, 'read', 'project');
    const q = req.query as Record<string, string | undefined>;
    // the seed's list parameters, checked like every list (a bad __offset is a 400 naming it)
    const { __limit: limit, __offset: offset } = PROJECT_PAGING.parse(q);
    let qb = ctx.tenancy.projectsQuery(accessOf(scope.user)).where('projects.tenant_id', '=', scope.tenantId);
    const name = typeof q.name === 'string' ? q.name.trim() : undefined;
    if (name)
      qb = qb.where((eb) =>
        eb.or([eb('projects.name', 'ilike', `%${name}%`), eb('projects.name_zh', 'ilike', `%${name}%`), eb('projects.name_en', 'ilike', `%${name}%`)]),
      );
    const total = await qb.select(sql<number>`count(*)::int`.as('n')).executeTakeFirst();
    const rows = await qb
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
      .limit(limit)
      .offset(offset)
      .execute();
    const ids = rows.map((r) => r.id);
    const owners = ids.length
      ? await db
          .selectFrom('memberships')
          .innerJoin('users', 'users.id', 'memberships.user_id')
          .select(['memberships.project_id', 'users.id', 'users.account', 'users.nickname'])
          .where('memberships.project_id', 'in', ids)
          .where('memberships.role', '=', 'project_owner')
          .orderBy('users.account')
          .execute()
      : [];
    return {
      count: Number(total?.n ?? 0),
      data: rows.map((r) => ({
        ...r,
        resource_count: Number(r.resource_count ?? 0),
        member_count: Number(r.member_count ?? 0),
        owners: owners.filter((o) => o.project_id === r.id).map((o) => ({ id: o.id, account: o.account, nickname: o.nickname })),
      })),
    };
  });

  app.get('/api/v1/manage/project-candidates', need('update:project'), async (req) => {
    const scope = await scoped(req, 'update', 'project');
    const data = await tenantUsers(scope.tenantId);
    return { count: data.length, data };
  });

  app.get('/api/v1/manage/projects/:id', need('read:project'), async (req) => {
    const scope = await scoped(req, 'read', 'project');
    const p = await projectIn(scope, param(req));
    const members = await membersOf(p.id);
    return { ...p, members, owners: members.filter((m) => m.role === 'project_owner').map((m) => m.user_id), resource_count: await resourceCount(db, p.id) };
  });

  app.post('/api/v1/manage/projects', need('create:project'), async (req, reply) => {
    const scope = await scoped(req, 'create', 'project');
    const body = parse(projectCreateSchema, req.body ?? {});
    await checkUsers(scope.tenantId, body.owner_ids);
    const taken = await db.selectFrom('projects').select('id').where('tenant_id', '=', scope.tenantId).where('name', '=', body.name).executeTakeFirst();
    if (taken) throw conflict('project_name_taken');
    const id = newId();
    await db.transaction().execute(async (trx) => {
      await trx
        .insertInto('projects')
        .values({ id, tenant_id: scope.tenantId, name: body.name, name_en: body.name_en, name_zh: body.name_zh, remark: body.remark })
        .execute();
      for (const uid of body.owner_ids) {
        await trx.insertInto('memberships').values({ id: newId(), user_id: uid, tenant_id: scope.tenantId, project_id: id, role: 'project_owner' }).execute();
      }
    });
    return reply.status(201).send({ id });
  });

  app.put('/api/v1/manage/projects/:id', need('update:project'), async (req) => {
    const scope = await scoped(req, 'update', 'project');
    const p = await projectIn(scope, param(req));
    const body = parse(projectUpdateSchema, req.body ?? {});
    if (body.owner_ids) await checkUsers(scope.tenantId, body.owner_ids);
    const taken = await db
      .selectFrom('projects')
      .select('id')
      .where('tenant_id', '=', scope.tenantId)
      .where('name', '=', body.name)
      .where('id', '!=', p.id)
      .executeTakeFirst();
    if (taken) throw conflict('project_name_taken');
    await db.transaction().execute(async (trx) => {
      await trx
        .updateTable('projects')
        .set({ name: body.name, name_en: body.name_en, name_zh: body.name_zh, remark: body.remark })
        .where('id', '=', p.id)
        .execute();
      if (body.owner_ids) {
        await trx.deleteFrom('memberships').where('project_id', '=', p.id).where('role', '=', 'project_owner').execute();
        for (const uid of body.owner_ids) {
          await trx
            .insertInto('memberships')
            .values({ id: newId(), user_id: uid, tenant_id: scope.tenantId, project_id: p.id, role: 'project_owner' })
            .execute();
        }
      }
    });
    return { id: p.id };
  });

  app.delete('/api/v1/manage/projects/:id', { config: { permission: 'delete:project', stepUp: true } }, async (req) => {
    const scope = await scoped(req, 'delete', 'project');
    const p = await projectIn(scope, param(req));
    await db.transaction().execute(async (trx) => {
      // Lock the project so a purchase cannot land between the check and the delete.
      await trx.selectFrom('projects').select('id').where('id', '=', p.id).forUpdate().execute();
      if ((await resourceCount(trx, p.id)) > 0) throw conflict('project_has_resources');
      await trx.deleteFrom('memberships').where('project_id', '=', p.id).execute();
      await trx.deleteFrom('tag_resources').where('resource_id', '=', p.id).execute();
      await trx.deleteFrom('project_quotas').where('project_id', '=', p.id).execute();
      try {
        await trx.deleteFrom('projects').where('id', '=', p.id).execute();
      } catch (err) {
        // History of the project (bills, approvals, work orders…) keeps it.
        if ((err as { code?: string }).code === '23503') throw conflict('project_in_use');
        throw err;
      }
    });
    return { id: p.id };
  });

  app.put('/api/v1/manage/projects/:id/members', need('update:project'), async (req) => {
    const scope = await scoped(req, 'update', 'project');
    const p = await projectIn(scope, param(req));
    const body = parse(membersSchema, req.body ?? {});
    await checkUsers(
      scope.tenantId,
      body.members.map((m) => m.user_id),
    );
    await db.transaction().execute(async (trx) => {
      await trx.deleteFrom('memberships').where('project_id', '=', p.id).execute();
      for (const m of body.members) {
        await trx.insertInto('memberships').values({ id: newId(), user_id: m.user_id, tenant_id: scope.tenantId, project_id: p.id, role: m.role }).execute();
      }
    });
    return { id: p.id, members: await membersOf(p.id) };
  });

  // A user given one role in up to 10 projects at once (seed 001 §9 "project configuration").
  app.post('/api/v1/manage/project-grants', need('update:project'), async (req) => {
    const scope = await scoped(req, 'update', 'project');
    const body = parse(projectGrantSchema, req.body ?? {});
    await checkUsers(scope.tenantId, [body.user_id]);
    for (const id of body.project_ids) await projectIn(scope, id);
    let added = 0;
    await db.transaction().execute(async (trx) => {
      for (const projectId of body.project_ids) {
        const has = await trx
          .selectFrom('memberships')
          .select('id')
          .where('user_id', '=', body.user_id)
          .where('project_id', '=', projectId)
          .where('role', '=', body.role)
          .executeTakeFirst();
        if (has) continue;
        if (body.role === 'project_owner') {
          const owners = await trx
            .selectFrom('memberships')
            .select(sql<number>`count(*)::int`.as('n'))
            .where('project_id', '=', projectId)
            .where('role', '=', 'project_owner')
            .executeTakeFirst();
          if (Number(owners?.n ?? 0) >= 3) throw conflict('project_owners_full');
        }
        await trx
          .insertInto('memberships')
          .values({ id: newId(), user_id: body.user_id, tenant_id: scope.tenantId, project_id: projectId, role: body.role })
          .execute();
        added++;
      }
    });
    return { added };
  });

  // ---- quotas (quotaEdit, quotaPubEdit) ----

  app.get('/api/v1/manage/quota-switches', need('read:quota'), async (req) => {
    const scope = await scoped(req, 'read', 'quota');
    return { data: await Promise.all(CLOUDS.map(async (cloud) => ({ cloud, enabled: await switchOf(db, scope.tenantId, cloud) }))) };
  });

  app.put('/api/v1/manage/quota-switches', need('enable:quota'), async (req) => {
    const scope = await scoped(req, 'enable', 'quota');
    const body = parse(quotaStatusSchema, req.body ?? {});
    await db.transaction().execute(async (trx) => {
      const row = await trx
        .selectFrom('org_quota_switches')
        .select('enabled')
        .where('tenant_id', '=', scope.tenantId)
        .where('cloud', '=', body.cloud)
        .forUpdate()
        .executeTakeFirst();
      if ((row?.enabled ?? false) === body.enabled) throw conflict('quota_status_unchanged');
      await trx
        .insertInto('org_quota_switches')
        .values({ tenant_id: scope.tenantId, cloud: body.cloud, enabled: body.enabled })
        .onConflict((oc) => oc.columns(['tenant_id', 'cloud']).doUpdateSet({ enabled: body.enabled, updated_at: new Date() }))
        .execute();
    });
    return body;
  });

  app.get('/api/v1/manage/projects/:id/quotas', need('read:quota'), async (req) => {
    const scope = await scoped(req, 'read', 'quota');
    const p = await projectIn(scope, param(req));
    const cloud = cloudOf((req.query as Record<string, unknown>).cloud);
    return {
      project: { id: p.id, name: p.name, name_zh: p.name_zh },
      cloud,
      enabled: await switchOf(db, scope.tenantId, cloud),
      data: await quotaLines(db, p.id, cloud, DEFAULT_QUOTA),
    };
  });

  app.put('/api/v1/manage/projects/:id/quotas', need('update:quota'), async (req) => {
    const scope = await scoped(req, 'update', 'quota');
    const p = await projectIn(scope, param(req));
    const cloud = cloudOf((req.query as Record<string, unknown>).cloud);
    const body = parse(quotaSaveSchema, req.body ?? {});
    await db.transaction().execute(async (trx) => {
      if (!(await switchOf(trx, scope.tenantId, cloud))) throw conflict('tenant_quota_not_enabled');
      await saveQuotaLines(trx, p.id, cloud, body.limits);
    });
    return { cloud, data: await quotaLines(db, p.id, cloud, DEFAULT_QUOTA) };
  });

  // ---- systems and resource groups (systemManage, resourceGroupManage and details) ----

  for (const type of GROUP_TYPES) {
    const base = GROUP_PATHS[type];
    const groupIn = async (scope: Scope, id: string) => {
      if (!isId(id)) throw notFound();
      const g = await db
        .selectFrom('org_groups')
        .innerJoin('projects', 'projects.id', 'org_groups.project_id')
        .selectAll('org_groups')
        .select(['projects.name as project_name', 'projects.name_zh as project_name_zh'])
        .where('org_groups.id', '=', id)
        .where('org_groups.type', '=', type)
        .where('org_groups.tenant_id', '=', scope.tenantId)
        .executeTakeFirst();
      if (!g || !canSeeProject(accessOf(scope.user), scope.tenantId, g.project_id)) throw notFound();
      if (scope.projectId && scope.projectId !== g.project_id) throw notFound();
      return g;
    };

    app.get(base, need(`read:${type}`), async (req) => {
      const scope = await scoped(req, 'read', type);
      const q = req.query as Record<string, string | undefined>;
      let qb = db
        .selectFrom('org_groups')
        .innerJoin('projects', 'projects.id', 'org_groups.project_id')
        .where('org_groups.tenant_id', '=', scope.tenantId)
        .where('org_groups.type', '=', type);
      const access = accessOf(scope.user);
      if (scope.projectId) qb = qb.where('org_groups.project_id', '=', scope.projectId);
      else if (!access.allTenants && !access.wholeTenants.has(scope.tenantId))
        qb = qb.where('org_groups.project_id', 'in', [...(access.projects.get(scope.tenantId) ?? [''])]);
      const name = typeof q.name === 'string' ? q.name.trim() : undefined;
      if (name) qb = qb.where('org_groups.name', 'ilike', `%${name}%`);
      const rows = await qb
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
      return { count: rows.length, data: rows.map((r) => ({ ...r, resource_count: Number(r.resource_count ?? 0) })) };
    });

    app.get(`${base}/:id`, need(`read:${type}`), async (req) => {
      const scope = await scoped(req, 'read', type);
      const g = await groupIn(scope, param(req));
      const resources = await db
        .selectFrom('org_group_resources')
        .innerJoin('resources', 'resources.id', 'org_group_resources.resource_id')
        .select(['resources.id', 'resources.name', 'resources.kind', 'resources.status', 'resources.vendor', 'org_group_resources.created_at as joined_at'])
        .where('org_group_resources.group_id', '=', g.id)
        .orderBy('resources.name')
        .execute();
      return { ...g, resources };
    });

    // Resources of the group's project that it could take (not yet in it, not deleted).
    app.get(`${base}/:id/candidates`, need(`update:${type}`), async (req) => {
      const scope = await scoped(req, 'update', type);
      const g = await groupIn(scope, param(req));
      const data = await db
        .selectFrom('resources')
        .select(['resources.id', 'resources.name', 'resources.kind', 'resources.status', 'resources.vendor'])
        .where('resources.project_id', '=', g.project_id)
        .where('resources.status', '!=', 'deleted')
        .where('resources.id', 'not in', (eb) => eb.selectFrom('org_group_resources').select('resource_id').where('group_id', '=', g.id))
        .orderBy('resources.kind')
        .orderBy('resources.name')
        .limit(200)
        .execute();
      return { count: data.length, data };
    });

    app.post(base, need(`update:${type}`), async (req, reply) => {
      const scope = await scoped(req, 'update', type);
      const body = parse(groupSchema, req.body ?? {});
      await projectIn(scope, body.project_id);
      const taken = await db
        .selectFrom('org_groups')
        .select('id')
        .where('tenant_id', '=', scope.tenantId)
        .where('type', '=', type)
        .where('name', '=', body.name)
        .executeTakeFirst();
      if (taken) throw conflict('group_name_taken');
      const id = newId();
      await db
        .insertInto('org_groups')
        .values({ id, tenant_id: scope.tenantId, project_id: body.project_id, type, name: body.name, description: body.description, created_by: scope.user.id })
        .execute();
      return reply.status(201).send({ id });
    });

    app.put(`${base}/:id`, need(`update:${type}`), async (req) => {
      const scope = await scoped(req, 'update', type);
      const g = await groupIn(scope, param(req));
      const body = parse(groupUpdateSchema, req.body ?? {});
      const taken = await db
        .selectFrom('org_groups')
        .select('id')
        .where('tenant_id', '=', scope.tenantId)
        .where('type', '=', type)
        .where('name', '=', body.name)
        .where('id', '!=', g.id)
        .executeTakeFirst();
      if (taken) throw conflict('group_name_taken');
      await db.updateTable('org_groups').set({ name: body.name, description: body.description, updated_at: new Date() }).where('id', '=', g.id).execute();
      return { id: g.id };
    });

    app.delete(`${base}/:id`, need(`update:${type}`), async (req) => {
      const scope = await scoped(req, 'update', type);
      const g = await groupIn(scope, param(req));
      await db.deleteFrom('org_groups').where('id', '=', g.id).execute();
      return { id: g.id };
    });

    app.post(`${base}/:id/resources`, need(`update:${type}`), async (req) => {
      const scope = await scoped(req, 'update', type);
      const g = await groupIn(scope, param(req));
      const body = parse(groupResourcesSchema, req.body ?? {});
      const ids = [...new Set(body.resource_ids)];
      const found = await db
        .selectFrom('resources')
        .select('id')
        .where('id', 'in', ids)
        .where('tenant_id', '=', scope.tenantId)
        .where('project_id', '=', g.project_id)
        .where('status', '!=', 'deleted')
        .execute();
      if (found.length !== ids.length) throw notFound();
      await db
        .insertInto('org_group_resources')
        .values(ids.map((resource_id) => ({ group_id: g.id, resource_id })))
        .onConflict((oc) => oc.columns(['group_id', 'resource_id']).doNothing())
        .execute();
      return { id: g.id, added: ids.length };
    });

    app.delete(`${base}/:id/resources/:rid`, need(`update:${type}`), async (req) => {
      const scope = await scoped(req, 'update', type);
      const g = await groupIn(scope, param(req));
      const rid = param(req, 'rid');
      const r = isId(rid) ? await db.deleteFrom('org_group_resources').where('group_id', '=', g.id).where('resource_id', '=', rid).executeTakeFirst() : null;
      if (!r || Number(r.numDeletedRows) === 0) throw notFound();
      return { id: g.id };
    });
  }

  // ---- tags (tagManage) ----

  app.get('/api/v1/manage/tags', need('read:tag'), async (req) => {
    const scope = await scoped(req, 'read', 'tag');
    const q = req.query as Record<string, string | undefined>;
    let qb = db.selectFrom('tags').leftJoin('projects', 'projects.id', 'tags.project_id').where('tags.tenant_id', '=', scope.tenantId);
    if (scope.projectId) qb = qb.where((eb) => eb.or([eb('tags.project_id', '=', scope.projectId), eb('tags.project_id', 'is', null)]));
    const key = typeof q.tag_key === 'string' ? q.tag_key.trim() : undefined;
    if (key) qb = qb.where('tags.tag_key', 'ilike', `%${key}%`);
    const rows = await qb
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
    return { count: rows.length, data: rows.map((r) => ({ ...r, resource_count: Number(r.resource_count ?? 0) })) };
  });

  app.post('/api/v1/manage/tags', need('update:tag'), async (req, reply) => {
    const scope = await scoped(req, 'update', 'tag');
    const body = parse(tagPairSchema.extend({}).strict(), req.body ?? {});
    const projectId = scope.projectId;
    const taken = await db
      .selectFrom('tags')
      .select('id')
      .where('tenant_id', '=', scope.tenantId)
      .where(projectId ? (eb) => eb('project_id', '=', projectId) : (eb) => eb('project_id', 'is', null))
      .where('tag_key', '=', body.tag_key)
      .where('tag_value', '=', body.tag_value)
      .executeTakeFirst();
    if (taken) throw conflict('tag_taken');
    const id = newId();
    await db.insertInto('tags').values({ id, tenant_id: scope.tenantId, project_id: projectId, tag_key: body.tag_key, tag_value: body.tag_value }).execute();
    return reply.status(201).send({ id });
  });

  app.delete('/api/v1/manage/tags/:id', need('update:tag'), async (req) => {
    const scope = await scoped(req, 'update', 'tag');
    const id = param(req);
    if (!isId(id)) throw notFound();
    const tag = await db.selectFrom('tags').selectAll().where('id', '=', id).where('tenant_id', '=', scope.tenantId).executeTakeFirst();
    if (!tag || (tag.project_id && !canSeeProject(accessOf(scope.user), scope.tenantId, tag.project_id))) throw notFound();
    if (scope.projectId && tag.project_id && tag.project_id !== scope.projectId) throw notFound();
    await db.transaction().execute(async (trx) => {
      await trx.deleteFrom('tag_resources').where('tag_id', '=', id).execute();
      await trx.deleteFrom('tags').where('id', '=', id).execute();
    });
    return { id };
  });

  // ---- organisation tree (standardTreeManage) ----

  // Administrative organisation → tenants → projects. Every node is shown; greyed ones are invalid
  // (disabled), hold no project, or are out of the caller's reach (seed 001 §6). A tenant out of reach
  // shows as a greyed node without its name, id or projects (tenant isolation, isolation.test.ts).
  app.get('/api/v1/org/tree', need('read:tenant'), async (req) => {
    const scope = await scoped(req, 'read', 'tenant');
    const access = accessOf(scope.user);
    const units = await db.selectFrom('org_units').selectAll().orderBy('sort_value').orderBy('name').execute();
    const links = await db.selectFrom('org_unit_tenants').selectAll().execute();
    const tenants = await db.selectFrom('tenants').select(['id', 'name', 'enabled']).orderBy('name').execute();
    const projects = await db.selectFrom('projects').select(['id', 'tenant_id', 'name', 'name_zh', 'enabled']).orderBy('name').execute();
    let hidden = 0;
    const tenantNode = (t: (typeof tenants)[number]): TreeNode => {
      const seeTenant = access.allTenants || access.wholeTenants.has(t.id) || access.projects.has(t.id);
      const own = projects.filter((p) => p.tenant_id === t.id);
      const children: TreeNode[] = seeTenant
        ? own.map((p) => ({
            id: p.id,
            type: 'project',
            name: p.name_zh || p.name,
            grey: greyOf({ enabled: p.enabled && t.enabled, hasProject: true, allowed: canSeeProject(access, t.id, p.id) }),
            children: [],
          }))
        : [];
      const grey = greyOf({ enabled: t.enabled, hasProject: own.length > 0, allowed: seeTenant });
      // A tenant out of reach is a greyed place in the tree: neither its name nor its id is told.
      if (!seeTenant) return { id: `hidden-${++hidden}`, type: 'tenant', name: null, grey, children };
      return { id: t.id, type: 'tenant', name: t.name, grey, children };
    };
    const unitNode = (u: (typeof units)[number]): TreeNode => {
      const children = [
        ...units.filter((c) => c.parent_id === u.id).map(unitNode),
        ...links
          .filter((l) => l.unit_id === u.id)
          .map((l) => tenants.find((t) => t.id === l.tenant_id))
          .filter((t) => t !== undefined)
          .map(tenantNode),
      ];
      const hasProject = (n: TreeNode): boolean => n.type === 'project' || n.children.some(hasProject) || (n.type === 'tenant' && n.grey !== 'no_project');
      const allowed = (n: TreeNode): boolean => (n.type !== 'unit' && n.grey !== 'forbidden') || n.children.some(allowed);
      const node: TreeNode = { id: u.id, type: 'unit', name: u.name, grey: null, children };
      node.grey = greyOf({ enabled: u.enabled, hasProject: children.some(hasProject), allowed: children.some(allowed) });
      return node;
    };
    const roots = units.filter((u) => !u.parent_id).map(unitNode);
    const placed = new Set(links.map((l) => l.tenant_id));
    const loose = tenants.filter((t) => !placed.has(t.id)).map(tenantNode);
    return { data: [...roots, ...loose] };
  });
}
