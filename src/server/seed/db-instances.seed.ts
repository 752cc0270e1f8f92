// Demo managed databases (issue 29): tenant_admin's first project (the one the shell opens in) has a
// running MySQL and a running PostgreSQL instance. Their backing databases are not made here (the
// seed must work without MYSQL_URL and reaches no database server): each instance's backend row
// carries its demo tables, made the first time the instance's database is (dbconsole.service.ts).
import { newId } from '../../domain/ids.ts';
import type { Db } from '../platform/db/database.ts';
import type { SecretBox } from '../platform/lib/secret-box.ts';
import { dbConsoleRepository } from '../dbconsole/dbconsole.repository.ts';
import { planBackend } from '../dbconsole/dbconsole.service.ts';

/** Statements both dialects read alike, run once as the instance's own user. */
const DEMO_TABLES: Record<'mysql' | 'postgresql', string[]> = {
  mysql: [
    'create table if not exists customers (id int primary key, name varchar(40) not null, city varchar(20) not null)',
    "insert into customers (id, name, city) values (1, '华东精密制造', '苏州'), (2, '长江物流', '武汉'), (3, '南方电子', '深圳')",
    'create table if not exists orders (id int primary key, customer_id int not null, amount_fen int not null, status varchar(16) not null)',
    "insert into orders (id, customer_id, amount_fen, status) values (101, 1, 1280000, 'paid'), (102, 2, 560000, 'shipped'), (103, 1, 99000, 'pending'), (104, 3, 2150000, 'paid')",
  ],
  postgresql: [
    'create table if not exists products (id int primary key, sku varchar(20) not null, name varchar(40) not null, price_fen int not null)',
    "insert into products (id, sku, name, price_fen) values (1, 'SRV-2C4G', '通用型服务器', 450000), (2, 'SSD-1T', '企业级固态硬盘', 89000), (3, 'SW-48P', '千兆交换机', 320000)",
    'create table if not exists stock (product_id int primary key, warehouse varchar(20) not null, quantity int not null)',
    "insert into stock (product_id, warehouse, quantity) values (1, '上海一号仓', 12), (2, '上海一号仓', 140), (3, '北京亦庄仓', 7)",
  ],
};

const INSTANCES = [
  { name: 'demo-mysql-orders', engine: 'mysql', version: '8.0', port: 3306, charset: 'utf8mb4' },
  { name: 'demo-pg-inventory', engine: 'postgresql', version: '16', port: 5432, charset: 'utf8' },
] as const;

/** The first project the shell opens for tenant_admin (tenants by name, then projects by name). */
export async function firstProject(db: Db) {
  return db
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
}

export async function seedDbInstances(db: Db, secrets: SecretBox, now = new Date()): Promise<number> {
  const scope = await firstProject(db);
  const region = await db.selectFrom('regions').select('id').where('public_cloud_provider', '=', 'openstack').orderBy('sort_value').limit(1).executeTakeFirst();
  const az = region && (await db.selectFrom('azs').select('id').where('region_id', '=', region.id).orderBy('sort_value').limit(1).executeTakeFirst());
  if (!scope || !region || !az) return 0;
  const deps = { repo: dbConsoleRepository(db), secrets };
  for (const [i, d] of INSTANCES.entries()) {
    const at = new Date(now.getTime() - (10 - i) * 86_400_000);
    const { name, ...own } = d;
    const spec = { ...own, flavor: '2c4g', cpu: 2, memory: 4, data_disk: 100, archive_disk: 50, charging_code: 'quantity', billing: 'active' };
    const id = newId();
    await db
      .insertInto('resources')
      .values({
        id,
        kind: 'db_instance',
        tenant_id: scope.tenant_id,
        project_id: scope.project_id,
        vendor: 'openstack',
        region_id: region.id,
        az_id: az.id,
        name,
        status: 'running',
        locked: false,
        spec: JSON.stringify(spec),
        created_at: at,
        updated_at: at,
      })
      .execute();
    await planBackend(deps, { id, tenant_id: scope.tenant_id, spec }, DEMO_TABLES[d.engine], 'pglite', true);
  }
  return INSTANCES.length;
}
