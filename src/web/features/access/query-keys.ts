// Query keys of the access feature (users, groups, policies, templates, grants), one place for
// every useQuery and invalidation; the values are the keys the screens used before this module.
export const accessKeys = {
  me: () => ['access-me'] as const,
  users: () => ['access-users'] as const,
  userSearch: (name: string) => ['access-users', name] as const,
  user: (id: string) => ['access-user', id] as const,
  groups: () => ['access-groups'] as const,
  group: (id: string) => ['access-group', id] as const,
  policies: () => ['access-policies'] as const,
  policy: (id: string) => ['access-policy', id] as const,
  templates: () => ['access-templates'] as const,
  template: (id: string) => ['access-template', id] as const,
  grants: () => ['access-grants'] as const,
  roles: () => ['access-roles'] as const,
  projects: () => ['access-projects'] as const,
  tenants: () => ['access-tenants'] as const,
};
