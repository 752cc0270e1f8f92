// Query keys of the bastion feature: its users (with their host grants) and the hosts to grant.
export const bastionKeys = {
  users: () => ['bastion-users'] as const,
  hosts: () => ['bastion-hosts'] as const,
};
