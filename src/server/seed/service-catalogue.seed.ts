// The demo service catalogue (issue 31) of tenant_admin's tenant: office, operations and security
// services in three levels with owners and their terms, most published and offered to projects,
// one service still a draft, and one sent for publishing that waits in 审批中 for the approver
// (a real catalogue_publish request of the tenant's catalogue process). Seeds are data.
import type { Kysely } from 'kysely';
import { newId } from '../../domain/ids.ts';
import type { Category } from '../../domain/service-catalogue.ts';
import type { Db } from '../platform/db/database.ts';
import { submitRequest } from '../approvals/approval.service.ts';
import { catalogueRepository } from '../service-catalogue/service-catalogue.repository.ts';
import { catalogueEffects } from '../service-catalogue/service-catalogue.service.ts';
import { firstProject } from './db-instances.seed.ts';

const DAY = 86_400_000;
type Terms = [level: 'gold' | 'silver' | 'bronze', hours: 'workday' | 'allday', yuan: number, unit: string, tax: number, billing: string];
/** [name, description, terms, state] — state: published and orderable unless said. */
type Service = [string, string, Terms, ('draft' | 'approving' | 'closed')?];
type Group = [string, string, Service[]];
type Top = [Category, string, string, Group[]];

const CATALOGUE: Top[] = [
  [
    'office',
    '办公终端服务',
    '员工办公电脑、外设与常用软件的安装、维修和更换。',
    [
      [
        '桌面运维',
        '台式机、笔记本与打印机等办公终端的故障处理。',
        [
          ['台式机故障维修', '硬件故障诊断与更换配件，配件费用另计。', ['bronze', 'workday', 80, 'time', 6, 'one_off']],
          ['操作系统重装', '重装 Windows 或统信 UOS 操作系统并恢复常用软件，数据由用户自行备份。', ['bronze', 'workday', 120, 'time', 6, 'one_off']],
          ['办公软件安装', 'WPS Office、企业微信、钉钉等正版软件的安装与激活。', ['bronze', 'workday', 50, 'time', 6, 'one_off'], 'draft'],
        ],
      ],
      [
        '账号与邮箱',
        '企业邮箱、VPN 与统一身份账号的开通、变更和注销。',
        [
          ['企业邮箱开通', '开通 @huadong-mfg.example.cn 邮箱，容量 50 GB，含反垃圾与归档。', ['silver', 'allday', 30, 'user', 6, 'monthly']],
          ['VPN 远程接入', '开通 SSL VPN 账号，支持双因素认证，按人按月计费。', ['silver', 'allday', 20, 'user', 6, 'monthly']],
        ],
      ],
    ],
  ],
  [
    'office',
    '会议与协同',
    '视频会议、会议室设备保障与大型活动的技术支持。',
    [
      [
        '视频会议',
        '会议室视频终端与云会议的预约、调试和现场保障。',
        [
          ['会议室视频会议保障', '会前 30 分钟调试，会中专人值守，适用于 20 人以内会议室。', ['gold', 'workday', 300, 'time', 6, 'one_off']],
          ['大型会议直播支持', '百人以上会议的直播推流、录制与现场音视频保障。', ['gold', 'workday', 2000, 'time', 6, 'one_off'], 'approving'],
        ],
      ],
    ],
  ],
  [
    'operation',
    '基础设施运维',
    '云主机、存储与网络的日常巡检、监控值守和变更实施。',
    [
      [
        '云主机运维',
        '私有云与公有云主机的操作系统运维。',
        [
          ['云主机 7×24 监控值守', '全天候监控 CPU、内存、磁盘与进程，告警 15 分钟内响应。', ['gold', 'allday', 1200, 'month', 6, 'monthly']],
          ['操作系统巡检', '每月一次巡检并出具报告：补丁、账号、磁盘与日志。', ['silver', 'workday', 200, 'set', 6, 'monthly']],
          ['系统补丁升级', '按变更窗口实施安全补丁升级，含回退预案。', ['silver', 'workday', 150, 'time', 6, 'one_off']],
        ],
      ],
      [
        '数据库运维',
        'MySQL、PostgreSQL 与 Oracle 实例的健康检查、备份与调优。',
        [
          ['数据库健康检查', '检查参数、慢查询、空间与备份，出具优化建议。', ['silver', 'workday', 800, 'time', 6, 'one_off']],
          ['备份恢复演练', '按季度从备份恢复到演练环境并核对数据一致性。', ['gold', 'workday', 1500, 'time', 6, 'one_off'], 'closed'],
        ],
      ],
    ],
  ],
  [
    'operation',
    '应用运维',
    '中间件与业务应用的部署、发布和性能调优。',
    [
      [
        '中间件运维',
        'Nginx、Tomcat、Redis、Kafka 等中间件的部署与调优。',
        [['中间件部署与调优', '按工时计费，工程师远程或驻场实施。', ['silver', 'workday', 100, 'hour', 6, 'usage']]],
      ],
    ],
  ],
  [
    'safe',
    '安全评估',
    '漏洞扫描、渗透测试与等级保护合规评估。',
    [
      [
        '漏洞扫描',
        '主机与 Web 应用的漏洞发现和修复建议。',
        [
          ['主机漏洞扫描', '对指定主机做一次全面漏洞扫描并出具报告，含复测一次。', ['silver', 'workday', 500, 'time', 6, 'one_off']],
          ['Web 应用渗透测试', '由持证工程师对一个 Web 系统做黑盒渗透测试。', ['gold', 'workday', 12000, 'time', 6, 'one_off']],
        ],
      ],
      [
        '等保合规',
        '网络安全等级保护 2.0 的差距评估与整改咨询。',
        [['等保 2.0 差距评估', '对一个三级系统做差距评估，出具整改方案。', ['gold', 'workday', 30000, 'set', 6, 'yearly']]],
      ],
    ],
  ],
  [
    'safe',
    '安全运营',
    '安全事件监测、应急响应与安全意识培训。',
    [
      [
        '安全监测',
        '基于日志与流量的安全事件监测和通报。',
        [
          ['7×24 安全监测', '全天候安全事件监测，高危事件 30 分钟内通报。', ['gold', 'allday', 5000, 'month', 6, 'monthly']],
          ['安全应急响应', '勒索、入侵等事件的现场应急处置与溯源报告。', ['gold', 'allday', 8000, 'time', 6, 'one_off']],
        ],
      ],
    ],
  ],
];

interface Ctx {
  raw: Kysely<any>;
  tenantId: string;
  projectIds: string[];
  owners: string[];
  at: Date;
}

async function insert(
  c: Ctx,
  row: {
    category: Category;
    level: number;
    parent_id: string | null;
    name: string;
    description: string;
    status: string;
    service?: object;
    orderable?: boolean;
    projects?: string[];
  },
  i: number,
) {
  const id = newId();
  const at = new Date(c.at.getTime() + i * 60_000);
  await c.raw
    .insertInto('service_catalogue_entries')
    .values({
      id,
      tenant_id: c.tenantId,
      category: row.category,
      level: row.level,
      parent_id: row.parent_id,
      name: row.name,
      description: row.description,
      owner_ids: JSON.stringify(c.owners.slice(0, row.level === 3 ? 1 : 2).concat(row.level === 3 ? [c.owners[(i % (c.owners.length - 1)) + 1]!] : [])),
      status: row.status,
      service: row.service ? JSON.stringify(row.service) : null,
      orderable: row.orderable ?? false,
      project_ids: JSON.stringify(row.projects ?? []),
      approval_id: null,
      published_at: row.status === 'published' ? at : null,
      created_by: c.owners[0],
      created_at: at,
      updated_at: at,
    })
    .execute();
  return id;
}

export async function seedServiceCatalogue(db: Db, now = new Date()): Promise<void> {
  const raw = db as unknown as Kysely<any>;
  const scope = await firstProject(db);
  if (!scope) return;
  const users = await raw.selectFrom('users').select(['id', 'account', 'nickname']).where('account', 'in', ['tenant_admin', 'approver', 'member']).execute();
  const by = (a: string) => users.find((u) => u.account === a);
  const [admin, approver, member] = [by('tenant_admin'), by('approver'), by('member')];
  if (!admin || !approver || !member) return;
  const projects = await raw.selectFrom('projects').select('id').where('tenant_id', '=', scope.tenant_id).orderBy('name').execute();
  const c: Ctx = {
    raw,
    tenantId: scope.tenant_id,
    projectIds: projects.map((p) => p.id),
    owners: [admin.id, approver.id, member.id],
    at: new Date(now.getTime() - 90 * DAY),
  };
  // Publishing is decided by the approver (a tenant-wide process of its own).
  await raw
    .insertInto('approval_processes')
    .values({
      id: newId(),
      tenant_id: scope.tenant_id,
      project_id: null,
      name: '服务目录发布审批',
      description: '服务目录发布后对租户各项目开放订购，须经服务目录审批人审批',
      request_types: JSON.stringify(['catalogue_publish']),
      levels: JSON.stringify([{ name: '服务目录审批', approver_ids: [approver.id], escalate_after_hours: 72 }]),
      production: false,
      enabled: true,
      created_by: admin.id,
      created_at: c.at,
      updated_at: c.at,
    })
    .execute();
  let i = 0;
  const waiting: string[] = [];
  for (const [category, name, description, groups] of CATALOGUE) {
    const top = await insert(c, { category, level: 1, parent_id: null, name, description, status: 'published' }, i++);
    for (const [gName, gDesc, services] of groups) {
      const group = await insert(c, { category, level: 2, parent_id: top, name: gName, description: gDesc, status: 'published' }, i++);
      for (const [sName, sDesc, [level, hours, yuan, unit, tax, billing], state] of services) {
        const service = {
          service_level: level,
          charge_hours: hours,
          price_fen: yuan * 100,
          unit,
          tax_rate: tax,
          billing_method: billing,
          valid_year: new Date(now).getUTCFullYear(),
          content: sDesc,
          sla: level === 'gold' ? '工作时间 15 分钟响应，4 小时内解决' : '工作时间 2 小时响应，1 个工作日内解决',
        };
        const status = state === 'draft' || state === 'approving' ? 'draft' : 'published';
        // Security services only for the first two projects; the rest offered to every project.
        const limited = category === 'safe' ? c.projectIds.slice(0, 2) : [];
        const id = await insert(
          c,
          {
            category,
            level: 3,
            parent_id: group,
            name: sName,
            description: sDesc,
            status,
            service,
            orderable: status === 'published' && state !== 'closed',
            projects: limited,
          },
          i++,
        );
        if (state === 'approving') waiting.push(id);
      }
    }
  }
  const effects = catalogueEffects({ repo: catalogueRepository(db) });
  for (const id of waiting) {
    const entry = await raw.selectFrom('service_catalogue_entries').select(['name', 'category', 'level']).where('id', '=', id).executeTakeFirstOrThrow();
    await db.transaction().execute((trx) =>
      submitRequest(trx, {
        user: { id: admin.id, nickname: admin.nickname },
        tenantId: scope.tenant_id,
        projectId: scope.project_id,
        type: 'catalogue_publish',
        payload: { entry_id: id, name: entry.name, category: entry.category, level: entry.level, reason: '年度会议保障需求，申请上线' },
        now: new Date(now.getTime() - 2 * 3600_000),
        effects,
        events: [],
        after: [],
      }),
    );
  }
}
