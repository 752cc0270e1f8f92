// Elastic IP (eipManage). An allocated (bound) EIP cannot be deleted or bound again.
import { z } from 'zod';
import { idSchema } from '../../ids.ts';
import { REMOVED, defineKind } from '../kind.ts';
import { chargingShape, descriptionRule, nameRule, placementShape } from '../rules.ts';
import { C, F, Q } from '../common.ts';

export const eipCreateSchema = z.object({
  name: nameRule(),
  description: descriptionRule,
  ...placementShape,
  ...chargingShape,
  bandwidth: z.coerce.number().int().min(1).max(200),
  line: z.enum(['bgp', 'static_bgp']).default('bgp'),
});

export const eipKind = defineKind({
  kind: 'eip',
  collection: 'eips',
  productCode: 'eip',
  routes: { list: 'eipManage', detail: 'eipDetail', buy: 'eipBuy' },
  fields: [
    F.id,
    F.name,
    F.status,
    F.vendor,
    { key: 'address', source: 'spec', type: 'ip' },
    { key: 'bandwidth', source: 'spec', type: 'number', unit: 'mbps' },
    { key: 'line', source: 'spec', type: 'enum', options: ['bgp', 'static_bgp'] },
    { key: 'instance_id', source: 'spec', type: 'ref', ref: 'instance' },
    { key: 'nat_gateway_id', source: 'spec', type: 'ref', ref: 'nat_gateway' },
    F.createdAt,
  ],
  columns: [
    C.name,
    { field: 'address', copyable: true, display: true },
    C.status,
    { field: 'bandwidth', display: true },
    { field: 'instance_id', display: true },
    C.vendor,
    C.createdAt,
  ],
  filters: [
    Q.name,
    Q.status,
    Q.provider,
    { param: 'address', source: 'spec', key: 'address', type: 'text' },
    // The EIPs bound to one NAT gateway (the rule forms of natDetail pick from these).
    { param: 'nat_gateway_id', source: 'spec', key: 'nat_gateway_id', type: 'ref' },
  ],
  statuses: { stable: ['available', 'allocated'], inBetween: ['creating', 'binding', 'unbinding', 'deleting'], failure: ['error'] },
  create: { inBetween: 'creating', final: 'available' },
  createSchema: eipCreateSchema,
  placement: 'own',
  actions: [
    {
      id: 'bind',
      allowedFrom: ['available'],
      inBetween: 'binding',
      final: 'allocated',
      refusalKey: 'refusals.eip.bind',
      permission: 'operate',
      refusals: { allocated: 'refusals.eip.allocated_cannot_bind' },
      params: z.object({ instance_id: idSchema }),
      guards: [{ type: 'target', param: 'instance_id', kind: 'instance', allowedFrom: ['running', 'stopped'], refusalKey: 'refusals.eip.no_bindable' }],
      effects: [
        { type: 'link', relation: 'bound_to', param: 'instance_id' },
        { type: 'set_spec', keys: ['instance_id'] },
      ],
    },
    {
      id: 'unbind',
      allowedFrom: ['allocated'],
      inBetween: 'unbinding',
      final: 'available',
      refusalKey: 'refusals.eip.unbind',
      permission: 'operate',
      dialog: 'warning',
      effects: [
        { type: 'unlink', relation: 'bound_to', direction: 'out' },
        { type: 'set_spec', keys: ['instance_id'] },
      ],
    },
    {
      id: 'delete',
      allowedFrom: ['available', 'error'],
      inBetween: 'deleting',
      final: REMOVED,
      refusalKey: 'refusals.eip.delete',
      permission: 'delete',
      batch: true,
      dialog: 'delete',
      sms: true,
      refusals: { allocated: 'refusals.eip.allocated_cannot_delete' },
    },
  ],
  relations: [{ relation: 'bound_to', direction: 'out', kind: 'instance', many: false }],
  recycle: false,
  priced: true,
  priceQuantityKey: 'bandwidth',
});
