// The console's routes and their page modules (see pages.ts): this module loads with the first console
// page, so the portal and sign-in pages do not carry the console's route map and import map.
import type { ComponentType } from 'react';
import { loadNamespace } from '../lib/i18n.ts';

type PageLoader = () => Promise<{ default: ComponentType }>;

const CONSOLE_PAGES: Readonly<Record<string, PageLoader>> = {
  'console-home/console-home-page': () => import('../features/console-home/console-home-page.tsx'),
  'resources/resources-page': () => import('../features/resources/resources-page.tsx'),
  'approvals/approvals-page': () => import('../features/approvals/approvals-page.tsx'),
  'alarms/alarms-page': () => import('../features/alarms/alarms-page.tsx'),
  'alarms/monitor-page': () => import('../features/alarms/monitor-page.tsx'),
  'alarms/overview-page': () => import('../features/alarms/overview-page.tsx'),
  'alarms/rules-page': () => import('../features/alarms/rules-page.tsx'),
  'alarms/renewal-page': () => import('../features/alarms/renewal-page.tsx'),
  'account/account-page': () => import('../features/account/account-page.tsx'),
  'notify/messages-page': () => import('../features/notify/messages-page.tsx'),
  'notify/message-detail-page': () => import('../features/notify/message-detail-page.tsx'),
  'notify/settings-page': () => import('../features/notify/settings-page.tsx'),
  'notify/channels-page': () => import('../features/notify/channels-page.tsx'),
  'notify/oplog-page': () => import('../features/notify/oplog-page.tsx'),
  'desk/workorder-list-page': () => import('../features/desk/workorder-list-page.tsx'),
  'desk/workorder-add-page': () => import('../features/desk/workorder-add-page.tsx'),
  'desk/workorder-detail-page': () => import('../features/desk/workorder-detail-page.tsx'),
  'desk/opinion-list-page': () => import('../features/desk/opinion-list-page.tsx'),
  'desk/opinion-add-page': () => import('../features/desk/opinion-add-page.tsx'),
  'desk/opinion-detail-page': () => import('../features/desk/opinion-detail-page.tsx'),
  'account/handle-phone-page': () => import('../features/account/handle-phone-page.tsx'),
  'account/real-name-page': () => import('../features/account/real-name-page.tsx'),
  'billing/bill-overview-page': () => import('../features/billing/bill-overview-page.tsx'),
  'billing/bill-detail-page': () => import('../features/billing/bill-detail-page.tsx'),
  'billing/bill-check-page': () => import('../features/billing/bill-check-page.tsx'),
  'billing/cost-center-page': () => import('../features/billing/cost-center-page.tsx'),
  'access/users-groups-page': () => import('../features/access/users-groups-page.tsx'),
  'access/group-detail-page': () => import('../features/access/group-detail-page.tsx'),
  'access/policies-page': () => import('../features/access/policies-page.tsx'),
  'access/policy-detail-page': () => import('../features/access/policy-detail-page.tsx'),
  'access/templates-page': () => import('../features/access/templates-page.tsx'),
  'access/template-detail-page': () => import('../features/access/template-detail-page.tsx'),
  'access/empower-page': () => import('../features/access/empower-page.tsx'),
};

/** The area texts a feature's pages need beside the console's (lib/i18n.ts AREA_NAMESPACES). */
const AREA_TEXTS: Readonly<Record<string, readonly string[]>> = {
  alarms: ['alarms'],
  billing: ['billing'],
  desk: ['desk'],
  notify: ['notify'],
  account: ['account', 'desk'],
  access: ['access'],
};
const load =
  (key: string): PageLoader =>
  async () => {
    const texts = AREA_TEXTS[key.slice(0, key.indexOf('/'))] ?? [];
    return (await Promise.all([CONSOLE_PAGES[key]!(), ...texts.map(loadNamespace)]))[0];
  };
const consoleHome = load('console-home/console-home-page');
const resources = load('resources/resources-page');
const approvals = load('approvals/approvals-page');
const alarms = load('alarms/alarms-page');
const monitor = load('alarms/monitor-page');
const monitorOverview = load('alarms/overview-page');
const alarmRules = load('alarms/rules-page');
const renewals = load('alarms/renewal-page');
/** the resource kinds' screens (kind routes that no one names resolve to it) */
export const resourcesPage = resources;

/** Console route name → page module (kind routes come from the registry: pages.ts). */
export const CONSOLE_ROUTES: Readonly<Record<string, PageLoader>> = {
  accountinfo: load('account/account-page'),
  homeOperation: consoleHome,
  cloudResourceGeneral: consoleHome,
  downloadRecord: resources,
  downloadRecord_downloadResource: resources,
  certificate: resources,
  certificateAdd: resources,
  certificateBuy: resources,
  UploadOwnCertificate: resources,
  SSLCertificate: resources,
  dns: resources,
  dnsDetail: resources,
  dnsInternet: resources,
  dnsInternetDetail: resources,
  dnsBuy: resources,
  cdnTab: resources,
  cdnTab_cdnManage: resources,
  cdnTab_cdnWatch: resources,
  cdnTab_refreshPreheat: resources,
  cdnAdd: resources,
  cdnDetail: resources,
  refreshPreheatConfig: resources,
  smartDns: resources,
  smartDns_domain: resources,
  smartDns_domainDetail: resources,
  httpDnsManage: resources,
  httpDnsManage_httpDns: resources,
  httpDnsManage_httpDomainList: resources,
  httpDnsDetail: resources,
  gtmManage: resources,
  gtmDetail: resources,
  gtmDetail_globarSet: resources,
  gtmDetail_policyAdd: resources,
  gtmDetail_gtmLog: resources,
  selfApprovalManage: approvals,
  selfApprovalDetail: approvals,
  manageApprovalDetail: approvals,
  approvalManage: approvals,
  approvalAdd: approvals,
  monitorAlarm: alarms,
  'pass-monitor_alerMessage': alarms,
  'pass-monitor_alert-history': alarms,
  'pass-monitor': monitorOverview,
  'pass-monitor_monitor': monitorOverview,
  'pass-monitor_alerRules': alarmRules,
  projectAlarmConfig: alarmRules,
  monitorAlarm_alarmNorenew: renewals,
  monitorAlarm_alarmRenew: renewals,
  ecsMonitor: monitor,
  ecsWinMonitor: monitor,
  winEcsMonitor: monitor,
  bmsMonitor: monitor,
  bmsWinMonitor: monitor,
  cdhMonitor: monitor,
  // ── message centre, notification channels, operation log (issues 11/12, features/notify) ──
  siteMessages: load('notify/messages-page'),
  siteMessages_unread: load('notify/messages-page'),
  siteMessages_all: load('notify/messages-page'),
  siteMessagesDetail: load('notify/message-detail-page'),
  siteMessasgesSet: load('notify/settings-page'),
  notifyChannels: load('notify/channels-page'),
  logManage: load('notify/oplog-page'),
  workorderList: load('desk/workorder-list-page'),
  workorderAdd: load('desk/workorder-add-page'),
  workorderDetail: load('desk/workorder-detail-page'),
  opinionList: load('desk/opinion-list-page'),
  opinionAdd: load('desk/opinion-add-page'),
  opinionDetail: load('desk/opinion-detail-page'),
  handlePhone: load('account/handle-phone-page'),
  portal_portalHandlePhone: load('account/handle-phone-page'),
  portal_portalAccountInfo: load('account/account-page'),
  userCenter: load('account/account-page'),
  auth: load('account/real-name-page'),
  // ── access: users and groups, policies, templates, empower (issue 15, features/access) ──
  usersGroupManage: load('access/users-groups-page'),
  usersGroupManageDetail: load('access/group-detail-page'),
  policiesManage: load('access/policies-page'),
  policiesManageDetail: load('access/policy-detail-page'),
  policieTemplates: load('access/templates-page'),
  policieTemplatesDetail: load('access/template-detail-page'),
  empower: load('access/empower-page'),
  tenantBillOverview: load('billing/bill-overview-page'),
  projectBillOverview: load('billing/bill-overview-page'),
  billOverviewMixcloud: load('billing/bill-overview-page'),
  billOverviewPublicCloud: load('billing/bill-overview-page'),
  bilDetailPublicCloud: load('billing/bill-detail-page'),
  tenantBillDetail: load('billing/bill-detail-page'),
  projectBillDetail: load('billing/bill-detail-page'),
  billCheck: load('billing/bill-check-page'),
  downloadRecord_downloadBill: resources,
  costCenter: load('billing/cost-center-page'),
};
