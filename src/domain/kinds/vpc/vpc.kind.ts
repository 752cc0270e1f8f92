// Virtual private cloud (vpc). A VPC with subnets cannot be deleted.
import { REMOVED, defineKind } from '../kind.ts';
import { C, F, Q } from '../common.ts';

export const vpcKind = defineKind({
  kind: 'vpc',
  collection: 'vpcs',
  productCode: 'vpc',
  menuOrder: 40,
  routes: { list: 'vpc', detail: 'vpcDetail' },
  fields: [F.id, F.name, F.status, F.vendor, F.region, { key: 'cidr', source: 'spec', type: 'cidr' }, F.description, F.createdAt],
  columns: [C.name, C.id, C.status, { field: 'cidr', copyable: true, display: true }, C.vendor, C.createdAt],
  filters: [Q.name, Q.status, Q.provider, { param: 'cidr', source: 'spec', key: 'cidr', type: 'text' }],
  statuses: { stable: ['available'], inBetween: ['creating', 'deleting'], failure: ['error'] },
  create: { inBetween: 'creating', final: 'available' },
  placement: 'own',
  actions: [
    {
      id: 'delete',
      allowedFrom: ['available', 'error'],
      inBetween: 'deleting',
      final: REMOVED,
      refusalKey: 'refusals.vpc.delete',
      permission: 'delete',
      dialog: 'delete',
      guards: [{ type: 'no_links', relation: 'in_vpc', direction: 'in', refusalKey: 'refusals.vpc.has_subnets' }],
    },
  ],
  relations: [{ relation: 'in_vpc', direction: 'in', kind: 'subnet', many: true }],
  createForm: true,
  recycle: false,
  priced: false,
});
