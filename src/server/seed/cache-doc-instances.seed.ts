// Demo cache and document databases (issue 29): tenant_admin's first project (the one the shell opens
// in) has a running Redis (主从版, 4 GB) and a running MongoDB (三节点副本集), so their lists, details
// and purchase forms have something beside them. Named demo-… as every demo resource
// (tests/api/kinds-seed.test.ts); specs as the kinds' purchases store them (no password:
// it goes to the cloud, never to the database). Each has an account or two (ADR 0076), their
// passwords random and only sealed: nobody signs in with them, they show the 账号管理 tab.
import { randomBytes } from 'node:crypto';
import { newId } from '../../domain/ids.ts';
import type { Db } from '../platform/db/database.ts';
import type { SecretBox } from '../platform/lib/secret-box.ts';

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

/** The demo accounts by instance name: what the console calls them, their privilege and what they may reach. */
const ACCOUNTS: Readonly<Record<string, readonly { name: string; privilege: string; databases: string[]; description: string }[]>> = {
  'demo-session-cache': [
    { name: 'session_app', privilege: 'readwrite', databases: ['session:'], description: '会话服务' },
    { name: 'monitor_ro', privilege: 'readonly', databases: ['*'], description: '监控巡检' },
  ],
  'demo-orders-docs': [
    { name: 'orders_app', privilege: 'readwrite', databases: ['orders', 'order_items'], description: '订单服务' },
    { name: 'report_ro', privilege: 'readonly', databases: ['orders'], description: '报表只读' },
  ],
};

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

export async function seedCacheDocInstances(db: Db, secrets: SecretBox, now = new Date()): Promise<number> {
  const place = await firstPlace(db);
  if (!place) return 0;
  const ids = INSTANCES.map(() => newId());
  await db
    .insertInto('resources')
    .values(
      INSTANCES.map((d, i) => {
        const at = new Date(now.getTime() - (8 - i) * 86_400_000);
        return {
          id: ids[i]!,
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
  const accounts = INSTANCES.flatMap((d, i) =>
    (ACCOUNTS[d.name] ?? []).map((a, j) => ({
      resource_id: ids[i]!,
      tenant_id: place.tenant_id,
      name: a.name,
      engine_user: a.name,
      privilege: a.privilege as 'readonly',
      databases: JSON.stringify(a.databases),
      description: a.description,
      secret_sealed: secrets.seal({ password: `${randomBytes(12).toString('base64url')}Aa1` }),
      created_at: new Date(now.getTime() - (7 - i) * 86_400_000 + j * 3_600_000),
    })),
  );
  await db.insertInto('db_accounts').values(accounts).execute();
  return INSTANCES.length;
}
