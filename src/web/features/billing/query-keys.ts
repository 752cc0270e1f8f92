// Query keys of the billing feature. Bill sums (by month, project, product or resource) sit under
// ['bills'], so moving a month's check refreshes every overview and detail at once.
import type { Cloud, Level } from './api.ts';

export const billingKeys = {
  bills: () => ['bills'] as const,
  grouped: (level: Level, group: string, start: string, end: string, cloud: Cloud) => ['bills', level, group, start, end, cloud] as const,
  byResource: (level: Level, month: string, cloud: Cloud) => ['bills', level, 'resource', month, cloud] as const,
  lines: (level: Level, month: string, cloud: Cloud) => ['bill-lines', level, month, cloud] as const,
  checks: () => ['bill-checks'] as const,
  checksUpTo: (from: string | undefined, current: string) => ['bill-checks', from, current] as const,
  costAccount: () => ['cost-account'] as const,
  recharges: () => ['recharges'] as const,
};
