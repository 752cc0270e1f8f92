// Document database instances (MongoDB, route documentDatabase; seed 001 §5 "Databases"): the
// versions, the architectures (副本集 with its nodes, 分片集群 with its shards), and the
// administrator's user name (lowercase letters, digits and underscores, a letter first, a letter or
// digit last, 2–64 for a document database). Plain data and pure checks (no zod).

export const DOC_VERSIONS = ['5.0', '6.0', '7.0'] as const;
export const DOC_DEFAULT_VERSION = '7.0';
export const DOC_DEFAULT_PORT = 27017;

/** 副本集 (a primary and its secondaries), 分片集群 (shards of replica sets behind mongos routers). */
export const DOC_ARCHITECTURES = ['replica_set', 'sharded'] as const;
/** Nodes of a replica set (each shard's too). */
export const DOC_REPLICA_NODES = ['3', '5', '7'] as const;
export const DOC_MIN_SHARDS = 2;
export const DOC_MAX_SHARDS = 32;
export const DOC_DEFAULT_SHARDS = 2;

/** Node flavors (each node of the set: cores and memory in GB), from the smallest a test set takes. */
export const DOC_FLAVORS = ['1c2g', '2c4g', '4c8g', '8c16g', '16c32g'] as const;
const FLAVOR_SIZES: Readonly<Record<(typeof DOC_FLAVORS)[number], { cpu: number; memory: number }>> = {
  '1c2g': { cpu: 1, memory: 2 },
  '2c4g': { cpu: 2, memory: 4 },
  '4c8g': { cpu: 4, memory: 8 },
  '8c16g': { cpu: 8, memory: 16 },
  '16c32g': { cpu: 16, memory: 32 },
};

/** Seed 001 §5: the document database's user names, 2–64. */
export const DOC_USER_NAME = /^[a-z](?:[a-z0-9_]*[a-z0-9])?$/;
export const DOC_USER_NAME_MIN = 2;
export const DOC_USER_NAME_MAX = 64;

/** What the purchase does not name: cpu and memory of the flavor, the newest version, the usual port, the shards of its architecture. */
export function docDerived(spec: Record<string, unknown>): Record<string, unknown> {
  const sizes = typeof spec.flavor === 'string' && Object.hasOwn(FLAVOR_SIZES, spec.flavor) ? FLAVOR_SIZES[spec.flavor as keyof typeof FLAVOR_SIZES] : {};
  return {
    ...sizes,
    version: spec.version || DOC_DEFAULT_VERSION,
    port: spec.port ?? DOC_DEFAULT_PORT,
    shards: spec.architecture === 'sharded' ? (spec.shards ?? DOC_DEFAULT_SHARDS) : 1,
  };
}
