// Subnet (subnet). Its CIDR lies inside its VPC and overlaps no sibling; hosts and virtual IPs
// take addresses from it (「子网可用IP不足」 when none is left).
import { REMOVED, defineKind } from '../kind.ts';
import { C, F, Q } from '../common.ts';

export const SUBNET_PREFIX = { min: 16, max: 29 } as const;

export const subnetKind = defineKind({
  kind: 'subnet',
  collection: 'subnets',
  productCode: 'subnet',
  menuOrder: 50,
  routes: { list: 'subnet', detail: 'subnetDetail' },
  fields: [
    F.id,
    F.name,
    F.status,
    F.vpc,
    { key: 'cidr', source: 'spec', type: 'cidr' },
    { key: 'gateway', source: 'spec', type: 'ip' },
    { key: 'total_ips', source: 'spec', type: 'number' },
    { key: 'used_ips', source: 'spec', type: 'number' },
    { key: 'free_ips', source: 'spec', type: 'number' },
    F.createdAt,
  ],
  columns: [
    C.name,
    C.id,
    C.status,
    { field: 'cidr', copyable: true, display: true },
    { field: 'vpc_id', display: true },
    { field: 'free_ips', display: true },
    C.createdAt,
  ],
  filters: [Q.name, Q.status, { param: 'vpc_id', source: 'spec', key: 'vpc_id', type: 'ref' }],
  statuses: { stable: ['available'], inBetween: ['creating', 'deleting'], failure: ['error'] },
  create: { inBetween: 'creating', final: 'available' },
  placement: { from: 'vpc_id', kind: 'vpc' },
  createLinks: [{ relation: 'in_vpc', param: 'vpc_id', kind: 'vpc', allowedFrom: ['available'], refusalKey: 'refusals.subnet.vpc_not_available' }],
  derive: (spec) => ({ free_ips: Math.max(0, Number(spec.total_ips ?? 0) - Number(spec.used_ips ?? 0)) }),
  actions: [
    {
      id: 'delete',
      allowedFrom: ['available', 'error'],
      inBetween: 'deleting',
      final: REMOVED,
      refusalKey: 'refusals.subnet.delete',
      permission: 'delete',
      dialog: 'delete',
      guards: [{ type: 'no_links', relation: 'in_subnet', direction: 'in', refusalKey: 'refusals.subnet.in_use' }],
    },
  ],
  relations: [
    { relation: 'in_vpc', direction: 'out', kind: 'vpc', many: false },
    { relation: 'in_subnet', direction: 'in', kind: 'instance', many: true },
  ],
  createForm: true,
  recycle: false,
  priced: false,
});
