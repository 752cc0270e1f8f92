// Smart DNS (智能解析, smartDns): internet domains answered per resolution line — the carrier or
// region the asking resolver sits in (电信 / 联通 / 移动 / 教育网 / 海外, 默认 for everyone else).
// A domain's records each belong to one line (smartDns/domain/:id lists them by line); the
// domain's overview (smartDns/domainDetail/:id) counts them per line. A line without its own
// records falls back to 默认, so 默认 must keep at least one record while others exist (server).
import type { KindDefinition } from '../kind.ts';
import { REMOVED, SAME } from '../kind.ts';
import { C, F, Q } from '../common.ts';
import { RECORD_TYPES } from '../dns-record/dns-record.kind.ts';

/** Resolution lines of smart DNS: carriers, the education network, overseas and the default. */
export const SMART_LINES = ['default', 'telecom', 'unicom', 'mobile', 'edu', 'overseas'] as const;
/** Record types smart DNS answers per line (address and alias records). */
export const SMART_RECORD_TYPES = ['A', 'AAAA', 'CNAME', 'MX', 'TXT'] as const satisfies readonly (typeof RECORD_TYPES)[number][];

export const smartDnsDomainKind: KindDefinition = {
  kind: 'smart_dns_domain',
  collection: 'smart-dns-domains',
  productCode: 'smart_dns_domain',
  menuOrder: 320,
  routes: { list: 'smartDns', detail: 'smartDns_domainDetail', others: ['smartDns_domain'] },
  fields: [
    F.id,
    { key: 'name', source: 'column', type: 'text' },
    F.status,
    { key: 'record_count', source: 'spec', type: 'number', unit: 'count' },
    ...SMART_LINES.map((l) => ({ key: `line_${l}`, source: 'spec' as const, type: 'number' as const, unit: 'count' })),
    { key: 'dns_servers', source: 'spec', type: 'text' },
    F.vendor,
    F.region,
    F.description,
    F.createdAt,
  ],
  columns: [
    C.nameCopyable,
    C.status,
    { field: 'record_count', display: true },
    { field: 'line_default', display: true },
    { field: 'line_telecom', display: false },
    { field: 'line_unicom', display: false },
    { field: 'line_mobile', display: false },
    { field: 'dns_servers', display: false },
    C.vendor,
    C.createdAt,
  ],
  filters: [Q.name, Q.status, Q.provider],
  statuses: { stable: ['enabled', 'disabled'], inBetween: ['creating', 'deleting'], failure: ['error'] },
  create: { inBetween: 'creating', final: 'enabled' },
  placement: 'own',
  actions: [
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
      guards: [{ type: 'no_links', relation: 'record_of', direction: 'in', refusalKey: 'refusals.smart_dns_domain.has_records' }],
    },
  ],
  relations: [{ relation: 'record_of', direction: 'in', kind: 'smart_dns_record', many: true }],
  recycle: false,
  priced: false,
};

/** Records of a smart DNS domain, one line each (shown on smartDns/domain/:id, grouped by line). */

export const smartDnsRecordKind: KindDefinition = {
  kind: 'smart_dns_record',
  collection: 'smart-dns-records',
  productCode: 'smart_dns_record',
  menuOrder: 330,
  // Listed only inside its domain's page (smartDns/domain/:id); the bare list route is the domains'.
  routes: { list: 'smartDns' },
  fields: [
    F.id,
    { key: 'name', source: 'column', type: 'text' },
    F.status,
    { key: 'zone_id', source: 'spec', type: 'ref', ref: 'smart_dns_domain' },
    { key: 'line', source: 'spec', type: 'enum', options: SMART_LINES },
    { key: 'type', source: 'spec', type: 'enum', options: SMART_RECORD_TYPES },
    { key: 'value', source: 'spec', type: 'text' },
    { key: 'ttl', source: 'spec', type: 'number', unit: 'second' },
    { key: 'weight', source: 'spec', type: 'number' },
    { key: 'mx_priority', source: 'spec', type: 'number' },
    F.description,
    F.createdAt,
  ],
  columns: [
    { field: 'name', frozen: true, sortable: true, display: true },
    { field: 'line', display: true },
    { field: 'type', display: true },
    { field: 'value', copyable: true, display: true },
    { field: 'ttl', display: true },
    { field: 'weight', display: false },
    C.status,
    C.createdAt,
  ],
  filters: [
    Q.name,
    Q.status,
    { param: 'zone_id', source: 'spec', key: 'zone_id', type: 'ref' },
    { param: 'line', source: 'spec', key: 'line', type: 'enum' },
    { param: 'type', source: 'spec', key: 'type', type: 'enum' },
  ],
  statuses: { stable: ['enabled', 'disabled'], inBetween: ['creating', 'deleting'], failure: ['error'] },
  create: { inBetween: 'creating', final: 'enabled' },
  placement: { from: 'zone_id', kind: 'smart_dns_domain' },
  createLinks: [
    { relation: 'record_of', param: 'zone_id', kind: 'smart_dns_domain', allowedFrom: ['enabled'], refusalKey: 'refusals.smart_dns_record.domain_not_enabled' },
  ],
  actions: [
    {
      id: 'modify',
      allowedFrom: ['enabled', 'disabled'],
      inBetween: null,
      final: SAME,
      refusalKey: 'refusals.generic.edit',
      permission: 'update',
      hasParams: true,
      effects: [{ type: 'set_spec', keys: ['value', 'ttl', 'weight', 'mx_priority'] }],
    },
    {
      id: 'disable',
      allowedFrom: ['enabled'],
      inBetween: null,
      final: 'disabled',
      refusalKey: 'refusals.generic.enable',
      permission: 'operate',
      batch: true,
      dialog: 'disable',
    },
    {
      id: 'enable',
      allowedFrom: ['disabled'],
      inBetween: null,
      final: 'enabled',
      refusalKey: 'refusals.generic.enable',
      permission: 'operate',
      batch: true,
      dialog: 'enable',
    },
    {
      id: 'delete',
      allowedFrom: ['enabled', 'disabled', 'error'],
      inBetween: 'deleting',
      final: REMOVED,
      refusalKey: 'refusals.generic.delete',
      permission: 'delete',
      batch: true,
      dialog: 'delete',
    },
  ],
  relations: [{ relation: 'record_of', direction: 'out', kind: 'smart_dns_domain', many: false }],
  recycle: false,
  priced: false,
};
