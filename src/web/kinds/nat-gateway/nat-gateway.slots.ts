// The NAT gateway's detail, whose tabs are routes (概览 / SNAT / DNAT / IPv6 under natDetail, derived
// from the registry by kind-screens.ts detailTabsOf), on its routes and in the tablet's list pane.
import type { KindSlots } from '../../features/resources/kind-slots.ts';

export const slots = {
  routeTabs: ['nat_gateway'],
  // the texts its screens read beyond the resource texts and their routes' kinds' (kind-slots.ts)
  texts: ['nat'],
} as const satisfies KindSlots;
