// Subnet (subnet). Its CIDR lies inside its VPC and overlaps no sibling; hosts and virtual IPs
// take addresses from it (「子网可用IP不足」 when none is left).
import { z } from 'zod';
import { idSchema } from '../ids.ts';
import type { KindDefinition } from './kind.ts';
import { REMOVED } from './kind.ts';
import { cidrRule, descriptionRule, nameRule } from './rules.ts';

export const subnetKind: KindDefinition = {
  kind: 'subnet',
  collection: 'subnets',
  productCode: 'subnet',
  routes: { list: 'subnet', detail: 'subnetDetail' },
  fields: [
    { key: 'id', source: 'column', type: 'text' },
    { key: 'name', source: 'column', type: 'text' },
    { key: 'status', source: 'column', type: 'status' },
    { key: 'vpc_id', source: 'spec', type: 'ref', ref: 'vpc' },
    { key: 'cidr', source: 'spec', type: 'cidr' },
    { key: 'gateway', source: 'spec', type: 'ip' },
    { key: 'total_ips', source: 'spec', type: 'number' },
    { key: 'used_ips', source: 'spec', type: 'number' },
    { key: 'free_ips', source: 'spec', type: 'number' },
    { key: 'created_at', source: 'column', type: 'datetime' },
  ],
  columns: [
    { field: 'name', frozen: true, sortable: true, display: true, editable: true },
    { field: 'id', copyable: true, display: true },
    { field: 'status', sortable: true, display: true },
    { field: 'cidr', copyable: true, display: true },
    { field: 'vpc_id', display: true },
    { field: 'free_ips', display: true },
    { field: 'created_at', sortable: true, display: true },
  ],
  filters: [
    { param: 'name', source: 'column', key: 'name', type: 'text' },
    { param: 'status', source: 'column', key: 'status', type: 'enum' },
    { param: 'vpc_id', source: 'spec', key: 'vpc_id', type: 'ref' },
  ],
  statuses: { stable: ['available'], inBetween: ['creating', 'deleting'], failure: ['error'] },
  create: { inBetween: 'creating', final: 'available' },
  createSchema: z.object({ name: nameRule(), description: descriptionRule, vpc_id: idSchema, cidr: cidrRule(16, 29) }),
  placement: { from: 'vpc_id', kind: 'vpc' },
  createLinks: [{ relation: 'in_vpc', param: 'vpc_id', kind: 'vpc', allowedFrom: ['available'], refusalKey: 'refusals.subnet.vpc_not_available' }],
  derive: (spec) => ({ free_ips: Math.max(0, Number(spec.total_ips ?? 0) - Number(spec.used_ips ?? 0)) }),
  actions: [
    { id: 'delete', allowedFrom: ['available', 'error'], inBetween: 'deleting', final: REMOVED, refusalKey: 'refusals.subnet.delete', permission: 'delete', dialog: 'delete',
      guards: [{ type: 'no_links', relation: 'in_subnet', direction: 'in', refusalKey: 'refusals.subnet.in_use' }] },
  ],
  relations: [
    { relation: 'in_vpc', direction: 'out', kind: 'vpc', many: false },
    { relation: 'in_subnet', direction: 'in', kind: 'instance', many: true },
  ],
  recycle: false,
  priced: false,
};
