// Shared bandwidth (shareBand): a bandwidth pool bought by the Mbps, resizable.
import { z } from 'zod';
import type { KindDefinition } from './kind.ts';
import { REMOVED, SAME } from './kind.ts';
import { chargingShape, descriptionRule, nameRule, placementShape } from './rules.ts';

const bandwidthRule = z.coerce.number().int().min(5).max(2000);

export const sharedBandwidthKind: KindDefinition = {
  kind: 'shared_bandwidth',
  collection: 'shared-bandwidths',
  productCode: 'shared_bandwidth',
  routes: { list: 'shareBand', detail: 'shareDetail', buy: 'shareBuy' },
  fields: [
    { key: 'id', source: 'column', type: 'text' },
    { key: 'name', source: 'column', type: 'text' },
    { key: 'status', source: 'column', type: 'status' },
    { key: 'vendor', source: 'column', type: 'enum' },
    { key: 'bandwidth', source: 'spec', type: 'number', unit: 'mbps' },
    { key: 'charging_code', source: 'spec', type: 'enum', options: ['year', 'quantity'] },
    { key: 'created_at', source: 'column', type: 'datetime' },
  ],
  columns: [
    { field: 'name', frozen: true, sortable: true, display: true, editable: true },
    { field: 'status', sortable: true, display: true },
    { field: 'bandwidth', display: true },
    { field: 'vendor', display: true },
    { field: 'created_at', sortable: true, display: true },
  ],
  filters: [
    { param: 'name', source: 'column', key: 'name', type: 'text' },
    { param: 'status', source: 'column', key: 'status', type: 'enum' },
    { param: 'provider', source: 'column', key: 'vendor', type: 'enum' },
  ],
  statuses: { stable: ['available'], inBetween: ['creating', 'updating', 'deleting'], failure: ['error'] },
  create: { inBetween: 'creating', final: 'available' },
  createSchema: z.object({ name: nameRule(), description: descriptionRule, ...placementShape, ...chargingShape, bandwidth: bandwidthRule }),
  placement: 'own',
  actions: [
    { id: 'resize', allowedFrom: ['available'], inBetween: 'updating', final: SAME, refusalKey: 'refusals.shared_bandwidth.resize', permission: 'operate',
      params: z.object({ bandwidth: bandwidthRule }), effects: [{ type: 'set_spec', keys: ['bandwidth'] }] },
    { id: 'delete', allowedFrom: ['available', 'error'], inBetween: 'deleting', final: REMOVED, refusalKey: 'refusals.shared_bandwidth.delete', permission: 'delete', dialog: 'delete' },
  ],
  relations: [],
  recycle: false,
  priced: true,
  priceQuantityKey: 'bandwidth',
};
