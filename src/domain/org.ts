// Projects, quotas, systems, resource groups and the organisation tree (issue 15, seed 000 §5,
// seed 001 §5, §6, §9). Pure rules shared by the server's checks and the web's forms.
import { z } from 'zod';
import { QUOTA_KEYS } from './approvals/approval.schema.ts';
import { NO_SPACES, noSpaces } from './no-spaces.ts';

/** Seed 001 §5: project name ≤ 61, English name ≤ 60 of letters/digits/-/_, Chinese name and remark ≤ 64. */
export const PROJECT_LIMITS = { name: 61, name_en: 60, name_zh: 64, remark: 64 } as const;
/** Seed 000 §5 "at most 3 owners" (seed 001 §6 says 2–3: the larger is the hard limit). */
export const MAX_OWNERS = 3;
/** Seed 001 §9 "project configuration max 10 projects at once": one grant names at most 10 projects. */
export const MAX_PROJECTS_PER_CONFIGURATION = 10;
export const NAME_EN_PATTERN = /^[A-Za-z0-9_-]+$/;

/** The roles a project member can be given on the project screens. */
export const PROJECT_MEMBER_ROLES = ['project_owner', 'project_approver', 'project_member'] as const;
export type ProjectMemberRole = (typeof PROJECT_MEMBER_ROLES)[number];

const id = z.string().regex(/^[0-9a-f]{32}$/, 'invalid_format');

export const projectFieldsSchema = z.object({
  name: z.string().trim().min(1).max(PROJECT_LIMITS.name),
  name_en: z.string().trim().refine(noSpaces, { message: NO_SPACES }).min(1).max(PROJECT_LIMITS.name_en).regex(NAME_EN_PATTERN, 'project_name_en'),
  name_zh: z.string().trim().max(PROJECT_LIMITS.name_zh).default(''),
  remark: z.string().trim().max(PROJECT_LIMITS.remark).default(''),
});

const ownersSchema = z
  .array(id)
  .max(MAX_OWNERS, 'owners_too_many')
  .refine((a) => new Set(a).size === a.length, 'owners_repeated');

export const projectCreateSchema = projectFieldsSchema.extend({ owner_ids: ownersSchema.default([]) }).strict();
export const projectUpdateSchema = projectFieldsSchema.extend({ owner_ids: ownersSchema.optional() }).strict();
export type ProjectInput = z.infer<typeof projectCreateSchema>;

export const membersSchema = z
  .object({
    members: z
      .array(z.object({ user_id: id, role: z.enum(PROJECT_MEMBER_ROLES) }).strict())
      .max(200)
      .refine((a) => a.filter((m) => m.role === 'project_owner').length <= MAX_OWNERS, 'owners_too_many')
      .refine((a) => new Set(a.map((m) => `${m.user_id}:${m.role}`)).size === a.length, 'members_repeated'),
  })
  .strict();

/** One grant: a user given a role in up to 10 projects at once (seed 001 §9). */
export const projectGrantSchema = z
  .object({
    user_id: id,
    role: z.enum(PROJECT_MEMBER_ROLES),
    project_ids: z
      .array(id)
      .min(1)
      .max(MAX_PROJECTS_PER_CONFIGURATION, 'projects_too_many')
      .refine((a) => new Set(a).size === a.length, 'projects_repeated'),
  })
  .strict();

export const CLOUDS = ['private', 'public'] as const;
export type Cloud = (typeof CLOUDS)[number];

/** The limits a quota screen edits: the approval quota keys (count or summed), 0–100000; null clears one. */
const limit = z.number().int().min(0).max(100_000).nullable().optional();
export const quotaLimitsSchema = z
  .object({ instances: limit, vcpus: limit, memory_gb: limit, volume_gb: limit, eips: limit, snapshots: limit } satisfies Record<
    (typeof QUOTA_KEYS)[number],
    unknown
  >)
  .strict();
export const quotaSaveSchema = z.object({ limits: quotaLimitsSchema }).strict();
export const quotaStatusSchema = z.object({ cloud: z.enum(CLOUDS), enabled: z.boolean() }).strict();

export const GROUP_TYPES = ['system', 'resource_group'] as const;
export type GroupType = (typeof GROUP_TYPES)[number];
export const GROUP_LIMITS = { name: 64, description: 256 } as const;
export const groupSchema = z
  .object({
    name: z.string().trim().min(1).max(GROUP_LIMITS.name),
    description: z.string().trim().max(GROUP_LIMITS.description).default(''),
    project_id: id,
  })
  .strict();
export const groupUpdateSchema = groupSchema.omit({ project_id: true });
export const groupResourcesSchema = z
  .object({
    resource_ids: z
      .array(id)
      .min(1)
      .max(MAX_PROJECTS_PER_CONFIGURATION * 10),
  })
  .strict();

/** Why a node of the organisation tree is greyed (seed 001 §6): invalid, no project, no permission. */
export type GreyReason = 'invalid' | 'no_project' | 'forbidden';
export interface TreeNode {
  id: string;
  type: 'unit' | 'tenant' | 'project';
  /** null: a tenant out of the caller's reach (shown greyed, unnamed) */
  name: string | null;
  grey: GreyReason | null;
  children: TreeNode[];
}

/** The first reason a node is greyed, in the seed's order. */
export function greyOf(n: { enabled: boolean; hasProject: boolean; allowed: boolean }): GreyReason | null {
  if (!n.enabled) return 'invalid';
  if (!n.hasProject) return 'no_project';
  if (!n.allowed) return 'forbidden';
  return null;
}
