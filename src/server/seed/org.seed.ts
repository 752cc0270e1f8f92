// Demo organisation (issue 15): the administrative organisation above the tenants (one unit
// disabled, one without tenants, so the tree shows every kind of greyed node), the tenants' quota
// switches, public-cloud limits of a project, remarks of the projects, and systems and resource
// groups holding the demo resources.
import { sql } from 'kysely';
import { newId } from '../../domain/ids.ts';
import type { Db } from '../platform/db/database.ts';
import { usersRepository } from '../platform/auth/users.repository.ts';

const REMARKS: Record<string, string> = {
  'smart-factory-mes': '生产车间制造执行系统，7×24 小时运行',
  'supply-chain': '供应商协同与采购订单平台',
  'rnd-test': '研发与测试共用环境，夜间可停机',
  'core-trading': '核心交易链路，变更需双人复核',
  'mobile-banking': '手机银行前置与接口服务',
  warehouse: '仓储作业与库存管理',
  dispatch: '干线运输调度与在途跟踪',
};

/** [type, tenant name, project name, group name, description, kinds it takes] */
const GROUPS: [string, string, string, string, string, string[]][] = [
  ['system', '华东制造集团', 'smart-factory-mes', 'MES 生产执行系统', '车间排产、报工与质量追溯', ['instance', 'volume', 'eip']],
  ['system', '华东制造集团', 'supply-chain', 'SRM 供应商管理系统', '供应商准入、询价与对账', ['instance']],
  ['system', '华东制造集团', 'rnd-test', 'DevOps 持续交付平台', '代码构建、制品库与自动化测试', ['instance', 'volume']],
  ['system', '华东制造集团', 'rnd-test', '性能压测平台', '压测机与监控采集', ['instance']],
  ['system', '鑫泰金融控股', 'core-trading', '核心交易系统', '证券与基金交易撮合', ['instance', 'volume']],
  ['system', '江南智慧物流', 'warehouse', 'WMS 仓储管理系统', '入库、上架、拣货与盘点', ['instance']],
  ['resource_group', '华东制造集团', 'smart-factory-mes', '生产环境', '正式对外服务的资源', ['instance', 'eip']],
  ['resource_group', '华东制造集团', 'rnd-test', '测试环境', '功能测试与压测用资源', ['instance', 'volume']],
  ['resource_group', '鑫泰金融控股', 'mobile-banking', '同城灾备', '灾备切换演练用资源', ['instance']],
];

/** Who created each tenant's demo systems and resource groups: that tenant's own administrator. */
const GROUP_CREATORS: Record<string, string> = { 华东制造集团: 'tenant_admin', 鑫泰金融控股: 'fin_admin', 江南智慧物流: 'wl_admin' };

/** [account, nickname, phone, tenant, projects owned] */
const OWNERS: [string, string, string, string, string[]][] = [
  ['owner_zheng', '项目负责人 郑洁', '13900000011', '华东制造集团', ['smart-factory-mes', 'supply-chain']],
  ['owner_zhao', '项目负责人 赵强', '13900000012', '华东制造集团', ['smart-factory-mes', 'rnd-test']],
  ['fin_owner', '项目负责人 林志豪', '13900000013', '鑫泰金融控股', ['core-trading', 'mobile-banking']],
];

export async function seedOrg(db: Db): Promise<void> {
  const tenants = await db.selectFrom('tenants').select(['id', 'name']).execute();
  const tid = (name: string) => tenants.find((t) => t.name === name)?.id;
  const projects = await db.selectFrom('projects').select(['id', 'tenant_id', 'name']).execute();
  const pid = (tenant: string, name: string) => projects.find((p) => p.tenant_id === tid(tenant) && p.name === name)?.id;
  for (const [name, remark] of Object.entries(REMARKS)) await db.updateTable('projects').set({ remark }).where('name', '=', name).execute();
  // The demo projects were inserted after migration 0021 filled name_en: their English name is their name.
  await db
    .updateTable('projects')
    .set({ name_en: sql<string>`name` })
    .where('name_en', '=', '')
    .execute();

  // Project owners (same demo password as every account: the hash is the administrator's).
  const hash = (await db.selectFrom('users').select('password_hash').where('account', '=', 'tenant_admin').executeTakeFirst())?.password_hash;
  if (hash) {
    const repo = usersRepository(db);
    for (const [account, nickname, phone, tenant, owned] of OWNERS) {
      const tenantId = tid(tenant);
      if (!tenantId) continue;
      const userId = await repo.insertUser({ account, nickname, password_hash: hash, phone, email: `${account}@yunshu.example.cn`, is_phone_validate: true });
      for (const project of owned) {
        const projectId = pid(tenant, project);
        if (projectId) await repo.addMembership(userId, 'project_owner', tenantId, projectId);
      }
    }
  }

  const east = newId();
  const southwest = newId();
  const units = [
    { id: east, parent_id: null, name: '集团总部', enabled: true, sort_value: 1 },
    { id: newId(), parent_id: east, name: '制造事业部', enabled: true, sort_value: 1 },
    { id: newId(), parent_id: east, name: '金融事业部', enabled: true, sort_value: 2 },
    { id: newId(), parent_id: east, name: '物流事业部（已撤并）', enabled: false, sort_value: 3 },
    { id: southwest, parent_id: null, name: '西南区域中心（筹建中）', enabled: true, sort_value: 2 },
  ];
  await db.insertInto('org_units').values(units).execute();
  const unitOf: Record<string, string> = { 华东制造集团: units[1]!.id, 鑫泰金融控股: units[2]!.id, 江南智慧物流: units[3]!.id };
  for (const [tenant, unit] of Object.entries(unitOf)) {
    const id = tid(tenant);
    if (id) await db.insertInto('org_unit_tenants').values({ tenant_id: id, unit_id: unit }).execute();
  }

  // Switches: the manufacturer has both clouds on, the bank only its private cloud, the logistics
  // company none (its quota screens say why they cannot be edited).
  const switches: [string, string, boolean][] = [
    ['华东制造集团', 'private', true],
    ['华东制造集团', 'public', true],
    ['鑫泰金融控股', 'private', true],
    ['鑫泰金融控股', 'public', false],
  ];
  for (const [tenant, cloud, enabled] of switches) {
    const id = tid(tenant);
    if (id) await db.insertInto('org_quota_switches').values({ tenant_id: id, cloud, enabled }).execute();
  }
  const supply = pid('华东制造集团', 'supply-chain');
  if (supply) {
    await db
      .insertInto('project_public_quotas')
      .values([
        { project_id: supply, kind: 'instance', measure: 'count', max_count: 20 },
        { project_id: supply, kind: 'instance', measure: 'cpu', max_count: 96 },
        { project_id: supply, kind: 'instance', measure: 'memory', max_count: 256 },
        { project_id: supply, kind: 'eip', measure: 'count', max_count: 10 },
      ])
      .execute();
  }

  const creators = await db.selectFrom('users').select(['id', 'account']).where('account', 'in', Object.values(GROUP_CREATORS)).execute();
  const creatorOf = (tenant: string) => creators.find((u) => u.account === GROUP_CREATORS[tenant])?.id ?? null;
  for (const [type, tenant, project, name, description, kinds] of GROUPS) {
    const tenantId = tid(tenant);
    const projectId = pid(tenant, project);
    if (!tenantId || !projectId) continue;
    const id = newId();
    await db
      .insertInto('org_groups')
      .values({ id, tenant_id: tenantId, project_id: projectId, type, name, description, created_by: creatorOf(tenant) })
      .execute();
    const resources = await db
      .selectFrom('resources')
      .select('id')
      .where('project_id', '=', projectId)
      .where('kind', 'in', kinds)
      .where('status', '!=', 'deleted')
      .orderBy('name')
      .limit(4)
      .execute();
    if (resources.length)
      await db
        .insertInto('org_group_resources')
        .values(resources.map((r) => ({ group_id: id, resource_id: r.id })))
        .execute();
  }
}
