// Query keys of the keys feature: access keys (AK/SK) with their overview, bindable users and
// rankings, and the MaaS accounts and keys.
export const keyKeys = {
  accessKeys: () => ['aksk'] as const,
  accessKey: (id: string) => ['aksk', id] as const,
  overview: () => ['aksk-overview'] as const,
  bindableUsers: () => ['aksk-users'] as const,
  keyRanking: (days: number) => ['aksk-rank', days] as const,
  actionRanking: (days: number) => ['aksk-actions', days] as const,
  maasAccounts: () => ['maas-accounts'] as const,
  maasAccount: (id: string) => ['maas-account', id] as const,
  maasKeys: () => ['maas-keys'] as const,
};
