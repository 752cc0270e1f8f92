// Which screen a route shows, derived from the kind registry (ARCHITECTURE.md "Resource kinds are
// data"): a kind's routes.list/detail/buy, and its `others` by their shape (a path with :id is a
// detail view, a *Recycle route is the recycle bin, anything else a list). Pure: unit-tested.
import { LIST_KINDS, type ListKind } from '../../../domain/kinds/list-kind.ts';
import { placementParent } from '../../../domain/kinds/kind.ts';
import { kindPageIndex } from '../../../domain/kinds/kind-views.ts';
import { ROUTE_TABLE } from '../../../domain/navigation/route-table.ts';

export type Screen =
  | { screen: 'list'; def: ListKind; admin: boolean }
  | { screen: 'detail'; def: ListKind; tab?: 'monitor' }
  | { screen: 'buy'; def: ListKind }
  | { screen: 'recycle'; defs: ListKind[] }
  | { screen: 'downloads' }
  | { screen: 'tabs'; def: ListKind; tabs: DetailTab[]; active: DetailTab; config: boolean }
  | { screen: 'redirect'; to: string }
  | { screen: 'none' };

/**
 * A tab of a detail page whose tabs are routes of their own (the NAT gateway's 概览 / SNAT / DNAT /
 * IPv6 under /natDetail/<tab>/:id). `child` is the kind listed on that tab, `configRoute` its
 * add/edit form.
 */
export interface DetailTab {
  key: string;
  route: string;
  child?: ListKind;
  configRoute?: string;
}

const PARENTS = new Map(ROUTE_TABLE.map((r) => [r.name, r.parent]));
const parentRoute = (name: string) => PARENTS.get(name);

/**
 * The route tabs of a kind's detail page: its detail route first, then every kind placed in it
 * whose list route is a sibling of that detail route (same parent route). Empty for kinds whose
 * detail is a single page.
 */
export function detailTabsOf(def: ListKind, kinds: readonly ListKind[] = LIST_KINDS): DetailTab[] {
  const parent = def.routes.detail ? parentRoute(def.routes.detail) : undefined;
  if (!parent || !def.routes.detail) return [];
  const children = kinds.filter((k) => k.kind !== def.kind && placementParent(k)?.kind === def.kind && parentRoute(k.routes.list) === parent);
  if (!children.length) return [];
  return [
    { key: 'outline', route: def.routes.detail },
    ...children.map((k) => ({ key: k.kind, route: k.routes.list, child: k, configRoute: k.routes.others?.find((o) => parentRoute(o) === parent) })),
  ];
}

const tabCache = new WeakMap<readonly ListKind[], [ListKind, DetailTab[]][]>();
function tabbedKinds(kinds: readonly ListKind[]): [ListKind, DetailTab[]][] {
  let out = tabCache.get(kinds);
  if (!out) {
    out = kinds.map((def) => [def, detailTabsOf(def, kinds)] as [ListKind, DetailTab[]]).filter(([, tabs]) => tabs.length > 0);
    tabCache.set(kinds, out);
  }
  return out;
}

/** The route-tab screen a route belongs to, the list for the bare parent route, or null. */
function tabbedScreen(routeName: string, kinds: readonly ListKind[]): Screen | null {
  for (const [def, tabs] of tabbedKinds(kinds)) {
    // The parent route without an id (/natDetail) has no gateway to show: back to the list.
    if (parentRoute(def.routes.detail!) === routeName) {
      const to = ROUTE_TABLE.find((r) => r.name === def.routes.list)?.path;
      return to ? { screen: 'redirect', to } : null;
    }
    const active = tabs.find((t) => t.route === routeName) ?? tabs.find((t) => t.configRoute === routeName);
    if (active) return { screen: 'tabs', def, tabs, active, config: active.configRoute === routeName };
  }
  return null;
}

/**
 * A detail route opened without an id (/balanceLoadDetail, whose id is optional) has nothing to
 * show: back to the kind's list, as the bare /natDetail does.
 */
export function withoutId(s: Screen): Screen {
  if (s.screen !== 'detail') return s;
  const to = ROUTE_TABLE.find((r) => r.name === s.def.routes.list)?.path;
  return to ? { screen: 'redirect', to } : s;
}

/**
 * The kinds whose texts each resource route reads (ADR 0072, second addendum): every route a kind
 * claims (kindPageIndex), with the kinds its screen shows — a list's, a detail's or a tab's kind, every
 * kind of a recycle bin, a tab route's rules' kinds — or, for a route only a kind folder draws, the kind claiming it. The router
 * loads these kinds' slices of the `kinds` texts (with the common slice) instead of every console
 * namespace; the build writes this map into `virtual:list-kinds` (vite.config.ts).
 */
export function routeTextKinds(routes: readonly { name: string; path: string }[], kinds: readonly ListKind[] = LIST_KINDS): Record<string, string[]> {
  const claimed = kindPageIndex(kinds);
  const out: Record<string, string[]> = {};
  for (const r of routes) {
    const owner = claimed.get(r.name);
    if (!owner || Object.hasOwn(out, r.name)) continue;
    const s = screenFor(r.name, r.path, kinds);
    // (a tab route's rule list reads its rules' kind: the NAT gateway's SNAT and DNAT tabs)
    const shown =
      s.screen === 'recycle'
        ? s.defs.map((d) => d.kind)
        : s.screen === 'tabs'
          ? [s.def.kind, ...s.tabs.flatMap((t) => (t.child ? [t.child.kind] : []))]
          : 'def' in s
            ? [s.def.kind]
            : [];
    out[r.name] = shown.length ? [...new Set(shown)] : [owner];
  }
  return out;
}

/** Route names of the export records (downloadRecord, its resource tab and its bill tab). */
export const DOWNLOAD_ROUTES = ['downloadRecord', 'downloadRecord_downloadResource', 'downloadRecord_downloadBill'] as const;

export function screenFor(routeName: string, routePath: string, kinds: readonly ListKind[] = LIST_KINDS): Screen {
  if ((DOWNLOAD_ROUTES as readonly string[]).includes(routeName)) return { screen: 'downloads' };
  const recycle = kinds.filter((k) => k.recycle && k.routes.others?.includes(routeName) && /Recycle/i.test(routeName));
  if (recycle.length) return { screen: 'recycle', defs: recycle };
  const tabbed = tabbedScreen(routeName, kinds);
  if (tabbed) return tabbed;
  for (const def of kinds) {
    if (def.routes.list === routeName) return { screen: 'list', def, admin: false };
    if (def.routes.detail === routeName) return { screen: 'detail', def };
    if (def.routes.buy === routeName) return { screen: 'buy', def };
  }
  for (const def of kinds) {
    if (!def.routes.others?.includes(routeName)) continue;
    if (/Recycle/i.test(routeName)) continue;
    if (routePath.includes(':id')) return { screen: 'detail', def, tab: /Monitor/i.test(routeName) ? 'monitor' : undefined };
    return { screen: 'list', def, admin: /Admin/i.test(routeName) };
  }
  return { screen: 'none' };
}

/** Every route name the resource screens take over (pages.ts maps each to this feature). */
export function resourceRouteNames(kinds: readonly ListKind[] = LIST_KINDS): string[] {
  const names = new Set<string>(DOWNLOAD_ROUTES);
  for (const k of kinds) {
    names.add(k.routes.list);
    if (k.routes.detail) names.add(k.routes.detail);
    if (k.routes.buy) names.add(k.routes.buy);
    for (const o of k.routes.others ?? []) names.add(o);
  }
  return [...names];
}

/** The route name of a kind's detail page, or of its list when it has none. */
export function detailRouteOf(def: ListKind): string | undefined {
  return def.routes.detail;
}
