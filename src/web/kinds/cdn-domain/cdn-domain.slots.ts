// The CDN console's routes (ADR 0053): its tab bar above the domain list (cdnTab, cdnTab_cdnManage)
// and the refresh tasks (cdnTab_refreshPreheat, with the daily-limit notice), and the 统计分析
// page (cdnTab_cdnWatch), which is the tab bar over the charts.
import type { KindSlots } from '../../features/resources/kind-slots.ts';

export const slots = {
  pages: { cdnTab_cdnWatch: { frame: 'cdn-watch' } },
  above: { cdnTab: {}, cdnTab_cdnManage: {}, cdnTab_refreshPreheat: {} },
} as const satisfies KindSlots;
