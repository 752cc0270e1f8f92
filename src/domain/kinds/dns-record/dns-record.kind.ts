// Records of a DNS zone, private (dnsDetail) or internet (dnsInternetDetail): host record, type,
// value, TTL, line, weight, MX priority; enabled / disabled (暂停) and locked (a locked record
// cannot be changed, paused or deleted). Shown in the zone's 解析记录 tab; no route of their own.
import type { KindDefinition } from '../kind.ts';
import { REMOVED, SAME } from '../kind.ts';
import { C, F, Q } from '../common.ts';

export const RECORD_TYPES = ['A', 'AAAA', 'CNAME', 'MX', 'TXT', 'NS', 'SRV', 'CAA'] as const;
export type RecordType = (typeof RECORD_TYPES)[number];
/** Resolution lines (network areas the answer is for). */
export const RECORD_LINES = ['default', 'telecom', 'unicom', 'mobile', 'edu', 'overseas', 'search_engine'] as const;

const LOCKED = 'refusals.dns_record.locked';

function recordKind(kind: string, parentKind: string, route: string, menuOrder: number): KindDefinition {
  return {
    kind,
    collection: kind === 'dns_record' ? 'dns-records' : 'dns-internet-records',
    productCode: kind,
    menuOrder,
    routes: { list: route },
    fields: [
      F.id,
      { key: 'name', source: 'column', type: 'text' },
      F.status,
      { key: 'zone_id', source: 'spec', type: 'ref', ref: parentKind },
      { key: 'type', source: 'spec', type: 'enum', options: RECORD_TYPES },
      { key: 'value', source: 'spec', type: 'text' },
      { key: 'ttl', source: 'spec', type: 'number', unit: 'second' },
      { key: 'line', source: 'spec', type: 'enum', options: RECORD_LINES },
      { key: 'weight', source: 'spec', type: 'number' },
      { key: 'mx_priority', source: 'spec', type: 'number' },
      { key: 'locked', source: 'column', type: 'boolean' },
      F.description,
      F.createdAt,
    ],
    columns: [
      { field: 'name', frozen: true, sortable: true, display: true },
      { field: 'type', display: true },
      { field: 'line', display: true },
      { field: 'value', copyable: true, display: true },
      { field: 'ttl', display: true },
      { field: 'weight', display: false },
      C.status,
      { field: 'locked', display: true },
      C.createdAt,
    ],
    filters: [
      Q.name,
      Q.status,
      { param: 'zone_id', source: 'spec', key: 'zone_id', type: 'ref' },
      { param: 'type', source: 'spec', key: 'type', type: 'enum' },
      { param: 'line', source: 'spec', key: 'line', type: 'enum' },
    ],
    statuses: { stable: ['enabled', 'disabled'], inBetween: ['creating', 'updating', 'deleting'], failure: ['error'] },
    create: { inBetween: 'creating', final: 'enabled' },
    placement: { from: 'zone_id', kind: parentKind },
    createLinks: [{ relation: 'record_of', param: 'zone_id', kind: parentKind, allowedFrom: ['enabled'], refusalKey: 'refusals.dns_record.zone_not_ready' }],
    actions: [
      {
        id: 'modify',
        allowedFrom: ['enabled', 'disabled'],
        inBetween: 'updating',
        final: SAME,
        refusalKey: 'refusals.generic.edit',
        permission: 'update',
        hasParams: true,
        guards: [{ type: 'unlocked', refusalKey: LOCKED }],
        effects: [{ type: 'set_spec', keys: ['value', 'ttl', 'line', 'weight', 'mx_priority'] }],
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
        guards: [{ type: 'unlocked', refusalKey: LOCKED }],
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
        guards: [{ type: 'unlocked', refusalKey: LOCKED }],
      },
      {
        id: 'lock',
        allowedFrom: ['enabled', 'disabled'],
        inBetween: null,
        final: SAME,
        refusalKey: 'refusals.dns_record.lock',
        permission: 'operate',
        batch: true,
        guards: [{ type: 'unlocked', refusalKey: 'refusals.dns_record.already_locked' }],
        effects: [{ type: 'set_locked', value: true }],
      },
      {
        id: 'unlock',
        allowedFrom: ['enabled', 'disabled'],
        inBetween: null,
        final: SAME,
        refusalKey: 'refusals.dns_record.lock',
        permission: 'operate',
        batch: true,
        guards: [{ type: 'locked', refusalKey: 'refusals.dns_record.not_locked' }],
        effects: [{ type: 'set_locked', value: false }],
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
        guards: [{ type: 'unlocked', refusalKey: LOCKED }],
      },
    ],
    relations: [{ relation: 'record_of', direction: 'out', kind: parentKind, many: false }],
    recycle: false,
    priced: false,
  };
}

export const dnsRecordKind = recordKind('dns_record', 'private_dns_zone', 'dnsDetail', 270);
export const dnsInternetRecordKind = recordKind('dns_internet_record', 'dns_domain', 'dnsInternetDetail', 290);
