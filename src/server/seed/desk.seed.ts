// Demo service desk: work order types, questions and description templates in natural Chinese, work
// orders of 华东制造集团 and 鑫泰金融控股 in every state with replies from 值班运维, and feedback.
// Written once, on the first start of an empty database (demo.seed.ts).
import type { Db } from '../platform/db/database.ts';
import type { SecretBox } from '../platform/lib/secret-box.ts';
import { newId } from '../../domain/ids.ts';
import type { Urgency, WorkorderStatus, FeedbackStatus } from '../../domain/desk.ts';

const text = (cn: string, tw: string) => JSON.stringify({ 'zh-CN': cn, 'zh-TW': tw });

interface TypeSeed {
  name: [string, string];
  description: [string, string];
  questions: [string, string][];
  templates: { name: [string, string]; content: [string, string] }[];
}

const TYPES: TypeSeed[] = [
  {
    name: ['云主机', '雲主機'],
    description: ['云主机的登录、启动、性能与镜像问题', '雲主機的登入、啟動、效能與映像問題'],
    questions: [
      ['无法远程登录', '無法遠端登入'],
      ['实例启动失败', '執行個體啟動失敗'],
      ['CPU 或内存使用率异常', 'CPU 或記憶體使用率異常'],
    ],
    templates: [
      {
        name: ['远程登录故障', '遠端登入故障'],
        content: [
          '实例名称/ID：\n登录方式（VNC/SSH/RDP）：\n报错信息：\n开始出现的时间：\n已尝试的处理：',
          '執行個體名稱/ID：\n登入方式（VNC/SSH/RDP）：\n錯誤訊息：\n開始出現的時間：\n已嘗試的處理：',
        ],
      },
      {
        name: ['性能异常', '效能異常'],
        content: [
          '实例名称/ID：\n异常指标（CPU/内存/磁盘 IO）：\n异常时段：\n业务影响：',
          '執行個體名稱/ID：\n異常指標（CPU/記憶體/磁碟 IO）：\n異常時段：\n業務影響：',
        ],
      },
    ],
  },
  {
    name: ['网络与安全', '網路與安全'],
    description: ['弹性公网 IP、负载均衡、VPC 与安全策略', '彈性公網 IP、負載平衡、VPC 與安全策略'],
    questions: [
      ['弹性公网 IP 无法访问', '彈性公網 IP 無法存取'],
      ['负载均衡健康检查异常', '負載平衡健康檢查異常'],
      ['防火墙策略配置咨询', '防火牆策略設定諮詢'],
    ],
    templates: [
      {
        name: ['网络不通', '網路不通'],
        content: [
          '源地址：\n目标地址与端口：\n协议：\n测试结果（ping/telnet 截图可上传附件）：',
          '來源位址：\n目標位址與連接埠：\n協定：\n測試結果（ping/telnet 截圖可上傳附件）：',
        ],
      },
    ],
  },
  {
    name: ['存储与备份', '儲存與備份'],
    description: ['云硬盘、快照、备份策略与对象存储', '雲端硬碟、快照、備份策略與物件儲存'],
    questions: [
      ['云硬盘扩容', '雲端硬碟擴容'],
      ['备份任务失败', '備份任務失敗'],
      ['对象存储访问受限', '物件儲存存取受限'],
    ],
    templates: [
      {
        name: ['备份失败', '備份失敗'],
        content: ['备份策略名称：\n失败时间：\n失败提示：\n涉及的主机或云硬盘：', '備份策略名稱：\n失敗時間：\n失敗提示：\n涉及的主機或雲端硬碟：'],
      },
    ],
  },
  {
    name: ['账号与费用', '帳號與費用'],
    description: ['账单、发票、配额与权限', '帳單、發票、配額與權限'],
    questions: [
      ['账单金额疑问', '帳單金額疑問'],
      ['申请提升配额', '申請提升配額'],
      ['子账号权限', '子帳號權限'],
    ],
    templates: [
      {
        name: ['账单疑问', '帳單疑問'],
        content: ['账单月份：\n有疑问的产品：\n疑问金额（元）：\n说明：', '帳單月份：\n有疑問的產品：\n疑問金額（元）：\n說明：'],
      },
    ],
  },
  {
    name: ['其他咨询', '其他諮詢'],
    description: ['以上类型之外的问题', '以上類型之外的問題'],
    questions: [],
    templates: [],
  },
];

interface WorkorderSeed {
  tenant: string;
  account: string;
  project: boolean;
  type: number;
  question: number | null;
  title: string;
  contact: string;
  phone: string;
  email: string;
  urgency: Urgency;
  status: WorkorderStatus;
  description: string;
  hoursAgo: number;
  rating?: [number, string];
  replies: ['ops' | 'user', string][];
}

const ORDERS: WorkorderSeed[] = [
  {
    tenant: '华东制造集团',
    account: 'member',
    project: true,
    type: 0,
    question: 0,
    title: 'MES 应用服务器无法 SSH 登录',
    contact: '陈晨',
    phone: '13900000005',
    email: 'chenchen@huadong-mfg.example.cn',
    urgency: 'high',
    status: 'submitted',
    description: '今天上午 9 点起 mes-app-01 通过 SSH 登录超时，VNC 可以进入，业务暂未受影响。',
    hoursAgo: 1,
    replies: [],
  },
  {
    tenant: '华东制造集团',
    account: 'tenant_admin',
    project: false,
    type: 1,
    question: 0,
    title: '生产网弹性公网 IP 间歇性丢包',
    contact: '李娜',
    phone: '13900000003',
    email: 'lina@huadong-mfg.example.cn',
    urgency: 'urgent',
    status: 'processing',
    description: '绑定在负载均衡上的公网 IP 从昨晚开始丢包率约 8%，外部供应商访问门户时断时续。',
    hoursAgo: 5,
    replies: [
      ['ops', '您好，已收到。我们正在排查该 IP 所在的出口链路，请提供一次 mtr 结果，可作为附件上传。'],
      ['user', 'mtr 结果已补充在描述里，丢包集中在第 6 跳。'],
      ['ops', '已定位为上游运营商链路拥塞，已切换备用线路，预计 30 分钟内恢复，请继续观察。'],
    ],
  },
  {
    tenant: '华东制造集团',
    account: 'member',
    project: true,
    type: 2,
    question: 1,
    title: '夜间全量备份连续两天失败',
    contact: '陈晨',
    phone: '13900000005',
    email: 'chenchen@huadong-mfg.example.cn',
    urgency: 'medium',
    status: 'to_confirm',
    description: '备份策略「每日全量备份」在 11 月 22、23 日凌晨均提示失败，涉及 mes-db-01。',
    hoursAgo: 30,
    replies: [
      ['ops', '经检查，备份代理的磁盘空间不足导致任务中断，已清理并重新下发策略。'],
      ['ops', '今晚的备份已手动触发并成功完成，请确认问题是否解决。'],
    ],
  },
  {
    tenant: '华东制造集团',
    account: 'tenant_admin',
    project: false,
    type: 3,
    question: 0,
    title: '十月账单云硬盘费用偏高',
    contact: '李娜',
    phone: '13900000003',
    email: 'lina@huadong-mfg.example.cn',
    urgency: 'low',
    status: 'resolved',
    description: '十月账单中云硬盘费用比九月多出约 1,200 元，但我们没有新购磁盘。',
    hoursAgo: 120,
    rating: [5, '解释清楚，处理及时'],
    replies: [
      ['ops', '十月有 3 块云硬盘从按量计费转为包年包月，按月分摊后本月费用较高，明细已发到您的邮箱。'],
      ['user', '收到，核对无误，谢谢。'],
    ],
  },
  {
    tenant: '华东制造集团',
    account: 'tenant_admin',
    project: false,
    type: 0,
    question: 2,
    title: '报表服务器 CPU 长时间 100%',
    contact: '李娜',
    phone: '13900000003',
    email: 'lina@huadong-mfg.example.cn',
    urgency: 'high',
    status: 'resolved',
    description: '月底出报表期间 report-01 的 CPU 持续满载，导出任务排队。',
    hoursAgo: 200,
    replies: [
      ['ops', '建议将规格从 4 核 8 GB 升级到 8 核 16 GB，升级需重启约 5 分钟，可预约窗口。'],
      ['user', '已在周末完成升级，目前正常。'],
    ],
  },
  {
    tenant: '华东制造集团',
    account: 'member',
    project: true,
    type: 1,
    question: 1,
    title: '负载均衡后端一台服务器被反复摘除',
    contact: '陈晨',
    phone: '13900000005',
    email: 'chenchen@huadong-mfg.example.cn',
    urgency: 'medium',
    status: 'unresolved',
    description: '健康检查显示 mes-app-02 每隔几分钟就被标记异常，但应用日志没有报错。',
    hoursAgo: 72,
    replies: [
      ['ops', '已将健康检查间隔从 5 秒调整为 16 秒，请观察是否仍被摘除。'],
      ['user', '调整后仍然出现，问题没有解决。'],
    ],
  },
  {
    tenant: '鑫泰金融控股',
    account: 'fin_admin',
    project: false,
    type: 3,
    question: 1,
    title: '申请提升云主机配额到 200 台',
    contact: '周敏',
    phone: '13700000006',
    email: 'zhoumin@xintai-fin.example.cn',
    urgency: 'medium',
    status: 'processing',
    description: '年底压测需要临时扩容，申请把生产项目的云主机配额从 120 台提升到 200 台。',
    hoursAgo: 8,
    replies: [['ops', '已提交配额审批，金融租户需补充安全评估材料，请上传附件。']],
  },
];

const FEEDBACK: {
  tenant: string;
  account: string;
  project: boolean;
  name: string;
  phone: string;
  email: string;
  type: string;
  content: string;
  status: FeedbackStatus;
  reply?: string;
  hoursAgo: number;
}[] = [
  {
    tenant: '华东制造集团',
    account: 'member',
    project: true,
    name: '陈晨',
    phone: '13900000005',
    email: 'chenchen@huadong-mfg.example.cn',
    type: 'experience',
    content: '手机上审批时希望能直接看到资源的月费用，不用再点进详情。',
    status: 'replied',
    reply: '感谢建议，审批卡片将在下个版本显示预计月费用。',
    hoursAgo: 48,
  },
  {
    tenant: '华东制造集团',
    account: 'tenant_admin',
    project: false,
    name: '李娜',
    phone: '13900000003',
    email: 'lina@huadong-mfg.example.cn',
    type: 'product',
    content: '建议账单支持按项目导出 Excel，方便财务分摊。',
    status: 'submitted',
    hoursAgo: 6,
  },
  {
    tenant: '华东制造集团',
    account: 'tenant_admin',
    project: false,
    name: '李娜',
    phone: '13900000003',
    email: 'lina@huadong-mfg.example.cn',
    type: 'bug',
    content: '平板横屏时资源列表的筛选按钮偶尔被遮挡。',
    status: 'closed',
    reply: '已在 11 月 20 日的版本修复，感谢反馈。',
    hoursAgo: 160,
  },
  {
    tenant: '鑫泰金融控股',
    account: 'fin_admin',
    project: false,
    name: '周敏',
    phone: '13700000006',
    email: 'zhoumin@xintai-fin.example.cn',
    type: 'other',
    content: '希望工单支持抄送给我们的安全负责人。',
    status: 'submitted',
    hoursAgo: 20,
  },
];

/** Profile fields of the user centre (industry, enterprise, a sealed ID number). */
const PROFILES: Record<string, { industry: string; enterprise: string; id_number: string }> = {
  tenant_admin: { industry: '制造业', enterprise: '华东制造集团有限公司', id_number: '310104198805123216' },
  member: { industry: '制造业', enterprise: '华东制造集团有限公司', id_number: '320502199203074518' },
  fin_admin: { industry: '金融业', enterprise: '鑫泰金融控股有限公司', id_number: '110105198511302029' },
};

export async function seedDesk(db: Db, secrets: SecretBox): Promise<void> {
  for (const [account, p] of Object.entries(PROFILES)) {
    await db
      .updateTable('users')
      .set({ industry: p.industry, enterprise: p.enterprise, id_number_sealed: secrets.seal({ id_number: p.id_number }) })
      .where('account', '=', account)
      .execute();
  }
  const typeIds: string[] = [];
  const questionIds: string[][] = [];
  for (const [i, ty] of TYPES.entries()) {
    const id = newId();
    typeIds.push(id);
    await db
      .insertInto('workorder_types')
      .values({ id, name: text(...ty.name), description: text(...ty.description), sort: i })
      .execute();
    const qs = ty.questions.map((q, j) => ({ id: newId(), type_id: id, name: text(...q), sort: j }));
    if (qs.length) await db.insertInto('workorder_questions').values(qs).execute();
    questionIds.push(qs.map((q) => q.id));
    const tpls = ty.templates.map((tp, j) => ({ id: newId(), type_id: id, name: text(...tp.name), content: text(...tp.content), sort: j }));
    if (tpls.length) await db.insertInto('workorder_templates').values(tpls).execute();
  }
  const users = new Map((await db.selectFrom('users').select(['id', 'account']).execute()).map((u) => [u.account, u.id]));
  const tenants = new Map((await db.selectFrom('tenants').select(['id', 'name']).execute()).map((t) => [t.name, t.id]));
  const projectOf = async (userId: string) =>
    (await db.selectFrom('memberships').select('project_id').where('user_id', '=', userId).where('project_id', 'is not', null).executeTakeFirst())
      ?.project_id ?? null;
  const ops = users.get('oncall')!;
  const now = Date.now();
  for (const [i, o] of ORDERS.entries()) {
    const tenantId = tenants.get(o.tenant);
    const creator = users.get(o.account);
    if (!tenantId || !creator) continue;
    const id = newId();
    const created = new Date(now - o.hoursAgo * 3600_000);
    await db
      .insertInto('workorders')
      .values({
        id,
        number: `GD${created.toISOString().slice(0, 10).replaceAll('-', '')}${String(1001 + i)}`,
        tenant_id: tenantId,
        project_id: o.project ? await projectOf(creator) : null,
        creator_id: creator,
        type_id: typeIds[o.type]!,
        question_id: o.question === null ? null : (questionIds[o.type]![o.question] ?? null),
        title: o.title,
        contact: o.contact,
        phone: o.phone,
        email: o.email,
        urgency: o.urgency,
        contact_time: i % 2 ? 'working_hours' : 'any',
        description: o.description,
        resource_ids: JSON.stringify([]),
        status: o.status,
        rating: o.rating?.[0] ?? null,
        rating_comment: o.rating?.[1] ?? null,
        created_at: created,
        updated_at: new Date(created.getTime() + o.replies.length * 1800_000),
      })
      .execute();
    for (const [j, [side, content]] of o.replies.entries()) {
      await db
        .insertInto('workorder_replies')
        .values({
          id: newId(),
          workorder_id: id,
          author_id: side === 'ops' ? ops : creator,
          side,
          content,
          created_at: new Date(created.getTime() + (j + 1) * 1800_000),
        })
        .execute();
    }
  }
  for (const f of FEEDBACK) {
    const tenantId = tenants.get(f.tenant);
    const creator = users.get(f.account);
    if (!tenantId || !creator) continue;
    const created = new Date(now - f.hoursAgo * 3600_000);
    const replied = f.reply ? new Date(created.getTime() + 3 * 3600_000) : null;
    await db
      .insertInto('feedbacks')
      .values({
        id: newId(),
        tenant_id: tenantId,
        project_id: f.project ? await projectOf(creator) : null,
        creator_id: creator,
        name: f.name,
        phone: f.phone,
        email: f.email,
        type: f.type,
        content: f.content,
        status: f.status,
        reply: f.reply ?? null,
        replier_id: f.reply ? ops : null,
        replied_at: replied,
        created_at: created,
        updated_at: replied ?? created,
      })
      .execute();
  }
}
