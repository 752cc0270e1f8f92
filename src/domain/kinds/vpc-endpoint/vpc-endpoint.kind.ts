// Endpoint services and endpoints (vpcepManage: vpcepServices, vpcep). A service publishes a host or
// a load balancer of a VPC with port mappings (service port → terminal port, 1–65535 each); an
// endpoint in a subnet connects to it and is accepted; the service's owner may reject a connection
// and accept it again. A service with endpoints cannot be deleted.
import { z } from 'zod';
import { idSchema } from '../../ids.ts';
import { REMOVED, SAME, defineKind } from '../kind.ts';
import { descriptionRule, nameRule, portRule } from '../rules.ts';
import { C, F, Q } from '../common.ts';

export const BACKEND_TYPES = ['instance', 'load_balancer'] as const;

export const portMappingsRule = z
  .array(
    z.object({
      protocol: z.enum(['tcp', 'udp']).default('tcp'),
      service_port: portRule,
      terminal_port: portRule,
    }),
  )
  .min(1)
  .max(50)
  .superRefine((list, ctx) => {
    const seen = new Set<string>();
    list.forEach((m, i) => {
      const key = `${m.protocol}:${m.service_port}`;
      if (seen.has(key)) ctx.addIssue({ code: 'custom', path: [i, 'service_port'], message: 'port_repeated' });
      seen.add(key);
    });
  });

export const vpcepServiceKind = defineKind({
  kind: 'vpcep_service',
  collection: 'vpcep-services',
  productCode: 'vpcep_service',
  routes: { list: 'vpcepManage_vpcepServices', detail: 'vpcepServicesDetail', buy: 'vpcepServicesAdd' },
  fields: [
    F.id,
    F.name,
    F.status,
    F.vendor,
    F.region,
    F.vpc,
    { key: 'service_name', source: 'spec', type: 'text' },
    { key: 'backend_type', source: 'spec', type: 'enum', options: BACKEND_TYPES },
    { key: 'backend_id', source: 'spec', type: 'text' },
    { key: 'port_mappings', source: 'spec', type: 'text' },
    { key: 'endpoint_count', source: 'spec', type: 'number', unit: 'count' },
    F.description,
    F.createdAt,
  ],
  columns: [
    C.name,
    { field: 'service_name', copyable: true, display: true },
    C.status,
    { field: 'backend_type', display: true },
    { field: 'endpoint_count', display: true },
    C.createdAt,
  ],
  filters: [
    Q.name,
    Q.status,
    { param: 'vpc_id', source: 'spec', key: 'vpc_id', type: 'ref' },
    { param: 'backend_type', source: 'spec', key: 'backend_type', type: 'enum' },
  ],
  statuses: { stable: ['available'], inBetween: ['creating', 'deleting'], failure: ['error'] },
  create: { inBetween: 'creating', final: 'available' },
  createSchema: z.object({
    name: nameRule(),
    description: descriptionRule,
    vpc_id: idSchema,
    backend_type: z.enum(BACKEND_TYPES),
    backend_id: idSchema,
    port_mappings: portMappingsRule,
  }),
  placement: { from: 'vpc_id', kind: 'vpc' },
  createLinks: [{ relation: 'service_in_vpc', param: 'vpc_id', kind: 'vpc', allowedFrom: ['available'] }],
  actions: [
    {
      id: 'set_ports',
      allowedFrom: ['available'],
      inBetween: null,
      final: SAME,
      refusalKey: 'refusals.generic.edit',
      permission: 'update',
      params: z.object({ port_mappings: portMappingsRule }),
      effects: [{ type: 'set_spec', keys: ['port_mappings'] }],
    },
    {
      id: 'delete',
      allowedFrom: ['available', 'error'],
      inBetween: 'deleting',
      final: REMOVED,
      refusalKey: 'refusals.vpcep_service.delete',
      permission: 'delete',
      dialog: 'delete',
      guards: [{ type: 'no_links', relation: 'endpoint_of', direction: 'in', refusalKey: 'refusals.vpcep_service.has_endpoints' }],
    },
  ],
  relations: [
    { relation: 'service_in_vpc', direction: 'out', kind: 'vpc', many: false },
    { relation: 'endpoint_of', direction: 'in', kind: 'vpc_endpoint', many: true },
  ],
  recycle: false,
  priced: false,
});

export const vpcEndpointKind = defineKind({
  kind: 'vpc_endpoint',
  collection: 'vpcep',
  productCode: 'vpcep',
  routes: { list: 'vpcepManage_vpcep', buy: 'vpcepAdd', others: ['vpcepManage'] },
  fields: [
    F.id,
    F.name,
    F.status,
    F.vendor,
    F.region,
    { key: 'service_id', source: 'spec', type: 'ref', ref: 'vpcep_service' },
    { key: 'service_name', source: 'spec', type: 'text' },
    F.subnet,
    F.vpc,
    { key: 'ip_address', source: 'spec', type: 'ip' },
    F.description,
    F.createdAt,
  ],
  columns: [
    C.name,
    C.status,
    { field: 'service_name', copyable: true, display: true },
    { field: 'ip_address', copyable: true, display: true },
    { field: 'subnet_id', display: true },
    C.createdAt,
  ],
  filters: [Q.name, Q.status, { param: 'service_id', source: 'spec', key: 'service_id', type: 'ref' }, Q.subnet],
  statuses: { stable: ['accepted'], inBetween: ['creating', 'deleting'], failure: ['rejected', 'error'] },
  create: { inBetween: 'creating', final: 'accepted' },
  createSchema: z.object({ name: nameRule(), description: descriptionRule, service_id: idSchema, subnet_id: idSchema }),
  placement: { from: 'subnet_id', kind: 'subnet' },
  createLinks: [
    {
      relation: 'endpoint_of',
      param: 'service_id',
      kind: 'vpcep_service',
      allowedFrom: ['available'],
      refusalKey: 'refusals.vpc_endpoint.service_not_available',
    },
    { relation: 'in_subnet', param: 'subnet_id', kind: 'subnet', allowedFrom: ['available'] },
  ],
  actions: [
    {
      id: 'accept',
      allowedFrom: ['rejected'],
      inBetween: null,
      final: 'accepted',
      refusalKey: 'refusals.vpc_endpoint.review',
      permission: 'update',
      dialog: 'enable',
    },
    {
      id: 'reject',
      allowedFrom: ['accepted'],
      inBetween: null,
      final: 'rejected',
      refusalKey: 'refusals.vpc_endpoint.review',
      permission: 'update',
      dialog: 'disable',
    },
    {
      id: 'delete',
      allowedFrom: ['accepted', 'rejected', 'error'],
      inBetween: 'deleting',
      final: REMOVED,
      refusalKey: 'refusals.vpc_endpoint.delete',
      permission: 'delete',
      batch: true,
      dialog: 'delete',
    },
  ],
  relations: [
    { relation: 'endpoint_of', direction: 'out', kind: 'vpcep_service', many: false },
    { relation: 'in_subnet', direction: 'out', kind: 'subnet', many: false },
  ],
  recycle: false,
  priced: false,
});
