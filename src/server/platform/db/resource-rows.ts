import type { Kysely, Selectable } from 'kysely';
import type { Database, ResourcesTable } from './tables.ts';

// The shapes of a row of the `resources` table, read by the engine and by the slices beside it
// (approvals' effects, billing's meter, alarms), so they sit with the tables.

/** A row of `resources` as read (RESOURCE_COLUMNS): the table's own shape without its sealed secrets. */
export type ResourceRow = Omit<Selectable<ResourcesTable>, 'secrets'>;

export interface NewResource {
  id?: string;
  kind: string;
  tenant_id: string;
  project_id: string;
  vendor: string;
  region_id: string | null;
  az_id: string | null;
  name: string;
  status: string;
  locked?: boolean;
  spec: Record<string, unknown>;
  created_at?: Date;
  /** the kind's secret fields, sealed (lib/secret-box.ts) */
  secrets?: string | null;
}

export interface ResourceScope {
  tenantId: string;
  projectId: string | null;
}

export const RESOURCE_COLUMNS = [
  'resources.id',
  'resources.kind',
  'resources.tenant_id',
  'resources.project_id',
  'resources.vendor',
  'resources.region_id',
  'resources.az_id',
  'resources.name',
  'resources.status',
  'resources.locked',
  'resources.spec',
  'resources.created_at',
  'resources.updated_at',
] as const;

/**
 * The one place the tenant/project filter on `resources` is written: every scoped read of the
 * table (lists, lookups, row locks, tag checks) starts here, through the app's Kysely or an open
 * transaction. Narrowed to the tenant, the project when one is selected, and the kind when given.
 */
export function scopedResources(ex: Kysely<Database>, scope: ResourceScope, kind?: string) {
  let qb = ex.selectFrom('resources').where('resources.tenant_id', '=', scope.tenantId);
  if (scope.projectId) qb = qb.where('resources.project_id', '=', scope.projectId);
  if (kind) qb = qb.where('resources.kind', '=', kind);
  return qb;
}
