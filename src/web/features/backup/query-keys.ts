// Query keys of the backup feature: the plans of one resource (its 备份策略 tab). The event
// stream patches that entry in place (live.ts), so the key is built here and nowhere else.
export const backupKeys = {
  all: ['backup-plans'] as const,
  plansOf: (kind: string, id: string) => [...backupKeys.all, kind, id] as const,
};
