// Smart DNS: a domain's records by line (smartDns/domain/:id) as a page of their own, and the way
// to them above the domain's derived overview (smartDns/domainDetail/:id).
import type { KindSlots } from '../../features/resources/kind-slots.ts';

export const slots = {
  pages: { smartDns_domain: { frame: 'detail', id: true } },
  above: { smartDns_domainDetail: { id: true } },
} as const satisfies KindSlots;
