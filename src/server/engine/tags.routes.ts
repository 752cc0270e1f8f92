// Tags (seed 000 §3, §5, §6, §7): GET/POST /api/tag-resources and POST /api/tag-manage, in two variants.
// - User editor: scoped by the X-Tenant-Id / X-Project-Id headers like every call; lists by resource type.
// - Admin editor (seed 000 §6 "scoped by tenant_id and project_id; project_id omitted for resource
//   type project"): the call names the resource's tenant_id/project_id itself, so a platform
//   administrator can edit a resource of any tenant from an admin list (ecsAdminManage…). That scope
//   is checked against the caller's memberships (plugins/admin-scope.ts): a tenant role never reaches
//   another tenant (404). The admin variant needs the tenant-administrator permissions
//   (update:resource and update:project) and its values also take full-width brackets （）.
import type { FastifyInstance } from 'fastify';
import { notFound } from '../../domain/errors.ts';
import { kindOf } from '../../domain/kinds/registry.ts';
import { kindEntity } from '../../domain/kinds/kind.ts';
import { can } from '../../domain/roles.ts';
import { tagManageSchema, tagResourcesQuerySchema, tagResourcesSaveSchema } from '../../domain/schemas/resource.schema.ts';
import {
  PROJECT_RESOURCE_TYPE,
  adminTagManageSchema,
  adminTagQuerySchema,
  adminTagSaveSchema,
  isAdminTagCall,
  mayEditTagsAsAdmin,
} from '../../domain/schemas/shared-ops.schema.ts';
import { requirePermission } from '../platform/auth/auth-user.ts';
import { scopeCan, resolveScope, type Scope } from '../platform/auth/scope.ts';
import { resolveNamedScope } from '../platform/auth/admin-scope.ts';
import { t } from '../platform/lib/i18n.ts';
import type { TagsRepository } from './tags.repository.ts';
import type { TenancyRepository } from '../platform/auth/tenancy.repository.ts';

/** What these routes use; the composition root (app.ts) hands it in. */
export interface TagsRoutesDeps {
  tags: TagsRepository;
  tenancy: TenancyRepository;
}

export async function tagsRoutes(app: FastifyInstance, ctx: TagsRoutesDeps) {
  const tags = ctx.tags;

  /** Ids among `ids` that are resources of that type in the scope (projects of the tenant for type project). */
  const inScope = async (scope: Scope, type: string, ids: string[]) => {
    if (type === PROJECT_RESOURCE_TYPE) {
      const found = await Promise.all(ids.map((id) => ctx.tenancy.projectById(id)));
      return found.filter((p) => p && p.tenant_id === scope.tenantId).map((p) => p!.id);
    }
    if (!kindOf(type)) throw notFound();
    return tags.resourcesInScope(scope, type, ids);
  };
  /** The admin variant's scope, named in the payload; the project type needs no project. */
  const adminScope = async (req: import('fastify').FastifyRequest, named: { tenant_id: string; project_id?: string }, type: string) => {
    const scope = await resolveNamedScope(req, ctx.tenancy, {
      tenant_id: named.tenant_id,
      project_id: type === PROJECT_RESOURCE_TYPE ? null : named.project_id,
    });
    requirePermission(mayEditTagsAsAdmin(scope.roles));
    return scope;
  };

  app.get('/api/tag-resources', async (req) => {
    let scope: Scope;
    let q: { resource_type: string; resource_id?: string };
    if (isAdminTagCall(req.query)) {
      const admin = adminTagQuerySchema.parse(req.query ?? {});
      scope = await adminScope(req, admin, admin.resource_type);
      q = admin;
    } else {
      scope = await resolveScope(req, ctx.tenancy);
      requirePermission(can(scope.roles, 'read', 'resource'));
      q = tagResourcesQuerySchema.parse(req.query ?? {});
      if (!kindOf(q.resource_type)) throw notFound();
      requirePermission(scopeCan(scope, 'read', kindEntity(kindOf(q.resource_type))));
    }
    if (q.resource_id && !(await inScope(scope, q.resource_type, [q.resource_id])).length) throw notFound();
    const links = await tags.linksOf(scope, q.resource_type, q.resource_id);
    const data = links.map((l) => ({
      tag_id: l.tag_id,
      tag: { id: l.tag_id, tag_key: l.tag_key, tag_value: l.tag_value },
      resource_id: l.resource_id,
      resource_type: l.resource_type,
    }));
    return { count: data.length, data, tags: await tags.list(scope) };
  });

  app.post('/api/tag-resources', async (req) => {
    let scope: Scope;
    let body: { resource_type: string; resource_id: string; tag_ids: string[] };
    if (isAdminTagCall(req.body)) {
      const admin = adminTagSaveSchema.parse(req.body ?? {});
      scope = await adminScope(req, admin, admin.resource_type);
      body = admin;
    } else {
      scope = await resolveScope(req, ctx.tenancy);
      requirePermission(can(scope.roles, 'update', 'resource'));
      body = tagResourcesSaveSchema.parse(req.body ?? {});
      if (!kindOf(body.resource_type)) throw notFound();
      requirePermission(scopeCan(scope, 'update', kindEntity(kindOf(body.resource_type))));
    }
    if (!(await inScope(scope, body.resource_type, [body.resource_id])).length) throw notFound();
    const ids = [...new Set(body.tag_ids)];
    if ((await tags.tagsInScopeByIds(scope, ids)).length !== ids.length) throw notFound();
    await tags.setTags(scope.tenantId, body.resource_type, body.resource_id, ids);
    return { resource_id: body.resource_id, tag_ids: ids, message: t(req.lang, 'kinds:messages.tags_saved') };
  });

  app.post('/api/tag-manage', async (req) => {
    let scope: Scope;
    let body: { resources: { type: string; rids: string[] }[]; tags: { tag_key: string; tag_value?: string }[] };
    if (isAdminTagCall(req.body)) {
      const admin = adminTagManageSchema.parse(req.body ?? {});
      // Every resource of one call lies in the named scope; a project-type target names no project.
      const onlyProjects = admin.resources.every((r) => r.type === PROJECT_RESOURCE_TYPE);
      scope = await adminScope(req, admin, onlyProjects ? PROJECT_RESOURCE_TYPE : admin.resources.find((r) => r.type !== PROJECT_RESOURCE_TYPE)!.type);
      body = admin;
    } else {
      scope = await resolveScope(req, ctx.tenancy);
      requirePermission(can(scope.roles, 'update', 'resource'));
      // Tenant administrators editing in their own scope get the admin value rule too.
      body = tagManageSchema(can(scope.roles, 'update', 'project')).parse(req.body ?? {});
      for (const r of body.resources) if (!kindOf(r.type)) throw notFound();
      for (const r of body.resources) requirePermission(scopeCan(scope, 'update', kindEntity(kindOf(r.type))));
    }
    const targets = [];
    for (const r of body.resources) {
      const ids = [...new Set(r.rids)];
      if (r.type === PROJECT_RESOURCE_TYPE && scope.projectId) throw notFound();
      if ((await inScope(scope, r.type, ids)).length !== ids.length) throw notFound();
      targets.push({ type: r.type, ids });
    }
    const tagIds = await tags.createAndAttach(
      scope,
      body.tags.map((x) => ({ tag_key: x.tag_key, tag_value: x.tag_value ?? '' })),
      targets,
    );
    return { tag_ids: tagIds, message: t(req.lang, 'kinds:messages.tags_saved') };
  });
}
