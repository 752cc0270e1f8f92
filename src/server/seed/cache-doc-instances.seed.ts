// Demo cache and document databases (issue 29): tenant_admin's first project (the one the shell opens
// in) has a running Redis (主从版, 4 GB) and a running MongoDB (三节点副本集), so their lists, details
// and purchase forms have something beside them. Named demo-… as every demo resource
// (tests/api/kinds-seed.test.ts); specs as the kinds' purchases store them (no password:
// it goes to the cloud, never to the database).
import { newId } from '../../domain/ids.ts';
import type { Db } from '../platform/db/database.ts';

const INSTANCES = [
  {
    kind: 'cache_instance',
    name: 'demo-session-cache',
    spec: { version: '7.0', architecture: 'master_replica', memory_spec: '4g', shards: 1, memory: 4, port: 6379 },
  },
  {
    kind: 'doc_instance',
    name: 'demo-orders-docs',
    spec: {
      version: '7.0',
      architecture: 'replica_set',
      replica_nodes: '3',
      shards: 1,
      flavor: '2c4g',
      cpu: 2,
      memory: 4,
      storage: 100,
      port: 27017,
      admin_user: 'root',
    },
  },
] as const;

/** The first project the shell opens for tenant_admin (tenants by name, then projects by name), and its first OpenStack zone. */
export async function firstPlace(db: Db) {
  const scope = await db
    .selectFrom('memberships')
    .innerJoin('users', 'users.id', 'memberships.user_id')
    .innerJoin('tenants', 'tenants.id', 'memberships.tenant_id')
    .innerJoin('projects', 'projects.tenant_id', 'tenants.id')
    .select(['tenants.id as tenant_id', 'projects.id as project_id'])
    .where('users.account', '=', 'tenant_admin')
    .where('projects.enabled', '=', true)
    .orderBy('tenants.name')
    .orderBy('projects.name')
    .limit(1)
    .executeTakeFirst();
  const az = await db
    .selectFrom('azs')
    .innerJoin('regions', 'regions.id', 'azs.region_id')
    .select(['azs.id as az_id', 'regions.id as region_id'])
    .where('regions.public_cloud_provider', '=', 'openstack')
    .orderBy('regions.sort_value')
    .orderBy('azs.sort_value')
    .limit(1)
    .executeTakeFirst();
  return scope && az ? { ...scope, ...az } : undefined;
}

export async function seedCacheDocInstances(db: Db, now = new Date()): Promise<number> {
  const place = await firstPlace(db);
  if (!place) return 0;
  await db
    .insertInto('resources')
    .values(
      INSTANCES.map((d, i) => {
        const at = new Date(now.getTime() - (8 - i) * 86_400_000);
        return {
          id: newId(),
          kind: d.kind,
          tenant_id: place.tenant_id,
          project_id: place.project_id,
          vendor: 'openstack',
          region_id: place.region_id,
          az_id: place.az_id,
          name: d.name,
          status: 'running',
          locked: false,
          spec: JSON.stringify({ ...d.spec, charging_code: 'quantity', billing: 'active' }),
          created_at: at,
          updated_at: at,
        };
      }),
    )
    .execute();
  return INSTANCES.length;
}
