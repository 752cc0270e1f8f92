// GTM, global traffic management (gtmManage; gtmDetail: globarSet/:id, policyAdd/:id, gtmLog/:id):
// an instance answers a CNAME per resolution line from address pools, watching the pools' addresses
// with health checks and switching a line to its backup pool when the primary fails. The instance
// holds the global settings (globarSet), its pools and access policies (policyAdd) are kinds
// placed in it, and every change is written to the instance's operation log (gtmLog, server).
import type { KindDefinition } from '../kind.ts';
import { REMOVED, SAME } from '../kind.ts';
import { C, F, Q } from '../common.ts';
import { SMART_LINES } from '../smart-dns/smart-dns.kind.ts';

export const GTM_LINES = SMART_LINES;
export const HEALTH_PROTOCOLS = ['ping', 'tcp', 'http', 'https'] as const;

export const gtmInstanceKind: KindDefinition = {
  kind: 'gtm_instance',
  collection: 'gtm-instances',
  productCode: 'gtm_instance',
  menuOrder: 360,
  routes: { list: 'gtmManage', detail: 'gtmDetail_globarSet', others: ['gtmDetail', 'gtmDetail_policyAdd', 'gtmDetail_gtmLog'] },
  fields: [
    F.id,
    F.name,
    F.status,
    { key: 'cname', source: 'spec', type: 'text' },
    { key: 'ttl', source: 'spec', type: 'number', unit: 'second' },
    { key: 'alarm_enabled', source: 'spec', type: 'boolean' },
    { key: 'health_protocol', source: 'spec', type: 'enum', options: HEALTH_PROTOCOLS },
    { key: 'health_port', source: 'spec', type: 'number' },
    { key: 'health_interval', source: 'spec', type: 'number', unit: 'second' },
    { key: 'pool_count', source: 'spec', type: 'number', unit: 'count' },
    { key: 'policy_count', source: 'spec', type: 'number', unit: 'count' },
    F.vendor,
    F.region,
    F.description,
    F.createdAt,
  ],
  columns: [
    C.name,
    C.status,
    { field: 'cname', copyable: true, display: true },
    { field: 'ttl', display: true },
    { field: 'pool_count', display: true },
    { field: 'policy_count', display: true },
    C.vendor,
    C.createdAt,
  ],
  filters: [Q.name, Q.status, Q.provider],
  statuses: { stable: ['enabled', 'disabled'], inBetween: ['creating', 'deleting'], failure: ['error'] },
  create: { inBetween: 'creating', final: 'enabled' },
  placement: 'own',
  actions: [
    {
      id: 'set_global',
      allowedFrom: ['enabled', 'disabled'],
      inBetween: null,
      final: SAME,
      refusalKey: 'refusals.generic.edit',
      permission: 'update',
      hasParams: true,
      effects: [{ type: 'set_spec', keys: ['ttl', 'alarm_enabled', 'health_protocol', 'health_port', 'health_interval'] }],
    },
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
      guards: [{ type: 'no_links', relation: 'pool_of', direction: 'in', refusalKey: 'refusals.gtm_instance.has_pools' }],
    },
  ],
  relations: [
    { relation: 'pool_of', direction: 'in', kind: 'gtm_pool', many: true },
    { relation: 'policy_of', direction: 'in', kind: 'gtm_policy', many: true },
  ],
  recycle: false,
  priced: false,
};

/** An address pool of a GTM instance (shown on globarSet/:id under the settings). */
export const gtmPoolKind: KindDefinition = {
  kind: 'gtm_pool',
  collection: 'gtm-pools',
  productCode: 'gtm_pool',
  menuOrder: 370,
  // Listed inside the instance's pages only (globarSet, policyAdd); the bare list route is the instances'.
  routes: { list: 'gtmManage' },
  fields: [
    F.id,
    F.name,
    F.status,
    { key: 'gtm_id', source: 'spec', type: 'ref', ref: 'gtm_instance' },
    { key: 'address_summary', source: 'spec', type: 'text' },
    { key: 'address_count', source: 'spec', type: 'number', unit: 'count' },
    { key: 'health_check', source: 'spec', type: 'boolean' },
    F.description,
    F.createdAt,
  ],
  columns: [C.name, C.status, { field: 'address_summary', display: true }, { field: 'health_check', display: true }, C.createdAt],
  filters: [Q.name, Q.status, { param: 'gtm_id', source: 'spec', key: 'gtm_id', type: 'ref' }],
  statuses: { stable: ['enabled', 'disabled'], inBetween: ['creating', 'deleting'], failure: ['error'] },
  create: { inBetween: 'creating', final: 'enabled' },
  placement: { from: 'gtm_id', kind: 'gtm_instance' },
  createLinks: [
    { relation: 'pool_of', param: 'gtm_id', kind: 'gtm_instance', allowedFrom: ['enabled', 'disabled'], refusalKey: 'refusals.gtm_pool.instance_not_ready' },
  ],
  // 「47.1.1.1 · 50」: the addresses with their weights, as the list and detail show them.
  derive: (spec) => {
    const list = Array.isArray(spec.addresses) ? (spec.addresses as { ip: string; weight: number }[]) : [];
    return { address_count: list.length, address_summary: list.map((a) => `${a.ip} · ${a.weight}`) };
  },
  actions: [
    {
      id: 'modify',
      allowedFrom: ['enabled', 'disabled'],
      inBetween: null,
      final: SAME,
      refusalKey: 'refusals.generic.edit',
      permission: 'update',
      hasParams: true,
      effects: [{ type: 'set_spec', keys: ['addresses', 'health_check'] }],
    },
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
    },
  ],
  relations: [{ relation: 'pool_of', direction: 'out', kind: 'gtm_instance', many: false }],
  recycle: false,
  priced: false,
};

/** An access policy: a resolution line answered from a primary pool, switching to the backup on failure (policyAdd/:id). */
export const gtmPolicyKind: KindDefinition = {
  kind: 'gtm_policy',
  collection: 'gtm-policies',
  productCode: 'gtm_policy',
  menuOrder: 380,
  routes: { list: 'gtmManage' },
  fields: [
    F.id,
    F.status,
    { key: 'gtm_id', source: 'spec', type: 'ref', ref: 'gtm_instance' },
    { key: 'line', source: 'spec', type: 'enum', options: GTM_LINES },
    { key: 'primary_pool_id', source: 'spec', type: 'ref', ref: 'gtm_pool' },
    { key: 'primary_pool_name', source: 'spec', type: 'text' },
    { key: 'backup_pool_id', source: 'spec', type: 'ref', ref: 'gtm_pool' },
    { key: 'backup_pool_name', source: 'spec', type: 'text' },
    { key: 'failover', source: 'spec', type: 'boolean' },
    F.description,
    F.createdAt,
  ],
  columns: [
    { field: 'line', display: true },
    C.status,
    { field: 'primary_pool_name', display: true },
    { field: 'backup_pool_name', display: true },
    { field: 'failover', display: true },
    C.createdAt,
  ],
  filters: [Q.status, { param: 'gtm_id', source: 'spec', key: 'gtm_id', type: 'ref' }, { param: 'line', source: 'spec', key: 'line', type: 'enum' }],
  statuses: { stable: ['enabled', 'disabled'], inBetween: ['creating', 'deleting'], failure: ['error'] },
  create: { inBetween: 'creating', final: 'enabled' },
  placement: { from: 'gtm_id', kind: 'gtm_instance' },
  createLinks: [
    { relation: 'policy_of', param: 'gtm_id', kind: 'gtm_instance', allowedFrom: ['enabled', 'disabled'], refusalKey: 'refusals.gtm_pool.instance_not_ready' },
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
      effects: [{ type: 'set_spec', keys: ['primary_pool_id', 'backup_pool_id', 'failover', 'primary_pool_name', 'backup_pool_name'] }],
    },
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
    },
  ],
  relations: [{ relation: 'policy_of', direction: 'out', kind: 'gtm_instance', many: false }],
  recycle: false,
  priced: false,
};
