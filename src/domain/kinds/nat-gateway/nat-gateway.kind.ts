// NAT gateway (natManage, natBuy, natDetail): sits in a VPC, takes elastic IPs (bound to the gateway,
// then 已分配) and holds SNAT, DNAT and IPv6 rules (nat-rules.kind.ts). An EIP used by a rule cannot
// be unbound; a gateway with rules cannot be deleted.
import { z } from 'zod';
import { idSchema } from '../../ids.ts';
import { REMOVED, SAME, defineKind } from '../kind.ts';
import { chargingShape, descriptionRule, nameRule } from '../rules.ts';
import { C, F, Q } from '../common.ts';

export const NAT_FLAVORS = ['small', 'medium', 'large', 'xlarge'] as const;

export const natGatewayKind = defineKind({
  kind: 'nat_gateway',
  collection: 'nat_gateways',
  productCode: 'nat_gateway',
  routes: {
    list: 'natManage',
    detail: 'natDetail_outline',
    buy: 'natBuy',
    others: ['natDetail', 'natDetail_snatManage', 'natDetail_snatConfig', 'natDetail_dnatManage', 'natDetail_dnatConfig', 'natDetail_ipv6Manage'],
  },
  fields: [
    F.id,
    F.name,
    F.status,
    F.vendor,
    F.region,
    F.vpc,
    { key: 'flavor', source: 'spec', type: 'enum', options: NAT_FLAVORS },
    { key: 'eip_count', source: 'spec', type: 'number', unit: 'count' },
    { key: 'rule_count', source: 'spec', type: 'number', unit: 'count' },
    { key: 'eip_id', source: 'spec', type: 'ref', ref: 'eip' },
    F.charging,
    F.billing,
    F.description,
    F.createdAt,
  ],
  columns: [
    C.nameCopyable,
    C.id,
    C.status,
    { field: 'vpc_id', display: true },
    { field: 'flavor', display: true },
    { field: 'eip_count', display: true },
    { field: 'rule_count', display: true },
    C.vendor,
    C.createdAt,
  ],
  filters: [Q.name, Q.status, Q.provider, { param: 'vpc_id', source: 'spec', key: 'vpc_id', type: 'ref' }],
  statuses: { stable: ['available'], inBetween: ['creating', 'deleting'], failure: ['error'] },
  create: { inBetween: 'creating', final: 'available' },
  createSchema: z.object({ name: nameRule(), description: descriptionRule, ...chargingShape, vpc_id: idSchema, flavor: z.enum(NAT_FLAVORS).default('small') }),
  placement: { from: 'vpc_id', kind: 'vpc' },
  createLinks: [{ relation: 'nat_in_vpc', param: 'vpc_id', kind: 'vpc', allowedFrom: ['available'] }],
  actions: [
    {
      id: 'bind_eip',
      allowedFrom: ['available'],
      inBetween: null,
      final: SAME,
      refusalKey: 'refusals.generic.bind',
      permission: 'operate',
      params: z.object({ eip_id: idSchema }),
      guards: [{ type: 'target', param: 'eip_id', kind: 'eip', allowedFrom: ['available'], refusalKey: 'refusals.eip.allocated_cannot_bind' }],
    },
    {
      id: 'unbind_eip',
      allowedFrom: ['available'],
      inBetween: null,
      final: SAME,
      refusalKey: 'refusals.generic.unbind',
      permission: 'operate',
      dialog: 'warning',
      params: z.object({ eip_id: idSchema }),
    },
    {
      id: 'delete',
      allowedFrom: ['available', 'error'],
      inBetween: 'deleting',
      final: REMOVED,
      refusalKey: 'refusals.nat_gateway.delete',
      permission: 'delete',
      dialog: 'delete',
      sms: true,
      guards: [{ type: 'no_links', relation: 'rule_of', direction: 'in', refusalKey: 'refusals.nat_gateway.has_rules' }],
      effects: [{ type: 'billing', value: 'suspended' }],
    },
  ],
  relations: [
    { relation: 'nat_in_vpc', direction: 'out', kind: 'vpc', many: false },
    { relation: 'bound_to', direction: 'in', kind: 'eip', many: true },
    { relation: 'rule_of', direction: 'in', kind: 'snat_rule', many: true },
    { relation: 'rule_of', direction: 'in', kind: 'dnat_rule', many: true },
    { relation: 'rule_of', direction: 'in', kind: 'nat_ipv6_rule', many: true },
  ],
  recycle: false,
  priced: true,
});
