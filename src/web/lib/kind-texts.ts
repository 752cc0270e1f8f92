// A kind's phone list reads its own kind's texts and the shared ones (statuses, options, messages,
// every kind's name), not every kind's: this loads those slices of the `kinds` namespace
// (virtual:kind-texts, cut from locales/zh-CN/kinds.json by vite.config.ts; ADR 0036). Every other
// resource route (a detail, its tabs, a recycle bin, a list not in KIND_LIST_ROUTES) loads the slices
// of the kinds it shows the same way (ROUTE_KINDS, ADR 0072's second addendum); what a lazy part
// reads beyond them (a form, a desktop table, a kind folder's screens) loads with its chunk, and the
// whole namespace, when a part loads it, merges over the slices.
import { KIND_TEXTS } from 'virtual:kind-texts';
import { LIST_ROUTE_KINDS } from 'virtual:list-kinds';
import { addNamespacePart, loadNamespace } from './i18n.ts';

const loadParts = (parts: readonly string[]) =>
  Promise.all(parts.filter((p) => KIND_TEXTS[p]).map((p) => addNamespacePart('kinds', p, KIND_TEXTS[p]!))).then(() => undefined);

/** The kinds' texts a kind's list route needs (nothing for a route that is not one). */
export function loadKindListTexts(routeName: string): Promise<void> {
  const kind = Object.hasOwn(LIST_ROUTE_KINDS, routeName) ? LIST_ROUTE_KINDS[routeName] : undefined;
  return loadParts(['_common', ...(kind ? [kind] : [])]);
}

/**
 * The texts of a resource route (a kind's list, detail, tab or recycle bin): the resource screens'
 * namespace, the kinds' common slice, the slices of the kinds it shows, and `instance`'s (a field a
 * kind does not name is labelled as the instance's, kind-meta.ts fieldLabel).
 */
export async function loadKindRouteTexts(routeName: string): Promise<void> {
  // (read by the page table already: a kind's plain list does not load it)
  const { ROUTE_KINDS } = await import('virtual:route-kinds');
  const kinds = Object.hasOwn(ROUTE_KINDS, routeName) ? ROUTE_KINDS[routeName]! : [];
  await Promise.all([loadNamespace('resources'), loadParts(['_common', 'instance', ...kinds])]);
}

/**
 * The texts of titles named by full keys (a detail's extra tabs: `backup:tab`, `kinds:dns.records_tab`):
 * their namespaces, or for `kinds` the slice named by the key's first part. A detail route loads only its
 * kinds' slices (loadKindRouteTexts); the tabs other folders add to it bring their titles' texts this way.
 */
export function loadTitleTexts(keys: readonly string[]): Promise<void> {
  const namespaces = new Set<string>();
  const parts = new Set<string>();
  for (const key of keys) {
    const at = key.indexOf(':');
    if (at < 0) continue;
    const ns = key.slice(0, at);
    const part = key.slice(at + 1).split('.')[0]!;
    // a kinds key outside any kind's slice (`kinds:dns.…`, shared by the DNS kinds): the whole namespace
    if (ns === 'kinds' && KIND_TEXTS[part]) parts.add(part);
    else namespaces.add(ns);
  }
  return Promise.all([...[...namespaces].map(loadNamespace), loadParts([...parts])]).then(() => undefined);
}
