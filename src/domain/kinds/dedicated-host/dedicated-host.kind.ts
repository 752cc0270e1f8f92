// Dedicated host (cdhManage, cdhBuy, cdhDetail): a whole physical server of one host type for one
// tenant; cloud hosts of its zone are placed on it while its CPU and memory last. A dedicated host
// with hosts on it cannot be deleted.
import { REMOVED, SAME, defineKind } from '../kind.ts';
import { C, F, Q } from '../common.ts';

export const DEDICATED_HOST_TYPES = [
  { id: 'dh.s6', cpu: 64, memory: 256 },
  { id: 'dh.c6', cpu: 96, memory: 192 },
  { id: 'dh.m6', cpu: 64, memory: 512 },
] as const;
export const DEDICATED_HOST_TYPE_IDS = DEDICATED_HOST_TYPES.map((t) => t.id) as unknown as readonly [string, ...string[]];

export const dedicatedHostKind = defineKind({
  kind: 'dedicated_host',
  collection: 'dedicated_hosts',
  productCode: 'dedicated_host',
  menuOrder: 190,
  routes: { list: 'cdhManage', detail: 'cdhDetail_ecsManage', buy: 'cdhBuy', others: ['cdhDetail', 'cdhMonitor'] },
  fields: [
    F.id,
    F.name,
    F.status,
    F.vendor,
    F.region,
    F.az,
    { key: 'host_type', source: 'spec', type: 'enum', options: DEDICATED_HOST_TYPE_IDS },
    { key: 'cpu', source: 'spec', type: 'number', unit: 'core' },
    { key: 'memory', source: 'spec', type: 'number', unit: 'gb' },
    { key: 'used_cpu', source: 'spec', type: 'number', unit: 'core' },
    { key: 'used_memory', source: 'spec', type: 'number', unit: 'gb' },
    { key: 'free_cpu', source: 'spec', type: 'number', unit: 'core' },
    { key: 'free_memory', source: 'spec', type: 'number', unit: 'gb' },
    { key: 'instance_count', source: 'spec', type: 'number', unit: 'count' },
    { key: 'instance_id', source: 'spec', type: 'ref', ref: 'instance' },
    F.charging,
    F.billing,
    F.description,
    F.createdAt,
  ],
  columns: [
    C.nameCopyable,
    C.id,
    C.status,
    { field: 'host_type', display: true },
    { field: 'free_cpu', display: true },
    { field: 'free_memory', display: true },
    { field: 'instance_count', display: true },
    C.vendor,
    C.createdAt,
  ],
  filters: [Q.name, Q.status, Q.provider, { param: 'host_type', source: 'spec', key: 'host_type', type: 'enum' }],
  statuses: { stable: ['available'], inBetween: ['creating', 'deleting'], failure: ['error'] },
  create: { inBetween: 'creating', final: 'available' },
  placement: 'own',
  derive: (spec) => {
    const t = DEDICATED_HOST_TYPES.find((x) => x.id === spec.host_type);
    if (!t) return {};
    const usedCpu = Number(spec.used_cpu ?? 0);
    const usedMemory = Number(spec.used_memory ?? 0);
    return { cpu: t.cpu, memory: t.memory, used_cpu: usedCpu, used_memory: usedMemory, free_cpu: t.cpu - usedCpu, free_memory: t.memory - usedMemory };
  },
  actions: [
    {
      id: 'place',
      allowedFrom: ['available'],
      inBetween: null,
      final: SAME,
      refusalKey: 'refusals.dedicated_host.place',
      permission: 'operate',
      hasParams: true,
      guards: [
        {
          type: 'target',
          param: 'instance_id',
          kind: 'instance',
          allowedFrom: ['running', 'stopped'],
          refusalKey: 'refusals.dedicated_host.no_placeable_host',
          sameAz: true,
        },
      ],
      effects: [{ type: 'link', relation: 'places', param: 'instance_id' }],
    },
    {
      id: 'remove',
      allowedFrom: ['available'],
      inBetween: null,
      final: SAME,
      refusalKey: 'refusals.dedicated_host.remove',
      permission: 'operate',
      dialog: 'warning',
      hasParams: true,
      effects: [{ type: 'unlink_param', relation: 'places', param: 'instance_id' }],
    },
    {
      id: 'delete',
      allowedFrom: ['available', 'error'],
      inBetween: 'deleting',
      final: REMOVED,
      refusalKey: 'refusals.dedicated_host.delete',
      permission: 'delete',
      dialog: 'delete',
      sms: true,
      guards: [{ type: 'no_links', relation: 'places', direction: 'out', refusalKey: 'refusals.dedicated_host.has_hosts' }],
      effects: [{ type: 'billing', value: 'suspended' }],
    },
  ],
  relations: [{ relation: 'places', direction: 'out', kind: 'instance', many: true }],
  recycle: false,
  priced: true,
  prices: { year: { fen: 599900, unit: '元/台/月' }, quantity: { fen: 900, unit: '元/台/小时' } },
});
