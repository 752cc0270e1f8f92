// Tags (seed 000 §3, §5, §7): GET/POST /api/tag-resources and POST /api/tag-manage. The user
// editor lists by resource type; the admin editor (tenant administrators) also takes full-width
// brackets in values and is scoped by the tenant_id/project_id headers like every call.
import type { FastifyInstance } from 'fastify';
import { notFound } from '../../domain/errors.ts';
import { kindOf } from '../../domain/kinds/registry.ts';
import { can } from '../../domain/roles.ts';
import { tagManageSchema, tagResourcesQuerySchema, tagResourcesSaveSchema } from '../../domain/schemas/resource.schema.ts';
import { requirePermission } from '../plugins/auth.plugin.ts';
import { resolveScope } from '../plugins/scope.ts';
import { t } from '../lib/i18n.ts';
import { tagsRepository } from '../repositories/tags.repository.ts';
import type { AppContext } from '../context.ts';

export async function tagsRoutes(app: FastifyInstance, ctx: AppContext) {
  const tags = tagsRepository(ctx.db);

  app.get('/api/tag-resources', async (req) => {
    const scope = await resolveScope(req, ctx.tenancy);
    requirePermission(can(scope.roles, 'read', 'resource'));
    const q = tagResourcesQuerySchema.parse(req.query ?? {});
    if (!kindOf(q.resource_type)) throw notFound();
    if (q.resource_id && !(await tags.resourcesInScope(scope, q.resource_type, [q.resource_id])).length) throw notFound();
    const links = await tags.linksOf(scope, q.resource_type, q.resource_id);
    const data = links.map((l) => ({ tag_id: l.tag_id, tag: { id: l.tag_id, tag_key: l.tag_key, tag_value: l.tag_value }, resource_id: l.resource_id, resource_type: l.resource_type }));
    return { count: data.length, data, tags: await tags.list(scope) };
  });

  app.post('/api/tag-resources', async (req) => {
    const scope = await resolveScope(req, ctx.tenancy);
    requirePermission(can(scope.roles, 'update', 'resource'));
    const body = tagResourcesSaveSchema.parse(req.body ?? {});
    if (!kindOf(body.resource_type)) throw notFound();
    if (!(await tags.resourcesInScope(scope, body.resource_type, [body.resource_id])).length) throw notFound();
    const ids = [...new Set(body.tag_ids)];
    if ((await tags.tagsInScopeByIds(scope, ids)).length !== ids.length) throw notFound();
    await tags.setTags(scope.tenantId, body.resource_type, body.resource_id, ids);
    return { resource_id: body.resource_id, tag_ids: ids, message: t(req.lang, 'kinds:messages.tags_saved') };
  });

  app.post('/api/tag-manage', async (req) => {
    const scope = await resolveScope(req, ctx.tenancy);
    requirePermission(can(scope.roles, 'update', 'resource'));
    const admin = can(scope.roles, 'update', 'project');
    const body = tagManageSchema(admin).parse(req.body ?? {});
    const targets = [];
    for (const r of body.resources) {
      if (!kindOf(r.type)) throw notFound();
      const ids = [...new Set(r.rids)];
      if ((await tags.resourcesInScope(scope, r.type, ids)).length !== ids.length) throw notFound();
      targets.push({ type: r.type, ids });
    }
    const tagIds = await tags.createAndAttach(scope, body.tags.map((x) => ({ tag_key: x.tag_key, tag_value: x.tag_value ?? '' })), targets);
    return { tag_ids: tagIds, message: t(req.lang, 'kinds:messages.tags_saved') };
  });
}
