// Database object-storage sync (issue 29): the 同步实例 / 同步任务 tab bar above the instance list,
// and the sync tasks page (syncTaskManage) that lists the tasks the scheduler runs.
import type { KindSlots } from '../../features/resources/kind-slots.ts';

export const slots = {
  pages: { syncTaskManage: { frame: 'sync-tasks' } },
  above: { syncInstanceManage: {} },
  // the texts its screens read beyond the resource texts and their routes' kinds' (kind-slots.ts)
  texts: [],
} as const satisfies KindSlots;
