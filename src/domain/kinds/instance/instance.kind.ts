// Cloud host (ecsManage). Lock rules, rebuild refused while data disks are mounted, a flavor
// change restarts the host, delete goes to the recycle bin (mounted disks follow it).
import { REMOVED, SAME, defineKind } from '../kind.ts';
import { C, F, Q } from '../common.ts';
import { FLAVORS, FLAVOR_IDS } from './flavors.ts';

export { FLAVORS, FLAVOR_IDS } from './flavors.ts';
export const IMAGES = ['centos-7.9', 'ubuntu-22.04', 'kylin-v10', 'uos-20', 'windows-2019', 'windows-2022'] as const;
export const DISK_TYPES = ['ssd', 'sas', 'sata'] as const;

/** A resize that adds cores or memory is an expansion (it needs approval where purchases do). */
export function flavorGrows(from: unknown, to: unknown): boolean {
  const a = FLAVORS.find((f) => f.id === from);
  const b = FLAVORS.find((f) => f.id === to);
  return !a || !b ? true : b.cpu > a.cpu || b.memory > a.memory;
}

const ALIVE = ['running', 'stopped', 'error'] as const;

export const instanceKind = defineKind({
  kind: 'instance',
  collection: 'instances',
  productCode: 'instance',
  menuOrder: 10,
  routes: { list: 'ecsManage', detail: 'ecsDetail', buy: 'ecsBuy', others: ['ecsAdminManage', 'ecsRecycle', 'ecsMonitor', 'isoImageMounted'] },
  fields: [
    F.id,
    F.name,
    F.status,
    { key: 'locked', source: 'column', type: 'boolean' },
    F.vendor,
    F.region,
    F.az,
    { key: 'image', source: 'spec', type: 'enum', options: IMAGES },
    { key: 'flavor', source: 'spec', type: 'enum', options: FLAVOR_IDS },
    { key: 'cpu', source: 'spec', type: 'number', unit: 'core' },
    { key: 'memory', source: 'spec', type: 'number', unit: 'gb' },
    { key: 'system_disk_size', source: 'spec', type: 'number', unit: 'gb' },
    F.subnet,
    { key: 'private_ip', source: 'spec', type: 'ip' },
    { key: 'public_ip_type', source: 'spec', type: 'enum', options: ['none', 'bgp'] },
    { key: 'bandwidth', source: 'spec', type: 'number', unit: 'mbps' },
    F.charging,
    F.billing,
    F.createdAt,
  ],
  columns: [
    C.nameCopyable,
    C.id,
    C.status,
    C.vendor,
    { field: 'flavor', display: true },
    { field: 'cpu', display: true },
    { field: 'memory', display: true },
    { field: 'private_ip', copyable: true, display: true },
    { field: 'image', display: false },
    { field: 'locked', display: false },
    C.createdAt,
  ],
  filters: [
    Q.name,
    Q.status,
    Q.provider,
    { param: 'locked', source: 'column', key: 'locked', type: 'boolean' },
    { param: 'image', source: 'spec', key: 'image', type: 'enum' },
    { param: 'flavor', source: 'spec', key: 'flavor', type: 'enum' },
    Q.subnet,
  ],
  // On call, a host is looked up by the address in the alarm: private or public.
  search: { spec: ['private_ip'], boundEip: true },
  shownWhen: { bandwidth: { key: 'public_ip_type', in: ['bgp'] } },
  statuses: {
    stable: ['running', 'stopped', 'deleted', 'approving', 'expansion_approving'],
    inBetween: ['creating', 'starting', 'stopping', 'rebooting', 'rebuilding', 'resizing', 'deleting', 'recovering', 'destroying'],
    failure: ['error'],
  },
  create: { inBetween: 'creating', final: 'running' },
  placement: 'own',
  createLinks: [{ relation: 'in_subnet', param: 'subnet_id', kind: 'subnet', allowedFrom: ['available'] }],
  secret: ['password'],
  derive: (spec) => {
    const f = FLAVORS.find((x) => x.id === spec.flavor);
    return f ? { cpu: f.cpu, memory: f.memory } : {};
  },
  actions: [
    {
      id: 'start',
      allowedFrom: ['stopped'],
      inBetween: 'starting',
      final: 'running',
      refusalKey: 'refusals.instance.start',
      permission: 'operate',
      batch: true,
    },
    {
      id: 'stop',
      allowedFrom: ['running'],
      inBetween: 'stopping',
      final: 'stopped',
      refusalKey: 'refusals.instance.stop',
      permission: 'operate',
      batch: true,
      dialog: 'warning',
    },
    {
      id: 'reboot',
      allowedFrom: ['running'],
      inBetween: 'rebooting',
      final: 'running',
      refusalKey: 'refusals.instance.reboot',
      permission: 'operate',
      batch: true,
      dialog: 'warning',
    },
    {
      id: 'lock',
      allowedFrom: [...ALIVE],
      inBetween: null,
      final: SAME,
      refusalKey: 'refusals.instance.lock',
      permission: 'operate',
      batch: true,
      guards: [{ type: 'unlocked', refusalKey: 'refusals.instance.already_locked' }],
      effects: [{ type: 'set_locked', value: true }],
    },
    {
      id: 'unlock',
      allowedFrom: [...ALIVE],
      inBetween: null,
      final: SAME,
      refusalKey: 'refusals.instance.unlock',
      permission: 'operate',
      batch: true,
      guards: [{ type: 'locked', refusalKey: 'refusals.instance.already_unlocked' }],
      effects: [{ type: 'set_locked', value: false }],
    },
    {
      id: 'rebuild',
      allowedFrom: ['running', 'stopped'],
      inBetween: 'rebuilding',
      final: 'running',
      refusalKey: 'refusals.instance.rebuild',
      permission: 'operate',
      dialog: 'warning',
      hasParams: true,
      guards: [{ type: 'no_links', relation: 'mounted_on', direction: 'in', refusalKey: 'refusals.instance.rebuild_disks_mounted' }],
      effects: [{ type: 'set_spec', keys: ['image'] }],
    },
    {
      id: 'resize',
      allowedFrom: ['running', 'stopped'],
      inBetween: 'resizing',
      final: 'running',
      refusalKey: 'refusals.instance.resize',
      permission: 'operate',
      dialog: 'warning',
      hasParams: true,
      effects: [{ type: 'set_spec', keys: ['flavor'] }],
      approval: { type: 'resource_expansion', needed: (spec, params) => flavorGrows(spec.flavor, params.flavor) },
    },
    {
      id: 'mount_iso',
      allowedFrom: ['running', 'stopped'],
      inBetween: null,
      final: SAME,
      refusalKey: 'refusals.instance.mount_iso',
      permission: 'operate',
      hasParams: true,
      guards: [{ type: 'private_cloud', refusalKey: 'public_cloud_unsupported' }],
      effects: [{ type: 'set_spec', keys: ['iso'] }],
    },
    {
      id: 'delete',
      allowedFrom: [...ALIVE],
      inBetween: 'deleting',
      final: 'deleted',
      refusalKey: 'refusals.instance.delete',
      permission: 'delete',
      batch: true,
      dialog: 'delete',
      sms: true,
      guards: [{ type: 'unlocked', refusalKey: 'refusals.instance.locked_cannot_destroy' }],
      effects: [
        { type: 'billing', value: 'suspended' },
        { type: 'cascade', relation: 'mounted_on', direction: 'in', status: 'deleted' },
      ],
    },
    {
      id: 'recover',
      allowedFrom: ['deleted'],
      inBetween: 'recovering',
      final: 'stopped',
      refusalKey: 'refusals.instance.recover',
      permission: 'delete',
      recycleBin: true,
      effects: [
        { type: 'billing', value: 'active' },
        { type: 'cascade', relation: 'mounted_on', direction: 'in', status: 'mounted', onlyFrom: ['deleted'] },
      ],
    },
    {
      id: 'destroy',
      allowedFrom: ['deleted'],
      inBetween: 'destroying',
      final: REMOVED,
      refusalKey: 'refusals.instance.destroy',
      permission: 'delete',
      recycleBin: true,
      dialog: 'delete',
      guards: [{ type: 'unlocked', refusalKey: 'refusals.instance.locked_cannot_destroy' }],
      effects: [{ type: 'cascade', relation: 'mounted_on', direction: 'in', status: REMOVED, onlyFrom: ['deleted'] }],
    },
  ],
  relations: [
    { relation: 'mounted_on', direction: 'in', kind: 'volume', many: true },
    { relation: 'bound_to', direction: 'in', kind: 'eip', many: true },
    { relation: 'in_subnet', direction: 'out', kind: 'subnet', many: false },
  ],
  recycle: true,
  priced: true,
  // Mounting an ISO is a private cloud's feature: a public cloud answers 「公有云不支持该操作」.
  simulator: { privateOnly: ['mount_iso'] },
  prices: { year: { fen: 28800, unit: '元/台/月' }, quantity: { fen: 45, unit: '元/台/小时' } },
});
