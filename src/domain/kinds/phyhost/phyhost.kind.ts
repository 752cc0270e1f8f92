// Bare-metal host (bmsManage, bmsBuy, bmsDetail): private clouds only (OpenStack Ironic, VMware
// physical pools) — a public cloud answers 「公有云不支持该操作」 to the purchase and to every action.
// It takes an address of its subnet like a cloud host; start, stop and reboot; deleted for good.
import { REMOVED, defineKind } from '../kind.ts';
import { IMAGES } from '../instance/instance.kind.ts';
import { C, F, Q } from '../common.ts';

export const BMS_FLAVORS = [
  { id: 'bms.s3.large', cpu: 32, memory: 128 },
  { id: 'bms.c6.xlarge', cpu: 48, memory: 192 },
  { id: 'bms.m6.2xlarge', cpu: 64, memory: 512 },
] as const;
export const BMS_FLAVOR_IDS = BMS_FLAVORS.map((f) => f.id) as unknown as readonly [string, ...string[]];
export const RAID_LEVELS = ['raid0', 'raid1', 'raid5', 'raid10'] as const;

const privateOnly = [{ type: 'private_cloud', refusalKey: 'public_cloud_unsupported' }] as const;

export const phyhostKind = defineKind({
  kind: 'phyhost',
  collection: 'phyhosts',
  productCode: 'phyhost',
  menuOrder: 180,
  routes: { list: 'bmsManage', detail: 'bmsDetail', buy: 'bmsBuy', others: ['bmsMonitor', 'bmsWinMonitor'] },
  fields: [
    F.id,
    F.name,
    F.status,
    F.vendor,
    F.region,
    F.az,
    { key: 'flavor', source: 'spec', type: 'enum', options: BMS_FLAVOR_IDS },
    { key: 'cpu', source: 'spec', type: 'number', unit: 'core' },
    { key: 'memory', source: 'spec', type: 'number', unit: 'gb' },
    { key: 'image', source: 'spec', type: 'enum', options: IMAGES },
    { key: 'raid', source: 'spec', type: 'enum', options: RAID_LEVELS },
    F.subnet,
    { key: 'private_ip', source: 'spec', type: 'ip' },
    F.charging,
    F.billing,
    F.description,
    F.createdAt,
  ],
  columns: [
    C.nameCopyable,
    C.id,
    C.status,
    { field: 'flavor', display: true },
    { field: 'cpu', display: true },
    { field: 'memory', display: true },
    { field: 'private_ip', copyable: true, display: true },
    C.vendor,
    C.createdAt,
  ],
  filters: [Q.name, Q.status, Q.provider, { param: 'flavor', source: 'spec', key: 'flavor', type: 'enum' }, Q.subnet],
  statuses: { stable: ['running', 'stopped'], inBetween: ['creating', 'starting', 'stopping', 'rebooting', 'deleting'], failure: ['error'] },
  create: { inBetween: 'creating', final: 'running' },
  placement: 'own',
  createLinks: [{ relation: 'in_subnet', param: 'subnet_id', kind: 'subnet', allowedFrom: ['available'] }],
  secret: ['password'],
  derive: (spec) => {
    const f = BMS_FLAVORS.find((x) => x.id === spec.flavor);
    return f ? { cpu: f.cpu, memory: f.memory } : {};
  },
  actions: [
    {
      id: 'start',
      allowedFrom: ['stopped'],
      inBetween: 'starting',
      final: 'running',
      refusalKey: 'refusals.phyhost.start',
      permission: 'operate',
      batch: true,
      guards: privateOnly,
    },
    {
      id: 'stop',
      allowedFrom: ['running'],
      inBetween: 'stopping',
      final: 'stopped',
      refusalKey: 'refusals.phyhost.stop',
      permission: 'operate',
      batch: true,
      dialog: 'warning',
      guards: privateOnly,
    },
    {
      id: 'reboot',
      allowedFrom: ['running'],
      inBetween: 'rebooting',
      final: 'running',
      refusalKey: 'refusals.phyhost.reboot',
      permission: 'operate',
      batch: true,
      dialog: 'warning',
      guards: privateOnly,
    },
    {
      id: 'delete',
      allowedFrom: ['running', 'stopped', 'error'],
      inBetween: 'deleting',
      final: REMOVED,
      refusalKey: 'refusals.phyhost.delete',
      permission: 'delete',
      dialog: 'delete',
      sms: true,
      effects: [{ type: 'billing', value: 'suspended' }],
    },
  ],
  relations: [{ relation: 'in_subnet', direction: 'out', kind: 'subnet', many: false }],
  recycle: false,
  priced: true,
  prices: { year: { fen: 399900, unit: '元/台/月' }, quantity: { fen: 620, unit: '元/台/小时' } },
});
