// Cache database instances (Redis, route cacheDatabase; seed 001 §5 "Databases"): the versions, the
// architectures (单机版, 主从版, 集群版 with its shards), the memory sizes and the password rules that
// the managed databases share (reserved words barred, seed 001 §5). Plain data and pure checks (no
// zod), shared by the schema and the web.

export const CACHE_VERSIONS = ['5.0', '6.2', '7.0'] as const;
export const CACHE_DEFAULT_VERSION = '7.0';
export const CACHE_DEFAULT_PORT = 6379;

/** 单机版 (one node), 主从版 (a primary and a replica), 集群版 (shards, each a primary and a replica). */
export const CACHE_ARCHITECTURES = ['standalone', 'master_replica', 'cluster'] as const;
export type CacheArchitecture = (typeof CACHE_ARCHITECTURES)[number];

/** Memory per instance (a cluster's per shard), as its code: '4g' is 4 GB. */
export const CACHE_MEMORY_SPECS = ['1g', '2g', '4g', '8g', '16g', '32g', '64g'] as const;

/** A cluster has 2–32 shards; the other architectures one. */
export const CACHE_MIN_SHARDS = 2;
export const CACHE_MAX_SHARDS = 32;
export const CACHE_DEFAULT_SHARDS = 3;

/** Memory in GB of a spec code ('4g' → 4), undefined for an unknown one. */
export function cacheMemoryGb(spec: unknown): number | undefined {
  return typeof spec === 'string' && (CACHE_MEMORY_SPECS as readonly string[]).includes(spec) ? Number(spec.slice(0, -1)) : undefined;
}

/** What the purchase does not name: the shards of its architecture and the whole memory. */
export function cacheDerived(spec: Record<string, unknown>): Record<string, unknown> {
  const shards = spec.architecture === 'cluster' ? (spec.shards ?? CACHE_DEFAULT_SHARDS) : 1;
  const per = cacheMemoryGb(spec.memory_spec);
  return {
    version: spec.version || CACHE_DEFAULT_VERSION,
    port: spec.port ?? CACHE_DEFAULT_PORT,
    shards,
    ...(per === undefined ? {} : { memory: per * Number(shards) }),
  };
}
