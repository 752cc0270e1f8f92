// An instance's backup pages in the kind's slots (ADR 0056), and the detail's links with the way to them.
import { BackupOverview } from './backup-overview.tsx';
import { BackupList } from './backup-list.tsx';
import { BackupPolicy } from './backup-policy.tsx';
import { BackupRecovery } from './backup-recovery.tsx';

export { InstanceLinks } from './backup-links.tsx';

export const backupScreens = {
  databaseDetail_backup: BackupOverview,
  databaseDetail_backupList: BackupList,
  databaseDetail_backupConfig: BackupPolicy,
  databaseDetail_backupRecovery: BackupRecovery,
};
