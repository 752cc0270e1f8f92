// Query keys of the org feature. Everything sits under ['org'], and the lists carry the working
// scope (useScopeKey), so a scope change reads afresh and one invalidation refreshes the tree,
// projects, groups, quotas and tags after a change.
const ORG = ['org'] as const;

export const orgKeys = {
  all: () => ORG,
  tree: (scopeKey: string) => [...ORG, 'tree', scopeKey] as const,
  projects: () => [...ORG, 'projects'] as const,
  projectSearch: (scopeKey: string, name: string) => [...ORG, 'projects', scopeKey, name] as const,
  project: (id: string | null) => [...ORG, 'project', id] as const,
  candidates: (scopeKey: string) => [...ORG, 'candidates', scopeKey] as const,
  groupsOf: (type: string) => [...ORG, 'groups', type] as const,
  groups: (type: string, scopeKey: string) => [...ORG, 'groups', type, scopeKey] as const,
  group: (type: string, id: string, scopeKey: string) => [...ORG, 'group', type, id, scopeKey] as const,
  groupCandidates: (type: string, id: string) => [...ORG, 'group-candidates', type, id] as const,
  quotasAll: () => [...ORG, 'quotas'] as const,
  quotas: (scopeKey: string, id: string, cloud: string) => [...ORG, 'quotas', scopeKey, id, cloud] as const,
  tagsAll: () => [...ORG, 'tags'] as const,
  tags: (scopeKey: string, key: string) => [...ORG, 'tags', scopeKey, key] as const,
};
