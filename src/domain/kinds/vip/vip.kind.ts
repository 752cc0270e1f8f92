// Virtual IP (vip): an address taken from a subnet, bound to a host; a bound VIP is neither
// bound again nor deleted.
import { REMOVED, defineKind } from '../kind.ts';
import { C, F, Q } from '../common.ts';

export const vipKind = defineKind({
  kind: 'vip',
  collection: 'vips',
  productCode: 'vip',
  menuOrder: 70,
  routes: { list: 'vip', detail: 'vipDetail', buy: 'vipBuy' },
  fields: [
    F.id,
    F.name,
    F.status,
    F.subnet,
    { key: 'ip_address', source: 'spec', type: 'ip' },
    { key: 'instance_id', source: 'spec', type: 'ref', ref: 'instance' },
    F.createdAt,
  ],
  columns: [
    C.name,
    { field: 'ip_address', copyable: true, display: true },
    C.status,
    { field: 'subnet_id', display: true },
    { field: 'instance_id', display: true },
    C.createdAt,
  ],
  filters: [Q.name, Q.status, Q.subnet],
  statuses: { stable: ['available', 'allocated'], inBetween: ['creating', 'binding', 'unbinding', 'deleting'], failure: ['error'] },
  create: { inBetween: 'creating', final: 'available' },
  placement: { from: 'subnet_id', kind: 'subnet' },
  createLinks: [{ relation: 'in_subnet', param: 'subnet_id', kind: 'subnet', allowedFrom: ['available'] }],
  actions: [
    {
      id: 'bind',
      allowedFrom: ['available'],
      inBetween: 'binding',
      final: 'allocated',
      refusalKey: 'refusals.vip.bind',
      permission: 'operate',
      refusals: { allocated: 'refusals.vip.allocated_cannot_bind' },
      hasParams: true,
      guards: [{ type: 'target', param: 'instance_id', kind: 'instance', allowedFrom: ['running', 'stopped'], refusalKey: 'refusals.eip.no_bindable' }],
      effects: [
        { type: 'link', relation: 'vip_of', param: 'instance_id' },
        { type: 'set_spec', keys: ['instance_id'] },
      ],
    },
    {
      id: 'unbind',
      allowedFrom: ['allocated'],
      inBetween: 'unbinding',
      final: 'available',
      refusalKey: 'refusals.vip.unbind',
      permission: 'operate',
      effects: [
        { type: 'unlink', relation: 'vip_of', direction: 'out' },
        { type: 'set_spec', keys: ['instance_id'] },
      ],
    },
    {
      id: 'delete',
      allowedFrom: ['available', 'error'],
      inBetween: 'deleting',
      final: REMOVED,
      refusalKey: 'refusals.vip.delete',
      permission: 'delete',
      dialog: 'delete',
      refusals: { allocated: 'refusals.vip.allocated_cannot_delete' },
    },
  ],
  relations: [
    { relation: 'in_subnet', direction: 'out', kind: 'subnet', many: false },
    { relation: 'vip_of', direction: 'out', kind: 'instance', many: false },
  ],
  recycle: false,
  priced: false,
});
