// Which feature renders which route (composition lives in web/app). A route whose feature is not
// built yet gets the under-construction page: never blank, never the not-found page.
import type { ComponentType } from 'react';
import { portalPage } from './portal-pages.ts';
import { loadConsoleNamespaces } from '../lib/i18n.ts';

type PageModule = { default: ComponentType };
export type PageLoader = () => Promise<PageModule>;

const underConstruction: PageLoader = () => import('../features/under-construction/under-construction-page.tsx');

/**
 * Route name → page module for the public pages; the console's are CONSOLE_ROUTES in console-pages.ts and
 * resource kinds' come from the registry.
 */
export const PAGES: Readonly<Record<string, PageLoader>> = {
  login: () => import('../features/auth/login-page.tsx'),
  portal: () => import('../features/portal/portal-home-page.tsx'),
  productRoute: () => import('../features/portal/product-page.tsx'),
  // ── The public portal (issue 14): every landing page from one component, articles, information pages ──
  portal_adam: portalPage.landing,
  portal_atp: portalPage.landing,
  portal_apiGateway: portalPage.landing,
  portal_bms: portalPage.landing,
  portal_cdh: portalPage.landing,
  portal_cbs: portalPage.landing,
  portal_cdn: portalPage.landing,
  portal_cm: portalPage.landing,
  portal_customer: portalPage.landing,
  portal_consult: portalPage.landing,
  portal_container: portalPage.landing,
  portal_dbs: portalPage.landing,
  portal_devOps: portalPage.landing,
  portal_dnsAd: portalPage.landing,
  portal_dts: portalPage.landing,
  portal_dtsTransfer: portalPage.landing,
  portal_elb: portalPage.landing,
  portal_ebs: portalPage.landing,
  portal_firewall: portalPage.landing,
  portal_friendlyLink: portalPage.landing,
  portal_insurance: portalPage.landing,
  portal_imagePlat: portalPage.landing,
  portal_insInter: portalPage.landing,
  portal_it_service: portalPage.landing,
  portal_jumpCenter: portalPage.landing,
  portal_ls: portalPage.landing,
  portal_logPlat: portalPage.landing,
  portal_mongodb: portalPage.landing,
  portal_mdp: portalPage.landing,
  portal_microservice: portalPage.landing,
  portal_messageCenter: portalPage.landing,
  portal_behaviorAnalysisPlat: portalPage.landing,
  portal_audioVideoServices: portalPage.landing,
  portal_taskSchedulePlat: portalPage.landing,
  portal_cloudBroadcast: portalPage.landing,
  portal_nat: portalPage.landing,
  portal_nas: portalPage.landing,
  portal_NATNetwork: portalPage.landing,
  portal_obs: portalPage.landing,
  portal_oracle: portalPage.landing,
  portal_portal: portalPage.landing,
  portal_publicIp: portalPage.landing,
  portal_partner: portalPage.landing,
  portal_rds_mysql: portalPage.landing,
  portal_rds_oracle: portalPage.landing,
  portal_rds_postgre: portalPage.landing,
  portal_rds_server: portalPage.landing,
  portal_redis: portalPage.landing,
  portal_rp: portalPage.landing,
  portal_vpc_p: portalPage.landing,
  Logistics: portalPage.landing,
  Park: portalPage.landing,
  Storage: portalPage.landing,
  allProducts: portalPage.allProducts,
  serviceAnnouncement: portalPage.articles,
  cloudDynamic: portalPage.articles,
  helpCenter: portalPage.articles,
  userManual: portalPage.articles,
  serviceAnnouncementDetail: portalPage.detail,
  cloudDynamicDetail: portalPage.detail,
  senceJourney: portalPage.detail,
  about: portalPage.info,
  support: portalPage.info,
  'contact-us': portalPage.info,
  contactList: portalPage.info,
  operationProcess: portalPage.info,
  dmsManage: portalPage.info,
  aiasistant: portalPage.info,
  test: portalPage.test,
  'users/sign_in': portalPage.gitSignIn,
  ecsCaeHostConnect: portalPage.hostConnect,
  customPage: portalPage.customPage,
  // The console home and the resource overview, the first console screen after signing in (issue 28):
  // straight to their page, without first reading the console's route map (console-pages.ts, 8.5 KB).
  homeOperation: () => import('../features/console-home/console-home-page.tsx'),
  cloudResourceGeneral: () => import('../features/console-home/console-home-page.tsx'),
};

/**
 * Routes that show a resource kind are not listed: the build's map of the kinds' routes says which they
 * are (ROUTE_KINDS, kind-screens.ts routeTextKinds over the kinds' `routes`), read when such a page is first
 * opened, so neither the kinds nor their list models are in the first screen's way. A kind's folder is all a new kind's pages need.
 */
const consoleOrKindPage =
  (name: string): PageLoader =>
  async () => {
    // A kind's plain list route (KIND_LIST_ROUTES) and every route a kind claims (ROUTE_KINDS, the
    // build's map: kind-screens.ts routeTextKinds) but the few with a console page of their own are the
    // resource page; neither the registry nor the console's route map (console-pages.ts) is read for them.
    if ((KIND_LIST_ROUTES as readonly string[]).includes(name) || (await isResourceRoute(name))) return resourcesPage();
    const { CONSOLE_ROUTES } = await import('./console-pages.ts');
    return (CONSOLE_ROUTES[name] ?? underConstruction)();
  };

/** The resource kinds' screens (console-pages.ts names the same module for the routes it lists). */
const resourcesPage: PageLoader = () => import('../features/resources/resources-page.tsx');

/**
 * The routes a kind claims whose page is a console page of its own, not the resource page (the hosts'
 * and bare-metal servers' monitors): tests/unit/list-screens.test.ts holds this to console-pages.ts.
 */
export const KIND_ROUTES_WITH_OWN_PAGE: readonly string[] = ['ecsMonitor', 'bmsMonitor', 'bmsWinMonitor', 'cdhMonitor'];

/** Whether the resource page shows a route (a route a kind claims, ROUTE_KINDS, without a page of its own). */
async function isResourceRoute(name: string): Promise<boolean> {
  // (a page listing its namespaces is a console page of its own, or a kind list of KIND_LIST_ROUTES)
  if (KIND_ROUTES_WITH_OWN_PAGE.includes(name) || Object.hasOwn(PAGE_NAMESPACES, name)) return false;
  const { ROUTE_KINDS } = await import('virtual:route-kinds');
  return Object.hasOwn(ROUTE_KINDS, name);
}

/**
 * The texts of a console page not in PAGE_NAMESPACES, by rule (ADR 0072, second addendum): a route the
 * resource screens show (every kind's list, detail, detail tab, recycle bin; ROUTE_KINDS) loads the
 * resource texts and the slices of its kinds' texts (lib/kind-texts.ts loadKindRouteTexts); what its
 * lazy parts read beyond them loads with each part. Every other console page loads every console
 * namespace. Resolves when the texts are in.
 */
export async function loadUnlistedPageTexts(name: string): Promise<void> {
  if (await isResourceRoute(name)) await import('../lib/kind-texts.ts').then((m) => m.loadKindRouteTexts(name));
  else await loadConsoleNamespaces();
}

export const pageFor = (name: string): PageLoader => PAGES[name] ?? consoleOrKindPage(name);
export const notFoundPage: PageLoader = () => import('../features/not-found/not-found-page.tsx');

/**
 * The kinds' plain list routes (a kind's `routes.list` that the resource screens show as a list;
 * tests/unit/list-screens.test.ts checks each against the registry). On a phone their first screen
 * is the card list, which reads the resource and kind texts only (and the create button's `forms`
 * label); every other part of the resource screens (a detail pane, a form, a desktop table, the
 * more-actions sheet with its refusal texts) loads the console's texts with its chunk
 * (`withConsoleTexts`, lib/i18n.ts). ADR 0031.
 */
export const KIND_LIST_ROUTES = [
  'ecsManage',
  'volumeManage',
  'snapshots_ecsSnapshot',
  'vpc',
  'subnet',
  'eipManage',
  'vip',
  'shareBand',
  'deployUnits',
  'images_customImage',
  'snapshots_ecsSnapshotPolicy',
  'balanceLoad',
  'natManage',
  'bmsManage',
  'cdhManage',
  'firewallManage',
  'vpcepManage_vpcepServices',
  'vpcepManage_vpcep',
  'sdwan_branchManage',
  'sdwan_routingTemplate',
  'certificate',
  'dns',
  'dnsInternet',
  'cloudAccountManage',
  'database',
  'cacheDatabase',
  'documentDatabase',
] as const;
// (and the slices of `kinds` their kind reads: lib/kind-texts.ts, ADR 0036)
const RESOURCE_LIST_NAMESPACES = ['resources'] as const;
/**
 * The kind lists whose page has a create form (create-rules.ts hasCreateForm; checked by
 * tests/unit/list-screens.test.ts): they also read its button's label, in `forms`.
 */
export const KIND_LISTS_WITH_CREATE_FORM: readonly string[] = ['vpc', 'subnet', 'cloudAccountManage'];

/**
 * The locale namespaces a page needs beyond the shell's and the public pages' (loaded with its
 * chunk). A page not listed here loads, if the resource screens show it, the resource texts and its
 * kinds' (loadUnlistedPageTexts), else every console namespace (loadConsoleNamespaces); listing
 * one keeps the others out of its first load (the approver's inbox on a phone, issue 10).
 * The error texts come with the first failed request either way.
 */
/** Not a namespace: the common slice of `kinds` (statuses, vendors, options, every kind's name; ADR 0036). */
export const KIND_COMMON_TEXTS = 'kinds#common';
export const PAGE_NAMESPACES: Readonly<Record<string, readonly string[]>> = {
  selfApprovalManage: ['approvals'],
  selfApprovalDetail: ['approvals', 'kinds'],
  manageApprovalDetail: ['approvals', 'kinds'],
  // The on-call home and the alarm lists (issue 28): their texts, and statuses and vendors of the
  // kinds; an alarm's detail loads the console's texts with its chunk (alarms-page.tsx).
  monitorAlarm: ['alarms', KIND_COMMON_TEXTS],
  'pass-monitor_alerMessage': ['alarms', KIND_COMMON_TEXTS],
  'pass-monitor_alert-history': ['alarms', KIND_COMMON_TEXTS],
  // The bills (issue 28: the tenant's bill on a tablet): their own texts.
  ...Object.fromEntries(
    [
      'tenantBillOverview',
      'projectBillOverview',
      'billOverviewMixcloud',
      'billOverviewPublicCloud',
      'bilDetailPublicCloud',
      'tenantBillDetail',
      'projectBillDetail',
      'billCheck',
      'costCenter',
    ].map((name) => [name, ['billing']]),
  ),
  // The message centre (issue 28): its own texts (a request's sentence comes written by the server).
  siteMessages: ['notify'],
  siteMessages_unread: ['notify'],
  siteMessages_all: ['notify'],
  siteMessagesDetail: ['notify'],
  // The operation log: its own texts (lines come labelled by the server).
  logManage: ['notify'],
  // The console home and the resource overview, the first screen after signing in (issue 28): their own
  // texts (the counts are labelled by their routes' names, which the shell has).
  homeOperation: ['home'],
  cloudResourceGeneral: ['home'],
  // The service desk (issue 28's field pages): its own texts (the phone rule loads `errors` when it refuses).
  workorderList: ['desk'],
  workorderDetail: ['desk'],
  workorderAdd: ['desk'],
  opinionList: ['desk'],
  opinionDetail: ['desk'],
  opinionAdd: ['desk'],
  ...Object.fromEntries(
    KIND_LIST_ROUTES.map((name) => [name, KIND_LISTS_WITH_CREATE_FORM.includes(name) ? [...RESOURCE_LIST_NAMESPACES, 'forms'] : RESOURCE_LIST_NAMESPACES]),
  ),
};
