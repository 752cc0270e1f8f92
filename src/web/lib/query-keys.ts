// Query keys that belong to no feature: the caller's permissions in a scope (read by every screen
// through useCan) and the caller's passkeys (the shared passkey panel of the account pages).
export const sharedKeys = {
  permissions: (tenantId: string | null, projectId: string | null) => ['auth-permissions', tenantId ?? '', projectId ?? ''] as const,
  passkeys: () => ['passkeys'] as const,
};
