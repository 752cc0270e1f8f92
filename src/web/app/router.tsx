// The data router: every route of routes.json, lazily loaded, with its metadata, guards and
// redirects (seed 000 §2). The rules themselves are pure functions in src/domain/navigation/.
import { createBrowserRouter, Outlet, redirect, redirectDocument, type LoaderFunctionArgs, type RouteObject } from 'react-router';
import { allowedMenuUrls } from '../../domain/navigation/menu-urls.ts';
import { ROUTE_TABLE, type RouteDef } from '../../domain/navigation/route-table.ts';
import { consoleUrlTest, guardRoute, isConsoleRoute, loginUrl, redirectTarget, resolveUnmatched, routeMeta } from '../../domain/navigation/rules.ts';
import { catalogueRoutes, type Catalogue } from '../../domain/navigation/catalogue.ts';
import { ensureSession, ensureShellData } from '../lib/auth-flow.ts';
import { get } from '../lib/request.ts';
import { pushNotice } from '../lib/notices.ts';
import { addNamespacePart, i18next, loadConsoleNamespaces, loadNamespace } from '../lib/i18n.ts';
import type { PageHandle } from '../lib/hooks.ts';
import { menuListAtom, menusLoadedAtom, returnPathAtom, store, territoriesAtom } from '../lib/store.ts';
import { RootLayout } from './root-layout.tsx';
import { RouteError } from './route-error.tsx';
import { KIND_COMMON_TEXTS, KIND_LIST_ROUTES, loadUnlistedPageTexts, notFoundPage, PAGE_NAMESPACES, pageFor } from './pages.ts';
import './detail-tabs.ts';

/** Public pages shown without the portal header (full-screen tools and sign-in pages). */
const BARE = new Set(['test', 'login', 'users/sign_in', 'customPage', 'dmsManage', 'ecsCaeHostConnect', 'aiasistant']);

/** The catalogue (GET /api/v1/service-catalog) whose products become routes on the first unmatched navigation. */
const CATALOGUE_URL: string | null = 'v1/service-catalog';

type Layout = 'console' | 'portal' | 'bare';
function layoutOf(route: RouteDef): Layout {
  if (isConsoleRoute(route)) return 'console';
  if (route.area === 'public' && BARE.has(route.name)) return 'bare';
  return 'portal';
}

async function guard(route: RouteDef, request: Request): Promise<void> {
  if (!route.auth) return;
  const url = new URL(request.url);
  const here = url.pathname + url.search;
  const authenticated = await ensureSession();
  if (authenticated) {
    try {
      await ensureShellData();
    } catch {
      /* the request helper showed why; guard with what is known */
    }
  }
  const menusLoaded = store.get(menusLoadedAtom);
  const territories = store.get(territoriesAtom);
  const decision = guardRoute({
    route,
    url: here,
    authenticated,
    allowedMenuUrls: menusLoaded ? allowedMenuUrls(store.get(menuListAtom)) : null,
    territories: territories ? territories.length : null,
  });
  switch (decision.kind) {
    case 'allow':
      return;
    case 'login':
      store.set(returnPathAtom, { path: decision.returnTo, menuUrl: routeMeta(route).previousMenu });
      throw redirect(loginUrl(decision.returnTo));
    case 'deny':
      await loadNamespace('errors');
      pushNotice({ type: 'warning', description: i18next.t('errors:no_permission') });
      throw redirect(decision.redirect);
    case 'no_territory':
      await loadNamespace('errors');
      pushNotice({ type: 'warning', description: i18next.t('errors:no_permission') });
      throw redirect(decision.redirect);
  }
}

const RedirectPlaceholder = () => null;

/** Full-screen public pages (sign-in, tools): no header, but the page is the document's main landmark. */
const BareLayout = () => (
  <main className="ys-bare">
    <Outlet />
  </main>
);

function pageRoute(route: RouteDef, id: string, layout: Layout): RouteObject {
  const handle: PageHandle = { name: route.name, meta: routeMeta(route), path: route.path, parent: route.parent, area: route.area };
  const target = redirectTarget(route);
  if (target) {
    return {
      id,
      path: route.path,
      handle,
      // Never rendered: the loader always redirects (a component keeps react-router from warning).
      Component: RedirectPlaceholder,
      loader: async ({ request }: LoaderFunctionArgs) => {
        await guard(route, request);
        // Static manuals are files, not app routes: a full document load.
        throw target.startsWith('/docs/') ? redirectDocument(target) : redirect(target);
      },
    };
  }
  const load = pageFor(route.name);
  const namespaces = PAGE_NAMESPACES[route.name];
  // A kind's list route reads its kind's slice of the kinds' texts besides its namespaces (ADR 0036).
  const kindList = (KIND_LIST_ROUTES as readonly string[]).includes(route.name);
  // A page that shows statuses, vendors or kinds' names lists the kinds' common slice instead of all of `kinds`.
  const kindCommon = !kindList && namespaces?.includes(KIND_COMMON_TEXTS);
  const texts = () =>
    namespaces
      ? Promise.all([
          ...namespaces.filter((ns) => ns !== KIND_COMMON_TEXTS).map(loadNamespace),
          kindList ? import('../lib/kind-texts.ts').then((m) => m.loadKindListTexts(route.name)) : undefined,
          kindCommon ? addNamespacePart('kinds', '_common', () => import('virtual:kind-texts/_common').then((m) => m.default)) : undefined,
        ])
      : loadUnlistedPageTexts(route.name);
  return {
    id,
    path: route.path,
    handle,
    loader: async ({ request }: LoaderFunctionArgs) => {
      await guard(route, request);
      return null;
    },
    // A console page needs the console's texts (or the ones it lists): they load with its chunk.
    lazy: async () => {
      const [page] = await Promise.all([load(), layout === 'console' ? texts() : undefined]);
      return { Component: page.default };
    },
  };
}

/** The portal's and the bare pages' routes: built at start (the first screens are among them). */
function buildPageRoutes(): Record<Exclude<Layout, 'console'>, RouteObject[]> {
  const out: Record<Exclude<Layout, 'console'>, RouteObject[]> = { portal: [], bare: [] };
  const seen = new Map<string, number>();
  for (const route of ROUTE_TABLE) {
    const n = (seen.get(route.name) ?? 0) + 1;
    seen.set(route.name, n);
    const layout = layoutOf(route);
    if (layout !== 'console') out[layout].push(pageRoute(route, n === 1 ? route.name : `${route.name}#${n}`, layout));
  }
  return out;
}

/**
 * The console's routes (348 of the 434) are built, and ranked by the router, only when a URL might be
 * one of them (patchRoutesOnNavigation below): the portal's and sign-in's start-up does not pay for
 * them (ADR 0033 addendum). Same ids as when they were built at start.
 */
function buildConsoleRoutes(): RouteObject[] {
  const out: RouteObject[] = [];
  const seen = new Map<string, number>();
  for (const route of ROUTE_TABLE) {
    const n = (seen.get(route.name) ?? 0) + 1;
    seen.set(route.name, n);
    if (layoutOf(route) === 'console') out.push(pageRoute(route, n === 1 ? route.name : `${route.name}#${n}`, 'console'));
  }
  return [...out, OUTBOX, NOTIFY_CHANNELS];
}

let mayBeConsole: ((pathname: string) => boolean) | null = null;
let consoleAdded = false;
type PatchArgs = { path: string; signal: AbortSignal; patch: (routeId: string | null, children: RouteObject[]) => void };
/** Adds the console's routes the first time the router sees a URL that may be one of them (its pathname). */
function patchRoutesOnNavigation({ path, signal, patch }: PatchArgs): void {
  if (consoleAdded || signal.aborted) return;
  mayBeConsole ??= consoleUrlTest(ROUTE_TABLE, [OUTBOX.path!, NOTIFY_CHANNELS.path!]);
  if (!mayBeConsole(path.split('?')[0]!)) return;
  patch('layout-console', buildConsoleRoutes());
  consoleAdded = true;
}

let catalogueTried = false;
/** Adds the catalogue's product routes once; true when the path now has a route. */
async function tryCatalogue(pathname: string): Promise<boolean> {
  if (catalogueTried || !CATALOGUE_URL) return false;
  catalogueTried = true;
  try {
    const catalogue = await get<Catalogue>(CATALOGUE_URL, undefined, { isNeedloading: false, notice: false });
    const added = catalogueRoutes(
      catalogue,
      ROUTE_TABLE.map((r) => r.path),
    );
    if (!added.length) return false;
    const productPage = pageFor('productRoute');
    router.patchRoutes(
      'layout-portal',
      added.map((p) => ({
        id: `product:${p.path}`,
        path: p.path,
        handle: {
          name: 'productRoute',
          meta: { title: 'routes:productRoute', requireAuth: false, keepAlive: false },
          path: p.path,
          area: 'portal',
          productId: p.productId,
        },
        lazy: async () => ({ Component: (await productPage()).default }),
      })),
    );
    return added.some((p) => p.path === pathname);
  } catch {
    return false;
  }
}

const pages = buildPageRoutes();

/** Queued offline writes (not a route of the seed; the offline store links here). */
const OUTBOX: RouteObject = {
  id: 'outbox',
  path: '/outbox',
  handle: { name: 'outbox', meta: { title: 'shell:outbox', requireAuth: false, keepAlive: false }, path: '/outbox', area: 'console' } satisfies PageHandle,
  lazy: async () => {
    const [page] = await Promise.all([import('./outbox-route.tsx'), loadConsoleNamespaces()]);
    return { Component: page.default };
  },
};

/**
 * A project's notification channels (issue 11): no route of the seed fits, so the app adds
 * `notifyChannels` at /notifyChannels beside the seed's routes (docs/decisions/0017-notifications-and-operation-log.md).
 */
const NOTIFY_CHANNELS = pageRoute(
  { path: '/notifyChannels', name: 'notifyChannels', area: 'console.operations', auth: true, sample: '/notifyChannels' },
  'notifyChannels',
  'console',
);

export const routes: RouteObject[] = [
  {
    // not 'root': that is the name of the '/' route in routes.json
    id: 'app',
    Component: RootLayout,
    errorElement: <RouteError />,
    HydrateFallback: () => null,
    loader: async () => {
      await ensureSession();
      return null;
    },
    // Pages keep their own loaders; the root's session check runs once per page load.
    shouldRevalidate: () => false,
    children: [
      { id: 'layout-portal', lazy: async () => ({ Component: (await import('./layouts/portal-layout.tsx')).PortalLayout }), children: pages.portal },
      {
        id: 'layout-console',
        // The layout's texts are the shell's; each page route loads its own namespaces.
        lazy: async () => ({ Component: (await import('./layouts/console-layout.tsx')).ConsoleLayout }),
        // Added on the first URL that may be a console route (patchRoutesOnNavigation).
        children: [],
      },
      { id: 'layout-bare', Component: BareLayout, children: pages.bare },
      {
        id: 'not-found',
        path: '*',
        handle: {
          name: 'not-found',
          meta: { title: 'shell:not_found.title', requireAuth: false, keepAlive: false },
          path: '*',
          area: 'public',
        } satisfies PageHandle,
        loader: async ({ request }: LoaderFunctionArgs) => {
          const url = new URL(request.url);
          if (await tryCatalogue(url.pathname)) throw redirect(url.pathname + url.search);
          const target = resolveUnmatched(url.pathname);
          if (target) throw redirect(target);
          return null;
        },
        lazy: async () => ({ Component: (await notFoundPage()).default }),
      },
    ],
  },
];

export const router = createBrowserRouter(routes, { patchRoutesOnNavigation });
