// The public portal's pages (issue 14): every landing page from one data-driven component, the
// article lists and details, the information pages, the code-hosting sign-in, host connection,
// self-check and custom pages. Each is lazy and loads the `site` texts beside its own chunk, so
// none of it is in the portal home's first load.
import type { ComponentType } from 'react';
import { ROUTE_TABLE } from '../../domain/navigation/route-table.ts';
import { loadNamespace } from '../lib/i18n.ts';

type PageLoader = () => Promise<{ default: ComponentType }>;

const withSite =
  (load: PageLoader): PageLoader =>
  async () =>
    (await Promise.all([load(), loadNamespace('site')]))[0];

const landing = withSite(() => import('../features/portal/landing-page.tsx'));
const articles = withSite(() => import('../features/portal/articles-page.tsx'));
const detail = withSite(() => import('../features/portal/article-detail-page.tsx'));
const info = withSite(() => import('../features/portal/info-page.tsx'));

/** Portal children another issue builds (the account pages). */
const NOT_HERE = new Set(['portal_portalAccountInfo', 'portal_portalHandlePhone']);

export const PORTAL_PAGES: Readonly<Record<string, PageLoader>> = {
  ...Object.fromEntries(ROUTE_TABLE.filter((r) => r.area === 'portal' && r.name.startsWith('portal_') && !NOT_HERE.has(r.name)).map((r) => [r.name, landing])),
  Logistics: landing,
  Park: landing,
  Storage: landing,
  allProducts: withSite(() => import('../features/portal/all-products-page.tsx')),
  serviceAnnouncement: articles,
  cloudDynamic: articles,
  helpCenter: articles,
  userManual: articles,
  serviceAnnouncementDetail: detail,
  cloudDynamicDetail: detail,
  senceJourney: detail,
  about: info,
  support: info,
  'contact-us': info,
  contactList: info,
  operationProcess: info,
  dmsManage: info,
  test: withSite(() => import('../features/portal/test-page.tsx')),
  'users/sign_in': withSite(() => import('../features/portal/git-sign-in-page.tsx')),
  ecsCaeHostConnect: withSite(() => import('../features/portal/host-connect-page.tsx')),
  customPage: withSite(() => import('../features/portal/custom-page.tsx')),
};
