// Object storage buckets' screens in their slots (oss-bucket.slots.ts): one lazy chunk, with the
// object-storage texts.
import type { KindScreens } from '../../features/resources/kind-slots.ts';
import type { slots } from './oss-bucket.slots.ts';
import { AreaTabs } from './area-tabs.tsx';
import { BackupConfigPage, BackupDetailPage, BackupPage } from './backup-pages.tsx';
import { BucketNameRules } from './buy-rules.tsx';
import { FilesDetailTab, FilesPage } from './files-tab.tsx';
import { BareDetail, OutlinePage } from './outline-page.tsx';
import { SyncConfigPage, SyncDetailPage, SyncPage } from './sync-pages.tsx';

export const screens: KindScreens<typeof slots> = {
  pages: {
    ossBucketsDetail: BareDetail,
    ossBucketsDetail_outline: OutlinePage,
    ossBucketsDetail_file: FilesPage,
    ossBucketsDetail_sync: SyncPage,
    ossBucketsDetail_syncConfig: SyncConfigPage,
    ossBucketsDetail_syncDetail: SyncDetailPage,
    ossBucketsDetail_backup: BackupPage,
    ossBucketsDetail_backupConfig: BackupConfigPage,
    ossBucketsDetail_backupDetail: BackupDetailPage,
  },
  above: { ossBucketsBuy: BucketNameRules, ossBuckets: AreaTabs, ossPackages: AreaTabs },
  detailTabs: { oss_files: FilesDetailTab },
};
