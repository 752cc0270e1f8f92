// Virtual private cloud (vpc). A VPC with subnets cannot be deleted.
import { z } from 'zod';
import type { KindDefinition } from './kind.ts';
import { REMOVED } from './kind.ts';
import { cidrRule, descriptionRule, nameRule, parseCidr, placementShape } from './rules.ts';

const PRIVATE_RANGES = ['10.0.0.0/8', '172.16.0.0/12', '192.168.0.0/16'].map((c) => parseCidr(c)!);

export const vpcCreateSchema = z.object({
  name: nameRule(),
  description: descriptionRule,
  ...placementShape,
  // Private ranges only, prefix 8–24 (a VPC smaller than /24 leaves no room for subnets).
  cidr: cidrRule(8, 24).refine((v) => {
    const c = parseCidr(v);
    return c !== null && PRIVATE_RANGES.some((r) => c.base >= r.base && c.base + c.size <= r.base + r.size);
  }, { message: 'private_cidr' }),
});

export const vpcKind: KindDefinition = {
  kind: 'vpc',
  collection: 'vpcs',
  productCode: 'vpc',
  routes: { list: 'vpc', detail: 'vpcDetail' },
  fields: [
    { key: 'id', source: 'column', type: 'text' },
    { key: 'name', source: 'column', type: 'text' },
    { key: 'status', source: 'column', type: 'status' },
    { key: 'vendor', source: 'column', type: 'enum' },
    { key: 'region_id', source: 'column', type: 'ref', ref: 'region' },
    { key: 'cidr', source: 'spec', type: 'cidr' },
    { key: 'description', source: 'spec', type: 'text' },
    { key: 'created_at', source: 'column', type: 'datetime' },
  ],
  columns: [
    { field: 'name', frozen: true, sortable: true, display: true, editable: true },
    { field: 'id', copyable: true, display: true },
    { field: 'status', sortable: true, display: true },
    { field: 'cidr', copyable: true, display: true },
    { field: 'vendor', display: true },
    { field: 'created_at', sortable: true, display: true },
  ],
  filters: [
    { param: 'name', source: 'column', key: 'name', type: 'text' },
    { param: 'status', source: 'column', key: 'status', type: 'enum' },
    { param: 'provider', source: 'column', key: 'vendor', type: 'enum' },
    { param: 'cidr', source: 'spec', key: 'cidr', type: 'text' },
  ],
  statuses: { stable: ['available'], inBetween: ['creating', 'deleting'], failure: ['error'] },
  create: { inBetween: 'creating', final: 'available' },
  createSchema: vpcCreateSchema,
  placement: 'own',
  actions: [
    { id: 'delete', allowedFrom: ['available', 'error'], inBetween: 'deleting', final: REMOVED, refusalKey: 'refusals.vpc.delete', permission: 'delete', dialog: 'delete',
      guards: [{ type: 'no_links', relation: 'in_vpc', direction: 'in', refusalKey: 'refusals.vpc.has_subnets' }] },
  ],
  relations: [{ relation: 'in_vpc', direction: 'in', kind: 'subnet', many: true }],
  recycle: false,
  priced: false,
};
