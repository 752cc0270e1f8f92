// The public portal's pages (issue 14): every landing page from one data-driven component, the
// article lists and details, the information pages, the code-hosting sign-in, host connection,
// self-check and custom pages. Each is lazy and loads the `site` texts (landing pages, states) and, except landing pages, `site_tools`
// (articles, products, information pages, tools) beside its own chunk, so
// none of it is in the portal home's first load.
import type { ComponentType } from 'react';
import { loadNamespace } from '../lib/i18n.ts';

type PageLoader = () => Promise<{ default: ComponentType }>;

const withSite =
  (load: PageLoader, tools = false): PageLoader =>
  async () =>
    (await Promise.all([load(), loadNamespace('site'), tools ? loadNamespace('site_tools') : undefined]))[0];

const landing = withSite(() => import('../features/portal/landing-page.tsx'));
const articles = withSite(() => import('../features/portal/articles-page.tsx'), true);
const detail = withSite(() => import('../features/portal/article-detail-page.tsx'), true);
const info = withSite(() => import('../features/portal/info-page.tsx'), true);

/** What each of the portal's routes shows (listed by name in pages.ts). */
export const portalPage = {
  landing,
  articles,
  detail,
  info,
  allProducts: withSite(() => import('../features/portal/all-products-page.tsx'), true),
  test: withSite(() => import('../features/portal/test-page.tsx'), true),
  gitSignIn: withSite(() => import('../features/portal/git-sign-in-page.tsx'), true),
  hostConnect: withSite(() => import('../features/portal/host-connect-page.tsx'), true),
  customPage: withSite(() => import('../features/portal/custom-page.tsx'), true),
} as const;
