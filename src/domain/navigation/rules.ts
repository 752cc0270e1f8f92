// The navigation rules of seed 000 §2 as pure functions: route metadata, redirects, the 32-hex id
// fallback, the login and menu guards, the back button and the chunk-failure test. The web router
// (src/web/app/router.tsx) only wires these to react-router; tests/unit/navigation.test.ts covers them.
import { MENU_GROUPS } from './menu-groups.ts';
import { ROUTE_TABLE, type RouteDef } from './route-table.ts';

export interface RouteMeta {
  /** i18n key of the page title */
  title: string;
  requireAuth: boolean;
  /** list pages keep their state when the user opens a detail and comes back */
  keepAlive: boolean;
  /** the menu URL that stays highlighted on detail/add pages */
  previousMenu?: string;
  /** the menu group (breadcrumb leader) of console pages */
  leader?: string;
  /** where the back button goes: a route name or a path (with an optional query); else history */
  back?: string;
}

/**
 * The 32-hex id of the redirect rule. Same as ids.ts ID_PATTERN (a unit test checks), kept here so
 * the router does not pull zod into the first screen.
 */
export const REDIRECT_ID_PATTERN = /^[0-9a-f]{32}$/;

const FORM_OR_DETAIL = /(Detail|Add|Buy|Config|Edit|Monitor|Result|Mounted|Connect|Authorize|Login)(_|$)/;

/** Every menu URL any role may be given (the guard applies only to these). */
export const ALL_MENU_URLS: ReadonlySet<string> = new Set(MENU_GROUPS.flatMap((g) => g.items.map((i) => i.menuUrl)));

/** The menu URLs a route answers to: its own path, and for a tab child the bare segment name. */
export function menuUrlsOf(route: Pick<RouteDef, 'path' | 'name' | 'parent'>): string[] {
  const urls = [route.path];
  if (route.parent) urls.push(`/${route.name.slice(route.parent.length + 1)}`);
  return urls.filter((u) => ALL_MENU_URLS.has(u));
}

function menuStem(menuUrl: string): string {
  return menuUrl
    .slice(1)
    .replace(/(Manage|List)$/, '')
    .toLowerCase();
}

/** The menu entry a page belongs to: its own, its parent's, else the menu whose stem prefixes its name. */
export function previousMenuOf(route: RouteDef, table: readonly RouteDef[] = ROUTE_TABLE): string | undefined {
  const own = menuUrlsOf(route)[0];
  if (own) return own;
  if (route.parent) {
    const parent = table.find((r) => r.name === route.parent);
    const viaParent = parent && previousMenuOf(parent, table);
    if (viaParent) return viaParent;
  }
  if (!route.area.startsWith('console')) return undefined;
  const name = route.name.toLowerCase();
  let best: string | undefined;
  for (const url of ALL_MENU_URLS) {
    const stem = menuStem(url);
    if (stem.length >= 3 && name.startsWith(stem) && (!best || stem.length > menuStem(best).length)) best = url;
  }
  return best;
}

/** Breadcrumb leader: the area's group, e.g. `console.compute` → `compute`. */
export function leaderOf(route: RouteDef): string | undefined {
  return route.area.startsWith('console.') ? route.area.slice('console.'.length) : undefined;
}

export function routeMeta(route: RouteDef, table: readonly RouteDef[] = ROUTE_TABLE): RouteMeta {
  const isConsole = route.area.startsWith('console');
  const hasParams = route.path.includes(':');
  return {
    title: `routes:${route.name}`,
    requireAuth: route.auth,
    keepAlive: isConsole && !hasParams && !FORM_OR_DETAIL.test(route.name),
    previousMenu: previousMenuOf(route, table),
    leader: leaderOf(route),
    back: route.parent ? table.find((r) => r.name === route.parent)?.path : undefined,
  };
}

/** Static manual pages that some top-level paths redirect to (seed 000 §2). */
export const STATIC_DOCS: Readonly<Record<string, string>> = {
  vpsOperate: 'vps',
  physicalModel: 'physical-model',
  ossOperate: 'oss',
  privacyProtocol: 'privacy',
  whitepaper: 'whitepaper',
};
export const staticDocUrl = (product: string) => `/docs/${product}/manual.html`;

/** The target of a redirect route, or undefined. */
export function redirectTarget(route: Pick<RouteDef, 'name' | 'redirect'>): string | undefined {
  if (!route.redirect) return undefined;
  if (route.redirect === 'static-doc') {
    const product = STATIC_DOCS[route.name];
    return product ? staticDocUrl(product) : undefined;
  }
  return route.redirect;
}

/** Params a path template needs (optional ones end with `?`). */
export function pathParams(path: string): { name: string; optional: boolean }[] {
  return path
    .split('/')
    .filter((s) => s.startsWith(':'))
    .map((s) => ({ name: s.slice(1).replace(/\?$/, ''), optional: s.endsWith('?') }));
}

/** Fills a path template; undefined when a required param is missing. */
export function buildPath(path: string, params: Record<string, string | undefined> = {}): string | undefined {
  const out: string[] = [];
  for (const seg of path.split('/')) {
    if (!seg.startsWith(':')) {
      out.push(seg);
      continue;
    }
    const name = seg.slice(1).replace(/\?$/, '');
    const value = params[name];
    if (value) out.push(encodeURIComponent(value));
    else if (!seg.endsWith('?')) return undefined;
  }
  return out.join('/') || '/';
}

function findByName(name: string, table: readonly RouteDef[]): RouteDef | undefined {
  const lower = name.toLowerCase();
  return (
    table.find((r) => r.name === name) ??
    table.find((r) => r.name.toLowerCase() === lower) ??
    // a tab child is also known by its bare segment name (`publicImage` → images_publicImage)
    table.filter((r) => r.parent && r.name.toLowerCase().endsWith(`_${lower}`)).at(0)
  );
}

/**
 * The 32-hex-id rule for a path that matched no route: when its last segment is an id, go to the
 * route named by the rest of the path with that id; otherwise to the route named by the path.
 * Answers the target URL, or null (→ the not-found page).
 */
export function resolveUnmatched(pathname: string, table: readonly RouteDef[] = ROUTE_TABLE): string | null {
  const segments = pathname
    .split('/')
    .filter(Boolean)
    .map((s) => {
      try {
        return decodeURIComponent(s);
      } catch {
        return s;
      }
    });
  if (segments.length === 0) return null;
  const last = segments.at(-1)!;
  const hasId = REDIRECT_ID_PATTERN.test(last.toLowerCase());
  const nameSegments = hasId ? segments.slice(0, -1) : segments;
  if (nameSegments.length === 0) return null;
  const candidates = [nameSegments.join('/'), nameSegments.join('_'), nameSegments.at(-1)!];
  for (const name of candidates) {
    const route = findByName(name, table);
    if (!route || route.redirect) continue;
    let target: string | undefined;
    if (hasId) {
      const params = pathParams(route.path);
      const idParam = params.find((p) => p.name === 'id') ?? params[0];
      target = idParam ? buildPath(route.path, { [idParam.name]: last.toLowerCase() }) : `${route.path}?id=${last.toLowerCase()}`;
    } else {
      target = buildPath(route.path);
    }
    if (target && target !== pathname) return target;
  }
  return null;
}

export type GuardDecision =
  | { kind: 'allow' }
  | { kind: 'login'; returnTo: string }
  | { kind: 'deny'; reason: 'no_permission'; redirect: string }
  | { kind: 'no_territory'; redirect: string };

export interface GuardInput {
  route: Pick<RouteDef, 'path' | 'name' | 'parent' | 'auth'>;
  /** the URL being visited (path + search), remembered for the return after sign-in */
  url: string;
  authenticated: boolean;
  /** menu URLs of the stored menu data; null when none is stored yet */
  allowedMenuUrls: ReadonlySet<string> | null;
  /** number of authorised territories; null when not known yet */
  territories: number | null;
}

export const CONSOLE_HOME = '/homeOperation';
export const PORTAL_HOME = '/portal';
export const LOGIN_PATH = '/login';

/** The guard of a route (seed 000 §2 "Navigation rules"). */
export function guardRoute(input: GuardInput): GuardDecision {
  if (!input.route.auth) return { kind: 'allow' };
  if (!input.authenticated) return { kind: 'login', returnTo: input.url };
  if (input.territories === 0) return { kind: 'no_territory', redirect: PORTAL_HOME };
  const menuUrls = menuUrlsOf(input.route);
  if (menuUrls.length > 0 && input.allowedMenuUrls && !menuUrls.some((u) => input.allowedMenuUrls!.has(u))) {
    const home = input.allowedMenuUrls.has(CONSOLE_HOME) && !menuUrls.includes(CONSOLE_HOME) ? CONSOLE_HOME : PORTAL_HOME;
    return { kind: 'deny', reason: 'no_permission', redirect: home };
  }
  return { kind: 'allow' };
}

/** The login URL carrying the destination. */
export function loginUrl(returnTo: string): string {
  return returnTo && returnTo !== LOGIN_PATH ? `${LOGIN_PATH}?redirect=${encodeURIComponent(returnTo)}` : LOGIN_PATH;
}

/** Only same-site paths are followed after sign-in (no open redirect). */
export function safeReturnPath(value: string | null | undefined, fallback = CONSOLE_HOME): string {
  if (!value || !value.startsWith('/') || value.startsWith('//') || value.startsWith('/\\') || value.startsWith(LOGIN_PATH)) return fallback;
  return value;
}

export type BackAction = { kind: 'path'; to: string } | { kind: 'history' };

/**
 * Back button: a configured route name or path (optionally with a query), else one step back in
 * history; a page opened directly (no history) falls back to its menu, then the console home.
 */
export function backAction(
  meta: Pick<RouteMeta, 'back' | 'previousMenu'>,
  hasHistory: boolean,
  table: readonly RouteDef[] = ROUTE_TABLE,
  query?: Record<string, string>,
): BackAction {
  const qs = query && Object.keys(query).length ? `?${new URLSearchParams(query).toString()}` : '';
  if (meta.back) {
    const byName = meta.back.startsWith('/') ? undefined : table.find((r) => r.name === meta.back);
    const to = byName ? buildPath(byName.path) : meta.back;
    if (to) return { kind: 'path', to: to + qs };
  }
  if (hasHistory) return { kind: 'history' };
  return { kind: 'path', to: (meta.previousMenu ?? CONSOLE_HOME) + qs };
}

/** A failed lazy page load (a stale deployment): vite, webpack and browser wordings. */
export function isChunkLoadError(error: unknown): boolean {
  const message = error instanceof Error ? `${error.name} ${error.message}` : String(error ?? '');
  return /Failed to fetch dynamically imported module|Importing a module script failed|error loading dynamically imported module|ChunkLoadError|Loading chunk [\w-]+ failed|Unable to preload CSS/i.test(
    message,
  );
}

/** Where a menu entry links: its route, or the route the unmatched-path rule finds for it. */
export function menuTarget(menuUrl: string, table: readonly RouteDef[] = ROUTE_TABLE): string {
  return table.some((r) => r.path === menuUrl) ? menuUrl : (resolveUnmatched(menuUrl, table) ?? menuUrl);
}

/** The phone tab bar (seed: 首页 / 资源 / 审批 / 告警 / 我的): a tab shows when its menu URL is allowed. */
export const PHONE_TABS = [
  { key: 'home', path: '/homeOperation', menuUrl: '/homeOperation' },
  { key: 'resources', path: '/cloudResourceGeneral', menuUrl: '/cloudResourceGeneral' },
  { key: 'approvals', path: '/selfApprovalManage', menuUrl: '/selfApprovalManage' },
  { key: 'alarms', path: '/monitorAlarm', menuUrl: '/monitorAlarm' },
  { key: 'mine', path: '/accountinfo', menuUrl: null },
] as const;

export function phoneTabs(allowed: ReadonlySet<string>): (typeof PHONE_TABS)[number][] {
  return PHONE_TABS.filter((tab) => tab.menuUrl === null || allowed.has(tab.menuUrl));
}

/** Whether a route is shown in the console's layout (the web router builds these only when needed). */
export const isConsoleRoute = (route: Pick<RouteDef, 'area'>): boolean => route.area.startsWith('console');

/**
 * A test of whether a URL could be one of the console's routes: its first path segment is one a
 * console route (or one of `extraPaths`) starts with, or any console route starts with a parameter.
 * The router adds the console's routes the first time it sees such a URL (ADR 0033 addendum); a
 * `false` for a URL that a console route matches would show the not-found page, so the unit tests
 * check every console route's sample.
 */
export function consoleUrlTest(table: readonly RouteDef[] = ROUTE_TABLE, extraPaths: readonly string[] = []): (pathname: string) => boolean {
  const headOf = (path: string) => path.split('/')[1] ?? '';
  const heads = new Set(extraPaths.map(headOf));
  for (const route of table) if (isConsoleRoute(route)) heads.add(headOf(route.path));
  if ([...heads].some((h) => h.startsWith(':') || h.startsWith('*'))) return () => true;
  return (pathname) => heads.has(headOf(pathname));
}
