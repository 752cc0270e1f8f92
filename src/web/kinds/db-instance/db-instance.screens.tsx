// The SQL console's screens in their slots (db-instance.slots.ts): one lazy chunk.
import type { KindScreens } from '../../features/resources/kind-slots.ts';
import type { slots } from './db-instance.slots.ts';
import { SqlConsole } from './sql-console.tsx';
import { backupScreens } from './backup-screens.tsx';
import { AccountsPage } from './accounts-page.tsx';
import { DatabasesPage } from './databases-page.tsx';
import { dataProtectScreens } from './dp-screens.tsx';
import { opsScreens, OutlineLinks, RecycleBinLinks } from './ops-screens.tsx';

export const screens: KindScreens<typeof slots> = {
  pages: {
    dmsLogin: SqlConsole,
    databaseDetail_account: AccountsPage,
    databaseDetail_database: DatabasesPage,
    ...backupScreens,
    ...dataProtectScreens,
    ...opsScreens,
  },
  above: { databaseDetail_outline: OutlineLinks, dbRecycleBin: RecycleBinLinks },
};
