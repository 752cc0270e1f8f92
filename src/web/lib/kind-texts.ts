// A kind's phone list reads its own kind's texts and the shared ones (statuses, options, messages,
// every kind's name), not every kind's: this loads those slices of the `kinds` namespace
// (virtual:kind-texts, cut from locales/zh-CN/kinds.json by vite.config.ts; ADR 0036). The whole
// namespace still loads for everything else (a detail pane, a form, a desktop table:
// withConsoleTexts), and merges over the slices.
import { KIND_TEXTS } from 'virtual:kind-texts';
import { LIST_ROUTE_KINDS } from 'virtual:list-kinds';
import { addNamespacePart } from './i18n.ts';

/** The kinds' texts a kind's list route needs (nothing for a route that is not one). */
export function loadKindListTexts(routeName: string): Promise<void> {
  const kind = Object.hasOwn(LIST_ROUTE_KINDS, routeName) ? LIST_ROUTE_KINDS[routeName] : undefined;
  const parts = ['_common', ...(kind && KIND_TEXTS[kind] ? [kind] : [])];
  return Promise.all(parts.map((p) => addNamespacePart('kinds', p, KIND_TEXTS[p]!))).then(() => undefined);
}
