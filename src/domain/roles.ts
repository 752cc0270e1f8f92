// Roles of seed 001 §6 that Yunshu assigns, and the permissions they grant (issue 15, ADR 0021).
// Permissions are `action:entity:access` strings (Epic Stack style); `access` is `any` (every
// tenant) or `own` (inside the tenant / project where the role is held). A user's permissions are
// those of their roles (held directly or through a user group) plus the policies granted to them.
// The first eight role ids are stored in `memberships.role`: never rename them.

import { permits } from './permission-rule.ts';

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
 * user_group, policy), bastion-host permissions (bastion_permission, ADR 0030); public-cloud
 * accounts holding vendor AccessKeys (cloud_account: the kind's own entity, not `resource`) and the
 * tenant's cost centre (cost_center: balance, threshold, recharges; tenant and platform roles only).
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
  'bastion_permission',
  'password',
  // issue 15 follow-up: vendor credentials and the tenant's balance are narrower than its resources
  'cloud_account',
  'cost_center',
  // issue 31: the tenant's service catalogue (its entries, publishing, what a service offers to projects)
  'service_catalogue',
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

const BASE_PERMISSIONS: Record<Role, readonly Permission[]> = {
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
  catalogue_owner: [
    'read:resource:own',
    'read:project:own',
    'read:tenant:own',
    ...own('read', 'system'),
    'manage:system:own',
    'manage:service_catalogue:own',
    ...SELF,
  ],
  operations_owner: [...READ_RESOURCES, 'operate:resource:own', 'update:resource:own', 'read:alarm:own', 'update:alarm:own', ...SELF],
  development_owner: [...READ_RESOURCES, ...WRITE_RESOURCES, 'read:alarm:own', ...SELF],
  business_owner: [...READ_RESOURCES, 'read:order:own', ...SELF],
  // seed 001 §6: only internet users may recover a password
  internet_user: ['read:resource:own', 'read:project:own', 'recover:password:own', ...SELF],
  bastion_user: ['read:resource:own', 'read:project:own', 'connect:bastion:own', ...SELF],
};

/*
 * The permission strings the areas built beside issue 15 check (orders and cost, invoices and
 * contracts, organisation, AccessKeys and MaaS, account reviews), as each first granted them to the
 * eight original roles. They are added to the table above; a local tenant administrator gets the
 * tenant administrator's except invoice and contract changes, a counterpart administrator only reads.
 */
// Every tenant role keeps its own AccessKeys and sees the tenant's MaaS accounts (issue 15).
const OWN_KEYS: Permission[] = ['manage:aksk:own', 'read:maas_account:own'];

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

const AREA_PERMISSIONS: Partial<Record<Role, readonly Permission[]>> = {
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
    // who reaches which host through the bastion (ADR 0030)
    'manage:bastion_permission:any',
    // vendor AccessKeys of every tenant's cloud accounts; every tenant's balance and recharges
    'manage:cloud_account:any',
    'manage:cost_center:any',
    'manage:service_catalogue:any',
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
    'manage:bastion_permission:any',
    // operations keep the accounts' regions in sync (sync_regions, modify); they neither register nor delete keys
    'read:cloud_account:any',
    'update:cloud_account:any',
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
    'manage:bastion_permission:own',
    // the tenant's vendor AccessKeys (a local tenant administrator inherits this; a counterpart reads)
    'manage:cloud_account:own',
    'read:cloud_account:own',
    // the balance's threshold and recharges (the local tenant administrator's are filtered out below)
    'update:cost_center:own',
    // the tenant's service catalogue (issue 31; a counterpart administrator only reads it)
    'manage:service_catalogue:own',
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
    'manage:bastion_permission:own',
    // audits which vendor AccessKeys the tenant registered (masked; the secret is never answered)
    'read:cloud_account:own',
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

const withArea = (role: Role, from: Role, keep: (p: Permission) => boolean = () => true): Permission[] => [
  ...new Set([...BASE_PERMISSIONS[role], ...(AREA_PERMISSIONS[from] ?? []).filter(keep)]),
];

/**
 * The cost centre (balance, credit, threshold, recharges) is the tenant's: every tenant role reads it
 * (as each reads the tenant's bills), no project role does; the tenant administrator (not the local
 * one) and the super administrator change it.
 */
const withCostCenter = (perms: Record<Role, readonly Permission[]>): Record<Role, readonly Permission[]> =>
  Object.fromEntries(ROLES.map((r) => [r, TENANT_ROLES.includes(r) ? [...new Set([...perms[r], 'read:cost_center:own' as Permission])] : perms[r]])) as Record<
    Role,
    readonly Permission[]
  >;

export const ROLE_PERMISSIONS: Record<Role, readonly Permission[]> = withCostCenter({
  ...BASE_PERMISSIONS,
  super_admin: withArea('super_admin', 'super_admin'),
  ops_admin: withArea('ops_admin', 'ops_admin'),
  tenant_admin: withArea('tenant_admin', 'tenant_admin'),
  local_tenant_admin: withArea('local_tenant_admin', 'tenant_admin', (p) => !/^(create|update):(invoice|contract|cost_center):/.test(p)),
  counterpart_tenant_admin: withArea('counterpart_tenant_admin', 'tenant_admin', (p) => p.startsWith('read:')),
  security_admin: withArea('security_admin', 'security_admin'),
  project_owner: withArea('project_owner', 'project_owner'),
  project_approver: withArea('project_approver', 'project_approver'),
  project_member: withArea('project_member', 'project_member'),
  internet_user: withArea('internet_user', 'internet_user'),
});

export function permissionsOf(roles: Iterable<Role>, extra: Iterable<Permission> = []): Set<Permission> {
  const out = new Set<Permission>(extra);
  for (const r of roles) for (const p of ROLE_PERMISSIONS[r] ?? []) out.add(p);
  return out;
}

/** True when the permissions grant `action:entity` at the wanted access (`any` implies `own`; `manage:x` implies CRUD of x) — the one rule of permission-rule.ts. */
export function hasPermission(perms: ReadonlySet<string>, action: string, entity: string, access: 'any' | 'own' = 'own'): boolean {
  return permits(perms, action, entity, access);
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
