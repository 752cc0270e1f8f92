// GTM's screens in their slots (gtm.slots.ts): one lazy chunk.
import type { KindScreens } from '../../features/resources/kind-slots.ts';
import type { slots } from './gtm.slots.ts';
import { GtmDetail } from './gtm-detail.tsx';

export const screens: KindScreens<typeof slots> = {
  pages: { gtmDetail_globarSet: GtmDetail, gtmDetail_policyAdd: GtmDetail, gtmDetail_gtmLog: GtmDetail },
};
