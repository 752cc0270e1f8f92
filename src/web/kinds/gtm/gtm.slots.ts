// The GTM instance's pages, whose tabs are routes (gtmDetail/globarSet|policyAdd|gtmLog/:id).
import type { KindSlots } from '../../features/resources/kind-slots.ts';

export const slots = {
  pages: {
    gtmDetail_globarSet: { frame: 'detail', id: true },
    gtmDetail_policyAdd: { frame: 'detail', id: true },
    gtmDetail_gtmLog: { frame: 'detail', id: true },
  },
} as const satisfies KindSlots;
