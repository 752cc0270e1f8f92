// The security scanning area's pages as one chunk: the console's route map names this one module for
// its eleven routes, and the route's name picks the page.
import type { ComponentType } from 'react';
import { usePageHandle } from '../../lib/hooks.ts';
import { BaselinePage } from './baseline-page.tsx';
import { FindingPage, ManagePage } from './finding-pages.tsx';
import { HostPage, HostsPage } from './host-pages.tsx';
import { OperationsPage, OverviewPage } from './overview-pages.tsx';
import { HistoryPage, ScanPage } from './scan-pages.tsx';
import { StrategiesPage, StrategyPage } from './strategy-pages.tsx';

const PAGES: Readonly<Record<string, ComponentType>> = {
  leakOverview: OverviewPage,
  leakManage: ManagePage,
  leakDetail: FindingPage,
  leakHost: HostsPage,
  leakHostDetail: HostPage,
  leakHistory: HistoryPage,
  leakHistoryDetail: ScanPage,
  baselineCheck: BaselinePage,
  scanStrategy: StrategiesPage,
  strategyDetail: StrategyPage,
  operationalData: OperationsPage,
};

export default function SecurityPages() {
  const name = usePageHandle()?.name ?? '';
  const Page = PAGES[name] ?? OverviewPage;
  return <Page />;
}
