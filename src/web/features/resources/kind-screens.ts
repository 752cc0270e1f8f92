// Which screen a route shows, derived from the kind registry (ARCHITECTURE.md "Resource kinds are
// data"): a kind's routes.list/detail/buy, and its `others` by their shape (a path with :id is a
// detail view, a *Recycle route is the recycle bin, anything else a list). Pure: unit-tested.
import { KINDS } from '../../../domain/kinds/registry.ts';
import type { KindDefinition } from '../../../domain/kinds/kind.ts';

export type Screen =
  | { screen: 'list'; def: KindDefinition; admin: boolean }
  | { screen: 'detail'; def: KindDefinition; tab?: 'monitor' }
  | { screen: 'buy'; def: KindDefinition }
  | { screen: 'recycle'; defs: KindDefinition[] }
  | { screen: 'downloads' }
  | { screen: 'none' };

/** Route names of the export records (downloadRecord and its resource tab). */
export const DOWNLOAD_ROUTES = ['downloadRecord', 'downloadRecord_downloadResource'] as const;

export function screenFor(routeName: string, routePath: string, kinds: readonly KindDefinition[] = KINDS): Screen {
  if ((DOWNLOAD_ROUTES as readonly string[]).includes(routeName)) return { screen: 'downloads' };
  const recycle = kinds.filter((k) => k.recycle && k.routes.others?.includes(routeName) && /Recycle/i.test(routeName));
  if (recycle.length) return { screen: 'recycle', defs: recycle };
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
export function resourceRouteNames(kinds: readonly KindDefinition[] = KINDS): string[] {
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
export function detailRouteOf(def: KindDefinition): string | undefined {
  return def.routes.detail;
}
