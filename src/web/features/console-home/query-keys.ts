// Query keys of the console home: the count of one kind's resources in the working scope, the
// to-dos' counts and the latest notices.
export const consoleHomeKeys = {
  resourceCount: (tenantId: string | undefined, projectId: string | undefined, kind: string) => ['resource-count', tenantId, projectId, kind] as const,
  /** a to-do's count (requests to decide, work orders to confirm) in the working scope */
  todo: (tenantId: string | undefined, projectId: string | undefined, key: string) => ['home-todo', tenantId, projectId, key] as const,
  /** the portal's latest announcements */
  notices: () => ['home-notices'] as const,
};
