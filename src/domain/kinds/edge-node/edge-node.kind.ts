// Edge nodes (edge; 边缘节点): small clusters close to the tenant's sites — a factory, a store, a
// city's access point — managed from the console like a region of their own. A node is registered
// with its city, address and size (2-128 cores, 4-1024 GB, 100-102400 GB); it is started and
// stopped, and removed only when stopped.
import { REMOVED, defineKind } from '../kind.ts';
import { C, F, Q } from '../common.ts';

export const EDGE_CPU = { min: 2, max: 128 } as const;
export const EDGE_MEMORY = { min: 4, max: 1024 } as const;
export const EDGE_STORAGE = { min: 100, max: 102400 } as const;

export const edgeNodeKind = defineKind({
  kind: 'edge_node',
  collection: 'edge-nodes',
  productCode: 'edge_node',
  menuOrder: 196,
  routes: { list: 'edge' },
  createForm: true,
  fields: [
    F.id,
    F.name,
    F.status,
    F.vendor,
    F.region,
    F.az,
    { key: 'city', source: 'spec', type: 'text' },
    { key: 'node_ip', source: 'spec', type: 'ip' },
    { key: 'cpu', source: 'spec', type: 'number', unit: 'core' },
    { key: 'memory', source: 'spec', type: 'number', unit: 'gb' },
    { key: 'storage', source: 'spec', type: 'number', unit: 'gb' },
    F.description,
    F.createdAt,
  ],
  columns: [
    C.nameCopyable,
    C.status,
    { field: 'city', display: true },
    { field: 'node_ip', copyable: true, display: true },
    { field: 'cpu', display: true },
    { field: 'memory', display: true },
    { field: 'storage', display: false },
    C.createdAt,
  ],
  filters: [Q.name, Q.status],
  search: { spec: ['node_ip', 'city'] },
  statuses: { stable: ['running', 'stopped'], inBetween: ['creating', 'starting', 'stopping', 'deleting'], failure: ['error'] },
  create: { inBetween: 'creating', final: 'running' },
  placement: 'own',
  actions: [
    {
      id: 'start',
      allowedFrom: ['stopped'],
      inBetween: 'starting',
      final: 'running',
      refusalKey: 'refusals.edge_node.start',
      permission: 'operate',
      batch: true,
    },
    {
      id: 'stop',
      allowedFrom: ['running'],
      inBetween: 'stopping',
      final: 'stopped',
      refusalKey: 'refusals.edge_node.stop',
      permission: 'operate',
      batch: true,
      dialog: 'warning',
    },
    {
      id: 'delete',
      allowedFrom: ['stopped', 'error'],
      inBetween: 'deleting',
      final: REMOVED,
      refusalKey: 'refusals.edge_node.delete',
      permission: 'delete',
      dialog: 'delete',
    },
  ],
  relations: [],
  recycle: false,
  priced: false,
});
