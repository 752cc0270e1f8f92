// Query keys of ICP filing: the tenant's filings, one filing, what the tenant must upload, and a
// public lookup by domain.
export const icpKeys = {
  all: ['icp'] as const,
  list: () => ['icp', 'list'] as const,
  detail: (id: string) => ['icp', 'detail', id] as const,
  requirements: () => ['icp', 'requirements'] as const,
  lookup: (domain: string) => ['icp', 'lookup', domain] as const,
};
