// Document database instances (MongoDB, route documentDatabase; seed 001 §5 "Databases"): the
// versions, the architectures (副本集 with its nodes, 分片集群 with its shards), and the
// administrator's user name (lowercase letters, digits and underscores, a letter first, a letter or
// digit last, 2–64 for a document database). Plain data and pure checks (no zod).

export const DOC_VERSIONS = ['4.4', '5.0', '6.0', '7.0'] as const;
export const DOC_DEFAULT_VERSION = '7.0';
export const DOC_DEFAULT_PORT = 27017;

/** 副本集 (a primary and its secondaries), 分片集群 (shards of replica sets behind mongos routers). */
export const DOC_ARCHITECTURES = ['replica_set', 'sharded'] as const;
/** Nodes of a replica set (each shard's too). */
export const DOC_REPLICA_NODES = ['3', '5', '7'] as const;
export const DOC_MIN_SHARDS = 2;
export const DOC_MAX_SHARDS = 32;
export const DOC_DEFAULT_SHARDS = 2;

/** Seed 001 §5: the document database's user names, 2–64. */
export const DOC_USER_NAME = /^[a-z](?:[a-z0-9_]*[a-z0-9])?$/;
export const DOC_USER_NAME_MIN = 2;
export const DOC_USER_NAME_MAX = 64;

/** What the purchase does not name: the newest version, the usual port, the shards of its architecture. */
export function docDerived(spec: Record<string, unknown>): Record<string, unknown> {
  return {
    version: spec.version || DOC_DEFAULT_VERSION,
    port: spec.port ?? DOC_DEFAULT_PORT,
    shards: spec.architecture === 'sharded' ? (spec.shards ?? DOC_DEFAULT_SHARDS) : 1,
  };
}
