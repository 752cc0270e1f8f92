// The fields, list columns and filters most kinds share (id, name, status, placement, billing,
// description, creation time), so a kind definition names only what is its own. Plain data: a kind
// lists these in the order it shows them.
import type { ColumnDef, FieldDef, FilterDef } from './kind.ts';

/** The clouds a resource can sit in (a vendor filter offers these where the purchase names the vendor). */
export const VENDOR_IDS = ['openstack', 'ali', 'tencent', 'ctyun', 'hwyun', 'vmware'] as const;
export type VendorId = (typeof VENDOR_IDS)[number];

/** Detail fields shared by kinds. */
export const F = {
  id: { key: 'id', source: 'column', type: 'text' },
  name: { key: 'name', source: 'column', type: 'text' },
  status: { key: 'status', source: 'column', type: 'status' },
  vendor: { key: 'vendor', source: 'column', type: 'enum' },
  region: { key: 'region_id', source: 'column', type: 'ref', ref: 'region' },
  az: { key: 'az_id', source: 'column', type: 'ref', ref: 'az' },
  vpc: { key: 'vpc_id', source: 'spec', type: 'ref', ref: 'vpc' },
  subnet: { key: 'subnet_id', source: 'spec', type: 'ref', ref: 'subnet' },
  charging: { key: 'charging_code', source: 'spec', type: 'enum', options: ['year', 'quantity'] },
  billing: { key: 'billing', source: 'spec', type: 'enum', options: ['active', 'suspended'] },
  description: { key: 'description', source: 'spec', type: 'text' },
  createdAt: { key: 'created_at', source: 'column', type: 'datetime' },
} as const satisfies Record<string, FieldDef>;

/** List columns shared by kinds. */
export const C = {
  /** the name, frozen and editable in place */
  name: { field: 'name', frozen: true, sortable: true, editable: true, display: true },
  /** the name, frozen, editable and copyable */
  nameCopyable: { field: 'name', frozen: true, sortable: true, copyable: true, editable: true, display: true },
  id: { field: 'id', copyable: true, display: true },
  status: { field: 'status', sortable: true, display: true },
  vendor: { field: 'vendor', display: true },
  createdAt: { field: 'created_at', sortable: true, display: true },
} as const satisfies Record<string, ColumnDef>;

/** List filters shared by kinds (`provider` is the seed's name for the vendor). */
export const Q = {
  name: { param: 'name', source: 'column', key: 'name', type: 'text' },
  status: { param: 'status', source: 'column', key: 'status', type: 'enum' },
  provider: { param: 'provider', source: 'column', key: 'vendor', type: 'enum' },
  subnet: { param: 'subnet_id', source: 'spec', key: 'subnet_id', type: 'ref' },
} as const satisfies Record<string, FilterDef>;
