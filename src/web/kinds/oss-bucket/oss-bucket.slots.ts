// Object storage buckets' own pages (ADR 0053): the bucket detail's tabs as routes — 概览
// (ossBucketsDetail/outline/<id>, with the lifecycle rules), 文件, 同步 and 备份 with the strategies'
// forms and details — the bare /ossBucketsDetail (to the list), the name rules above the purchase,
// and the area's tabs above the bucket and package lists.
import type { KindSlots } from '../../features/resources/kind-slots.ts';

export const slots = {
  pages: {
    ossBucketsDetail: { frame: 'oss-bucket' },
    ossBucketsDetail_outline: { frame: 'oss-bucket' },
    ossBucketsDetail_file: { frame: 'oss-bucket' },
    ossBucketsDetail_sync: { frame: 'oss-bucket' },
    ossBucketsDetail_syncConfig: { frame: 'oss-bucket' },
    ossBucketsDetail_syncDetail: { frame: 'oss-bucket' },
    ossBucketsDetail_backup: { frame: 'oss-bucket' },
    ossBucketsDetail_backupConfig: { frame: 'oss-bucket' },
    ossBucketsDetail_backupDetail: { frame: 'oss-bucket' },
  },
  above: { ossBucketsBuy: {}, ossBuckets: {}, ossPackages: {} },
  // the file browser in a bucket's derived detail (the tablet's list pane)
  detailTabs: { oss_files: { titleKey: 'kinds:oss_bucket.files_tab', kinds: ['oss_bucket'] } },
  // the texts its screens read beyond the resource texts and their routes' kinds' (kind-slots.ts)
  texts: ['oss'],
} as const satisfies KindSlots;
