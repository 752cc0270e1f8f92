// The kinds' own screens, found by folder name (ADR 0053): every src/web/kinds/<folder>/ with a
// `<folder>.slots.ts` (the routes and slots it fills, kind-slots.ts) and a `<folder>.screens.tsx`
// (the screens filling them). The slots are a few route names, read with the page; each folder's
// screens are one lazy chunk, loaded with the texts its slots name (`texts`) when one of its slots is shown.
// Adding a kind's bespoke screen is adding its folder: nothing here or in the page names it.
import { lazy, type ComponentType, type LazyExoticComponent } from 'react';
import { withConsoleTexts, withNamespaces } from '../../lib/i18n.ts';
import type { DetailTab } from '../../ui/detail-tabs.tsx';
import type { DetailTabProps } from '../../ui/detail-tab-props.ts';
import type { AnyKindScreens, KindPageProps, KindSlots, RouteTabsProps } from './kind-slots.ts';

export interface KindFolder {
  name: string;
  slots: KindSlots;
  load: () => Promise<AnyKindScreens>;
}

const SLOTS = import.meta.glob<KindSlots>('./*/*.slots.ts', { base: '../../kinds', eager: true, import: 'slots' });
const SCREENS = import.meta.glob<AnyKindScreens>('./*/*.screens.tsx', { base: '../../kinds', import: 'screens' });

/**
 * The folders in name order, by the globs' keys (`./<folder>/<folder>.slots.ts`). This runs with
 * every resource page, so it checks nothing: tests/unit/kind-folders.test.ts holds the tree to both
 * files in each folder, named after it, and to no page, route-tab kind or detail tab claimed twice.
 */
export const KIND_FOLDERS: readonly KindFolder[] = Object.keys(SLOTS)
  .sort()
  .map((key) => {
    const name = key.split('/')[1]!;
    return { name, slots: SLOTS[key]!, load: SCREENS[`./${name}/${name}.screens.tsx`]! };
  });

const screens = new Map<string, LazyExoticComponent<ComponentType<any>>>();

/** One lazy component per folder and slot, so a page keeps its screen's identity across renders. */
function lazyScreen<P>(f: KindFolder, slot: string, pick: (s: AnyKindScreens) => ComponentType<P> | undefined) {
  const key = `${f.name} ${slot}`;
  let c = screens.get(key);
  if (!c) {
    // (the screens are typed by the slots, KindScreens: a claimed slot has its screen) With the texts
    // the folder says it reads, or every console namespace.
    const texts = f.slots.texts;
    c = lazy(async () => ({ default: pick(await (texts ? withNamespaces(texts, f.load()) : withConsoleTexts(f.load())))! }));
    screens.set(key, c);
  }
  return c as LazyExoticComponent<ComponentType<P>>;
}

const fills = (slot: { id?: boolean } | undefined, hasId: boolean) => Boolean(slot && (!slot.id || hasId));
const own = <T>(record: Readonly<Record<string, T>> | undefined, key: string): T | undefined =>
  record && Object.hasOwn(record, key) ? record[key] : undefined;

/** The page a folder draws for a route (instead of the derived screen), or undefined. */
export function kindPage(route: string, hasId: boolean): { frame: string; Page: LazyExoticComponent<ComponentType<KindPageProps>> } | undefined {
  for (const f of KIND_FOLDERS) {
    const slot = own(f.slots.pages, route);
    if (slot && fills(slot, hasId)) return { frame: slot.frame, Page: lazyScreen(f, `page ${route}`, (s) => own(s.pages, route)) };
  }
  return undefined;
}

/** The pieces folders show above a route's derived screen, in folder order. */
export function kindAbove(route: string, hasId: boolean): LazyExoticComponent<ComponentType<KindPageProps>>[] {
  return KIND_FOLDERS.filter((f) => fills(own(f.slots.above, route), hasId)).map((f) => lazyScreen(f, `above ${route}`, (s) => own(s.above, route)));
}

/** The route-tab detail a folder draws for a kind, or undefined. */
export function kindRouteTabs(kind: string): LazyExoticComponent<ComponentType<RouteTabsProps>> | undefined {
  const f = KIND_FOLDERS.find((x) => x.slots.routeTabs?.includes(kind));
  return f ? lazyScreen(f, 'routeTabs', (s) => s.routeTabs) : undefined;
}

// A detail tab loads its folder's texts with it (the detail page loads the resource texts and its kind's).
const DETAIL_TABS: DetailTab[] = KIND_FOLDERS.flatMap((f) =>
  Object.entries(f.slots.detailTabs ?? {}).map(([key, tab]) => ({
    key,
    titleKey: tab.titleKey,
    kinds: tab.kinds,
    Component: lazyScreen<DetailTabProps>(f, `detailTab ${key}`, (s) => own(s.detailTabs, key)),
  })),
);

/** The tabs folders add to a kind's detail page. */
export function kindDetailTabs(kind: string): readonly DetailTab[] {
  return DETAIL_TABS.filter((x) => x.kinds.includes(kind));
}
