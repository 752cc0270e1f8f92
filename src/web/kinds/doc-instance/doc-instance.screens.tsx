// The document and cache databases' screens in their slots (doc-instance.slots.ts): one lazy chunk.
import type { KindScreens } from '../../features/resources/kind-slots.ts';
import type { slots } from './doc-instance.slots.ts';
import { CloudAccountsTab } from './accounts-tab.tsx';
import { BackupLink } from './backup-link.tsx';

export const screens: KindScreens<typeof slots> = { above: { documentDatabaseDetail: BackupLink }, detailTabs: { cloud_accounts: CloudAccountsTab } };
