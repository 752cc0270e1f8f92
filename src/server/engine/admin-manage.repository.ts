// Reads of the platform administrators' cross-tenant lists (routes/admin-manage.routes.ts). The only
// unscoped reads of resources: the route lets only read:resource:any (platform roles) call them.
import type { Db } from '../platform/db/database.ts';

export function adminManageRepository(db: Db) {
  return {
    /** Base query of one kind in every tenant; recycled rows only when asked for. */
    allOfKind(kind: string, withRecycled: boolean) {
      let qb = db.selectFrom('resources').where('resources.kind', '=', kind);
      if (!withRecycled) qb = qb.where('resources.status', '!=', 'deleted');
      return qb;
    },
    /** Tenant and project names, and the tags, of the rows of one page. */
    async decorations(kind: string, rows: { id: string; tenant_id: string; project_id: string }[]) {
      const [tenants, projects, links] = await Promise.all([
        db
          .selectFrom('tenants')
          .select(['id', 'name'])
          .where('id', 'in', [...new Set(rows.map((r) => r.tenant_id))])
          .execute(),
        db
          .selectFrom('projects')
          .select(['id', 'name', 'name_zh'])
          .where('id', 'in', [...new Set(rows.map((r) => r.project_id))])
          .execute(),
        db
          .selectFrom('tag_resources')
          .innerJoin('tags', 'tags.id', 'tag_resources.tag_id')
          .select(['tag_resources.resource_id', 'tags.id', 'tags.tag_key', 'tags.tag_value'])
          .where('tag_resources.resource_type', '=', kind)
          .where(
            'tag_resources.resource_id',
            'in',
            rows.map((r) => r.id),
          )
          .orderBy('tags.tag_key')
          .orderBy('tags.tag_value')
          .execute(),
      ]);
      return {
        tenantName: new Map(tenants.map((x) => [x.id, x.name])),
        projectName: new Map(projects.map((x) => [x.id, x.name_zh || x.name])),
        tagsOf: (id: string) => links.filter((l) => l.resource_id === id).map((l) => ({ id: l.id, tag_key: l.tag_key, tag_value: l.tag_value })),
      };
    },
  };
}
