// Load balancer (balanceLoad): an address taken from a subnet (and a public address when it faces
// the internet), started and stopped; its listeners (lb-listener.kind.ts) must go before it does.
import { z } from 'zod';
import { idSchema } from '../../ids.ts';
import { REMOVED, defineKind } from '../kind.ts';
import { chargingShape, descriptionRule, nameRule } from '../rules.ts';
import { C, F, Q } from '../common.ts';

export const LB_FLAVORS = ['small', 'medium', 'large', 'xlarge'] as const;
export const LB_NETWORK_TYPES = ['internal', 'public'] as const;

export const loadBalancerCreateSchema = z
  .object({
    name: nameRule(),
    description: descriptionRule,
    ...chargingShape,
    subnet_id: idSchema,
    network_type: z.enum(LB_NETWORK_TYPES).default('internal'),
    flavor: z.enum(LB_FLAVORS).default('small'),
    bandwidth: z.coerce.number().int().min(1).max(200).optional(),
  })
  .refine((v) => v.network_type === 'internal' || v.bandwidth !== undefined, { path: ['bandwidth'], message: 'required' });

export const loadBalancerKind = defineKind({
  kind: 'load_balancer',
  collection: 'load-balances',
  productCode: 'load_balance',
  routes: { list: 'balanceLoad', detail: 'balanceLoadDetail', buy: 'balanceLoadConfig' },
  fields: [
    F.id,
    F.name,
    F.status,
    F.vendor,
    F.region,
    F.az,
    F.subnet,
    F.vpc,
    { key: 'network_type', source: 'spec', type: 'enum', options: LB_NETWORK_TYPES },
    { key: 'flavor', source: 'spec', type: 'enum', options: LB_FLAVORS },
    { key: 'vip_address', source: 'spec', type: 'ip' },
    { key: 'public_address', source: 'spec', type: 'ip' },
    { key: 'bandwidth', source: 'spec', type: 'number', unit: 'mbps' },
    { key: 'listener_count', source: 'spec', type: 'number', unit: 'count' },
    F.charging,
    F.billing,
    F.description,
    F.createdAt,
  ],
  columns: [
    C.nameCopyable,
    C.id,
    C.status,
    { field: 'vip_address', copyable: true, display: true },
    { field: 'public_address', copyable: true, display: true },
    { field: 'network_type', display: true },
    { field: 'flavor', display: true },
    { field: 'listener_count', display: true },
    C.vendor,
    C.createdAt,
  ],
  filters: [Q.name, Q.status, Q.provider, { param: 'network_type', source: 'spec', key: 'network_type', type: 'enum' }, Q.subnet],
  statuses: { stable: ['running', 'stopped'], inBetween: ['creating', 'starting', 'stopping', 'deleting'], failure: ['error'] },
  create: { inBetween: 'creating', final: 'running' },
  createSchema: loadBalancerCreateSchema as unknown as z.ZodObject<any>,
  placement: { from: 'subnet_id', kind: 'subnet' },
  createLinks: [{ relation: 'in_subnet', param: 'subnet_id', kind: 'subnet', allowedFrom: ['available'] }],
  actions: [
    {
      id: 'start',
      allowedFrom: ['stopped'],
      inBetween: 'starting',
      final: 'running',
      refusalKey: 'refusals.load_balancer.start',
      permission: 'operate',
      batch: true,
    },
    {
      id: 'stop',
      allowedFrom: ['running'],
      inBetween: 'stopping',
      final: 'stopped',
      refusalKey: 'refusals.load_balancer.stop',
      permission: 'operate',
      batch: true,
      dialog: 'warning',
    },
    {
      id: 'delete',
      allowedFrom: ['running', 'stopped', 'error'],
      inBetween: 'deleting',
      final: REMOVED,
      refusalKey: 'refusals.load_balancer.delete',
      permission: 'delete',
      dialog: 'delete',
      sms: true,
      guards: [{ type: 'no_links', relation: 'listener_of', direction: 'in', refusalKey: 'refusals.load_balancer.has_listeners' }],
      effects: [{ type: 'billing', value: 'suspended' }],
    },
  ],
  relations: [
    { relation: 'in_subnet', direction: 'out', kind: 'subnet', many: false },
    { relation: 'listener_of', direction: 'in', kind: 'lb_listener', many: true },
  ],
  recycle: false,
  priced: true,
});
