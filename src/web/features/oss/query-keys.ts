// Query keys of the object-storage pages, in one place: everything under ['oss'], so a key created or
// a strategy changed refreshes the overview and the lists together.
export const ossKeys = {
  all: ['oss'] as const,
  overview: ['oss', 'overview'] as const,
  packageCount: ['oss', 'package-count'] as const,
  keys: ['oss', 'keys'] as const,
  syncAll: ['oss', 'sync', 'all'] as const,
};
