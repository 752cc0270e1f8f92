// The SQL console's screens in their slots (db-instance.slots.ts). The links above an instance's
// detail and the recycle bin are this chunk; each page is a chunk of its own, loaded when it is shown
// (issue 28: the outline and the recycle bin no longer fetch the console, the forms and the tables,
// and a page no longer fetches the others).
import { lazy, type ComponentType } from 'react';
import type { KindPageProps, KindScreens } from '../../features/resources/kind-slots.ts';
import type { slots } from './db-instance.slots.ts';
import { OutlineLinks, RecycleBinLinks } from './ops-links.tsx';

/** A page as a function component drawing its lazy part (a lazy component cannot resolve to another one). */
function lazyPage<P extends KindPageProps>(load: () => Promise<ComponentType<P>>): ComponentType<P> {
  const Page = lazy(() => load().then((c) => ({ default: c })));
  const Shown = (props: P) => <Page {...props} />;
  return Shown;
}

export const screens: KindScreens<typeof slots> = {
  pages: {
    dmsLogin: lazyPage(() => import('./sql-console.tsx').then((m) => m.SqlConsole)),
    databaseDetail_account: lazyPage(() => import('./accounts-page.tsx').then((m) => m.AccountsPage)),
    databaseDetail_database: lazyPage(() => import('./databases-page.tsx').then((m) => m.DatabasesPage)),
    databaseDetail_backup: lazyPage(() => import('./backup-overview.tsx').then((m) => m.BackupOverview)),
    databaseDetail_backupList: lazyPage(() => import('./backup-list.tsx').then((m) => m.BackupList)),
    databaseDetail_backupConfig: lazyPage(() => import('./backup-policy.tsx').then((m) => m.BackupPolicy)),
    databaseDetail_backupRecovery: lazyPage(() => import('./backup-recovery.tsx').then((m) => m.BackupRecovery)),
    databaseDetail_disasterTolerant: lazyPage(() => import('./dr-tab.tsx').then((m) => m.DrTab)),
    databaseDetail_dbToLake: lazyPage(() => import('./lake-tab.tsx').then((m) => m.LakeTab)),
    databaseDetail_setupParams: lazyPage(() => import('./params-page.tsx').then((m) => m.ParamsPage)),
    databaseDetail_plugin: lazyPage(() => import('./plugins-page.tsx').then((m) => m.PluginsPage)),
    databaseDetail_monitor: lazyPage(() => import('./monitor-page.tsx').then((m) => m.MonitorPage)),
    databaseDetail_tableSpaces: lazyPage(() => import('./tablespaces-page.tsx').then((m) => m.TableSpacesPage)),
    dbRecycleBinDetail: lazyPage(() => import('./recycle-detail.tsx').then((m) => m.RecycleDetail)),
  },
  above: { databaseDetail_outline: OutlineLinks, dbRecycleBin: RecycleBinLinks },
};
