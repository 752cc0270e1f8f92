// HTTPDNS's tab bar above its routes, with the 7-day request overview above the instance list.
import type { KindSlots } from '../../features/resources/kind-slots.ts';

export const slots = {
  above: { httpDnsManage: {}, httpDnsManage_httpDns: {}, httpDnsManage_httpDomainList: {} },
} as const satisfies KindSlots;
