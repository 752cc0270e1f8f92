// Access bandwidth (closureManage, closureDetail): a private line or an internet line rented by the
// Mbps from a cloud's region, to an access address, carrying the tenant's internal IP ranges. Rented
// at 20 yuan per Mbps per month (2025), billed by the day, a day begun counting whole (seed 000 §9,
// seed 001 §9): pay-as-you-go only, a by-the-day price (domain/pricing PriceBasis).
import { REMOVED, SAME, defineKind } from '../kind.ts';
import { C, F, Q } from '../common.ts';

/** 20 yuan per Mbps per month (domain/pricing BANDWIDTH_RENTAL_FEN_PER_MBPS_MONTH; the list screens do not load pricing). */
const RENTAL_FEN_PER_MBPS_MONTH = 2000;
export const LINE_TYPES = ['private_line', 'internet'] as const;
export const ACCESS_BANDWIDTH_MIN_MBPS = 1;
export const ACCESS_BANDWIDTH_MAX_MBPS = 10000;
export const ACCESS_ADDRESS_MAX = 200;
export const IP_RANGES_MAX = 10000;

export const accessBandwidthKind = defineKind({
  kind: 'access_bandwidth',
  collection: 'access-bandwidths',
  productCode: 'access_bandwidth',
  menuOrder: 85,
  routes: { list: 'closureManage', detail: 'closureDetail' },
  createForm: true,
  fields: [
    F.id,
    F.name,
    F.status,
    F.vendor,
    F.region,
    F.az,
    { key: 'line_type', source: 'spec', type: 'enum', options: LINE_TYPES },
    { key: 'bandwidth', source: 'spec', type: 'number', unit: 'mbps' },
    { key: 'access_address', source: 'spec', type: 'text' },
    { key: 'ip_ranges', source: 'spec', type: 'text' },
    F.charging,
    F.billing,
    F.description,
    F.createdAt,
  ],
  columns: [
    C.nameCopyable,
    C.status,
    { field: 'line_type', display: true },
    { field: 'bandwidth', display: true },
    { field: 'access_address', display: true },
    C.vendor,
    C.createdAt,
  ],
  filters: [Q.name, Q.status, Q.provider, { param: 'line_type', source: 'spec', key: 'line_type', type: 'enum' }],
  statuses: { stable: ['available'], inBetween: ['creating', 'updating', 'deleting'], failure: ['error'] },
  create: { inBetween: 'creating', final: 'available' },
  placement: 'own',
  actions: [
    {
      id: 'resize',
      allowedFrom: ['available'],
      inBetween: 'updating',
      final: SAME,
      refusalKey: 'refusals.access_bandwidth.resize',
      permission: 'operate',
      hasParams: true,
      effects: [{ type: 'set_spec', keys: ['bandwidth'] }],
    },
    {
      id: 'delete',
      allowedFrom: ['available', 'error'],
      inBetween: 'deleting',
      final: REMOVED,
      refusalKey: 'refusals.generic.delete',
      permission: 'delete',
      batch: true,
      dialog: 'delete',
    },
  ],
  relations: [],
  recycle: false,
  priced: true,
  prices: {
    year: { fen: RENTAL_FEN_PER_MBPS_MONTH, unit: '元/Mbps/月' },
    quantity: { fen: RENTAL_FEN_PER_MBPS_MONTH, unit: '元/Mbps/月（按天计费）', basis: 'day' },
  },
  priceQuantityKey: 'bandwidth',
});
