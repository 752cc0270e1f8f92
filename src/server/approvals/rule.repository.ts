// The SQL of the rule lists: firewall policies and SNAT/DNAT rules are resources of their kinds in
// the engine's store, read here through the engine's scoped query (its columns, its tenant scope).
import { sql } from 'kysely';
import type { Db } from '../platform/db/database.ts';
import { runList, type ListSpec } from '../platform/lib/list.ts';
import { RESOURCE_COLUMNS, scopedResources } from '../platform/db/resource-rows.ts';

const spec: ListSpec = {
  sortable: { created_at: 'resources.created_at', updated_at: 'resources.updated_at' },
  filters: { status: 'resources.status', id: 'resources.id' },
  defaultOrder: '-created_at',
  idColumn: 'resources.id',
};

export interface RuleFilter {
  kinds: string[];
  natGatewayIds: string[];
  requestIds: string[];
}

/** One page of the scope's rules of `kinds` (optionally of some NAT gateways or requests), each mapped by `map`. */
export async function listRules<T>(
  db: Db,
  scope: { tenantId: string; projectId: string | null },
  f: RuleFilter,
  query: Record<string, unknown>,
  map: (r: Record<string, unknown>) => T,
) {
  let base = scopedResources(db, scope).where('resources.kind', 'in', f.kinds);
  if (f.natGatewayIds.length) base = base.where(sql<string>`resources.spec->>'nat_gateway_id'`, 'in', f.natGatewayIds);
  if (f.requestIds.length) base = base.where(sql<string>`resources.spec->>'approval_request_id'`, 'in', f.requestIds);
  return runList(
    base,
    (qb) => qb.select([...RESOURCE_COLUMNS]),
    query,
    spec,
    (r) => map(r as Record<string, unknown>),
  );
}
