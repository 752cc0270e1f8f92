// The dashboards' one entry in the console's route map (console-pages.ts): the route's name picks
// the page, each page its own lazy chunk, so the map that every console page loads first carries
// one line for the area instead of one import per page (the phone's first-load budget).
import { lazy, Suspense, type ComponentType, type LazyExoticComponent } from 'react';
import { usePageHandle } from '../../lib/hooks.ts';

const capacity = lazy(() => import('./capacity-page.tsx'));
const PAGES: Readonly<Record<string, LazyExoticComponent<ComponentType>>> = {
  cloudCustom: lazy(() => import('./custom-page.tsx')),
  customLayout: lazy(() => import('./layout-page.tsx')),
  customsReport: lazy(() => import('./report-page.tsx')),
  clusterViewMore: capacity,
  dbClusterViewMore: capacity,
  memoryClusterViewMore: capacity,
  portalOpenstack: lazy(() => import('./openstack-page.tsx')),
  gtm: lazy(() => import('./gtm-page.tsx')),
};

export default function DashboardsPages() {
  const Page = PAGES[usePageHandle()?.name ?? ''] ?? PAGES.cloudCustom!;
  return (
    <Suspense fallback={null}>
      <Page />
    </Suspense>
  );
}
