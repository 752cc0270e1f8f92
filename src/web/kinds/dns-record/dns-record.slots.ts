// The 解析记录 tab of the DNS zones' detail pages (dnsDetail, dnsInternetDetail): the zone's records.
import type { KindSlots } from '../../features/resources/kind-slots.ts';

export const slots = {
  detailTabs: { dns_records: { titleKey: 'kinds:dns.records_tab', kinds: ['private_dns_zone', 'dns_domain'] } },
} as const satisfies KindSlots;
