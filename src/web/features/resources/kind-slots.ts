// The contract of a kind's own screens (ADR 0053): where the derived list, detail and purchase
// screens are not enough, a folder src/web/kinds/<folder>/ (named as the kind's folder in
// src/domain/kinds/) says which routes and slots it fills in `<folder>.slots.ts` and fills them in
// `<folder>.screens.tsx`. kind-folders.ts finds both by file name; nothing lists them by hand.
import type { ComponentType } from 'react';
import type { ListKind } from '../../../domain/kinds/list-kind.ts';
import type { DetailTabProps } from '../../ui/detail-tab-props.ts';
import type { DetailTab } from './kind-screens.ts';

/** `id: true`: the slot is filled only when the address carries an id (without one the route's derived screen shows). */
interface RouteSlot {
  id?: boolean;
}

/**
 * The routes and slots a folder fills, exported as `slots` by `<folder>.slots.ts`. Every resource
 * page reads it before it draws, so it is data only (a few route names): it imports nothing but types.
 */
export interface KindSlots {
  /** Routes whose whole page the folder draws, by route name; `frame` is the page frame's class modifier (`ys-res--<frame>`). */
  pages?: Readonly<Record<string, RouteSlot & { frame: string }>>;
  /** Routes above whose derived screen the folder shows a piece (a console's tab bar, a notice, a link), by route name. */
  above?: Readonly<Record<string, RouteSlot>>;
  /** Kinds whose detail page has route tabs (kind-screens.ts detailTabsOf) that the folder draws, on the detail routes and in the tablet's pane. */
  routeTabs?: readonly string[];
  /** Tabs the folder adds to the detail page of kinds, by tab key: the title's i18next key and the kinds that show it. */
  detailTabs?: Readonly<Record<string, { titleKey: string; kinds: readonly string[] }>>;
  /**
   * The namespaces the folder's screens read beyond the resource texts and the slices of their route's
   * kinds (`kinds` for the whole kinds' texts), loaded with its chunk (ADR 0072, second addendum);
   * without it, every console namespace. tests/unit/kind-folders.test.ts checks it against the files.
   */
  texts?: readonly string[];
}

/** What a page or an above-piece is given: the route's name and, where the slot says `id: true`, the id from the address. */
export interface KindPageProps<WithId extends boolean = boolean> {
  route: string;
  id: WithId extends true ? string : string | undefined;
}

/** What the route-tab detail of a kind is given (a detail route, a tab route, or the tablet pane's pick). */
export interface RouteTabsProps {
  def: ListKind;
  tabs: DetailTab[];
  active: DetailTab;
  config: boolean;
  id: string;
  /** the tablet split view's detail pane: tabs switch in place */
  embedded?: boolean;
}

type RouteScreens<R> = { readonly [K in keyof R]: ComponentType<KindPageProps<R[K] extends { id: true } ? true : false>> };
type Filled<S, K extends keyof KindSlots, V> = S extends { [P in K]: unknown } ? { [P in K]: V } : { [P in K]?: never };

/**
 * The screens filling a folder's slots, exported as `screens` by `<folder>.screens.tsx` and typed by
 * the folder's `slots` (`KindScreens<typeof slots>`): a slot without its screen, or a screen for a
 * slot the folder does not claim, does not compile. The module is the folder's lazy chunk.
 */
export type KindScreens<S extends KindSlots> = Filled<S, 'pages', RouteScreens<S['pages']>> &
  Filled<S, 'above', RouteScreens<S['above']>> &
  Filled<S, 'routeTabs', ComponentType<RouteTabsProps>> &
  Filled<S, 'detailTabs', { readonly [K in keyof S['detailTabs']]: ComponentType<DetailTabProps> }>;

/** Any folder's screens, as the collector reads them. */
export interface AnyKindScreens {
  pages?: Readonly<Record<string, ComponentType<KindPageProps>>>;
  above?: Readonly<Record<string, ComponentType<KindPageProps>>>;
  routeTabs?: ComponentType<RouteTabsProps>;
  detailTabs?: Readonly<Record<string, ComponentType<DetailTabProps>>>;
}
