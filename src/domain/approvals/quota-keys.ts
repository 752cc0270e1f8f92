// What each quota of a quota_change request limits in the resource engine: the number of
// resources of a kind (instances, eips, snapshots) or the sum of what they measure (cores and
// memory of the hosts from their flavor, disk gigabytes). The engine refuses a create that would
// go past a limit (quota_insufficient); an approved quota_change sets the limit.
import { FLAVORS } from '../kinds/instance/flavors.ts';
import type { QuotaKey } from './approval.schema.ts';

export interface QuotaLimit {
  kind: string;
  /** 'count', or the name of what is summed over the kind's live resources */
  measure: 'count' | 'cpu' | 'memory' | 'size';
}

export const QUOTA_LIMITS: Record<QuotaKey, QuotaLimit> = {
  instances: { kind: 'instance', measure: 'count' },
  vcpus: { kind: 'instance', measure: 'cpu' },
  memory_gb: { kind: 'instance', measure: 'memory' },
  volume_gb: { kind: 'volume', measure: 'size' },
  eips: { kind: 'eip', measure: 'count' },
  snapshots: { kind: 'snapshot', measure: 'count' },
};

/** The quota key of a stored limit, or null for a kind's count that no request type names. */
export function quotaKeyOf(kind: string, measure: string): QuotaKey | null {
  const hit = (Object.entries(QUOTA_LIMITS) as [QuotaKey, QuotaLimit][]).find(([, l]) => l.kind === kind && l.measure === measure);
  return hit ? hit[0] : null;
}

/** The summed limits of a kind (not its count). */
export function measuredLimitsOf(kind: string): QuotaLimit[] {
  return Object.values(QUOTA_LIMITS).filter((l) => l.kind === kind && l.measure !== 'count');
}

/** How much of `measure` one resource uses (a host's cores and memory come from its flavor). */
export function measureOf(kind: string, measure: QuotaLimit['measure'], spec: Record<string, unknown>): number {
  if (measure === 'count') return 1;
  if (kind === 'instance' && (measure === 'cpu' || measure === 'memory')) {
    const f = FLAVORS.find((x) => x.id === spec.flavor);
    return Number(f?.[measure] ?? spec[measure] ?? 0);
  }
  return Number(spec[measure] ?? 0);
}
