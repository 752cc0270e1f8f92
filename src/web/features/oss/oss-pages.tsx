// The object-storage area's pages as one chunk: the console's route map (loaded with every first
// console page) names this one module for ossOverview, ossKeys and syncManage, so the area adds one
// loader there, not three; the route's name picks the page.
import type { ComponentType } from 'react';
import { usePageHandle } from '../../lib/hooks.ts';
import OssKeysPage from './keys-page.tsx';
import OssOverviewPage from './overview-page.tsx';
import SyncManagePage from './sync-manage-page.tsx';

const PAGES: Readonly<Record<string, ComponentType>> = { ossOverview: OssOverviewPage, ossKeys: OssKeysPage, syncManage: SyncManagePage };

export default function OssPages() {
  const name = usePageHandle()?.name ?? '';
  const Page = PAGES[name] ?? OssOverviewPage;
  return <Page />;
}
