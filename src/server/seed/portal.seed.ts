// The portal's demo content in Simplified and Traditional Chinese: a landing page for every
// product route (a banner and at least three sections: strengths, specifications with prices that
// grow with the size, scenarios, questions), the three industry pages, announcements, news,
// help articles, manuals and scenario journeys, and one sample template and custom page.
import type { Db } from '../platform/db/database.ts';
import { newId } from '../../domain/ids.ts';
import { LANGUAGES, type Language } from '../../domain/errors.ts';
import { t } from '../platform/lib/i18n.ts';

type Two = [cn: string, tw: string];
type Category = 'compute' | 'storage' | 'network' | 'database' | 'security' | 'platform' | 'service' | 'industry';
interface ProductSeed {
  key: string;
  cat: Category;
  tagline: Two;
  /** the banner's first button: 立即购买 to this console route's path, or an outside https address */
  buy?: string;
}

const P = (key: string, cat: Category, cn: string, tw: string, buy?: string): ProductSeed => ({ key, cat, tagline: [cn, tw], buy });

export const PORTAL_PRODUCTS: readonly ProductSeed[] = [
  P('adam', 'platform', '盘清数据家底，统一元数据、血缘与质量规则', '盤清資料家底，統一中繼資料、血緣與品質規則'),
  P('atp', 'platform', '接口、界面与性能测试一站编排，持续集成中自动回归', '介面、畫面與效能測試一站編排，持續整合中自動回歸'),
  P('apiGateway', 'platform', '统一发布、限流、鉴权与计量企业 API', '統一發布、限流、驗證與計量企業 API'),
  P('bms', 'compute', '独享物理服务器，分钟级交付，无虚拟化损耗', '獨享實體伺服器，分鐘級交付，無虛擬化損耗', '/bmsBuy'),
  P('cdh', 'compute', '整台宿主机独享，满足合规与许可证绑定要求', '整台主機獨享，滿足合規與授權綁定要求', '/cdhBuy'),
  P('cbs', 'storage', '云主机、数据库与文件的定时备份与一键恢复', '雲端主機、資料庫與檔案的定時備份與一鍵還原'),
  P('cdn', 'network', '覆盖全国的边缘节点，静态内容就近加速', '覆蓋全國的邊緣節點，靜態內容就近加速', '/cdnAdd'),
  P('cm', 'platform', '配置项集中管理，变更可追溯、可回滚', '設定項集中管理，變更可追溯、可回滾'),
  P('customer', 'service', '制造、金融、物流行业客户的上云实践', '製造、金融、物流產業客戶的上雲實踐'),
  P('consult', 'service', '上云规划、架构评审与成本优化咨询', '上雲規劃、架構審查與成本最佳化諮詢'),
  P('container', 'compute', '托管 Kubernetes 集群，弹性伸缩、按需计费', '託管 Kubernetes 叢集，彈性伸縮、按需計費'),
  P('dbs', 'database', '数据库全量与增量备份，任意时间点恢复', '資料庫完整與增量備份，任意時間點還原'),
  P('devOps', 'platform', '代码托管、流水线与制品库，研发交付一条线', '程式碼託管、管線與製品庫，研發交付一條線'),
  P('dnsAd', 'network', '权威解析与智能线路，毫秒级生效', '權威解析與智慧線路，毫秒級生效', '/dnsBuy'),
  P('dts', 'database', '库到库实时同步，支持异构数据库', '庫到庫即時同步，支援異質資料庫', '/dtsBuy'),
  P('dtsTransfer', 'database', '不停机迁移上云，结构、全量、增量一步到位', '不停機遷移上雲，結構、完整、增量一步到位', '/dtsBuy'),
  P('elb', 'network', '四层与七层负载均衡，健康检查自动摘除故障节点', '四層與七層負載平衡，健康檢查自動移除故障節點', '/balanceLoad'),
  P('ebs', 'storage', '高可靠块存储，在线扩容，快照随时回滚', '高可靠區塊儲存，線上擴容，快照隨時回滾', '/volumeBuy'),
  P('firewall', 'security', '按系统、IP 与端口申请访问策略，审批后自动下发', '依系統、IP 與連接埠申請存取策略，簽核後自動下發', '/firewallConfig'),
  P('friendlyLink', 'service', '合作机构与生态伙伴的常用入口', '合作機構與生態夥伴的常用入口'),
  P('insurance', 'industry', '面向保险机构的合规云与核心系统托管', '面向保險機構的合規雲與核心系統託管'),
  P('imagePlat', 'compute', '公共镜像、自定义镜像与 ISO 统一管理和分发', '公用映像檔、自訂映像檔與 ISO 統一管理與分發'),
  P('insInter', 'industry', '保险机构与渠道之间的安全数据交换', '保險機構與通路之間的安全資料交換'),
  P('it_service', 'service', '7×24 小时驻场与远程运维服务', '7×24 小時駐點與遠端維運服務'),
  P('jumpCenter', 'security', '运维操作统一入口，全程录像可审计', '維運操作統一入口，全程錄影可稽核'),
  P('ls', 'platform', '日志采集、检索与告警，秒级查询海量日志', '日誌收集、檢索與警示，秒級查詢海量日誌'),
  P('logPlat', 'platform', '多集群日志汇聚与长期归档', '多叢集日誌匯聚與長期封存'),
  P('mongodb', 'database', '高可用文档数据库，副本集自动切换', '高可用文件資料庫，複本集自動切換', '/documentDatabaseAdd'),
  P('mdp', 'platform', '客户、物料、供应商主数据统一治理', '客戶、物料、供應商主資料統一治理'),
  P('microservice', 'platform', '服务注册、配置与治理，平滑演进微服务架构', '服務註冊、設定與治理，平穩演進微服務架構'),
  P('messageCenter', 'platform', '短信、邮件与站内信统一发送与统计', '簡訊、郵件與站內信統一發送與統計'),
  P('behaviorAnalysisPlat', 'security', '识别异常登录与高危操作，风险实时告警', '識別異常登入與高風險操作，風險即時警示'),
  P('audioVideoServices', 'platform', '直播、点播与实时音视频通话', '直播、隨選與即時影音通話', 'https://media.yunshu.example.cn/buy'),
  P('taskSchedulePlat', 'platform', '分布式定时任务与工作流编排', '分散式排程任務與工作流程編排'),
  P('cloudBroadcast', 'platform', '园区与门店的云端广播与定时播报', '園區與門市的雲端廣播與定時播報'),
  P('nat', 'network', '私网主机安全访问公网，SNAT 与 DNAT 规则随配随用', '私網主機安全存取公網，SNAT 與 DNAT 規則隨設隨用', '/natBuy'),
  P('nas', 'storage', '多台主机共享的文件系统，按容量弹性扩展', '多台主機共用的檔案系統，依容量彈性擴充', '/nasBuy'),
  P('NATNetwork', 'network', '跨地域私网互联与地址转换', '跨區域私網互聯與位址轉換'),
  P('obs', 'storage', '海量非结构化数据存储，按量计费，多副本冗余', '海量非結構化資料儲存，依量計費，多複本備援', '/ossBucketsBuy'),
  P('oracle', 'database', '专属 Oracle 环境，RAC 与 Data Guard 容灾', '專屬 Oracle 環境，RAC 與 Data Guard 容災', '/databaseAdd'),
  P('portal', 'service', '企业门户建站与内容发布', '企業入口網站建置與內容發布'),
  P('publicIp', 'network', '可随时绑定与解绑的公网地址，带宽按需调整', '可隨時綁定與解綁的公用位址，頻寬依需調整', '/eipBuy'),
  P('partner', 'service', '与云枢共建行业方案的合作伙伴计划', '與雲樞共建產業方案的合作夥伴計畫'),
  P('rds_mysql', 'database', '高可用 MySQL，主备切换、自动备份与只读扩展', '高可用 MySQL，主備切換、自動備份與唯讀擴充', '/databaseAdd'),
  P('rds_oracle', 'database', '托管 Oracle 数据库，许可证随实例提供', '託管 Oracle 資料庫，授權隨執行個體提供', '/databaseAdd'),
  P('rds_postgre', 'database', '兼容开源生态的 PostgreSQL，支持 PostGIS 等插件', '相容開源生態的 PostgreSQL，支援 PostGIS 等外掛', '/databaseAdd'),
  P('rds_server', 'database', '托管 SQL Server，Windows 应用平滑上云', '託管 SQL Server，Windows 應用平穩上雲', '/databaseAdd'),
  P('redis', 'database', '亚毫秒级缓存，主从与集群版任选', '亞毫秒級快取，主從與叢集版任選', '/cacheDatabaseAdd'),
  P('rp', 'compute', '按部门划分计算与存储资源池，配额清晰', '依部門劃分運算與儲存資源池，配額清楚'),
  P('vpc_p', 'network', '逻辑隔离的私有网络，自定义网段、子网与路由', '邏輯隔離的私有網路，自訂網段、子網與路由', '/vpc'),
  P('Logistics', 'industry', '运输调度、车辆定位与电子回单一体化', '運輸調度、車輛定位與電子回單一體化'),
  P('Park', 'industry', '园区安防、能耗与访客管理一张图', '園區安防、能耗與訪客管理一張圖'),
  P('Storage', 'industry', '仓储作业、库存与温湿度监控上云', '倉儲作業、庫存與溫溼度監控上雲'),
];

/** Industry pages are routes of their own (/Logistics…), the rest live under /portal. */
const NAME_ROUTE = (key: string) => (['Logistics', 'Park', 'Storage'].includes(key) ? key : `portal_${key}`);

const FEATURES: Record<Category, [Two, Two][]> = {
  compute: [
    [
      ['弹性伸缩', '彈性伸縮'],
      ['业务高峰前扩容、低谷后释放，只为用到的资源付费。', '業務尖峰前擴容、離峰後釋放，只為用到的資源付費。'],
    ],
    [
      ['多云统一', '多雲統一'],
      ['OpenStack、VMware 与五家公有云在同一控制台管理。', 'OpenStack、VMware 與五家公有雲在同一主控台管理。'],
    ],
    [
      ['安全隔离', '安全隔離'],
      ['租户与项目级隔离，VPC 与安全组双重防护。', '租戶與專案級隔離，VPC 與安全群組雙重防護。'],
    ],
  ],
  storage: [
    [
      ['数据持久', '資料持久'],
      ['三副本冗余，数据持久性达 99.9999999%。', '三複本備援，資料持久性達 99.9999999%。'],
    ],
    [
      ['按需扩容', '依需擴容'],
      ['容量在线扩展，业务无需停机。', '容量線上擴充，業務無需停機。'],
    ],
    [
      ['快照与备份', '快照與備份'],
      ['定时快照与异地备份，误删误改可回滚。', '定時快照與異地備份，誤刪誤改可回滾。'],
    ],
  ],
  network: [
    [
      ['低时延', '低延遲'],
      ['BGP 多线接入，跨地域专线互联。', 'BGP 多線接入，跨區域專線互聯。'],
    ],
    [
      ['高可用', '高可用'],
      ['多可用区部署，单点故障自动切换。', '多可用區部署，單點故障自動切換。'],
    ],
    [
      ['灵活计费', '彈性計費'],
      ['按带宽或按流量计费，可随时调整。', '依頻寬或依流量計費，可隨時調整。'],
    ],
  ],
  database: [
    [
      ['高可用架构', '高可用架構'],
      ['主备实例跨可用区部署，故障 30 秒内切换。', '主備執行個體跨可用區部署，故障 30 秒內切換。'],
    ],
    [
      ['自动备份', '自動備份'],
      ['每日全量加实时日志备份，保留 7 至 730 天。', '每日完整加即時日誌備份，保留 7 至 730 天。'],
    ],
    [
      ['性能监控', '效能監控'],
      ['慢查询分析与 60 余项指标告警。', '慢查詢分析與 60 餘項指標警示。'],
    ],
  ],
  security: [
    [
      ['合规审计', '合規稽核'],
      ['满足等保 2.0 三级要求，操作全程留痕。', '符合資安等級保護三級要求，操作全程留痕。'],
    ],
    [
      ['审批联动', '簽核連動'],
      ['策略申请走审批流，手机上即可审批。', '策略申請走簽核流程，手機上即可簽核。'],
    ],
    [
      ['实时告警', '即時警示'],
      ['高危行为秒级发现，短信与站内信通知。', '高風險行為秒級發現，簡訊與站內信通知。'],
    ],
  ],
  platform: [
    [
      ['开箱即用', '開箱即用'],
      ['托管部署，免运维，几分钟完成开通。', '託管部署，免維運，幾分鐘完成開通。'],
    ],
    [
      ['开放集成', '開放整合'],
      ['标准 API 与 SDK，对接企业现有系统。', '標準 API 與 SDK，串接企業現有系統。'],
    ],
    [
      ['弹性规格', '彈性規格'],
      ['从试用到生产，规格随业务平滑升级。', '從試用到正式環境，規格隨業務平穩升級。'],
    ],
  ],
  service: [
    [
      ['专家团队', '專家團隊'],
      ['认证架构师与值班工程师全程陪跑。', '認證架構師與值班工程師全程陪跑。'],
    ],
    [
      ['快速响应', '快速回應'],
      ['紧急工单 15 分钟响应，7×24 小时值守。', '緊急工單 15 分鐘回應，7×24 小時值守。'],
    ],
    [
      ['行业经验', '產業經驗'],
      ['服务制造、金融、物流等 300 余家客户。', '服務製造、金融、物流等 300 餘家客戶。'],
    ],
  ],
  industry: [
    [
      ['一体化平台', '一體化平台'],
      ['业务系统、物联数据与视频汇聚在一个平台。', '業務系統、物聯資料與影像匯聚在一個平台。'],
    ],
    [
      ['移动办公', '行動辦公'],
      ['手机与平板随时查看看板、处理告警。', '手機與平板隨時查看看板、處理警示。'],
    ],
    [
      ['数据安全', '資料安全'],
      ['私有云部署，核心数据不出园区。', '私有雲部署，核心資料不出園區。'],
    ],
  ],
};

const SCENARIOS: Record<Category, [Two, Two][]> = {
  compute: [
    [
      ['网站与应用托管', '網站與應用程式託管'],
      ['Web 服务、移动后端按访问量弹性扩容。', 'Web 服務、行動後端依流量彈性擴容。'],
    ],
    [
      ['开发测试环境', '開發測試環境'],
      ['按量计费，下班自动关机，成本降低六成。', '依量計費，下班自動關機，成本降低六成。'],
    ],
    [
      ['高性能计算', '高效能運算'],
      ['仿真、渲染与批量计算任务按需调度。', '模擬、算圖與批次運算任務依需調度。'],
    ],
  ],
  storage: [
    [
      ['备份归档', '備份封存'],
      ['业务数据与日志长期保存，低频数据自动转冷。', '業務資料與日誌長期保存，低頻資料自動轉冷。'],
    ],
    [
      ['共享文件', '共用檔案'],
      ['多台主机共享目录，适合内容管理与设计协作。', '多台主機共用目錄，適合內容管理與設計協作。'],
    ],
    [
      ['数据库存储', '資料庫儲存'],
      ['高 IOPS 盘承载核心数据库。', '高 IOPS 磁碟承載核心資料庫。'],
    ],
  ],
  network: [
    [
      ['混合云组网', '混合雲組網'],
      ['本地机房与云上 VPC 通过专线打通。', '地端機房與雲上 VPC 透過專線打通。'],
    ],
    [
      ['互联网业务', '網際網路業務'],
      ['公网入口统一收敛，配合负载均衡对外服务。', '公網入口統一收斂，搭配負載平衡對外服務。'],
    ],
    [
      ['多地域容灾', '多區域容災'],
      ['两地三中心网络架构，业务就近接入。', '兩地三中心網路架構，業務就近接入。'],
    ],
  ],
  database: [
    [
      ['交易系统', '交易系統'],
      ['订单、支付等核心交易库，强一致高可用。', '訂單、支付等核心交易庫，強一致高可用。'],
    ],
    [
      ['数据分析', '資料分析'],
      ['只读实例分担报表查询，不影响主库。', '唯讀執行個體分擔報表查詢，不影響主庫。'],
    ],
    [
      ['迁移上云', '遷移上雲'],
      ['配合数据传输服务平滑迁移本地数据库。', '搭配資料傳輸服務平穩遷移地端資料庫。'],
    ],
  ],
  security: [
    [
      ['等保合规', '資安合規'],
      ['满足监管检查的访问控制与日志留存。', '符合主管機關檢查的存取控制與日誌留存。'],
    ],
    [
      ['运维管控', '維運管控'],
      ['外包与第三方运维人员统一接入、全程审计。', '外包與第三方維運人員統一接入、全程稽核。'],
    ],
    [
      ['攻击防护', '攻擊防護'],
      ['识别扫描与暴力破解，自动封禁来源 IP。', '識別掃描與暴力破解，自動封鎖來源 IP。'],
    ],
  ],
  platform: [
    [
      ['数字化转型', '數位轉型'],
      ['以平台能力支撑业务快速上线。', '以平台能力支撐業務快速上線。'],
    ],
    [
      ['研发提效', '研發提效'],
      ['标准化流程减少重复劳动。', '標準化流程減少重複作業。'],
    ],
    [
      ['运营分析', '營運分析'],
      ['数据沉淀后驱动精细化运营。', '資料沉澱後驅動精細化營運。'],
    ],
  ],
  service: [
    [
      ['上云规划', '上雲規劃'],
      ['梳理现有系统，制定分批迁移计划。', '盤點現有系統，制定分批遷移計畫。'],
    ],
    [
      ['重大保障', '重大保障'],
      ['大促、年终结算等关键时段专人值守。', '大促、年終結算等關鍵時段專人值守。'],
    ],
    [
      ['成本优化', '成本最佳化'],
      ['分析账单与资源利用率，给出降本建议。', '分析帳單與資源使用率，提出降本建議。'],
    ],
  ],
  industry: [
    [
      ['集团总部', '集團總部'],
      ['统一管理下属园区与仓库的 IT 资源。', '統一管理下屬園區與倉庫的 IT 資源。'],
    ],
    [
      ['区域分公司', '區域分公司'],
      ['分支机构就近接入，数据集中汇总。', '分支機構就近接入，資料集中彙整。'],
    ],
    [
      ['合作伙伴协同', '合作夥伴協同'],
      ['与上下游共享订单与物流状态。', '與上下游共享訂單與物流狀態。'],
    ],
  ],
};

const FAQ: [Two, Two][] = [
  [
    ['如何计费？', '如何計費？'],
    ['支持包年包月与按量计费，包年享八三折，账单可在费用中心查看。', '支援包年包月與依量計費，包年享八三折，帳單可在費用中心查看。'],
  ],
  [
    ['可以随时变更规格吗？', '可以隨時變更規格嗎？'],
    ['可以，升级即时生效，降级在下一个计费周期生效。', '可以，升級立即生效，降級於下一個計費週期生效。'],
  ],
  [
    ['开通后多久可以使用？', '開通後多久可以使用？'],
    ['审批通过后一般 5 分钟内交付，可在控制台查看进度。', '簽核通過後一般 5 分鐘內交付，可在主控台查看進度。'],
  ],
];

/** Sizes and monthly base prices (fen) by category; each product scales them by its own factor. */
const SPECS: Record<Category, { flavor: Two; name: Two; fit: Two; base: number }[]> = {
  compute: [
    { flavor: ['2 核 4 GB', '2 核 4 GB'], name: ['入门型', '入門型'], fit: ['测试与轻量应用', '測試與輕量應用'], base: 9_900 },
    { flavor: ['4 核 8 GB', '4 核 8 GB'], name: ['标准型', '標準型'], fit: ['中小型网站与中间件', '中小型網站與中介軟體'], base: 19_800 },
    { flavor: ['8 核 16 GB', '8 核 16 GB'], name: ['增强型', '增強型'], fit: ['企业应用与数据库', '企業應用與資料庫'], base: 39_600 },
    { flavor: ['16 核 32 GB', '16 核 32 GB'], name: ['旗舰型', '旗艦型'], fit: ['核心业务与大数据', '核心業務與大數據'], base: 79_200 },
  ],
  storage: [
    { flavor: ['100 GB', '100 GB'], name: ['标准容量', '標準容量'], fit: ['系统盘与小型应用', '系統碟與小型應用'], base: 3_500 },
    { flavor: ['500 GB', '500 GB'], name: ['高效容量', '高效容量'], fit: ['日志与文件共享', '日誌與檔案共用'], base: 16_000 },
    { flavor: ['1 TB', '1 TB'], name: ['大容量', '大容量'], fit: ['备份与归档', '備份與封存'], base: 30_000 },
    { flavor: ['10 TB', '10 TB'], name: ['海量容量', '海量容量'], fit: ['数据湖与媒体库', '資料湖與媒體庫'], base: 260_000 },
  ],
  network: [
    { flavor: ['5 Mbps', '5 Mbps'], name: ['基础带宽', '基礎頻寬'], fit: ['办公与测试', '辦公與測試'], base: 12_500 },
    { flavor: ['20 Mbps', '20 Mbps'], name: ['标准带宽', '標準頻寬'], fit: ['企业官网与应用', '企業官網與應用'], base: 45_000 },
    { flavor: ['100 Mbps', '100 Mbps'], name: ['高速带宽', '高速頻寬'], fit: ['电商与视频业务', '電商與影音業務'], base: 180_000 },
  ],
  database: [
    { flavor: ['2 核 4 GB', '2 核 4 GB'], name: ['基础版', '基礎版'], fit: ['开发测试', '開發測試'], base: 29_900 },
    { flavor: ['4 核 16 GB', '4 核 16 GB'], name: ['高可用版', '高可用版'], fit: ['中小型业务库', '中小型業務庫'], base: 89_900 },
    { flavor: ['8 核 32 GB', '8 核 32 GB'], name: ['企业版', '企業版'], fit: ['核心交易系统', '核心交易系統'], base: 179_800 },
    { flavor: ['16 核 64 GB', '16 核 64 GB'], name: ['金融版', '金融版'], fit: ['三节点强一致', '三節點強一致'], base: 359_600 },
  ],
  security: [
    { flavor: ['2 核 4 GB', '2 核 4 GB'], name: ['基础版', '基礎版'], fit: ['50 台主机以内', '50 台主機以內'], base: 49_900 },
    { flavor: ['4 核 8 GB', '4 核 8 GB'], name: ['专业版', '專業版'], fit: ['200 台主机以内', '200 台主機以內'], base: 99_800 },
    { flavor: ['8 核 16 GB', '8 核 16 GB'], name: ['企业版', '企業版'], fit: ['1000 台主机以内', '1000 台主機以內'], base: 199_600 },
  ],
  platform: [
    { flavor: ['2 核 4 GB', '2 核 4 GB'], name: ['体验版', '體驗版'], fit: ['团队试用', '團隊試用'], base: 19_900 },
    { flavor: ['4 核 8 GB', '4 核 8 GB'], name: ['标准版', '標準版'], fit: ['部门级应用', '部門級應用'], base: 59_700 },
    { flavor: ['8 核 16 GB', '8 核 16 GB'], name: ['企业版', '企業版'], fit: ['全公司推广', '全公司推廣'], base: 119_400 },
  ],
  service: [
    {
      flavor: ['2 核 4 GB', '2 核 4 GB'],
      name: ['基础服务包', '基礎服務包'],
      fit: ['含 1 台管理节点，工作日响应', '含 1 台管理節點，工作日回應'],
      base: 200_000,
    },
    {
      flavor: ['4 核 8 GB', '4 核 8 GB'],
      name: ['标准服务包', '標準服務包'],
      fit: ['含 2 台管理节点，7×24 小时', '含 2 台管理節點，7×24 小時'],
      base: 500_000,
    },
    { flavor: ['8 核 16 GB', '8 核 16 GB'], name: ['尊享服务包', '尊享服務包'], fit: ['含驻场工程师', '含駐點工程師'], base: 1_200_000 },
  ],
  industry: [
    { flavor: ['4 核 8 GB', '4 核 8 GB'], name: ['单园区版', '單園區版'], fit: ['1 个园区或仓库', '1 個園區或倉庫'], base: 150_000 },
    { flavor: ['8 核 16 GB', '8 核 16 GB'], name: ['区域版', '區域版'], fit: ['5 个以内站点', '5 個以內站點'], base: 480_000 },
    { flavor: ['16 核 32 GB', '16 核 32 GB'], name: ['集团版', '集團版'], fit: ['不限站点', '不限站點'], base: 1_200_000 },
  ],
};

const THEMES: Record<Category, string> = {
  compute: 'blue',
  storage: 'teal',
  network: 'indigo',
  database: 'violet',
  security: 'slate',
  platform: 'cyan',
  service: 'amber',
  industry: 'green',
};

/** A product's own price level (0.8–1.4), stable across seeds. */
const factorOf = (key: string) => 0.8 + ([...key].reduce((a, c) => (a * 31 + c.charCodeAt(0)) % 997, 7) % 7) / 10;

const L = (two: Two, lang: Language) => (lang === 'zh-TW' ? two[1] : two[0]);

function landingContent(p: ProductSeed, lang: Language, templateId: string | null) {
  const name = t(lang, `routes:${NAME_ROUTE(p.key)}`);
  const tr = (cn: string, tw: string) => (lang === 'zh-TW' ? tw : cn);
  const first = p.buy
    ? { name: tr('立即购买', '立即購買'), link: p.buy, is_inner: !p.buy.startsWith('http') }
    : { name: tr('咨询开通', '諮詢開通'), link: '/contact-us', is_inner: true };
  const factor = factorOf(p.key);
  const items = (list: [Two, Two][]) => list.map(([a, b]) => ({ title: L(a, lang), text: L(b, lang) }));
  const details: unknown[] = [
    {
      id: 'features',
      type: 'features',
      top_title: tr('产品优势', '產品優勢'),
      title: tr(`为什么选择${name}`, `為什麼選擇${name}`),
      subtitle: L(p.tagline, lang),
      items: items(FEATURES[p.cat]),
    },
    {
      id: 'specs',
      type: 'specs',
      top_title: tr('规格与价格', '規格與價格'),
      title: tr('规格与价格', '規格與價格'),
      subtitle: tr('价格为华东一（上海）包月参考价，实际以下单时询价为准。', '價格為華東一（上海）包月參考價，實際以下單時詢價為準。'),
      rows: SPECS[p.cat].map((s) => ({
        flavor: L(s.flavor, lang),
        name: L(s.name, lang),
        fit: L(s.fit, lang),
        price_fen: Math.round((s.base * factor) / 100) * 100,
        unit: 'month',
      })),
    },
    {
      id: 'scenarios',
      type: 'scenarios',
      top_title: tr('应用场景', '應用場景'),
      title: tr('应用场景', '應用場景'),
      subtitle: '',
      items: items(SCENARIOS[p.cat]),
    },
  ];
  if (templateId) {
    details.push({
      id: 'calculator',
      type: 'template',
      top_title: tr('价格计算器', '價格試算'),
      title: tr('价格计算器', '價格試算'),
      subtitle: '',
      template_id: templateId,
    });
  }
  details.push({ id: 'faq', type: 'faq', top_title: tr('常见问题', '常見問題'), title: tr('常见问题', '常見問題'), subtitle: '', items: items(FAQ) });
  return {
    name,
    category: p.cat,
    product_advert: [
      {
        title: name,
        description: L(p.tagline, lang),
        theme: THEMES[p.cat],
        buttons: [first, { name: tr('产品文档', '產品文件'), link: '/userManual', is_inner: true }],
      },
    ],
    product_details: details,
  };
}

// ── Articles ──
const REGIONS: Two[] = [
  ['华东一（上海）', '華東一（上海）'],
  ['华北二（北京）', '華北二（北京）'],
  ['华南一（广州）', '華南一（廣州）'],
  ['西南一（成都）', '西南一（成都）'],
];
const MAINTAINED: Two[] = [
  ['云主机', '雲端主機'],
  ['云硬盘', '雲端硬碟'],
  ['负载均衡', '負載平衡'],
  ['对象存储', '物件儲存'],
  ['云数据库 MySQL', '雲資料庫 MySQL'],
  ['NAT 网关', 'NAT 閘道'],
];
const LAUNCHES: [Two, Two][] = [
  [
    ['云主机', '雲端主機'],
    ['支持在线变更规格', '支援線上變更規格'],
  ],
  [
    ['云硬盘', '雲端硬碟'],
    ['新增定时快照策略', '新增定時快照策略'],
  ],
  [
    ['审批中心', '簽核中心'],
    ['支持手机端批量审批', '支援手機批次簽核'],
  ],
  [
    ['CDN', 'CDN'],
    ['支持 HTTPS 证书一键部署', '支援 HTTPS 憑證一鍵部署'],
  ],
  [
    ['云数据库 PostgreSQL', '雲資料庫 PostgreSQL'],
    ['开放 PostGIS 插件', '開放 PostGIS 外掛'],
  ],
  [
    ['对象存储', '物件儲存'],
    ['上线跨地域同步', '上線跨區域同步'],
  ],
  [
    ['费用中心', '費用中心'],
    ['支持按项目导出账单', '支援依專案匯出帳單'],
  ],
  [
    ['GTM', 'GTM'],
    ['支持按线路配置访问策略', '支援依線路設定存取策略'],
  ],
];
const NEWS: [Two, Two][] = [
  [
    ['云枢混合云平台通过可信云认证', '雲樞混合雲平台通過可信雲認證'],
    ['平台在稳定性、安全与服务等 28 项指标中全部达标。', '平台在穩定性、安全與服務等 28 項指標中全部達標。'],
  ],
  [
    ['华东制造集团完成核心 ERP 上云', '華東製造集團完成核心 ERP 上雲'],
    ['三周完成 120 台主机迁移，月度 IT 成本下降 32%。', '三週完成 120 台主機遷移，每月 IT 成本下降 32%。'],
  ],
  [
    ['江南智慧物流上线调度平台', '江南智慧物流上線調度平台'],
    ['车辆定位与电子回单打通，单据处理时间缩短一半。', '車輛定位與電子回單打通，單據處理時間縮短一半。'],
  ],
  [
    ['鑫泰金融完成同城双活建设', '鑫泰金融完成同城雙活建置'],
    ['核心数据库 RPO 为零，切换演练 28 秒完成。', '核心資料庫 RPO 為零，切換演練 28 秒完成。'],
  ],
  [
    ['云枢亮相中国国际数字经济博览会', '雲樞亮相中國國際數位經濟博覽會'],
    ['展示多租户审批与移动运维方案。', '展示多租戶簽核與行動維運方案。'],
  ],
  [
    ['成都可用区正式开放', '成都可用區正式開放'],
    ['西南一（成都）新增两个可用区，支持全部计算与存储产品。', '西南一（成都）新增兩個可用區，支援全部運算與儲存產品。'],
  ],
  [
    ['云枢与华为云达成合作', '雲樞與華為雲達成合作'],
    ['双方账号体系互通，资源统一纳管。', '雙方帳號體系互通，資源統一納管。'],
  ],
  [
    ['混合云成本优化白皮书发布', '混合雲成本最佳化白皮書發布'],
    ['总结 300 余家客户的降本实践。', '總結 300 餘家客戶的降本實踐。'],
  ],
  [
    ['移动审批月活突破一万', '行動簽核月活躍突破一萬'],
    ['审批平均处理时长由 6 小时降至 40 分钟。', '簽核平均處理時間由 6 小時降至 40 分鐘。'],
  ],
  [
    ['云枢开发者大会在杭州举行', '雲樞開發者大會在杭州舉行'],
    ['发布资源编排与模板市场。', '發布資源編排與範本市集。'],
  ],
  [
    ['智慧园区方案落地苏州工业园', '智慧園區方案落地蘇州工業園'],
    ['安防、能耗与访客系统统一到一个平台。', '安防、能耗與訪客系統統一到一個平台。'],
  ],
  [
    ['数据库迁移服务支持 Oracle 到 PostgreSQL', '資料庫遷移服務支援 Oracle 到 PostgreSQL'],
    ['结构转换与数据校验自动完成。', '結構轉換與資料校驗自動完成。'],
  ],
  [
    ['云枢获评年度最佳混合云管理平台', '雲樞獲評年度最佳混合雲管理平台'],
    ['评委认可其多云统一与合规审批能力。', '評審肯定其多雲統一與合規簽核能力。'],
  ],
  [
    ['等保三级合规套件上线', '資安三級合規套件上線'],
    ['防火墙、堡垒机与审计日志一键开通。', '防火牆、堡壘機與稽核日誌一鍵開通。'],
  ],
];

function article(kind: string, category: Two, title: Two, summary: Two, body: Two[], daysAgo: number) {
  const published_at = new Date(Date.UTC(2026, 10, 23, 2, 0) - daysAgo * 86_400_000 - (daysAgo % 5) * 3_600_000);
  return {
    id: newId(),
    kind,
    category: JSON.stringify({ 'zh-CN': category[0], 'zh-TW': category[1] }),
    title: JSON.stringify({ 'zh-CN': title[0], 'zh-TW': title[1] }),
    summary: JSON.stringify({ 'zh-CN': summary[0], 'zh-TW': summary[1] }),
    body: JSON.stringify({ 'zh-CN': body.map((b) => b[0]), 'zh-TW': body.map((b) => b[1]) }),
    published_at,
  };
}

function announcements() {
  const out = [];
  let day = 1;
  for (let i = 0; i < 12; i++) {
    const r = REGIONS[i % REGIONS.length]!;
    const p = MAINTAINED[i % MAINTAINED.length]!;
    const date = new Date(Date.UTC(2026, 10, 28 + (i % 3)));
    const d = `${date.getUTCMonth() + 1} 月 ${date.getUTCDate()} 日`;
    out.push(
      article(
        'announcement',
        ['维护通知', '維護通知'],
        [`${r[0]}${p[0]}计划维护通知`, `${r[1]}${p[1]}計畫維護通知`],
        [`${d} 02:00–04:00 对${r[0]}的${p[0]}进行升级维护。`, `${d} 02:00–04:00 對${r[1]}的${p[1]}進行升級維護。`],
        [
          [
            `尊敬的客户：为提升服务稳定性，云枢将于 ${d} 02:00 至 04:00（北京时间）对${r[0]}的${p[0]}底层系统进行升级。`,
            `親愛的客戶：為提升服務穩定性，雲樞將於 ${d} 02:00 至 04:00（台北時間同步）對${r[1]}的${p[1]}底層系統進行升級。`,
          ],
          [
            '维护期间已创建的资源正常运行，控制台的创建、变更操作可能短暂失败，请避开该时段操作。',
            '維護期間已建立的資源正常運作，主控台的建立、變更操作可能短暫失敗，請避開該時段操作。',
          ],
          ['如有疑问，请提交工单或拨打服务热线，我们将竭诚为您服务。', '如有疑問，請提交工單或撥打服務專線，我們將竭誠為您服務。'],
        ],
        day,
      ),
    );
    day += 2;
  }
  LAUNCHES.forEach(([p, f], i) => {
    out.push(
      article(
        'announcement',
        ['产品发布', '產品發布'],
        [`${p[0]}${f[0]}`, `${p[1]}${f[1]}`],
        [`${p[0]}${f[0]}，现已在全部地域开放。`, `${p[1]}${f[1]}，現已在全部區域開放。`],
        [
          [`${p[0]}${f[0]}，现已在全部地域开放，无需申请即可使用。`, `${p[1]}${f[1]}，現已在全部區域開放，無需申請即可使用。`],
          ['您可以在控制台对应产品页面找到新功能入口，详细说明请参阅用户手册。', '您可以在主控台對應產品頁面找到新功能入口，詳細說明請參閱使用者手冊。'],
        ],
        2 + i * 3,
      ),
    );
  });
  out.push(
    article(
      'announcement',
      ['价格调整', '價格調整'],
      ['对象存储标准型存储降价公告', '物件儲存標準型儲存降價公告'],
      ['自 12 月 1 日起，对象存储标准型存储单价下调 15%。', '自 12 月 1 日起，物件儲存標準型儲存單價下調 15%。'],
      [
        [
          '自 2026 年 12 月 1 日起，对象存储标准型存储单价由每 GB 每月 0.12 元下调至 0.10 元。',
          '自 2026 年 12 月 1 日起，物件儲存標準型儲存單價由每 GB 每月 0.12 元下調至 0.10 元。',
        ],
        ['已购资源包不受影响，新价格自动适用于按量计费部分。', '已購資源包不受影響，新價格自動適用於依量計費部分。'],
      ],
      5,
    ),
    article(
      'announcement',
      ['安全公告', '安全公告'],
      ['关于 OpenSSH 高危漏洞的修复建议', '關於 OpenSSH 高風險漏洞的修補建議'],
      ['请尽快将云主机中的 OpenSSH 升级至 9.8p1 及以上版本。', '請盡快將雲端主機中的 OpenSSH 升級至 9.8p1 以上版本。'],
      [
        ['近日 OpenSSH 披露远程代码执行漏洞，影响 8.5p1 至 9.7p1 版本。', '近日 OpenSSH 揭露遠端程式碼執行漏洞，影響 8.5p1 至 9.7p1 版本。'],
        [
          '公共镜像已完成修复，自定义镜像与存量主机请按手册升级，并限制 22 端口的来源地址。',
          '公用映像檔已完成修補，自訂映像檔與既有主機請依手冊升級，並限制 22 埠的來源位址。',
        ],
      ],
      9,
    ),
  );
  return out;
}

function news() {
  return NEWS.map(([title, summary], i) =>
    article(
      'news',
      i % 3 === 1 ? ['客户案例', '客戶案例'] : i % 3 === 2 ? ['活动', '活動'] : ['公司新闻', '公司新聞'],
      title,
      summary,
      [
        summary,
        ['云枢将持续完善多云统一管理与移动办公能力，帮助企业用好每一份云资源。', '雲樞將持續完善多雲統一管理與行動辦公能力，協助企業用好每一分雲端資源。'],
      ],
      i * 4 + 1,
    ),
  ).concat(
    LAUNCHES.map(([p, f], i) =>
      article(
        'news',
        ['产品动态', '產品動態'],
        [`产品动态：${p[0]}${f[0]}`, `產品動態：${p[1]}${f[1]}`],
        [`本月${p[0]}${f[0]}，帮助客户更高效地管理资源。`, `本月${p[1]}${f[1]}，協助客戶更有效率地管理資源。`],
        [
          [`本月${p[0]}${f[0]}。`, `本月${p[1]}${f[1]}。`],
          ['欢迎登录控制台体验，并通过意见反馈告诉我们您的想法。', '歡迎登入主控台體驗，並透過意見回饋告訴我們您的想法。'],
        ],
        i * 5 + 3,
      ),
    ),
  );
}

const HELP: [Two, Two, Two[]][] = [
  [
    ['入门', '入門'],
    ['如何注册并完成企业认证', '如何註冊並完成企業認證'],
    [
      ['登录后进入账号信息页，点击“企业认证”，上传营业执照并填写对公账户。', '登入後進入帳號資訊頁，點選「企業認證」，上傳營業執照並填寫公司帳戶。'],
      ['认证一般在 1 个工作日内完成，结果以站内信通知。', '認證一般在 1 個工作天內完成，結果以站內信通知。'],
    ],
  ],
  [
    ['入门', '入門'],
    ['如何切换租户与项目', '如何切換租戶與專案'],
    [
      ['控制台顶部的租户、项目选择器只显示您有权限的项。', '主控台頂部的租戶、專案選擇器只顯示您有權限的項目。'],
      ['切换后列表与账单会按新的范围刷新。', '切換後清單與帳單會依新的範圍重新整理。'],
    ],
  ],
  [
    ['计算', '運算'],
    ['云主机无法远程登录怎么办', '雲端主機無法遠端登入怎麼辦'],
    [
      ['先确认主机状态为运行中，并检查安全组是否放行 22 或 3389 端口。', '先確認主機狀態為執行中，並檢查安全群組是否放行 22 或 3389 埠。'],
      ['仍无法登录时，可在详情页使用远程连接进入控制台排查。', '仍無法登入時，可在詳情頁使用遠端連線進入主控台排查。'],
    ],
  ],
  [
    ['计算', '運算'],
    ['如何变更云主机规格', '如何變更雲端主機規格'],
    [['在云主机列表选择“变更规格”，升级立即生效，降级需先关机。', '在雲端主機清單選擇「變更規格」，升級立即生效，降級需先關機。']],
  ],
  [
    ['存储', '儲存'],
    ['云硬盘扩容后容量没有变化', '雲端硬碟擴容後容量沒有變化'],
    [
      ['扩容只改变磁盘大小，还需在操作系统内扩展分区与文件系统。', '擴容只改變磁碟大小，還需在作業系統內擴充分割區與檔案系統。'],
      ['Linux 可使用 growpart 与 resize2fs，Windows 在磁盘管理中扩展卷。', 'Linux 可使用 growpart 與 resize2fs，Windows 在磁碟管理中延伸磁碟區。'],
    ],
  ],
  [
    ['网络', '網路'],
    ['弹性公网 IP 绑定后无法访问', '彈性公用 IP 綁定後無法存取'],
    [['检查主机内防火墙与安全组入方向规则，并确认服务监听在 0.0.0.0。', '檢查主機內防火牆與安全群組輸入規則，並確認服務監聽在 0.0.0.0。']],
  ],
  [
    ['费用', '費用'],
    ['包年包月与按量计费有什么区别', '包年包月與依量計費有什麼差別'],
    [
      ['包年包月预付费，价格更低；按量计费按小时结算，随时释放。', '包年包月預付費，價格更低；依量計費按小時結算，隨時釋放。'],
      ['两种方式可在资源详情页相互转换。', '兩種方式可在資源詳情頁相互轉換。'],
    ],
  ],
  [
    ['费用', '費用'],
    ['如何申请发票', '如何申請發票'],
    [['在费用中心的发票管理中填写抬头与邮寄地址，提交后 3 个工作日内开具。', '在費用中心的發票管理中填寫抬頭與郵寄地址，送出後 3 個工作天內開立。']],
  ],
  [
    ['审批', '簽核'],
    ['为什么我的申请一直在审批中', '為什麼我的申請一直在簽核中'],
    [
      ['申请会按审批流程逐级流转，可在我的申请中查看当前审批人。', '申請會依簽核流程逐級流轉，可在我的申請中查看目前簽核人。'],
      ['超过时限未处理的申请会自动升级到上一级审批人。', '超過時限未處理的申請會自動升級到上一級簽核人。'],
    ],
  ],
  [
    ['安全', '安全'],
    ['如何开启登录保护', '如何開啟登入保護'],
    [['在账号信息中绑定手机号，敏感操作会要求短信验证码。', '在帳號資訊中綁定手機號碼，敏感操作會要求簡訊驗證碼。']],
  ],
];

const MANUALS: [Two, Two, Two[]][] = [
  [
    ['快速入门', '快速入門'],
    ['控制台快速入门', '主控台快速入門'],
    [
      ['本手册介绍登录、选择项目、购买第一台云主机的完整步骤。', '本手冊介紹登入、選擇專案、購買第一台雲端主機的完整步驟。'],
      [
        '第一步：使用管理员分配的账号登录。第二步：在顶部选择租户与项目。第三步：进入云主机页面点击“创建”。',
        '第一步：使用管理員分配的帳號登入。第二步：在頂部選擇租戶與專案。第三步：進入雲端主機頁面點選「建立」。',
      ],
    ],
  ],
  [
    ['审批', '簽核'],
    ['审批人操作指南', '簽核人操作指南'],
    [
      ['审批人可在手机上查看待办、批量通过或驳回申请。', '簽核人可在手機上查看待辦、批次通過或駁回申請。'],
      ['离线时的审批会在网络恢复后自动提交。', '離線時的簽核會在網路恢復後自動送出。'],
    ],
  ],
  [
    ['网络', '網路'],
    ['VPC 与子网规划指南', 'VPC 與子網規劃指南'],
    [['建议为每个业务系统规划独立 VPC，并按可用区划分子网。', '建議為每個業務系統規劃獨立 VPC，並依可用區劃分子網。']],
  ],
  [
    ['数据库', '資料庫'],
    ['云数据库备份与恢复', '雲資料庫備份與還原'],
    [['实例默认每日自动全量备份，可按时间点恢复到新实例。', '執行個體預設每日自動完整備份，可依時間點還原到新執行個體。']],
  ],
];

const JOURNEYS: [Two, Two, Two[]][] = [
  [
    ['制造', '製造'],
    ['制造企业 ERP 上云之旅', '製造企業 ERP 上雲之旅'],
    [
      ['评估：盘点 120 台物理机与虚拟机，按业务重要性分批。', '評估：盤點 120 台實體機與虛擬機，依業務重要性分批。'],
      ['迁移：先迁移测试环境，再通过数据传输服务同步生产库。', '遷移：先遷移測試環境，再透過資料傳輸服務同步正式庫。'],
      ['运营：按项目设置配额与审批，账单按部门分摊。', '營運：依專案設定配額與簽核，帳單依部門分攤。'],
    ],
  ],
  [
    ['金融', '金融'],
    ['金融同城双活建设之旅', '金融同城雙活建置之旅'],
    [
      ['规划两个可用区的网络与数据库主备。', '規劃兩個可用區的網路與資料庫主備。'],
      ['演练切换流程，确保 RPO 为零、RTO 小于 30 秒。', '演練切換流程，確保 RPO 為零、RTO 小於 30 秒。'],
      ['防火墙策略全部走审批，满足监管要求。', '防火牆策略全部走簽核，符合主管機關要求。'],
    ],
  ],
  [
    ['物流', '物流'],
    ['物流调度平台建设之旅', '物流調度平台建置之旅'],
    [
      ['车辆定位数据经消息中心汇入日志平台。', '車輛定位資料經訊息中心匯入日誌平台。'],
      ['调度系统部署在容器服务上，按单量自动伸缩。', '調度系統部署在容器服務上，依單量自動伸縮。'],
      ['司机与调度员在手机上处理告警与回单。', '司機與調度員在手機上處理警示與回單。'],
    ],
  ],
  [
    ['园区', '園區'],
    ['智慧园区一张图之旅', '智慧園區一張圖之旅'],
    [
      ['接入安防摄像头、门禁与能耗表计。', '接入安防攝影機、門禁與能耗電表。'],
      ['数据统一存储在对象存储，历史视频按策略归档。', '資料統一儲存在物件儲存，歷史影片依策略封存。'],
      ['管理人员在平板上查看园区运行看板。', '管理人員在平板上查看園區運作看板。'],
    ],
  ],
];

/** A price calculator: its script runs only inside the sandboxed frame. */
const CALCULATOR = {
  name: '价格计算器',
  html_code:
    '<div class="calc"><p class="calc-title">{{ title }}</p><label>核数 <select id="cpu"><option>2</option><option selected>4</option><option>8</option><option>16</option></select></label><label>时长（月）<input id="months" type="number" min="1" max="36" value="12"></label><p class="calc-total">预估费用：<strong id="total">—</strong></p></div>',
  css_code:
    '.calc{font:15px/1.6 system-ui,sans-serif;padding:16px;border:1px solid #d6e4ff;border-radius:10px;background:#f5f9ff;color:#1f2329}.calc label{display:block;margin:8px 0}.calc select,.calc input{margin-left:8px;min-height:36px;font-size:15px}.calc-title{font-weight:600;margin:0 0 8px}.calc-total strong{color:#1366d6;font-size:18px}',
  js_code:
    "function calc(){var c=+document.getElementById('cpu').value;var m=+document.getElementById('months').value||1;var y=c*49.5*m*(m>=12?0.83:1);document.getElementById('total').textContent='¥'+y.toFixed(2);}document.getElementById('cpu').onchange=calc;document.getElementById('months').oninput=calc;calc();",
  data_json: { title: '按核数与时长估算云主机费用（包年八三折）' },
};

export async function seedPortal(db: Db): Promise<void> {
  const tplId = newId();
  await db
    .insertInto('portal_templates')
    .values([
      { id: tplId, kind: 'template', ...CALCULATOR, data_json: JSON.stringify(CALCULATOR.data_json), published: true },
      {
        id: newId(),
        kind: 'custom_page',
        name: '年终上云优惠',
        html_code:
          '<section class="promo"><h2>{{ title }}</h2><p>{{ text }}</p><ul><li>云主机 4 核 8 GB 包年 1,980 元起</li><li>云硬盘 500 GB 包年 1,590 元起</li><li>对象存储资源包 1 TB 包年 999 元</li></ul><a href="/portal/bms">了解裸金属服务器</a></section>',
        css_code:
          '.promo{padding:20px;border-radius:12px;background:linear-gradient(135deg,#e8f1ff,#fff)}.promo h2{margin:0 0 8px;color:#0b3d91}.promo li{margin:6px 0}',
        js_code: '',
        data_json: JSON.stringify({ title: '年终上云季', text: '即日起至 12 月 31 日，新购包年资源享额外优惠。' }),
        published: true,
      },
    ])
    .execute();
  await db
    .insertInto('portal_pages')
    .values(
      PORTAL_PRODUCTS.map((p) => ({
        product_id: p.key,
        content: JSON.stringify(
          Object.fromEntries(LANGUAGES.map((lang) => [lang, landingContent(p, lang, ['bms', 'ebs', 'rds_mysql', 'cdh'].includes(p.key) ? tplId : null)])),
        ),
      })),
    )
    .execute();
  const rows = [
    ...announcements(),
    ...news(),
    ...HELP.map(([c, title, body], i) => article('help', c, title, body[0]!, body, 30 + i)),
    ...MANUALS.map(([c, title, body], i) => article('manual', c, title, body[0]!, body, 40 + i)),
    ...JOURNEYS.map(([c, title, body], i) => article('scenario', c, title, body[0]!, body, 50 + i)),
  ];
  await db.insertInto('portal_articles').values(rows).execute();
}
