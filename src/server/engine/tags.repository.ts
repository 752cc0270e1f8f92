// Tags and their links to resources, per tenant (and project when the tag belongs to one).
import { sql } from 'kysely';
import type { Db } from '../platform/db/database.ts';
import { newId } from '../../domain/ids.ts';
import { scopedResources, type ResourceScope } from './resources.repository.ts';

export function tagsRepository(db: Db) {
  const tagsInScope = (scope: ResourceScope) => {
    let qb = db.selectFrom('tags').where('tags.tenant_id', '=', scope.tenantId);
    if (scope.projectId) qb = qb.where((eb) => eb.or([eb('tags.project_id', 'is', null), eb('tags.project_id', '=', scope.projectId!)]));
    return qb;
  };
  return {
    /** Tags of the scope; with a type, only those attached to resources of that type come first. */
    async list(scope: ResourceScope) {
      return tagsInScope(scope)
        .select(['tags.id', 'tags.tag_key', 'tags.tag_value', 'tags.project_id'])
        .orderBy('tags.tag_key')
        .orderBy('tags.tag_value')
        .limit(1000)
        .execute();
    },
    async linksOf(scope: ResourceScope, resourceType: string, resourceId?: string) {
      let qb = db
        .selectFrom('tag_resources')
        .innerJoin('tags', 'tags.id', 'tag_resources.tag_id')
        .select(['tag_resources.tag_id', 'tag_resources.resource_id', 'tag_resources.resource_type', 'tags.tag_key', 'tags.tag_value'])
        .where('tag_resources.tenant_id', '=', scope.tenantId)
        .where('tag_resources.resource_type', '=', resourceType);
      if (resourceId) qb = qb.where('tag_resources.resource_id', '=', resourceId);
      if (scope.projectId) {
        qb = qb.where('tag_resources.resource_id', 'in', scopedResources(db, scope).select('resources.id'));
      }
      return qb.orderBy('tags.tag_key').limit(5000).execute();
    },
    /** Resource ids among `ids` that exist in the scope with that kind. */
    async resourcesInScope(scope: ResourceScope, kind: string, ids: string[]) {
      if (!ids.length) return [];
      const qb = scopedResources(db, scope, kind).select('resources.id').where('resources.id', 'in', ids);
      return (await qb.execute()).map((r) => r.id);
    },
    async tagsInScopeByIds(scope: ResourceScope, ids: string[]) {
      if (!ids.length) return [];
      return tagsInScope(scope).select(['tags.id']).where('tags.id', 'in', ids).execute();
    },
    /** Replaces a resource's tag set. */
    async setTags(tenantId: string, resourceType: string, resourceId: string, tagIds: string[]) {
      await db.transaction().execute(async (trx) => {
        await trx.deleteFrom('tag_resources').where('resource_id', '=', resourceId).where('tenant_id', '=', tenantId).execute();
        if (tagIds.length)
          await trx
            .insertInto('tag_resources')
            .values(tagIds.map((tag_id) => ({ tag_id, resource_id: resourceId, resource_type: resourceType, tenant_id: tenantId })))
            .execute();
      });
    },
    /** Finds or creates tags, then attaches each to every resource given. */
    async createAndAttach(scope: ResourceScope, tags: { tag_key: string; tag_value: string }[], targets: { type: string; ids: string[] }[]) {
      return db.transaction().execute(async (trx) => {
        const tagIds: string[] = [];
        for (const tag of tags) {
          const existing = await trx
            .selectFrom('tags')
            .select('id')
            .where('tenant_id', '=', scope.tenantId)
            .where(sql<string>`coalesce(project_id, '')`, '=', scope.projectId ?? '')
            .where('tag_key', '=', tag.tag_key)
            .where('tag_value', '=', tag.tag_value)
            .executeTakeFirst();
          if (existing) {
            tagIds.push(existing.id);
            continue;
          }
          const id = newId();
          await trx
            .insertInto('tags')
            .values({ id, tenant_id: scope.tenantId, project_id: scope.projectId, tag_key: tag.tag_key, tag_value: tag.tag_value })
            .execute();
          tagIds.push(id);
        }
        const rows = targets.flatMap((t) =>
          t.ids.flatMap((rid) => tagIds.map((tag_id) => ({ tag_id, resource_id: rid, resource_type: t.type, tenant_id: scope.tenantId }))),
        );
        if (rows.length)
          await trx
            .insertInto('tag_resources')
            .values(rows)
            .onConflict((oc) => oc.columns(['tag_id', 'resource_id']).doNothing())
            .execute();
        return tagIds;
      });
    },
  };
}
export type TagsRepository = ReturnType<typeof tagsRepository>;
