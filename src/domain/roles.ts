// Roles of seed 001 §6 that Yunshu assigns, and the permissions they grant (issue 15, ADR 0021).
// Permissions are `action:entity:access` strings (Epic Stack style); `access` is `any` (every
// tenant) or `own` (inside the tenant / project where the role is held). A user's permissions are
// those of their roles (held directly or through a user group) plus the policies granted to them.
// The first eight role ids are stored in `memberships.role`: never rename them.

export const ROLES = [
  'super_admin',
  'ops_admin',
  'tenant_admin',
  'security_admin',
  'project_owner',
  'project_approver',
  'project_member',
  'internet_user',
  // added with issue 15
  'local_tenant_admin',
  'counterpart_tenant_admin',
  'industry_project_manager',
  'digital_specialist',
  'department_head',
  'cdo',
  'goa_approver',
  'catalogue_owner',
  'operations_owner',
  'development_owner',
  'business_owner',
  'bastion_user',
] as const;
export type Role = (typeof ROLES)[number];

/** Platform roles apply to every tenant; the others are held inside one tenant (and maybe one project). */
export const PLATFORM_ROLES: readonly Role[] = ['super_admin', 'ops_admin'];
export const TENANT_ROLES: readonly Role[] = [
  'tenant_admin',
  'security_admin',
  'local_tenant_admin',
  'counterpart_tenant_admin',
  'industry_project_manager',
  'digital_specialist',
  'department_head',
  'cdo',
  'goa_approver',
];
export const PROJECT_ROLES: readonly Role[] = [
  'project_owner',
  'project_approver',
  'project_member',
  'internet_user',
  'catalogue_owner',
  'operations_owner',
  'development_owner',
  'business_owner',
  'bastion_user',
];

export const isPlatformRole = (r: Role) => PLATFORM_ROLES.includes(r);
export const isRole = (r: unknown): r is Role => typeof r === 'string' && (ROLES as readonly string[]).includes(r);
/** The level a role is held at: platform (no tenant), tenant (no project) or project. */
export const roleLevel = (r: Role): 'platform' | 'tenant' | 'project' =>
  PLATFORM_ROLES.includes(r) ? 'platform' : TENANT_ROLES.includes(r) ? 'tenant' : 'project';

/** Project owners per project (seed 001 §6: at most 2–3). */
export const MAX_PROJECT_OWNERS = 3;

export type Permission = `${string}:${string}:${'any' | 'own'}`;

/**
 * Entities permissions name. Reserved for the areas built alongside (their routes call
 * `can(roles, 'manage', 'project')` etc.): organisation (project, quota, tag, resource_group,
 * system), keys (aksk, maas_account, passkey), orders and cost (order, cost_strategy,
 * project_limit), invoices (invoice, contract), registration (account_review); access (user,
 * user_group, policy).
 */
export const ENTITIES = [
  'resource',
  'bill',
  'tenant',
  'project',
  'approval',
  'approval_process',
  'alarm',
  'oplog',
  'quota',
  'tag',
  'resource_group',
  'system',
  'aksk',
  'maas_account',
  'passkey',
  'order',
  'cost_strategy',
  'project_limit',
  'invoice',
  'contract',
  'account_review',
  'user',
  'user_group',
  'policy',
  'bastion',
  'password',
] as const;
export type Entity = (typeof ENTITIES)[number];

const own = (action: string, ...entities: Entity[]): Permission[] => entities.map((e) => `${action}:${e}:own` as Permission);
const any = (action: string, ...entities: Entity[]): Permission[] => entities.map((e) => `${action}:${e}:any` as Permission);

const ORG: Entity[] = ['project', 'quota', 'tag', 'resource_group', 'system'];
const KEYS: Entity[] = ['aksk', 'maas_account'];
const MONEY: Entity[] = ['order', 'cost_strategy', 'project_limit', 'invoice', 'contract'];
const ACCESS: Entity[] = ['user', 'user_group', 'policy'];

const READ_RESOURCES: Permission[] = ['read:resource:own', 'read:bill:own', 'read:tenant:own', 'read:project:own'];
const WRITE_RESOURCES: Permission[] = ['create:resource:own', 'update:resource:own', 'delete:resource:own', 'operate:resource:own'];
/** What every signed-in role may do for itself. */
const SELF: Permission[] = ['manage:passkey:own'];

const TENANT_ADMIN: Permission[] = [
  ...READ_RESOURCES,
  ...WRITE_RESOURCES,
  'update:project:own',
  'update:user:own',
  'read:approval:own',
  'manage:approval_process:own',
  'read:alarm:own',
  'read:oplog:own',
  ...own('read', ...ORG, ...KEYS, ...MONEY, ...ACCESS),
  ...own('manage', ...ORG, ...KEYS, ...MONEY, ...ACCESS),
  'lock:aksk:own',
  ...SELF,
];

export const ROLE_PERMISSIONS: Record<Role, readonly Permission[]> = {
  super_admin: [
    'read:resource:any',
    'create:resource:any',
    'update:resource:any',
    'delete:resource:any',
    'operate:resource:any',
    'read:tenant:any',
    'update:tenant:any',
    'update:project:any',
    'update:user:any',
    'read:approval:any',
    'decide:approval:any',
    'read:bill:any',
    'read:alarm:any',
    'update:alarm:any',
    'read:oplog:any',
    'manage:approval_process:any',
    'lock:aksk:any',
    ...any('read', ...ORG, ...KEYS, ...MONEY, ...ACCESS, 'account_review'),
    ...any('manage', ...ORG, ...KEYS, ...MONEY, ...ACCESS, 'account_review'),
    ...SELF,
  ],
  ops_admin: [
    'read:resource:any',
    'operate:resource:any',
    'read:tenant:any',
    'read:alarm:any',
    'update:alarm:any',
    'read:oplog:any',
    // seed 001 §6: the operations administrator may lock an AK/SK
    'lock:aksk:any',
    'lock:user:any',
    ...any('read', ...ORG, ...KEYS, 'order', 'user', 'user_group', 'account_review'),
    ...SELF,
  ],
  tenant_admin: TENANT_ADMIN,
  // A local tenant administrator runs the tenant but not its contracts and invoices.
  local_tenant_admin: TENANT_ADMIN.filter((p) => !/^manage:(invoice|contract):/.test(p)),
  // The counterpart's administrator sees what the tenant administrator sees and changes nothing.
  counterpart_tenant_admin: [...READ_RESOURCES, 'read:approval:own', 'read:alarm:own', 'read:oplog:own', ...own('read', ...ORG, ...MONEY, ...ACCESS), ...SELF],
  security_admin: [
    ...READ_RESOURCES,
    'read:approval:own',
    'read:alarm:own',
    'update:alarm:own',
    'read:oplog:own',
    ...own('read', 'user', 'user_group', 'policy', 'aksk', 'tag', 'project'),
    'lock:aksk:own',
    ...SELF,
  ],
  industry_project_manager: [
    ...READ_RESOURCES,
    'update:project:own',
    ...own('read', ...ORG, 'order'),
    ...own('manage', 'project', 'quota', 'resource_group'),
    ...SELF,
  ],
  digital_specialist: [...READ_RESOURCES, ...own('read', 'project', 'system', 'resource_group', 'tag'), 'manage:system:own', ...SELF],
  department_head: [...READ_RESOURCES, 'read:approval:own', 'decide:approval:own', ...own('read', 'project', 'order', 'project_limit'), ...SELF],
  cdo: [...READ_RESOURCES, 'read:approval:own', ...own('read', 'project', 'system', 'order', 'cost_strategy', 'invoice', 'contract'), ...SELF],
  goa_approver: [...READ_RESOURCES, 'read:approval:own', 'decide:approval:own', ...own('read', 'project', 'order'), ...SELF],
  project_owner: [
    ...READ_RESOURCES,
    ...WRITE_RESOURCES,
    'read:approval:own',
    'read:alarm:own',
    ...own('read', 'quota', 'tag', 'order', 'aksk'),
    ...own('manage', 'tag', 'order', 'aksk'),
    ...SELF,
  ],
  project_approver: [...READ_RESOURCES, 'read:approval:own', 'decide:approval:own', 'read:alarm:own', ...SELF],
  project_member: [...READ_RESOURCES, ...WRITE_RESOURCES, 'read:alarm:own', ...SELF],
  catalogue_owner: ['read:resource:own', 'read:project:own', 'read:tenant:own', ...own('read', 'system'), 'manage:system:own', ...SELF],
  operations_owner: [...READ_RESOURCES, 'operate:resource:own', 'update:resource:own', 'read:alarm:own', 'update:alarm:own', ...SELF],
  development_owner: [...READ_RESOURCES, ...WRITE_RESOURCES, 'read:alarm:own', ...SELF],
  business_owner: [...READ_RESOURCES, 'read:order:own', ...SELF],
  // seed 001 §6: only internet users may recover a password
  internet_user: ['read:resource:own', 'read:project:own', 'recover:password:own', ...SELF],
  bastion_user: ['read:resource:own', 'read:project:own', 'connect:bastion:own', ...SELF],
};

export function permissionsOf(roles: Iterable<Role>, extra: Iterable<Permission> = []): Set<Permission> {
  const out = new Set<Permission>(extra);
  for (const r of roles) for (const p of ROLE_PERMISSIONS[r] ?? []) out.add(p);
  return out;
}

/** True when the permissions grant `action:entity` at the wanted access (`any` implies `own`). */
export function hasPermission(perms: ReadonlySet<string>, action: string, entity: string, access: 'any' | 'own' = 'own'): boolean {
  if (perms.has(`${action}:${entity}:any`)) return true;
  return access === 'own' && perms.has(`${action}:${entity}:own`);
}

/** True when the roles grant `action:entity` at the wanted access (`any` implies `own`). */
export function can(roles: Iterable<Role>, action: string, entity: string, access: 'any' | 'own' = 'own'): boolean {
  return hasPermission(permissionsOf(roles), action, entity, access);
}

/** `read:user` or `read:user:any` → its parts; null when it is not a permission string. */
export function parsePermission(s: string): { action: string; entity: string; access: 'any' | 'own' } | null {
  const m = /^([a-z_]+):([a-z_]+)(?::(any|own))?$/.exec(s);
  return m ? { action: m[1]!, entity: m[2]!, access: (m[3] as 'any' | 'own' | undefined) ?? 'own' } : null;
}

/** Every permission string some role grants (the policy editor offers these). */
export const ALL_PERMISSIONS: readonly Permission[] = [...new Set(Object.values(ROLE_PERMISSIONS).flat())].sort();
