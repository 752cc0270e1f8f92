// The demo service catalogue: header groups of products (compute, storage, network, security) and
// footer columns. Internal products link to '/#/product/…' and become console routes (seed 000 §2);
// the external partner link and the static white paper stay links, as the seed rules say.
import type { Insertable } from 'kysely';
import type { Db } from '../platform/db/database.ts';
import type { CatalogClassifiesTable, CatalogProductsTable } from '../platform/db/tables.ts';
import { newId } from '../../domain/ids.ts';

const tw = (cn: string, tw: string) => ({ 'zh-CN': cn, 'zh-TW': tw });
const BASE = 'https://portal.yunshu.example/#';

interface P {
  key: string;
  name: [string, string];
  summary: [string, string];
  highlights: [string, string][];
  console?: string;
  buy?: string;
  link?: string;
  inner?: boolean;
  staticHtml?: boolean;
}
interface C {
  area: 'header' | 'footer';
  group?: [string, string];
  name: [string, string];
  products: P[];
}

const CATALOGUE: C[] = [
  {
    area: 'header',
    group: ['计算', '計算'],
    name: ['弹性计算', '彈性計算'],
    products: [
      {
        key: 'ecs',
        name: ['云主机', '雲主機'],
        summary: ['按需创建的虚拟机，支持 OpenStack、VMware 及五家公有云', '按需建立的虛擬機，支援 OpenStack、VMware 及五家公有雲'],
        highlights: [
          ['分钟级交付，规格随时变更', '分鐘級交付，規格隨時變更'],
          ['回收站保留，误删可恢复', '回收站保留，誤刪可恢復'],
          ['包年包月与按量计费', '包年包月與按量計費'],
        ],
        console: 'ecsManage',
        buy: 'ecsBuy',
      },
      {
        key: 'bms',
        name: ['裸金属服务器', '裸金屬伺服器'],
        summary: ['独享物理服务器，适合数据库与高性能计算', '獨享實體伺服器，適合資料庫與高效能運算'],
        highlights: [
          ['无虚拟化损耗', '無虛擬化損耗'],
          ['与云主机同一 VPC 互通', '與雲主機同一 VPC 互通'],
        ],
        console: 'bmsManage',
        buy: 'bmsBuy',
      },
      {
        key: 'dedicated-host',
        name: ['专属宿主机', '專屬宿主機'],
        summary: ['整台宿主机独享，满足合规隔离要求', '整台宿主機獨享，滿足合規隔離要求'],
        highlights: [
          ['物理隔离', '實體隔離'],
          ['自主规划云主机布局', '自主規劃雲主機佈局'],
        ],
        console: 'cdhManage',
        buy: 'cdhBuy',
      },
    ],
  },
  {
    area: 'header',
    group: ['计算', '計算'],
    name: ['镜像与快照', '映像與快照'],
    products: [
      {
        key: 'image',
        name: ['镜像服务', '映像服務'],
        summary: ['公共镜像、自定义镜像与 ISO 镜像统一管理', '公共映像、自訂映像與 ISO 映像統一管理'],
        highlights: [
          ['上传 ISO 安装系统', '上傳 ISO 安裝系統'],
          ['由云主机创建自定义镜像', '由雲主機建立自訂映像'],
        ],
        console: 'images',
      },
    ],
  },
  {
    area: 'header',
    group: ['存储', '儲存'],
    name: ['块存储', '區塊儲存'],
    products: [
      {
        key: 'evs',
        name: ['云硬盘', '雲硬碟'],
        summary: ['可挂载、扩容、打快照的块存储', '可掛載、擴容、打快照的區塊儲存'],
        highlights: [
          ['在线扩容', '線上擴容'],
          ['快照回滚与定时快照策略', '快照回滾與定時快照策略'],
        ],
        console: 'volumeManage',
        buy: 'volumeBuy',
      },
    ],
  },
  {
    area: 'header',
    group: ['网络', '網路'],
    name: ['网络连接', '網路連線'],
    products: [
      {
        key: 'vpc',
        name: ['虚拟私有云 VPC', '虛擬私有雲 VPC'],
        summary: ['隔离的私有网络，自定义网段与子网', '隔離的私有網路，自訂網段與子網'],
        highlights: [
          ['多可用区子网', '多可用區子網'],
          ['安全组与防火墙策略', '安全群組與防火牆策略'],
        ],
        console: 'vpc',
      },
      {
        key: 'eip',
        name: ['弹性公网 IP', '彈性公網 IP'],
        summary: ['可绑定、解绑的公网地址，按带宽计费', '可綁定、解綁的公網位址，依頻寬計費'],
        highlights: [['共享带宽降低成本', '共享頻寬降低成本']],
        console: 'eipManage',
        buy: 'eipBuy',
      },
      {
        key: 'elb',
        name: ['负载均衡', '負載平衡'],
        summary: ['四层与七层负载均衡，健康检查与主备模式', '四層與七層負載平衡，健康檢查與主備模式'],
        highlights: [['监听器与健康检查', '監聽器與健康檢查']],
        console: 'balanceLoad',
      },
      {
        key: 'nat',
        name: ['NAT 网关', 'NAT 閘道'],
        summary: ['SNAT 与 DNAT 规则，让私网主机安全访问公网', 'SNAT 與 DNAT 規則，讓私網主機安全存取公網'],
        highlights: [
          ['端口映射', '連接埠映射'],
          ['IPv6 转换', 'IPv6 轉換'],
        ],
        console: 'natManage',
        buy: 'natBuy',
      },
    ],
  },
  {
    area: 'header',
    group: ['网络', '網路'],
    name: ['合作伙伴', '合作夥伴'],
    products: [
      // External: stays a link, never a console route.
      {
        key: 'partner-cdn',
        name: ['合作伙伴 CDN', '合作夥伴 CDN'],
        summary: ['由合作伙伴提供的内容分发网络', '由合作夥伴提供的內容傳遞網路'],
        highlights: [],
        link: 'https://cdn.partner.example/',
        inner: false,
      },
    ],
  },
  {
    area: 'header',
    group: ['安全', '安全'],
    name: ['网络安全', '網路安全'],
    products: [
      {
        key: 'firewall',
        name: ['防火墙策略', '防火牆策略'],
        summary: ['按系统、IP、端口申请访问策略，审批后下发', '依系統、IP、連接埠申請存取策略，簽核後下發'],
        highlights: [
          ['临时策略到期自动失效', '臨時策略到期自動失效'],
          ['手机上即可审批', '手機上即可簽核'],
        ],
        console: 'firewallManage',
        buy: 'firewallConfig',
      },
    ],
  },
  {
    area: 'footer',
    name: ['支持与服务', '支援與服務'],
    products: [
      {
        key: 'support-plan',
        name: ['技术支持计划', '技術支援計畫'],
        summary: ['7×24 小时值班工程师与专属客户经理', '7×24 小時值班工程師與專屬客戶經理'],
        highlights: [['15 分钟响应紧急工单', '15 分鐘回應緊急工單']],
      },
      // Static HTML: opened as a document, not a route.
      {
        key: 'whitepaper',
        name: ['安全白皮书', '安全白皮書'],
        summary: ['云枢混合云安全白皮书', '雲樞混合雲安全白皮書'],
        highlights: [],
        link: '/docs/whitepaper/manual.html',
        staticHtml: true,
      },
    ],
  },
];

export async function seedCatalogue(db: Db): Promise<void> {
  const classifies: Insertable<CatalogClassifiesTable>[] = [];
  const products: Insertable<CatalogProductsTable>[] = [];
  let cs = 0;
  for (const c of CATALOGUE) {
    const id = newId();
    classifies.push({ id, area: c.area, group_name: c.group ? JSON.stringify(tw(...c.group)) : null, name: JSON.stringify(tw(...c.name)), sort: cs++ });
    c.products.forEach((p, i) =>
      products.push({
        id: newId(),
        classify_id: id,
        name: JSON.stringify(tw(...p.name)),
        summary: JSON.stringify(tw(...p.summary)),
        highlights: JSON.stringify(p.highlights.map((h) => tw(...h))),
        link: p.link ?? `${BASE}/product/${p.key}`,
        is_inner: p.inner ?? true,
        is_static_html: p.staticHtml ?? false,
        console_route: p.console ?? null,
        buy_route: p.buy ?? null,
        sort: i,
      }),
    );
  }
  await db.insertInto('catalog_classifies').values(classifies).execute();
  await db.insertInto('catalog_products').values(products).execute();
}
