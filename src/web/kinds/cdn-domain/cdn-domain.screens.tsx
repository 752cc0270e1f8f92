// The CDN console's screens in their slots (cdn-domain.slots.ts): one lazy chunk.
import type { KindScreens } from '../../features/resources/kind-slots.ts';
import type { slots } from './cdn-domain.slots.ts';
import { CdnRefreshNotice, CdnTabs, CdnWatch } from './cdn-pages.tsx';

function CdnWatchPage() {
  return (
    <>
      <CdnTabs />
      <CdnWatch />
    </>
  );
}

function CdnRefreshHead() {
  return (
    <>
      <CdnTabs />
      <CdnRefreshNotice />
    </>
  );
}

export const screens: KindScreens<typeof slots> = {
  pages: { cdnTab_cdnWatch: CdnWatchPage },
  above: { cdnTab: CdnTabs, cdnTab_cdnManage: CdnTabs, cdnTab_refreshPreheat: CdnRefreshHead },
};
