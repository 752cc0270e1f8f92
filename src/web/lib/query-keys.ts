// Query keys that belong to no feature: the caller's permissions in a scope, read by every screen
// through useCan. Imported by can.ts alone, so the build keeps it in can.ts's chunk (a module shared
// by two chunks would become a script of its own on the phone's first load).
export const sharedKeys = {
  permissions: (tenantId: string | null, projectId: string | null) => ['auth-permissions', tenantId ?? '', projectId ?? ''] as const,
};
