// Query keys of the dashboards: each names the working tenant and project (the figures are theirs).
type Scope = readonly [string | undefined, string | undefined];
export const dashboardKeys = {
  all: ['dashboards'] as const,
  layout: (s: Scope) => ['dashboards', 'layout', ...s] as const,
  summary: (s: Scope, vendor?: string) => ['dashboards', 'summary', ...s, vendor ?? ''] as const,
  capacity: (s: Scope, cluster: string) => ['dashboards', 'capacity', ...s, cluster] as const,
  report: (s: Scope, group: string, metrics: string) => ['dashboards', 'report', ...s, group, metrics] as const,
  gtm: (s: Scope) => ['dashboards', 'gtm', ...s] as const,
};
