// The DNS records' screens in their slots (dns-record.slots.ts): one lazy chunk.
import type { KindScreens } from '../../features/resources/kind-slots.ts';
import type { slots } from './dns-record.slots.ts';
import { DnsRecordsTab } from './dns-records-tab.tsx';

export const screens: KindScreens<typeof slots> = { detailTabs: { dns_records: DnsRecordsTab } };
