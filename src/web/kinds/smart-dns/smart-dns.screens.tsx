// Smart DNS's screens in their slots (smart-dns.slots.ts): one lazy chunk.
import type { KindScreens } from '../../features/resources/kind-slots.ts';
import type { slots } from './smart-dns.slots.ts';
import { SmartDnsDetailLinks, SmartDnsDomain } from './smart-dns-pages.tsx';

export const screens: KindScreens<typeof slots> = {
  pages: { smartDns_domain: SmartDnsDomain },
  above: { smartDns_domainDetail: SmartDnsDetailLinks },
};
