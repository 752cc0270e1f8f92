// Document database instance (MongoDB; routes documentDatabase, documentDatabaseAdd,
// documentDatabaseDetail): its version, architecture (副本集 of 3, 5 or 7 nodes, or 分片集群 of 2–32
// shards), flavor, storage, port and its administrator (a user name up to 64 characters; the password
// goes to the cloud, never to the database). Its states and actions are the managed databases'
// (db-instance): creation takes minutes on a real cloud (seed 001 §9), deleting goes to the recycle
// bin first.
import { defineKind } from '../kind.ts';
import { MANAGED_INSTANCE_ACTIONS, MANAGED_INSTANCE_CREATE, MANAGED_INSTANCE_STATUSES } from '../managed-instance.ts';
import { C, F, Q } from '../common.ts';
import { DOC_ARCHITECTURES, DOC_FLAVORS, DOC_REPLICA_NODES, DOC_VERSIONS, docDerived } from './doc-instance.rules.ts';

export const docInstanceKind = defineKind({
  kind: 'doc_instance',
  collection: 'docinstances',
  productCode: 'docinstance',
  menuOrder: 404,
  routes: { list: 'documentDatabase', detail: 'documentDatabaseDetail', buy: 'documentDatabaseAdd' },
  fields: [
    F.id,
    F.name,
    F.status,
    F.vendor,
    F.region,
    F.az,
    { key: 'version', source: 'spec', type: 'enum', options: DOC_VERSIONS },
    { key: 'architecture', source: 'spec', type: 'enum', options: DOC_ARCHITECTURES },
    { key: 'replica_nodes', source: 'spec', type: 'enum', options: DOC_REPLICA_NODES },
    { key: 'shards', source: 'spec', type: 'number' },
    { key: 'flavor', source: 'spec', type: 'enum', options: DOC_FLAVORS },
    { key: 'cpu', source: 'spec', type: 'number', unit: 'core' },
    { key: 'memory', source: 'spec', type: 'number', unit: 'gb' },
    { key: 'storage', source: 'spec', type: 'number', unit: 'gb' },
    { key: 'port', source: 'spec', type: 'number' },
    { key: 'admin_user', source: 'spec', type: 'text' },
    F.charging,
    F.billing,
    F.description,
    F.createdAt,
  ],
  columns: [
    C.nameCopyable,
    C.id,
    C.status,
    { field: 'architecture', display: true },
    { field: 'flavor', display: true },
    { field: 'version', display: true },
    { field: 'storage', display: true },
    { field: 'port', display: false },
    C.vendor,
    C.createdAt,
  ],
  filters: [Q.name, Q.status, Q.provider, { param: 'architecture', source: 'spec', key: 'architecture', type: 'enum' }],
  statuses: MANAGED_INSTANCE_STATUSES,
  create: MANAGED_INSTANCE_CREATE,
  placement: 'own',
  secret: ['password'],
  shownWhen: { shards: { key: 'architecture', in: ['sharded'] } },
  // cpu and memory from the flavor; the newest version, the usual port, one shard unless sharded.
  derive: docDerived,
  actions: MANAGED_INSTANCE_ACTIONS,
  relations: [],
  recycle: true,
  priced: true,
  prices: { year: { fen: 24000, unit: '元/实例/月' }, quantity: { fen: 40, unit: '元/实例/小时' } },
  simulator: { createDelayFactor: 6 },
});
