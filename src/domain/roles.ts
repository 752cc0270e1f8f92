// Roles of seed 001 §6 that Yunshu assigns, and the permissions they grant.
// Permissions are `action:entity:access` strings (Epic Stack style); `access` is `any` or `own`.

export const ROLES = [
  'super_admin',
  'ops_admin',
  'tenant_admin',
  'security_admin',
  'project_owner',
  'project_approver',
  'project_member',
  'internet_user',
] as const;
export type Role = (typeof ROLES)[number];

/** Platform roles apply to every tenant; the others are held inside one tenant (and maybe one project). */
export const PLATFORM_ROLES: readonly Role[] = ['super_admin', 'ops_admin'];
export const TENANT_ROLES: readonly Role[] = ['tenant_admin', 'security_admin'];
export const PROJECT_ROLES: readonly Role[] = ['project_owner', 'project_approver', 'project_member', 'internet_user'];

export const isPlatformRole = (r: Role) => PLATFORM_ROLES.includes(r);

export type Permission = `${string}:${string}:${'any' | 'own'}`;

const READ_RESOURCES: Permission[] = ['read:resource:own', 'read:bill:own', 'read:tenant:own', 'read:project:own'];
// Every tenant role keeps its own AccessKeys and sees the tenant's MaaS accounts (issue 15).
const OWN_KEYS: Permission[] = ['manage:aksk:own', 'read:maas_account:own'];
const WRITE_RESOURCES: Permission[] = ['create:resource:own', 'update:resource:own', 'delete:resource:own', 'operate:resource:own'];

/** Issue 15: quotas, systems, resource groups and tags are read by every tenant role. */
const ORG_READ: Permission[] = ['read:quota:own', 'read:system:own', 'read:resource_group:own', 'read:tag:own'];
const ORG_GROUPS_WRITE: Permission[] = ['update:system:own', 'update:resource_group:own', 'update:tag:own'];
/** Projects created, edited, deleted; their quotas set; systems, groups and tags kept. */
const ORG_ADMIN = (a: 'any' | 'own'): Permission[] =>
  (
    [
      'create:project',
      'delete:project',
      'read:quota',
      'update:quota',
      'read:system',
      'update:system',
      'read:resource_group',
      'update:resource_group',
      'read:tag',
      'update:tag',
    ] as const
  ).map((p) => `${p}:${a}` as Permission);

export const ROLE_PERMISSIONS: Record<Role, readonly Permission[]> = {
  super_admin: [
    'read:resource:any',
    'create:resource:any',
    'update:resource:any',
    'delete:resource:any',
    'operate:resource:any',
    'read:tenant:any',
    'update:tenant:any',
    'read:project:any',
    'update:project:any',
    'read:user:any',
    'update:user:any',
    'read:approval:any',
    'decide:approval:any',
    'read:bill:any',
    'read:order:any',
    'create:order:any',
    'manage:cost_strategy:any',
    'manage:project_limit:any',
    'read:alarm:any',
    'update:alarm:any',
    'manage:approval_process:any',
    'lock:aksk:any',
    'read:invoice:any',
    'create:invoice:any',
    'read:contract:any',
    'update:contract:any',
    'review:account_review:any',
    // issue 15 (access and organisation)
    ...ORG_ADMIN('any'),
    'enable:quota:any',
    'audit:aksk:any',
    'read:maas_account:any',
  ],
  ops_admin: [
    'read:resource:any',
    'operate:resource:any',
    'read:tenant:any',
    'read:project:any',
    'read:alarm:any',
    'update:alarm:any',
    'read:user:any',
    'lock:aksk:any',
    'review:account_review:any',
    'audit:aksk:any',
    'read:maas_account:any',
  ],
  tenant_admin: [
    ...READ_RESOURCES,
    ...WRITE_RESOURCES,
    'update:project:own',
    'read:user:own',
    'update:user:own',
    'read:approval:own',
    'manage:approval_process:own',
    'read:alarm:own',
    'read:order:own',
    'create:order:own',
    'manage:cost_strategy:own',
    'manage:project_limit:own',
    // invoices and contracts are the tenant's (ADR 0025)
    'read:invoice:own',
    'create:invoice:own',
    'read:contract:own',
    'update:contract:own',
    ...ORG_ADMIN('own'),
    ...OWN_KEYS,
    'audit:aksk:own',
    'authorize:aksk:own',
    'manage:maas_account:own',
  ],
  security_admin: [
    ...READ_RESOURCES,
    ...ORG_READ,
    'read:approval:own',
    'read:alarm:own',
    'update:alarm:own',
    'read:user:own',
    'read:invoice:own',
    'read:contract:own',
    ...OWN_KEYS,
    'audit:aksk:own',
  ],
  project_owner: [
    ...READ_RESOURCES,
    ...WRITE_RESOURCES,
    'read:approval:own',
    'read:alarm:own',
    'read:order:own',
    'create:order:own',
    ...ORG_READ,
    ...ORG_GROUPS_WRITE,
    ...OWN_KEYS,
  ],
  project_approver: [...READ_RESOURCES, ...ORG_READ, 'read:approval:own', 'decide:approval:own', 'read:alarm:own', ...OWN_KEYS],
  project_member: [...READ_RESOURCES, ...WRITE_RESOURCES, 'read:alarm:own', 'read:order:own', ...ORG_READ, 'update:tag:own', ...OWN_KEYS],
  internet_user: ['read:resource:own', 'read:project:own'],
};

export function permissionsOf(roles: Iterable<Role>): Set<Permission> {
  const out = new Set<Permission>();
  for (const r of roles) for (const p of ROLE_PERMISSIONS[r] ?? []) out.add(p);
  return out;
}

/** True when the roles grant `action:entity` at the wanted access (`any` implies `own`). */
export function can(roles: Iterable<Role>, action: string, entity: string, access: 'any' | 'own' = 'own'): boolean {
  const perms = permissionsOf(roles);
  if (perms.has(`${action}:${entity}:any`)) return true;
  return access === 'own' && perms.has(`${action}:${entity}:own`);
}
