// 蒲公英组网 (pgyunManage): Oray's Dandelion (蒲公英) SD-WAN boxes that join a branch office's LAN
// to the cloud's network without a private line. A box is registered by its serial number (SN, once
// per tenant) into a named network with the LAN range it brings; it is online once it dials in,
// can be restarted remotely, and is unbound when removed.
import { REMOVED, defineKind } from '../kind.ts';
import { C, F, Q } from '../common.ts';

export const PGYUN_MODELS = ['X1', 'X4C', 'G300', 'P5'] as const;
/** An Oray SN: 12 to 16 digits. */
export const PGYUN_SN = /^\d{12,16}$/;

export const pgyunDeviceKind = defineKind({
  kind: 'pgyun_device',
  collection: 'pgyun-devices',
  productCode: 'pgyun_device',
  menuOrder: 194,
  routes: { list: 'pgyunManage' },
  createForm: true,
  fields: [
    F.id,
    F.name,
    F.status,
    F.vendor,
    F.region,
    F.az,
    { key: 'sn', source: 'spec', type: 'text' },
    { key: 'model', source: 'spec', type: 'enum', options: PGYUN_MODELS },
    { key: 'network_name', source: 'spec', type: 'text' },
    { key: 'lan_cidr', source: 'spec', type: 'cidr' },
    { key: 'virtual_ip', source: 'spec', type: 'ip' },
    F.description,
    F.createdAt,
  ],
  columns: [
    C.nameCopyable,
    C.status,
    { field: 'sn', copyable: true, display: true },
    { field: 'model', display: true },
    { field: 'network_name', display: true },
    { field: 'lan_cidr', display: true },
    { field: 'virtual_ip', display: false },
    C.createdAt,
  ],
  filters: [Q.name, Q.status, { param: 'model', source: 'spec', key: 'model', type: 'enum' }],
  search: { spec: ['sn'] },
  statuses: { stable: ['online', 'offline'], inBetween: ['binding', 'restarting', 'deleting'], failure: ['error'] },
  create: { inBetween: 'binding', final: 'online' },
  placement: 'own',
  actions: [
    {
      id: 'restart',
      allowedFrom: ['online'],
      inBetween: 'restarting',
      final: 'online',
      refusalKey: 'refusals.pgyun_device.restart',
      permission: 'operate',
      dialog: 'warning',
    },
    {
      id: 'delete',
      allowedFrom: ['online', 'offline', 'error'],
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
  priced: false,
});
