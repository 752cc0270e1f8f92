// Which feature renders which route (composition lives in web/app). A route whose feature is not
// built yet gets the under-construction page: never blank, never the not-found page.
import type { ComponentType } from 'react';

type PageModule = { default: ComponentType };
export type PageLoader = () => Promise<PageModule>;

const underConstruction: PageLoader = () => import('../features/under-construction/under-construction-page.tsx');
const consoleHome: PageLoader = () => import('../features/console-home/console-home-page.tsx');
const resources: PageLoader = () => import('../features/resources/resources-page.tsx');
const approvals: PageLoader = () => import('../features/approvals/approvals-page.tsx');

/** Route name → page module, for pages that are not a resource kind's (those come from the registry). */
export const PAGES: Readonly<Record<string, PageLoader>> = {
  login: () => import('../features/auth/login-page.tsx'),
  portal: () => import('../features/portal/portal-home-page.tsx'),
  productRoute: () => import('../features/portal/product-page.tsx'),
  accountinfo: () => import('../features/account/account-page.tsx'),
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
  tenantBillOverview: () => import('../features/billing/bill-overview-page.tsx'),
  projectBillOverview: () => import('../features/billing/bill-overview-page.tsx'),
  billOverviewMixcloud: () => import('../features/billing/bill-overview-page.tsx'),
  billOverviewPublicCloud: () => import('../features/billing/bill-overview-page.tsx'),
  bilDetailPublicCloud: () => import('../features/billing/bill-detail-page.tsx'),
  tenantBillDetail: () => import('../features/billing/bill-detail-page.tsx'),
  projectBillDetail: () => import('../features/billing/bill-detail-page.tsx'),
  billCheck: () => import('../features/billing/bill-check-page.tsx'),
  downloadRecord_downloadBill: resources,
  costCenter: () => import('../features/billing/cost-center-page.tsx'),
};

/**
 * Routes that show a resource kind are not listed: the kind registry says which they are
 * (kind-views.ts kindPageIndex over the kinds' `routes`), read when such a page is first opened so
 * the kinds stay out of the first screen. A kind's folder is all a new kind's pages need.
 */
const kindPage =
  (name: string): PageLoader =>
  async () => {
    const [{ KINDS }, { kindPageIndex }] = await Promise.all([import('../../domain/kinds/registry.ts'), import('../../domain/kinds/kind-views.ts')]);
    return kindPageIndex(KINDS).has(name) ? resources() : underConstruction();
  };

export const pageFor = (name: string): PageLoader => PAGES[name] ?? kindPage(name);
export const notFoundPage: PageLoader = () => import('../features/not-found/not-found-page.tsx');
