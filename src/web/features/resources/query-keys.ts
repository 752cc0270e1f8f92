// Query keys of the resources feature, in one place (issue 26). Every key of a kind's resources
// sits under ['res', kind], so an action, a live status event (live.ts) or a create refreshes its
// lists, pickers and details together; ['res-any'] holds lists that span kinds (the recycle bin).
// The values are the ones the screens used before the factory; only their spelling moved here.
type Params = Readonly<Record<string, unknown>>;

export const resourceKeys = {
  all: ['res'] as const,
  kind: (kind: string | undefined) => ['res', kind] as const,
  lists: (kind: string) => ['res', kind, 'list'] as const,
  list: (kind: string, params: Params) => ['res', kind, 'list', params] as const,
  infinite: (kind: string, params: Params) => ['res', kind, 'infinite', params] as const,
  detail: (kind: string, id: string) => ['res', kind, 'detail', id] as const,
  one: (kind: string | undefined, id: unknown) => ['res', kind, 'one', id] as const,
  options: (kind: string, filters: Params) => ['res', kind, 'options', filters] as const,
  filterOptions: (kind: string | undefined) => ['res', kind, 'filter-options'] as const,
  watch: (kind: string) => ['res', kind, 'watch'] as const,
  overview: (kind: string) => ['res', kind, 'overview'] as const,
  cidrOf: (kind: string, id: string | undefined) => ['res', kind, 'cidr-of', id] as const,
  underParent: (kind: string, parentId: string, filters: Params) => ['res', kind, 'parent', parentId, filters] as const,
  inZone: (kind: string, zoneId: string) => ['res', kind, 'zone', zoneId] as const,
  gatewayCards: (kind: string, gatewayId: string) => ['res', kind, 'gateway', gatewayId, 'infinite'] as const,
  gatewayPage: (kind: string, gatewayId: string, params: Params) => ['res', kind, 'gateway', gatewayId, 'page', params] as const,
  anyKind: ['res-any'] as const,
  recycleOf: (kind: string) => ['res-any', 'recycle', kind] as const,
  recycle: (kind: string, params: Params) => ['res-any', 'recycle', kind, params] as const,
  adminOf: (kind: string) => ['admin-res', kind] as const,
  admin: (kind: string, params: Params) => ['admin-res', kind, params] as const,
  adminTenants: () => ['admin-tenants'] as const,
  adminTags: (kind: string, id: string, tenantId: unknown, projectId: unknown) => ['admin-tags', kind, id, tenantId, projectId] as const,
  tags: (kind: string, id: string) => ['tags', kind, id] as const,
  pkgs: (productCode: string, tenantId: string | undefined) => ['ref', 'pkgs', productCode, tenantId] as const,
  places: () => ['ref', 'places'] as const,
  vendors: () => ['ref', 'vendors'] as const,
  regions: (vendor: unknown) => ['ref', 'regions', vendor] as const,
  zones: (productCode: string, regionId: unknown) => ['ref', 'zones', productCode, regionId] as const,
  price: (body: unknown) => ['price', body] as const,
  columns: (route: string) => ['columns', route] as const,
  exports: (params: Params) => ['exports', params] as const,
  metrics: (kind: string, id: string, metric: string, range: string) => ['metrics', kind, id, metric, range] as const,
  gtmLog: (id: string) => ['gtm-log', id] as const,
  approvalRequirements: (tenantId: string | undefined, projectId: string | undefined, kind: string) =>
    ['approval-requirements', tenantId, projectId, kind] as const,
  smsNecessity: (type: string, id: string | undefined) => ['sms-necessity', type, id] as const,
};
