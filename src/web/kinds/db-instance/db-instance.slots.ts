// The SQL console of managed database instances (ADR 0054): the page of dmsLogin (the instance from
// `?id=`, or picked there), and the way to it above an instance's derived detail.
import type { KindSlots } from '../../features/resources/kind-slots.ts';

export const slots = {
  pages: {
    dmsLogin: { frame: 'sql' },
    databaseDetail_account: { frame: 'dba', id: true },
    databaseDetail_database: { frame: 'dba', id: true },
    databaseDetail_backup: { frame: 'backup', id: true },
    databaseDetail_backupList: { frame: 'backup', id: true },
    databaseDetail_backupConfig: { frame: 'backup', id: true },
    databaseDetail_backupRecovery: { frame: 'backup', id: true },
    databaseDetail_disasterTolerant: { frame: 'dba', id: true },
    databaseDetail_dbToLake: { frame: 'dba', id: true },
    databaseDetail_setupParams: { frame: 'ops', id: true },
    databaseDetail_plugin: { frame: 'ops', id: true },
    databaseDetail_monitor: { frame: 'ops', id: true },
    databaseDetail_tableSpaces: { frame: 'ops', id: true },
    dbRecycleBinDetail: { frame: 'ops', id: true },
  },
  above: { databaseDetail_outline: { id: true }, dbRecycleBin: {} },
  // the texts its screens read beyond the resource texts and their routes' kinds' (kind-slots.ts)
  texts: ['dataprotect'],
} as const satisfies KindSlots;
