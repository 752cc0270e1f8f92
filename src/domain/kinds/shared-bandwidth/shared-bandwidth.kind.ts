// Shared bandwidth (shareBand): a bandwidth pool bought by the Mbps, resizable.
import { REMOVED, SAME, defineKind } from '../kind.ts';
import { C, F, Q } from '../common.ts';

export const sharedBandwidthKind = defineKind({
  kind: 'shared_bandwidth',
  collection: 'shared-bandwidths',
  productCode: 'shared_bandwidth',
  menuOrder: 80,
  routes: { list: 'shareBand', detail: 'shareDetail', buy: 'shareBuy' },
  fields: [F.id, F.name, F.status, F.vendor, { key: 'bandwidth', source: 'spec', type: 'number', unit: 'mbps' }, F.charging, F.createdAt],
  columns: [C.name, C.status, { field: 'bandwidth', display: true }, C.vendor, C.createdAt],
  filters: [Q.name, Q.status, Q.provider],
  statuses: { stable: ['available'], inBetween: ['creating', 'updating', 'deleting'], failure: ['error'] },
  create: { inBetween: 'creating', final: 'available' },
  placement: 'own',
  actions: [
    {
      id: 'resize',
      allowedFrom: ['available'],
      inBetween: 'updating',
      final: SAME,
      refusalKey: 'refusals.shared_bandwidth.resize',
      permission: 'operate',
      hasParams: true,
      effects: [{ type: 'set_spec', keys: ['bandwidth'] }],
    },
    {
      id: 'delete',
      allowedFrom: ['available', 'error'],
      inBetween: 'deleting',
      final: REMOVED,
      refusalKey: 'refusals.shared_bandwidth.delete',
      permission: 'delete',
      dialog: 'delete',
    },
  ],
  relations: [],
  recycle: false,
  priced: true,
  prices: { year: { fen: 2000, unit: '元/Mbps/月' }, quantity: { fen: 3, unit: '元/Mbps/小时' } },
  priceQuantityKey: 'bandwidth',
});
