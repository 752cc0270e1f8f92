// Query keys of the service catalogue: the tenant's entries (all, or a filter), one entry, the form options.
export const catalogueKeys = {
  all: ['service-catalogue'] as const,
  list: (q: Record<string, string | number> = {}) => ['service-catalogue', 'list', q] as const,
  detail: (id: string) => ['service-catalogue', 'detail', id] as const,
  options: () => ['service-catalogue', 'options'] as const,
};
