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
    'read:alarm:any',
    'update:alarm:any',
    'manage:approval_process:any',
    'lock:aksk:any',
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
    ...OWN_KEYS,
    'audit:aksk:own',
    'authorize:aksk:own',
    'manage:maas_account:own',
  ],
  security_admin: [...READ_RESOURCES, 'read:approval:own', 'read:alarm:own', 'update:alarm:own', 'read:user:own', ...OWN_KEYS, 'audit:aksk:own'],
  project_owner: [...READ_RESOURCES, ...WRITE_RESOURCES, 'read:approval:own', 'read:alarm:own', ...OWN_KEYS],
  project_approver: [...READ_RESOURCES, 'read:approval:own', 'decide:approval:own', 'read:alarm:own', ...OWN_KEYS],
  project_member: [...READ_RESOURCES, ...WRITE_RESOURCES, 'read:alarm:own', ...OWN_KEYS],
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
