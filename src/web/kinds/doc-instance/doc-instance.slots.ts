// The 账号管理 tab of the document (MongoDB) and cache (Redis) databases' detail pages
// (documentDatabaseDetail, cacheDatabaseDetail): their accounts, kept by the cloud's account API
// (ADR 0076), drawn by the managed databases' accounts panel; and above a MongoDB instance's
// detail the way to its backups in the backup centre (/backupCenter/mongo).
import type { KindSlots } from '../../features/resources/kind-slots.ts';

export const slots = {
  above: { documentDatabaseDetail: { id: true } },
  detailTabs: { cloud_accounts: { titleKey: 'kinds:db_instance.admin.accounts', kinds: ['doc_instance', 'cache_instance'] } },
  // the texts its screens read beyond the resource texts and their routes' kinds' (kind-slots.ts)
  texts: ['kinds'],
} as const satisfies KindSlots;
