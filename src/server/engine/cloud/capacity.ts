// The simulated cloud's capacity: what each vendor's region holds for the tenant in each cluster
// (compute hosts, database hosts, in-memory cache nodes). A pure function of (region id, cluster),
// so every server process answers the same figures; private clouds are the data centres' own racks
// (smaller), public clouds the allotment the account has there (larger). A real vendor driver would
// read these from the cloud's capacity API.
import type { Cluster } from '../../../domain/dashboards.ts';
import { PUBLIC_VENDORS } from './simulator.ts';

export interface ClusterCapacity {
  cores: number;
  /** GB */
  memory: number;
  /** GB */
  storage: number;
}

/** FNV-1a: a stable small number from the region's id. */
function hash(s: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < s.length; i++) {
    h ^= s.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return h >>> 0;
}

/** Racks per cluster: [cores per step, memory GB per core, storage GB per core]. */
const SHAPE: Record<Cluster, { cores: number; memPerCore: number; diskPerCore: number }> = {
  compute: { cores: 128, memPerCore: 4, diskPerCore: 80 },
  database: { cores: 64, memPerCore: 8, diskPerCore: 100 },
  memory: { cores: 32, memPerCore: 16, diskPerCore: 0 },
};

export function clusterCapacity(vendor: string, regionId: string, cluster: Cluster): ClusterCapacity {
  const shape = SHAPE[cluster];
  // 2–5 steps in a private data centre, 4–9 in a public region.
  const steps = (PUBLIC_VENDORS.has(vendor) ? 4 : 2) + (hash(`${regionId}:${cluster}`) % (PUBLIC_VENDORS.has(vendor) ? 6 : 4));
  const cores = shape.cores * steps;
  return { cores, memory: cores * shape.memPerCore, storage: cores * shape.diskPerCore };
}
