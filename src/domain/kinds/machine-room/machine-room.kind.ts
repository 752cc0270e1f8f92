// Machine rooms (machineRoomManage, machineRoomDetail; 机房): the tenant's own rooms and the
// colocation rooms its servers stand in, with their address, tier, racks and power, and who to
// call. Assets (asset/) stand in a room; a room with assets is not deleted.
import { REMOVED, SAME, defineKind } from '../kind.ts';
import { C, F, Q } from '../common.ts';

export const ROOM_TIERS = ['tier1', 'tier2', 'tier3', 'tier4'] as const;
export const ROOM_RACKS = { min: 1, max: 10000 } as const;

export const machineRoomKind = defineKind({
  kind: 'machine_room',
  collection: 'machine-rooms',
  productCode: 'machine_room',
  menuOrder: 197,
  routes: { list: 'machineRoomManage', detail: 'machineRoomDetail' },
  createForm: true,
  fields: [
    F.id,
    F.name,
    F.status,
    F.vendor,
    F.region,
    F.az,
    { key: 'address', source: 'spec', type: 'text' },
    { key: 'tier', source: 'spec', type: 'enum', options: ROOM_TIERS },
    { key: 'rack_count', source: 'spec', type: 'number', unit: 'count' },
    { key: 'power_kw', source: 'spec', type: 'number', unit: 'kw' },
    { key: 'contact', source: 'spec', type: 'text' },
    { key: 'contact_phone', source: 'spec', type: 'text' },
    F.description,
    F.createdAt,
  ],
  columns: [
    C.nameCopyable,
    C.status,
    { field: 'address', display: true },
    { field: 'tier', display: true },
    { field: 'rack_count', display: true },
    { field: 'contact', display: true },
    C.createdAt,
  ],
  filters: [Q.name, { param: 'tier', source: 'spec', key: 'tier', type: 'enum' }],
  search: { spec: ['address'] },
  statuses: { stable: ['available'], inBetween: ['creating', 'updating', 'deleting'], failure: ['error'] },
  create: { inBetween: 'creating', final: 'available' },
  placement: 'own',
  actions: [
    {
      id: 'modify',
      allowedFrom: ['available'],
      inBetween: 'updating',
      final: SAME,
      refusalKey: 'refusals.machine_room.modify',
      permission: 'update',
      hasParams: true,
      effects: [{ type: 'set_spec', keys: ['rack_count', 'power_kw', 'contact', 'contact_phone'] }],
    },
    {
      id: 'delete',
      allowedFrom: ['available', 'error'],
      inBetween: 'deleting',
      final: REMOVED,
      refusalKey: 'refusals.generic.delete',
      permission: 'delete',
      dialog: 'delete',
      guards: [{ type: 'no_links', relation: 'in_room', direction: 'in', refusalKey: 'refusals.machine_room.has_assets' }],
    },
  ],
  relations: [{ relation: 'in_room', direction: 'in', kind: 'asset', many: true }],
  recycle: false,
  priced: false,
});
