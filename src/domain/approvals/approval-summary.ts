// What an inbox card shows about a request: a short language-neutral title built from the payload,
// and the estimated cost in fen. Labels (type names, statuses) come from locales/approvals.json.
import type { RequestType } from './approval-status.ts';
import { formatPorts, type PortList } from './network-rules.ts';

/** The product code of the price list for a resource kind (kinds use their own names). */
const PRODUCT_OF_KIND: Record<string, string> = {
  host: 'instance',
  instance: 'instance',
  disk: 'volume',
  volume: 'volume',
  eip: 'eip',
  database: 'dbinstance',
  dbinstance: 'dbinstance',
  nas: 'nas',
  file_storage: 'nas',
  bare_metal: 'phyhost',
  phyhost: 'phyhost',
  load_balancer: 'load_balance',
  load_balance: 'load_balance',
  nat_gateway: 'nat_gateway',
  bucket: 'oss',
};
export const productCodeOf = (kind: string) => PRODUCT_OF_KIND[kind] ?? kind;

/** Hours in the month a pay-as-you-go estimate covers. */
export const HOURS_PER_MONTH = 720;

/**
 * The estimate shown to approvers: yearly/monthly prices are per unit and month; pay-as-you-go
 * prices are per unit and hour, estimated over the months asked (one by default).
 */
export function estimateCostFen(input: { unitPriceFen: number; charging: 'year' | 'quantity'; months: number; units: number }): number {
  const perMonth = input.charging === 'year' ? input.unitPriceFen : input.unitPriceFen * HOURS_PER_MONTH;
  return Math.round(perMonth * input.units * Math.max(1, input.months));
}

const ports = (p: unknown) => formatPorts(p as PortList);

/** A one-line title for lists and site messages. */
export function requestTitle(type: RequestType, payload: Record<string, any>, extra: { resourceName?: string } = {}): string {
  switch (type) {
    case 'resource_purchase':
      return `${payload.name} (${payload.kind})`;
    case 'resource_expansion':
      return `${extra.resourceName ?? payload.resource_id} ${Object.entries(payload.spec ?? {})
        .map(([k, v]) => `${k}=${String(v)}`)
        .join(' ')}`;
    case 'firewall_policy':
      return `${payload.source_system} → ${payload.target_system} ${payload.protocol}/${ports(payload.target_ports)}`;
    case 'snat_rule':
      return `${payload.source_cidr ?? payload.internal_ip} → ${payload.eip ?? payload.eip_id}`;
    case 'dnat_rule':
      return `${payload.eip ?? payload.eip_id}:${ports(payload.eip_ports)} → ${payload.internal_ip}:${ports(payload.internal_ports)} ${payload.protocol}`;
    case 'quota_change':
      return `${payload.quota_key} → ${payload.value}`;
    case 'invoice_apply':
    case 'invoice_void':
    case 'invoice_red_flush':
      return `${payload.business_no ?? ''} ¥${(Number(payload.amount_fen ?? 0) / 100).toFixed(2)}`;
    case 'catalogue_publish':
      return String(payload.name ?? '');
  }
}
