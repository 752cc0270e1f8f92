// The demo dataset, written once into an empty database (SEED=none skips it).
// Every demo account signs in with DEMO_PASSWORD.
import { seedBackupCenter } from './backup-center.seed.ts';
import { dnsCdnSslSeed } from './dns-cdn-ssl.seed.ts';
import { seedCloudAccounts } from './cloud-accounts.seed.ts';
import { seedOrg } from './org.seed.ts';
import { seedTraditionalTenants } from './traditional-tenant.seed.ts';
import { seedOperationLogs } from './oplog.seed.ts';
import { openSecretBox, type SecretBox } from '../platform/lib/secret-box.ts';
import { dnsAdvancedSeed, seedGtmLogs } from './dns-advanced.seed.ts';
import { seedUsbHostNames, usbSeed } from './usb.seed.ts';
import { seedDbSync } from './db-sync.seed.ts';
import type { Db } from '../platform/db/database.ts';
import { newId } from '../../domain/ids.ts';
import { KINDS } from '../../domain/kinds/registry.ts';
import type { Role } from '../../domain/roles.ts';
import { hashPassword } from '../session/session.service.ts';
import { usersRepository } from '../platform/auth/users.repository.ts';
import { seedApprovals, seedOwnerRequests } from './approvals.seed.ts';
import { seedDemoResources } from './resources.seed.ts';
import { seedProtect } from './protect.seed.ts';
import { seedIcp } from './icp.seed.ts';
import { seedSecurityScan } from './security-scan.seed.ts';
import { seedServiceCatalogue } from './service-catalogue.seed.ts';
import { seedStacks } from './stacks.seed.ts';
import { seedBackupPlans } from './backup-plans.seed.ts';
import { seedCatalogue } from './catalogue.seed.ts';
import { seedAlarms } from './alarms.seed.ts';
import { seedDesk } from './desk.seed.ts';
import { seedPortal } from './portal.seed.ts';
import { seedBilling } from './billing.seed.ts';
import { seedOrders } from './orders.seed.ts';
import { seedInvoices } from './invoices.seed.ts';
import { seedSignup } from './signup.seed.ts';
import { seedKeys } from './keys.seed.ts';
import { seedBastion } from './bastion.seed.ts';
import { seedDbInstances } from './db-instances.seed.ts';
import { seedCacheDocInstances } from './cache-doc-instances.seed.ts';
import { seedStorage } from './storage.seed.ts';
import { seedAccessBandwidths } from './access-bandwidth.seed.ts';
import { seedComputeMore } from './compute-more.seed.ts';
import { seedOss } from './oss.seed.ts';
import { seedVolumeSnapshots } from './volume-snapshots.seed.ts';

export const DEMO_PASSWORD = 'Demo@123456';

export const VENDORS = [
  { id: 'openstack', name_cn: '自有云（OpenStack）', name_en: 'OpenStack', cloud_type: 'private', order_value: 1 },
  { id: 'ali', name_cn: '阿里云', name_en: 'Alibaba Cloud', cloud_type: 'public', order_value: 2 },
  { id: 'tencent', name_cn: '腾讯云', name_en: 'Tencent Cloud', cloud_type: 'public', order_value: 3 },
  { id: 'ctyun', name_cn: '天翼云', name_en: 'CTyun', cloud_type: 'public', order_value: 4 },
  { id: 'hwyun', name_cn: '华为云', name_en: 'Huawei Cloud', cloud_type: 'public', order_value: 5 },
  { id: 'vmware', name_cn: 'VMware 私有云', name_en: 'VMware', cloud_type: 'private', order_value: 6 },
] as const;

// [vendor, region name, english id, zones [name, english]]
const REGIONS: [string, string, string, [string, string][]][] = [
  [
    'openstack',
    '华东-上海数据中心',
    'sh-dc1',
    [
      ['上海可用区 A', 'sh-dc1-a'],
      ['上海可用区 B', 'sh-dc1-b'],
    ],
  ],
  ['openstack', '华北-北京亦庄数据中心', 'bj-yz1', [['亦庄可用区 1', 'bj-yz1-1']]],
  [
    'ali',
    '华东1（杭州）',
    'cn-hangzhou',
    [
      ['杭州 可用区 H', 'cn-hangzhou-h'],
      ['杭州 可用区 I', 'cn-hangzhou-i'],
      ['杭州 可用区 J', 'cn-hangzhou-j'],
    ],
  ],
  [
    'ali',
    '华北2（北京）',
    'cn-beijing',
    [
      ['北京 可用区 G', 'cn-beijing-g'],
      ['北京 可用区 H', 'cn-beijing-h'],
    ],
  ],
  [
    'ali',
    '华南1（深圳）',
    'cn-shenzhen',
    [
      ['深圳 可用区 D', 'cn-shenzhen-d'],
      ['深圳 可用区 E', 'cn-shenzhen-e'],
    ],
  ],
  [
    'tencent',
    '华东地区（上海）',
    'ap-shanghai',
    [
      ['上海二区', 'ap-shanghai-2'],
      ['上海四区', 'ap-shanghai-4'],
      ['上海五区', 'ap-shanghai-5'],
    ],
  ],
  [
    'tencent',
    '华南地区（广州）',
    'ap-guangzhou',
    [
      ['广州三区', 'ap-guangzhou-3'],
      ['广州六区', 'ap-guangzhou-6'],
    ],
  ],
  [
    'ctyun',
    '华东1（上海）',
    'cn-sh1',
    [
      ['上海可用区 1', 'cn-sh1-az1'],
      ['上海可用区 2', 'cn-sh1-az2'],
    ],
  ],
  ['ctyun', '西南1（成都）', 'cn-cd1', [['成都可用区 1', 'cn-cd1-az1']]],
  [
    'hwyun',
    '华北-北京四',
    'cn-north-4',
    [
      ['可用区 1', 'cn-north-4a'],
      ['可用区 2', 'cn-north-4b'],
      ['可用区 3', 'cn-north-4c'],
    ],
  ],
  [
    'hwyun',
    '华东-上海一',
    'cn-east-3',
    [
      ['可用区 1', 'cn-east-3a'],
      ['可用区 2', 'cn-east-3b'],
    ],
  ],
  [
    'vmware',
    '华东-苏州虚拟化集群',
    'sz-vc1',
    [
      ['苏州集群 1', 'sz-vc1-c1'],
      ['苏州集群 2', 'sz-vc1-c2'],
    ],
  ],
];

export const PRODUCT_CODES = [
  'instance',
  'volume',
  'eip',
  'vpc',
  'dbinstance',
  'cacheinstance',
  'docinstance',
  'nas',
  'phyhost',
  'sans',
  'shared_disk',
  'ftp_server',
  'dedicated_host',
  'load_balance',
  'nat_gateway',
  'shared_bandwidth',
  'access_bandwidth',
  'oss',
  'ssl_certificate',
  'dns_domain',
  'cdn_domain',
] as const;

// [product code, year price fen/month, quantity price fen/month-equivalent, measurement (year), measurement (quantity)]
// of the products that are not resource kinds; a kind's own packages come from its folder (`prices`:
// NAS and SAN are kinds since issue 30).
const OTHER_PACKAGES: [string, number, number, string, string][] = [];
const PACKAGES: [string, number, number, string, string][] = [
  ...KINDS.flatMap((k) =>
    k.prices
      ? [[k.productCode, k.prices.year.fen, k.prices.quantity.fen, k.prices.year.unit, k.prices.quantity.unit] as [string, number, number, string, string]]
      : [],
  ),
  ...OTHER_PACKAGES,
];

interface TenantSeed {
  name: string;
  abbr: string | null;
  business_type: string;
  projects: [string, string][];
}
const TENANTS: TenantSeed[] = [
  {
    name: '华东制造集团',
    abbr: '华东制造',
    business_type: '实业经营',
    projects: [
      ['smart-factory-mes', '智能工厂 MES'],
      ['supply-chain', '供应链协同平台'],
      ['rnd-test', '研发测试环境'],
    ],
  },
  {
    name: '鑫泰金融控股',
    abbr: '鑫泰金控',
    business_type: '金融服务',
    projects: [
      ['core-trading', '核心交易系统'],
      ['mobile-banking', '移动银行'],
    ],
  },
  {
    name: '江南智慧物流',
    abbr: null,
    business_type: '物流运输',
    projects: [
      ['warehouse', '智慧仓储'],
      ['dispatch', '运输调度'],
    ],
  },
];

interface UserSeed {
  account: string;
  nickname: string;
  phone: string;
  email: string;
  grants: { role: Role; tenant?: number; projects?: number[] }[];
}
export const DEMO_USERS: UserSeed[] = [
  { account: 'admin', nickname: '平台超级管理员', phone: '13800000001', email: 'admin@yunshu.example.cn', grants: [{ role: 'super_admin' }] },
  { account: 'oncall', nickname: '值班运维 王磊', phone: '13800000002', email: 'oncall@yunshu.example.cn', grants: [{ role: 'ops_admin' }] },
  {
    account: 'tenant_admin',
    nickname: '华东制造 管理员 李娜',
    phone: '13900000003',
    email: 'lina@huadong-mfg.example.cn',
    grants: [{ role: 'tenant_admin', tenant: 0 }],
  },
  {
    account: 'approver',
    nickname: '审批人 张伟',
    phone: '13900000004',
    email: 'zhangwei@huadong-mfg.example.cn',
    grants: [{ role: 'project_approver', tenant: 0, projects: [0, 1, 2] }],
  },
  {
    account: 'member',
    nickname: '项目成员 陈晨',
    phone: '13900000005',
    email: 'chenchen@huadong-mfg.example.cn',
    grants: [{ role: 'project_member', tenant: 0, projects: [0] }],
  },
  {
    account: 'fin_admin',
    nickname: '鑫泰金控 管理员 周敏',
    phone: '13700000006',
    email: 'zhoumin@xintai-fin.example.cn',
    grants: [{ role: 'tenant_admin', tenant: 1 }],
  },
  // Decides the finance tenant's requests that fin_admin submits (nobody approves their own).
  {
    account: 'fin_approver',
    nickname: '鑫泰金控 审批人 孙悦',
    phone: '13700000008',
    email: 'sunyue@xintai-fin.example.cn',
    grants: [{ role: 'project_approver', tenant: 1, projects: [0, 1] }],
  },
  {
    account: 'wl_admin',
    nickname: '江南物流 管理员 吴刚',
    phone: '13600000007',
    email: 'wugang@jiangnan-log.example.cn',
    grants: [{ role: 'tenant_admin', tenant: 2 }],
  },
];

/** `secrets`: the deployment's box (the demo cloud accounts' secrets are sealed with it); default: the database's key. */
export async function seedDemo(db: Db, secrets?: SecretBox): Promise<boolean> {
  const existing = await db.selectFrom('users').select('id').limit(1).execute();
  if (existing.length > 0) return false;

  const passwordHash = await hashPassword(DEMO_PASSWORD);

  await db.transaction().execute(async (trx) => {
    await trx
      .insertInto('vendors')
      .values(VENDORS.map((v) => ({ ...v })))
      .execute();

    const azIds: string[] = [];
    let regionSort = 0;
    for (const [vendor, name, nameEn, zones] of REGIONS) {
      const regionId = newId();
      await trx.insertInto('regions').values({ id: regionId, name, name_en: nameEn, public_cloud_provider: vendor, sort_value: ++regionSort }).execute();
      let zoneSort = zones.length + 1;
      for (const [zoneName, zoneEn] of zones) {
        const azId = newId();
        azIds.push(azId);
        // Zones listed last get the smallest sort_value, so "sorted by sort_value" is not insertion order.
        await trx
          .insertInto('azs')
          .values({
            id: azId,
            name: zoneName,
            name_en: zoneEn,
            region_id: regionId,
            sort_value: --zoneSort,
            az_type: vendor === 'openstack' || vendor === 'vmware' ? 'private' : 'public',
            ip_version: 'ipv4',
            enabled: true,
            product_codes: JSON.stringify(PRODUCT_CODES),
          })
          .execute();
      }
    }

    const tenantIds: string[] = [];
    const projectIds: string[][] = [];
    for (const t of TENANTS) {
      const tenantId = newId();
      tenantIds.push(tenantId);
      await trx.insertInto('tenants').values({ id: tenantId, name: t.name, chinese_name_abbreviation: t.abbr, business_type: t.business_type }).execute();
      const ids: string[] = [];
      for (const [name, nameZh] of t.projects) {
        const projectId = newId();
        ids.push(projectId);
        await trx.insertInto('projects').values({ id: projectId, tenant_id: tenantId, name, name_zh: nameZh }).execute();
      }
      projectIds.push(ids);
      for (const azId of azIds) {
        await trx
          .insertInto('tenant_azs')
          .values(['instance', 'volume', 'eip', 'dbinstance'].map((code) => ({ tenant_id: tenantId, az_id: azId, product_code: code })))
          .execute();
      }
    }

    for (const [code, yearFen, qtyFen, yearUnit, qtyUnit] of PACKAGES) {
      await trx
        .insertInto('charging_pkgs')
        .values([
          { id: newId(), name: '包年包月', code: 'year', product_code: code, tenant_id: null, unit_price_fen: yearFen, measurement_display: yearUnit },
          { id: newId(), name: '按量计费', code: 'quantity', product_code: code, tenant_id: null, unit_price_fen: qtyFen, measurement_display: qtyUnit },
        ])
        .execute();
    }
    // The finance tenant negotiated its own yearly host price.
    await trx
      .insertInto('charging_pkgs')
      .values({
        id: newId(),
        name: '金融专享包年',
        code: 'year',
        product_code: 'instance',
        tenant_id: tenantIds[1]!,
        unit_price_fen: 25900,
        measurement_display: '元/台/月',
      })
      .execute();

    const repo = usersRepository(trx as unknown as Db);
    for (const u of DEMO_USERS) {
      const userId = await repo.insertUser({
        account: u.account,
        nickname: u.nickname,
        password_hash: passwordHash,
        phone: u.phone,
        email: u.email,
        is_phone_validate: true,
      });
      for (const g of u.grants) {
        const tenantId = g.tenant === undefined ? null : tenantIds[g.tenant]!;
        if (g.projects && tenantId) {
          for (const p of g.projects) await repo.addMembership(userId, g.role, tenantId, projectIds[g.tenant!]![p]!);
        } else {
          await repo.addMembership(userId, g.role, tenantId, null);
        }
      }
    }
  });
  // Rule requests name the demo NAT gateways and their EIPs: resources first.
  await seedDemoResources(db, [dnsCdnSslSeed, dnsAdvancedSeed, usbSeed]);
  await seedUsbHostNames(db);
  await seedGtmLogs(db);
  await seedApprovals(db);
  await seedBackupPlans(db);
  await seedCatalogue(db);
  await seedDesk(db, secrets ?? (await openSecretBox(db, undefined)));
  await seedPortal(db);
  await seedCloudAccounts(db, secrets ?? (await openSecretBox(db, undefined)));
  await seedAlarms(db);
  await seedBilling(db);
  await seedOrders(db);
  await seedInvoices(db);
  await seedSignup(db);
  await seedOrg(db);
  await seedOwnerRequests(db);
  await seedKeys(db, secrets ?? (await openSecretBox(db, undefined)));
  await seedBastion(db);
  await seedDbInstances(db, secrets ?? (await openSecretBox(db, undefined)));
  await seedCacheDocInstances(db, secrets ?? (await openSecretBox(db, undefined)));
  await seedStorage(db);
  await seedAccessBandwidths(db);
  await seedComputeMore(db);
  await seedOss(db, secrets ?? (await openSecretBox(db, undefined)));
  await seedVolumeSnapshots(db);
  await seedProtect(db, secrets ?? (await openSecretBox(db, undefined)));
  await seedIcp(db);
  await seedDbSync(db);
  await seedSecurityScan(db);
  await seedServiceCatalogue(db);
  await seedStacks(db);
  await seedBackupCenter(db);
  // What the people above did, as the operation log tells it (from the rows seeded so far).
  await seedOperationLogs(db);
  // Last: the Taiwanese tenant's rows, all of them, in Traditional Chinese.
  await seedTraditionalTenants(db);
  return true;
}
