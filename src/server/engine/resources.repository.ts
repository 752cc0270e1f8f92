// The one `resources` table every cloud resource kind lives in (ARCHITECTURE.md "Data").
// Every function takes the caller's scope: there is no unscoped read.
import type { Db } from '../platform/db/database.ts';
import type { ListSpec } from '../platform/lib/list.ts';
import { RESOURCE_COLUMNS, scopedResources, type ResourceScope } from '../platform/db/resource-rows.ts';

// The scoped read of the table sits on the floor (approvals' rule lists read it too).
export { RESOURCE_COLUMNS, scopedResources, type ResourceScope };

/** The times of a resource row (written as ISO text by the list answers: list.ts rowPicker). */
export const RESOURCE_TIMES = ['created_at', 'updated_at'] as const;

/** The list spec shared by every resource list (kinds add their own filters on top). */
export const RESOURCE_LIST: ListSpec = {
  sortable: { created_at: 'resources.created_at', name: 'resources.name', status: 'resources.status', updated_at: 'resources.updated_at' },
  filters: {
    kind: 'resources.kind',
    status: 'resources.status',
    provider: 'resources.vendor',
    vendor: 'resources.vendor',
    'az.region_id': 'resources.region_id',
    region_id: 'resources.region_id',
    'az.id': 'resources.az_id',
    az_id: 'resources.az_id',
    origin_project_id: 'resources.project_id',
    id: 'resources.id',
  },
  booleanFilters: { locked: 'resources.locked' },
  defaultOrder: '-created_at',
  idColumn: 'resources.id',
  search: { param: 'name', columns: ['resources.name', 'resources.id'] },
};

export function resourcesRepository(db: Db) {
  return {
    /** Base query narrowed to the scope: the tenant, and the project when one is selected. */
    scopedQuery(scope: ResourceScope, kind?: string) {
      return scopedResources(db, scope, kind);
    },
    findScoped(scope: ResourceScope, id: string, kind?: string) {
      return this.scopedQuery(scope, kind)
        .select([...RESOURCE_COLUMNS])
        .where('resources.id', '=', id)
        .executeTakeFirst();
    },
  };
}
export type ResourcesRepository = ReturnType<typeof resourcesRepository>;
