// Cache database instance (Redis; routes cacheDatabase, cacheDatabaseAdd, cacheDatabaseDetail): its
// version, architecture (单机版, 主从版, 集群版 with 2–32 shards), memory, port and an access password
// that goes to the cloud, never to the database. Its states and actions are the managed databases'
// (db-instance): creation takes minutes on a real cloud (seed 001 §9), deleting goes to the recycle
// bin first.
import { defineKind } from '../kind.ts';
import { MANAGED_INSTANCE_ACTIONS, MANAGED_INSTANCE_CREATE, MANAGED_INSTANCE_STATUSES } from '../managed-instance.ts';
import { C, F, Q } from '../common.ts';
import { CACHE_ARCHITECTURES, CACHE_MEMORY_SPECS, CACHE_VERSIONS, cacheDerived } from './cache-instance.rules.ts';

export const cacheInstanceKind = defineKind({
  kind: 'cache_instance',
  collection: 'cacheinstances',
  productCode: 'cacheinstance',
  menuOrder: 402,
  routes: { list: 'cacheDatabase', detail: 'cacheDatabaseDetail', buy: 'cacheDatabaseAdd' },
  fields: [
    F.id,
    F.name,
    F.status,
    F.vendor,
    F.region,
    F.az,
    { key: 'version', source: 'spec', type: 'enum', options: CACHE_VERSIONS },
    { key: 'architecture', source: 'spec', type: 'enum', options: CACHE_ARCHITECTURES },
    { key: 'memory_spec', source: 'spec', type: 'enum', options: CACHE_MEMORY_SPECS },
    { key: 'shards', source: 'spec', type: 'number' },
    { key: 'memory', source: 'spec', type: 'number', unit: 'gb' },
    { key: 'port', source: 'spec', type: 'number' },
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
    { field: 'memory_spec', display: true },
    { field: 'version', display: true },
    { field: 'port', display: false },
    C.vendor,
    C.createdAt,
  ],
  filters: [Q.name, Q.status, Q.provider, { param: 'architecture', source: 'spec', key: 'architecture', type: 'enum' }],
  statuses: MANAGED_INSTANCE_STATUSES,
  create: MANAGED_INSTANCE_CREATE,
  placement: 'own',
  secret: ['password'],
  shownWhen: { shards: { key: 'architecture', in: ['cluster'] } },
  derive: cacheDerived,
  actions: MANAGED_INSTANCE_ACTIONS,
  relations: [],
  recycle: true,
  priced: true,
  prices: { year: { fen: 18000, unit: '元/实例/月' }, quantity: { fen: 30, unit: '元/实例/小时' } },
  simulator: { createDelayFactor: 6 },
});
