// DNS zones: private zones resolved inside a VPC (dns, dnsDetail) and internet domains hosted on
// the public resolvers (dnsInternet, dnsInternetDetail, bought on dnsBuy). A zone holds records
// (dns-record); it is paused / resumed as a whole and cannot be deleted while it has records.
import type { KindDefinition } from '../kind.ts';
import { REMOVED } from '../kind.ts';
import { C, F, Q } from '../common.ts';

export const DNS_EDITIONS = ['free', 'personal', 'enterprise', 'flagship'] as const;
/** Lowest TTL each edition allows (seconds); records below it are refused. */
export const EDITION_MIN_TTL: Readonly<Record<string, number>> = { free: 600, personal: 300, enterprise: 60, flagship: 1 };

const ZONE_STATUSES = { stable: ['enabled', 'disabled'], inBetween: ['creating', 'deleting'], failure: ['error'] } as const;

function zoneActions(kind: string): KindDefinition['actions'] {
  return [
    {
      id: 'disable',
      allowedFrom: ['enabled'],
      inBetween: null,
      final: 'disabled',
      refusalKey: 'refusals.generic.enable',
      permission: 'operate',
      dialog: 'disable',
    },
    {
      id: 'enable',
      allowedFrom: ['disabled'],
      inBetween: null,
      final: 'enabled',
      refusalKey: 'refusals.generic.enable',
      permission: 'operate',
      dialog: 'enable',
    },
    {
      id: 'delete',
      allowedFrom: ['enabled', 'disabled', 'error'],
      inBetween: 'deleting',
      final: REMOVED,
      refusalKey: 'refusals.generic.delete',
      permission: 'delete',
      dialog: 'delete',
      guards: [{ type: 'no_links', relation: 'record_of', direction: 'in', refusalKey: `refusals.${kind}.has_records` }],
    },
  ];
}

export const privateDnsZoneKind: KindDefinition = {
  kind: 'private_dns_zone',
  collection: 'private-dns-zones',
  productCode: 'private_dns_zone',
  menuOrder: 260,
  routes: { list: 'dns', detail: 'dnsDetail' },
  fields: [
    F.id,
    { key: 'name', source: 'column', type: 'text' },
    F.status,
    F.vendor,
    F.region,
    F.vpc,
    { key: 'record_count', source: 'spec', type: 'number', unit: 'count' },
    { key: 'recursion', source: 'spec', type: 'boolean' },
    F.description,
    F.createdAt,
  ],
  columns: [C.nameCopyable, C.id, C.status, { field: 'vpc_id', display: true }, { field: 'record_count', display: true }, C.vendor, C.createdAt],
  filters: [Q.name, Q.status, Q.provider, { param: 'vpc_id', source: 'spec', key: 'vpc_id', type: 'ref' }],
  statuses: ZONE_STATUSES,
  create: { inBetween: 'creating', final: 'enabled' },
  placement: { from: 'vpc_id', kind: 'vpc' },
  createLinks: [{ relation: 'zone_in_vpc', param: 'vpc_id', kind: 'vpc', allowedFrom: ['available'] }],
  actions: zoneActions('private_dns_zone'),
  relations: [
    { relation: 'zone_in_vpc', direction: 'out', kind: 'vpc', many: false },
    { relation: 'record_of', direction: 'in', kind: 'dns_record', many: true },
  ],
  recycle: false,
  priced: false,
};

export const dnsDomainKind: KindDefinition = {
  kind: 'dns_domain',
  collection: 'dns-domains',
  productCode: 'dns_domain',
  menuOrder: 280,
  routes: { list: 'dnsInternet', detail: 'dnsInternetDetail', buy: 'dnsBuy' },
  fields: [
    F.id,
    { key: 'name', source: 'column', type: 'text' },
    F.status,
    { key: 'edition', source: 'spec', type: 'enum', options: DNS_EDITIONS },
    { key: 'min_ttl', source: 'spec', type: 'number', unit: 'second' },
    { key: 'dns_servers', source: 'spec', type: 'text' },
    { key: 'record_count', source: 'spec', type: 'number', unit: 'count' },
    F.vendor,
    F.region,
    F.description,
    F.createdAt,
  ],
  columns: [
    C.nameCopyable,
    C.id,
    C.status,
    { field: 'edition', display: true },
    { field: 'record_count', display: true },
    { field: 'dns_servers', display: false },
    C.vendor,
    C.createdAt,
  ],
  filters: [Q.name, Q.status, Q.provider, { param: 'edition', source: 'spec', key: 'edition', type: 'enum' }],
  statuses: ZONE_STATUSES,
  create: { inBetween: 'creating', final: 'enabled' },
  placement: 'own',
  derive: (spec) => ({ min_ttl: EDITION_MIN_TTL[String(spec.edition ?? 'free')] ?? 600 }),
  actions: zoneActions('dns_domain'),
  relations: [{ relation: 'record_of', direction: 'in', kind: 'dns_internet_record', many: true }],
  recycle: false,
  priced: false,
};
