// The instance's own pages (db-instance.screens.tsx loads this module when one of them is shown):
// the SQL console, accounts, databases, backups, data protection and operations.
import { SqlConsole } from './sql-console.tsx';
import { backupScreens } from './backup-screens.tsx';
import { AccountsPage } from './accounts-page.tsx';
import { DatabasesPage } from './databases-page.tsx';
import { dataProtectScreens } from './dp-screens.tsx';
import { opsScreens } from './ops-screens.tsx';

export const pages = {
  dmsLogin: SqlConsole,
  databaseDetail_account: AccountsPage,
  databaseDetail_database: DatabasesPage,
  ...backupScreens,
  ...dataProtectScreens,
  ...opsScreens,
};
