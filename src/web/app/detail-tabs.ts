// Detail-page tabs provided by features other than the resources feature (composition lives in
// web/app). Each loads with its own chunk when the tab is first opened. A kind's own tabs (a DNS
// zone's records) come from its folder in src/web/kinds (features/resources/kind-folders.ts).
import { registerDetailTab } from '../ui/detail-tabs.tsx';

// The kinds of BACKUP_PLAN_KINDS (src/domain/backup-plan.ts), written out so the zod schema of
// that module stays out of the first screen; tests/unit/backup-plan.test.ts keeps them equal.
export const BACKUP_TAB_KINDS = ['instance', 'volume'] as const;

registerDetailTab({ key: 'backup', titleKey: 'backup:tab', kinds: BACKUP_TAB_KINDS, load: () => import('../features/backup/backup-tab.tsx') });
