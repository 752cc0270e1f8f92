// Query keys of the console home: the count of one kind's resources in the working scope.
export const consoleHomeKeys = {
  resourceCount: (tenantId: string | undefined, projectId: string | undefined, kind: string) => ['resource-count', tenantId, projectId, kind] as const,
};
