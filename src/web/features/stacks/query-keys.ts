// Query keys of resource stacks: templates, stacks and the zone pickers' lists.
export const stackKeys = {
  all: ['stacks'] as const,
  templates: () => ['stacks', 'templates'] as const,
  template: (id: string) => ['stacks', 'template', id] as const,
  stacks: () => ['stacks', 'list'] as const,
  stack: (id: string) => ['stacks', 'stack', id] as const,
  vendors: () => ['stacks', 'vendors'] as const,
  regions: (vendor: string) => ['stacks', 'regions', vendor] as const,
  zones: (region: string) => ['stacks', 'zones', region] as const,
};
