// Users, user groups and policies (issue 15, ADR 0021): the shapes the access API accepts and the
// rules it applies. Pure: the server and the web both read them.
import { ACCOUNT_PATTERN } from '../signup.ts';
import { z } from 'zod';
import { NO_SPACES, noSpaces } from '../no-spaces.ts';
import { ALL_PERMISSIONS, ROLES, parsePermission } from '../roles.ts';
import { mobilePhoneSchema } from '../phone-schema.ts';

/** User types (NUC account, local, custom, internet user). */
export const USER_TYPES = ['nuc', 'local', 'custom', 'internet'] as const;
export type UserType = (typeof USER_TYPES)[number];

const id32 = z.string().regex(/^[0-9a-f]{32}$/, { message: 'invalid_format' });
const name = z.string().trim().min(1, { message: 'required' }).max(64);
const description = z.string().trim().max(256).default('');

export const membershipInputSchema = z
  .object({
    role: z.enum(ROLES),
    /** platform roles: none; tenant roles: the tenant; project roles: the project (and its tenant) */
    tenant_id: id32.nullable().optional(),
    project_id: id32.nullable().optional(),
  })
  .strict();
export type MembershipInput = z.infer<typeof membershipInputSchema>;

export const userCreateSchema = z
  .object({
    account: z.string().trim().refine(noSpaces, { message: NO_SPACES }).regex(ACCOUNT_PATTERN, { message: 'account_format' }),
    nickname: z.string().trim().min(1, { message: 'required' }).max(32),
    user_type: z.enum(USER_TYPES).default('local'),
    phone: mobilePhoneSchema.nullable().optional(),
    email: z.string().email({ message: 'email' }).max(128).nullable().optional(),
    memberships: z.array(membershipInputSchema).max(50).default([]),
  })
  .strict();

export const userUpdateSchema = z
  .object({
    nickname: z.string().trim().min(1, { message: 'required' }).max(32).optional(),
    user_type: z.enum(USER_TYPES).optional(),
    phone: mobilePhoneSchema.nullable().optional(),
    email: z.string().email({ message: 'email' }).max(128).nullable().optional(),
  })
  .strict();

export const membershipsReplaceSchema = z.object({ memberships: z.array(membershipInputSchema).max(50) }).strict();

export const groupCreateSchema = z
  .object({
    name,
    description,
    /** null: a platform group (platform roles only) */
    tenant_id: id32.nullable().optional(),
  })
  .strict();
export const groupUpdateSchema = z.object({ name: name.optional(), description: z.string().trim().max(256).optional() }).strict();
export const groupMembersSchema = z.object({ user_ids: z.array(id32).max(500) }).strict();
export const groupRolesSchema = z
  .object({ roles: z.array(z.object({ role: z.enum(ROLES), project_id: id32.nullable().optional() }).strict()).max(50) })
  .strict();

const permission = z
  .string()
  .refine((p) => parsePermission(p) !== null && (ALL_PERMISSIONS as readonly string[]).includes(p.split(':').length === 2 ? `${p}:own` : p), {
    message: 'permission_unknown',
  });

export const policyCreateSchema = z
  .object({
    name,
    description,
    tenant_id: id32.nullable().optional(),
    template_code: z.string().max(64).nullable().optional(),
    // seed: custom permissions cannot be empty
    permissions: z.array(permission).min(1, { message: 'permissions_empty' }).max(200),
    include_tenants: z.array(id32).max(100).default([]),
    exclude_tenants: z.array(id32).max(100).default([]),
    include_projects: z.array(id32).max(100).default([]),
    exclude_projects: z.array(id32).max(100).default([]),
  })
  .strict()
  .refine((p) => !p.include_tenants.some((t) => p.exclude_tenants.includes(t)), { message: 'include_exclude_overlap', path: ['exclude_tenants'] })
  .refine((p) => !p.include_projects.some((t) => p.exclude_projects.includes(t)), { message: 'include_exclude_overlap', path: ['exclude_projects'] });

export const policyUpdateSchema = z
  .object({
    name: name.optional(),
    description: z.string().trim().max(256).optional(),
    permissions: z.array(permission).min(1, { message: 'permissions_empty' }).max(200).optional(),
    include_tenants: z.array(id32).max(100).optional(),
    exclude_tenants: z.array(id32).max(100).optional(),
    include_projects: z.array(id32).max(100).optional(),
    exclude_projects: z.array(id32).max(100).optional(),
  })
  .strict();

export const grantSchema = z
  .object({
    policy_id: id32,
    user_ids: z.array(id32).max(200).default([]),
    group_ids: z.array(id32).max(200).default([]),
  })
  .strict()
  .refine((g) => g.user_ids.length + g.group_ids.length > 0, { message: 'grant_target_required', path: ['user_ids'] });

/** Policy templates to start from (policieTemplates): a code, texts under access:templates.<code>, permissions. */
export interface PolicyTemplate {
  code: string;
  permissions: readonly string[];
}
export const POLICY_TEMPLATES: readonly PolicyTemplate[] = [
  { code: 'readonly', permissions: ['read:resource:own', 'read:project:own', 'read:tenant:own', 'read:alarm:own'] },
  { code: 'resource_operator', permissions: ['read:resource:own', 'create:resource:own', 'update:resource:own', 'operate:resource:own', 'read:project:own'] },
  { code: 'billing_viewer', permissions: ['read:bill:own', 'read:cost_center:own', 'read:order:own', 'read:invoice:own', 'read:contract:own'] },
  { code: 'approver', permissions: ['read:approval:own', 'decide:approval:own', 'read:resource:own'] },
  { code: 'user_admin', permissions: ['read:user:own', 'manage:user:own', 'read:user_group:own', 'manage:user_group:own'] },
  { code: 'security_auditor', permissions: ['read:oplog:own', 'read:user:own', 'read:policy:own', 'read:aksk:own'] },
];

/** A temporary password that passes the password rules (shown once after a reset or creation). */
export function temporaryPassword(random: (n: number) => number): string {
  const sets = ['ABCDEFGHJKLMNPQRSTUVWXYZ', 'abcdefghijkmnpqrstuvwxyz', '23456789', '!@#$%^&*'];
  const all = sets.join('');
  const chars = sets.map((s) => s[random(s.length)]!);
  while (chars.length < 14) chars.push(all[random(all.length)]!);
  for (let i = chars.length - 1; i > 0; i--) {
    const j = random(i + 1);
    [chars[i], chars[j]] = [chars[j]!, chars[i]!];
  }
  return chars.join('');
}
