// Database object-storage sync's screens in their slots (sync-instance.slots.ts): one lazy chunk.
import type { KindScreens } from '../../features/resources/kind-slots.ts';
import type { slots } from './sync-instance.slots.ts';
import { SyncTabs, SyncTasksPage } from './sync-tasks-page.tsx';

export const screens: KindScreens<typeof slots> = {
  pages: { syncTaskManage: SyncTasksPage },
  above: { syncInstanceManage: SyncTabs },
};
