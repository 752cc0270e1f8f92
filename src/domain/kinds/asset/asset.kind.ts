// Assets (assetManage, assetDetail, assetImportResult; 资产): the tenant's physical equipment —
// servers, switches, firewalls, storage — each with its asset number (once per tenant), brand,
// model, serial number, the machine room, rack and U position it stands in, who keeps it and when it
// was bought. Registered one by one or imported from an .xlsx (server/assets), where each row goes
// through the same create as the form. In use → under repair → back in use, or scrapped for good.
import { REMOVED, defineKind } from '../kind.ts';
import { C, F, Q } from '../common.ts';

export const ASSET_TYPES = ['server', 'switch', 'router', 'firewall', 'storage', 'other'] as const;
export const ASSET_NO = /^[A-Za-z0-9][A-Za-z0-9_-]{2,31}$/;
export const ASSET_U = { min: 1, max: 52 } as const;

export const assetKind = defineKind({
  kind: 'asset',
  collection: 'assets',
  productCode: 'asset',
  menuOrder: 198,
  routes: { list: 'assetManage', detail: 'assetDetail', others: ['assetImportResult'] },
  createForm: true,
  fields: [
    F.id,
    F.name,
    F.status,
    { key: 'asset_no', source: 'spec', type: 'text' },
    { key: 'asset_type', source: 'spec', type: 'enum', options: ASSET_TYPES },
    { key: 'brand', source: 'spec', type: 'text' },
    { key: 'model', source: 'spec', type: 'text' },
    { key: 'sn', source: 'spec', type: 'text' },
    { key: 'machine_room_id', source: 'spec', type: 'ref', ref: 'machine_room' },
    // the room's name when the asset was registered: lists show it instead of the room's id
    { key: 'machine_room_name', source: 'spec', type: 'text' },
    { key: 'rack', source: 'spec', type: 'text' },
    { key: 'u_position', source: 'spec', type: 'number' },
    { key: 'keeper', source: 'spec', type: 'text' },
    { key: 'purchased_on', source: 'spec', type: 'text' },
    F.region,
    F.description,
    F.createdAt,
  ],
  columns: [
    C.nameCopyable,
    { field: 'asset_no', copyable: true, display: true },
    C.status,
    { field: 'asset_type', display: true },
    { field: 'brand', display: true },
    { field: 'machine_room_name', display: true },
    { field: 'rack', display: true },
    { field: 'keeper', display: false },
    C.createdAt,
  ],
  filters: [
    Q.name,
    Q.status,
    { param: 'asset_type', source: 'spec', key: 'asset_type', type: 'enum' },
    { param: 'machine_room_id', source: 'spec', key: 'machine_room_id', type: 'ref' },
  ],
  search: { spec: ['asset_no', 'sn'] },
  statuses: { stable: ['in_use', 'repairing', 'scrapped'], inBetween: ['creating', 'updating', 'deleting'], failure: ['error'] },
  create: { inBetween: 'creating', final: 'in_use' },
  placement: { from: 'machine_room_id', kind: 'machine_room' },
  createLinks: [
    { relation: 'in_room', param: 'machine_room_id', kind: 'machine_room', allowedFrom: ['available'], refusalKey: 'refusals.asset.room_not_available' },
  ],
  actions: [
    { id: 'repair', allowedFrom: ['in_use'], inBetween: 'updating', final: 'repairing', refusalKey: 'refusals.asset.repair', permission: 'operate' },
    { id: 'repaired', allowedFrom: ['repairing'], inBetween: 'updating', final: 'in_use', refusalKey: 'refusals.asset.repaired', permission: 'operate' },
    {
      id: 'scrap',
      allowedFrom: ['in_use', 'repairing'],
      inBetween: 'updating',
      final: 'scrapped',
      refusalKey: 'refusals.asset.scrap',
      permission: 'operate',
      dialog: 'warning',
    },
    {
      id: 'delete',
      allowedFrom: ['scrapped', 'error'],
      inBetween: 'deleting',
      final: REMOVED,
      refusalKey: 'refusals.asset.delete',
      permission: 'delete',
      batch: true,
      dialog: 'delete',
      effects: [{ type: 'unlink', relation: 'in_room', direction: 'out' }],
    },
  ],
  relations: [{ relation: 'in_room', direction: 'out', kind: 'machine_room', many: false }],
  recycle: false,
  priced: false,
});
