// Access and organisation (issue 15): projects with owners and members, their private and public
// quotas (the engine's limits) with the tenant's quota switches, systems and resource groups holding
// the engine's resources, the tenant's tags and the administrative organisation tree.
// Every call is scoped by X-Tenant-Id (resolveScope): another tenant's ids answer 404.
// Each route declares for the access guard (ADR 0021) the permission its handler checks with
// `scoped(req, action, entity)`, so the guard and the handler agree.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { can } from '../../domain/roles.ts';
import { GROUP_TYPES, type GroupType } from '../../domain/org.ts';
import { requirePermission } from '../platform/auth/auth-user.ts';
import { resolveScope } from '../platform/auth/scope.ts';
import type { TenancyRepository } from '../platform/auth/tenancy.repository.ts';
import type { Db } from '../platform/db/database.ts';
import type { RoutePermission } from '../access/route-permissions.ts';
import * as groups from './org-groups.service.ts';
import * as org from './org.service.ts';
import { orgTree } from './org-tree.service.ts';

/** The route's declaration for the access guard: the same `action:entity` its handler checks. */
const need = (permission: Exclude<RoutePermission, 'public' | 'self'>) => ({ config: { permission } });
const param = (req: FastifyRequest, name = 'id') => (req.params as Record<string, string>)[name] ?? '';
const query = (req: FastifyRequest) => req.query as Record<string, unknown>;

/** Seed 000 §7 names: /v1/systems and /v1/auth/resource_groups. */
const GROUP_PATHS: Record<GroupType, string> = { system: '/api/v1/systems', resource_group: '/api/v1/auth/resource_groups' };

/** What these routes use; the composition root (app.ts) hands it in. */
export interface OrgRoutesDeps {
  db: Db;
  tenancy: TenancyRepository;
}

export async function orgRoutes(app: FastifyInstance, ctx: OrgRoutesDeps) {
  const deps: org.OrgDeps = { db: ctx.db, tenancy: ctx.tenancy };
  /** The tenant scope, with a permission on an entity. */
  const scoped = async (req: FastifyRequest, action: string, entity: string) => {
    const scope = await resolveScope(req, ctx.tenancy);
    requirePermission(can(scope.roles, action, entity));
    return scope;
  };
  projectRoutes(app, deps, scoped);
  quotaRoutes(app, deps, scoped);
  for (const type of GROUP_TYPES) groupRoutes(app, deps, scoped, type);
  tagRoutes(app, deps, scoped);
  // Administrative organisation → tenants → projects (standardTreeManage).
  app.get('/api/v1/org/tree', need('read:tenant'), async (req) => orgTree(deps, await scoped(req, 'read', 'tenant')));
}

type Scoped = (req: FastifyRequest, action: string, entity: string) => ReturnType<typeof resolveScope>;

/** Projects (projectManage, projectAdd). */
function projectRoutes(app: FastifyInstance, deps: org.OrgDeps, scoped: Scoped) {
  app.get('/api/v1/manage/projects', need('read:project'), async (req) => org.listProjects(deps, await scoped(req, 'read', 'project'), query(req)));
  app.get('/api/v1/manage/project-candidates', need('update:project'), async (req) => org.projectCandidates(deps, await scoped(req, 'update', 'project')));
  app.get('/api/v1/manage/projects/:id', need('read:project'), async (req) => org.projectDetail(deps, await scoped(req, 'read', 'project'), param(req)));
  app.post('/api/v1/manage/projects', need('create:project'), async (req, reply) =>
    reply.status(201).send(await org.createProject(deps, await scoped(req, 'create', 'project'), req.body)),
  );
  app.put('/api/v1/manage/projects/:id', need('update:project'), async (req) =>
    org.updateProject(deps, await scoped(req, 'update', 'project'), param(req), req.body),
  );
  app.delete('/api/v1/manage/projects/:id', { config: { permission: 'delete:project', stepUp: true } }, async (req) =>
    org.deleteProject(deps, await scoped(req, 'delete', 'project'), param(req)),
  );
  app.put('/api/v1/manage/projects/:id/members', need('update:project'), async (req) =>
    org.setMembers(deps, await scoped(req, 'update', 'project'), param(req), req.body),
  );
  // A user given one role in up to 10 projects at once (seed 001 §9 "project configuration").
  app.post('/api/v1/manage/project-grants', need('update:project'), async (req) => org.grantProjects(deps, await scoped(req, 'update', 'project'), req.body));
}

/** Quotas (quotaEdit, quotaPubEdit). */
function quotaRoutes(app: FastifyInstance, deps: org.OrgDeps, scoped: Scoped) {
  app.get('/api/v1/manage/quota-switches', need('read:quota'), async (req) => org.quotaSwitches(deps, await scoped(req, 'read', 'quota')));
  app.put('/api/v1/manage/quota-switches', need('enable:quota'), async (req) => org.setQuotaSwitch(deps, await scoped(req, 'enable', 'quota'), req.body));
  app.get('/api/v1/manage/projects/:id/quotas', need('read:quota'), async (req) =>
    org.projectQuotas(deps, await scoped(req, 'read', 'quota'), param(req), query(req).cloud),
  );
  app.put('/api/v1/manage/projects/:id/quotas', need('update:quota'), async (req) =>
    org.saveProjectQuotas(deps, await scoped(req, 'update', 'quota'), param(req), query(req).cloud, req.body),
  );
}

/** Systems and resource groups (systemManage, resourceGroupManage and details). */
function groupRoutes(app: FastifyInstance, deps: org.OrgDeps, scoped: Scoped, type: GroupType) {
  const base = GROUP_PATHS[type];
  app.get(base, need(`read:${type}`), async (req) => groups.listGroups(deps, await scoped(req, 'read', type), type, query(req)));
  app.get(`${base}/:id`, need(`read:${type}`), async (req) => groups.groupDetail(deps, await scoped(req, 'read', type), type, param(req)));
  app.get(`${base}/:id/candidates`, need(`update:${type}`), async (req) => groups.groupCandidates(deps, await scoped(req, 'update', type), type, param(req)));
  app.post(base, need(`update:${type}`), async (req, reply) =>
    reply.status(201).send(await groups.createGroup(deps, await scoped(req, 'update', type), type, req.body)),
  );
  app.put(`${base}/:id`, need(`update:${type}`), async (req) => groups.updateGroup(deps, await scoped(req, 'update', type), type, param(req), req.body));
  app.delete(`${base}/:id`, need(`update:${type}`), async (req) => groups.deleteGroup(deps, await scoped(req, 'update', type), type, param(req)));
  app.post(`${base}/:id/resources`, need(`update:${type}`), async (req) =>
    groups.addGroupResources(deps, await scoped(req, 'update', type), type, param(req), req.body),
  );
  app.delete(`${base}/:id/resources/:rid`, need(`update:${type}`), async (req) =>
    groups.removeGroupResource(deps, await scoped(req, 'update', type), type, param(req), param(req, 'rid')),
  );
}

/** The tenant's tags (tagManage). */
function tagRoutes(app: FastifyInstance, deps: org.OrgDeps, scoped: Scoped) {
  app.get('/api/v1/manage/tags', need('read:tag'), async (req) => org.listTags(deps, await scoped(req, 'read', 'tag'), query(req)));
  app.post('/api/v1/manage/tags', need('update:tag'), async (req, reply) =>
    reply.status(201).send(await org.createTag(deps, await scoped(req, 'update', 'tag'), req.body)),
  );
  app.delete('/api/v1/manage/tags/:id', need('update:tag'), async (req) => org.deleteTag(deps, await scoped(req, 'update', 'tag'), param(req)));
}
