// The SQL console's screens in their slots (db-instance.slots.ts). The links above an instance's
// detail and the recycle bin are this chunk; the pages are one chunk more, loaded when one is shown
// (issue 28: the outline and the recycle bin no longer fetch the console, the forms and the tables).
import { lazy, type ComponentType } from 'react';
import type { KindPageProps, KindScreens } from '../../features/resources/kind-slots.ts';
import type { slots } from './db-instance.slots.ts';
import { OutlineLinks, RecycleBinLinks } from './ops-links.tsx';

type Pages = (typeof import('./db-instance.pages.tsx'))['pages'];
const loadPages = () => import('./db-instance.pages.tsx');
/** A page as a function component drawing its lazy part (a lazy component cannot resolve to another one). */
function lazyPage<N extends keyof Pages>(name: N): Pages[N] {
  const Page = lazy(() => loadPages().then((m) => ({ default: m.pages[name] as ComponentType<KindPageProps> })));
  const Shown = (props: KindPageProps) => <Page {...props} />;
  return Shown as Pages[N];
}

export const screens: KindScreens<typeof slots> = {
  pages: {
    dmsLogin: lazyPage('dmsLogin'),
    databaseDetail_account: lazyPage('databaseDetail_account'),
    databaseDetail_database: lazyPage('databaseDetail_database'),
    databaseDetail_backup: lazyPage('databaseDetail_backup'),
    databaseDetail_backupList: lazyPage('databaseDetail_backupList'),
    databaseDetail_backupConfig: lazyPage('databaseDetail_backupConfig'),
    databaseDetail_backupRecovery: lazyPage('databaseDetail_backupRecovery'),
    databaseDetail_disasterTolerant: lazyPage('databaseDetail_disasterTolerant'),
    databaseDetail_dbToLake: lazyPage('databaseDetail_dbToLake'),
    databaseDetail_setupParams: lazyPage('databaseDetail_setupParams'),
    databaseDetail_plugin: lazyPage('databaseDetail_plugin'),
    databaseDetail_monitor: lazyPage('databaseDetail_monitor'),
    databaseDetail_tableSpaces: lazyPage('databaseDetail_tableSpaces'),
    dbRecycleBinDetail: lazyPage('dbRecycleBinDetail'),
  },
  above: { databaseDetail_outline: OutlineLinks, dbRecycleBin: RecycleBinLinks },
};
