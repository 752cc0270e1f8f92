// Extra tabs of the resource detail page that other features provide (the backup plans of hosts
// and disks, …). Features never import each other: web/app registers a tab here with a lazy
// loader, and the detail page shows the tabs registered for its kind.
import { lazy, Suspense, type ComponentType, type LazyExoticComponent } from 'react';
import type { DetailTabProps } from './detail-tab-props.ts';

export interface DetailTab {
  key: string;
  /** i18next key of the tab title */
  titleKey: string;
  kinds: readonly string[];
  Component: LazyExoticComponent<ComponentType<DetailTabProps>>;
}

const TABS: DetailTab[] = [];

export function registerDetailTab(tab: Omit<DetailTab, 'Component'> & { load: () => Promise<{ default: ComponentType<DetailTabProps> }> }): void {
  if (TABS.some((x) => x.key === tab.key)) return;
  TABS.push({ key: tab.key, titleKey: tab.titleKey, kinds: tab.kinds, Component: lazy(tab.load) });
}

export function detailTabsFor(kind: string): readonly DetailTab[] {
  return TABS.filter((x) => x.kinds.includes(kind));
}

export function DetailTabBody({ tab, ...props }: DetailTabProps & { tab: DetailTab }) {
  return (
    <Suspense fallback={null}>
      <tab.Component {...props} />
    </Suspense>
  );
}
