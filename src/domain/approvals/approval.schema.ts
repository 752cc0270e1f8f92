// Request bodies of the approvals API (seed 001 §5: approver import ≤ 8, reasons ≤ 1000, network
// rules). Shared by the server (validation) and the web (forms). A zod message that is a key of
// errors:rules.* becomes the rule text of the 400 answer, naming the field.
import { z } from 'zod';
import { idSchema } from '../ids.ts';
import { REQUEST_TYPES, type RequestType } from './approval-status.ts';
import { splitList } from './network-rules.ts';
export { FIREWALL_PROTOCOLS, NAT_PROTOCOLS } from './network-rules.ts';
import { DECISION_BATCH_MAX, DECISION_URL } from './decision-batch.ts';
import { MAX_REASON } from './rule-checks.ts';
import { firewallRequestSchema } from '../kinds/firewall-policy/firewall-policy.schema.ts';
import { dnatRequestSchema, snatRequestSchema } from '../kinds/nat-rules/nat-rules.schema.ts';

export { MAX_REASON, firewallPolicySchema, natRuleSchema, type FirewallPolicySpec, type NatRuleSpec } from './rule-checks.ts';

export const MAX_APPROVERS_PER_LEVEL = 8;
export const MAX_LEVELS = 5;
export const MAX_BATCH = 100;

const reason = z.string().trim().min(1).max(MAX_REASON);
const optionalReason = z.string().trim().max(MAX_REASON).optional();
const listInput = z.union([z.string().max(20_000), z.array(z.union([z.string().max(64), z.number()])).max(2000)]);
const NO_URL = (v: string) => !/^https?:\/\//i.test(v);

/** Hours: a positive number with at most one decimal (seed 001 §5 "Other"). */
const hours = z
  .number()
  .positive()
  .max(8760)
  .refine((v) => Math.abs(v * 10 - Math.round(v * 10)) < 1e-9, { message: 'one_decimal' });

// ── approval processes ───────────────────────────────────────────────────────────────────────

export const approvalLevelSchema = z.object({
  name: z.string().trim().min(1).max(32).optional(),
  /** accounts, comma separated or as an array; at most 8 */
  approvers: listInput
    .transform((v) => splitList(v))
    .pipe(
      z
        .array(z.string().min(1).max(64))
        .min(1)
        .max(MAX_APPROVERS_PER_LEVEL, { message: 'approvers_too_many' })
        .refine((a) => new Set(a).size === a.length, { message: 'approvers_repeated' }),
    ),
  /** after this many hours without a decision the request moves on; null: never */
  escalate_after_hours: hours.nullable().default(null),
});
export type ApprovalLevelInput = z.infer<typeof approvalLevelSchema>;

export const approvalProcessSchema = z.object({
  name: z.string().trim().min(2).max(60).refine(NO_URL, { message: 'no_url_prefix' }),
  description: z.string().trim().max(256).optional(),
  /** the project; null: every project of the tenant without a process of its own */
  project_id: idSchema.nullable().default(null),
  request_types: z
    .array(z.enum(REQUEST_TYPES))
    .min(1)
    .max(REQUEST_TYPES.length)
    .refine((a) => new Set(a).size === a.length, { message: 'invalid_value' }),
  levels: z.array(approvalLevelSchema).min(1).max(MAX_LEVELS),
  /** a production project: the finance tenant's rules there take effect at 18:00 */
  production: z.boolean().default(false),
  enabled: z.boolean().default(true),
  /** separation of duties: requesters may decide their own requests only where this is set */
  allow_self_approval: z.boolean().default(false),
});
export type ApprovalProcessInput = z.infer<typeof approvalProcessSchema>;

// ── request payloads ─────────────────────────────────────────────────────────────────────────

function addIssue(ctx: z.RefinementCtx, path: string, rule: string) {
  ctx.addIssue({ code: 'custom', path: [path], message: rule });
}

export const CHARGING = ['year', 'quantity'] as const;

export const resourcePurchaseSchema = z.object({
  kind: z.string().regex(/^[a-z][a-z_]{1,31}$/, { message: 'invalid_format' }),
  /** the price list's product code; defaults from the kind */
  product_code: z
    .string()
    .regex(/^[a-z][a-z_]{1,31}$/, { message: 'invalid_format' })
    .optional(),
  name: z.string().trim().min(2).max(60).refine(NO_URL, { message: 'no_url_prefix' }),
  vendor: z.string().trim().min(1).max(32),
  region_id: idSchema.optional(),
  az_id: idSchema.optional(),
  spec: z.record(z.string().max(64), z.unknown()).default({}),
  charging: z.enum(CHARGING).default('quantity'),
  months: z.number().int().min(1).max(36).default(1),
  /** priced units: 1 for a host, GB for a disk, Mbps for an EIP */
  units: z.number().int().min(1).max(1_000_000).default(1),
  reason: optionalReason,
});
export type ResourcePurchaseSpec = z.output<typeof resourcePurchaseSchema>;

export const resourceExpansionSchema = z.object({
  resource_id: idSchema,
  /** the new values of numeric spec fields, e.g. {size_gb: 200} */
  spec: z
    .record(z.string().regex(/^[a-z][a-z_]{0,63}$/, { message: 'invalid_format' }), z.number().int().min(1).max(1_000_000))
    .refine((r) => Object.keys(r).length >= 1 && Object.keys(r).length <= 8, { message: 'required' }),
  reason: optionalReason,
});
export type ResourceExpansionSpec = z.output<typeof resourceExpansionSchema>;

export const QUOTA_KEYS = ['instances', 'vcpus', 'memory_gb', 'volume_gb', 'eips', 'snapshots'] as const;
export type QuotaKey = (typeof QUOTA_KEYS)[number];

export const quotaChangeSchema = z.object({
  quota_key: z.enum(QUOTA_KEYS),
  value: z.number().int().min(0).max(1_000_000),
  reason,
});
export type QuotaChangeSpec = z.output<typeof quotaChangeSchema>;

/** POST /api/v1/approvals: the request type and its payload (`payload.<field>` in errors). */
export const createRequestSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('resource_purchase'), project_id: idSchema.optional(), payload: resourcePurchaseSchema }),
  z.object({ type: z.literal('resource_expansion'), project_id: idSchema.optional(), payload: resourceExpansionSchema }),
  // Rules: the payload is the kind's create body (plus rule_id for a change and the reason), checked
  // by the same schema the engine's own create path uses.
  z.object({ type: z.literal('firewall_policy'), project_id: idSchema.optional(), payload: firewallRequestSchema }),
  z.object({ type: z.literal('snat_rule'), project_id: idSchema.optional(), payload: snatRequestSchema }),
  z.object({ type: z.literal('dnat_rule'), project_id: idSchema.optional(), payload: dnatRequestSchema }),
  z.object({ type: z.literal('quota_change'), project_id: idSchema.optional(), payload: quotaChangeSchema }),
]);
export type CreateRequestInput = z.output<typeof createRequestSchema>;
export type RequestPayload = CreateRequestInput['payload'];

// ── decisions and delegations ────────────────────────────────────────────────────────────────

/** `level`: the level the approver saw; a request that moved on since then answers 409. */
const seenLevel = z.number().int().min(1).max(MAX_LEVELS).optional();
export const approveSchema = z.object({ comment: optionalReason, level: seenLevel }).default({});
export const rejectSchema = z.object({ reason, level: seenLevel });
export const batchApproveSchema = z.object({
  ids: z
    .array(idSchema)
    .min(1)
    .max(MAX_BATCH)
    .transform((ids) => [...new Set(ids)]),
  comment: optionalReason,
});

/** The most details one GET /api/v1/approvals/details answers (the inbox keeps this many readable offline). */
export const MAX_DETAILS = 30;
/** `?ids=a,b,…`: the requests whose details to answer, at most MAX_DETAILS, each once. */
export const approvalDetailsQuerySchema = z.object({
  ids: z
    .string()
    .max(MAX_DETAILS * 33)
    .transform((v) => [...new Set(v.split(',').filter(Boolean))])
    .pipe(z.array(idSchema).min(1).max(MAX_DETAILS)),
});

export const APPROVAL_SCOPES = ['mine', 'global'] as const;
export const approvalListQuerySchema = z
  .object({
    scope: z.enum(APPROVAL_SCOPES).default('mine'),
    /** `pending`, `decided`, or raw statuses comma-joined */
    status: z.string().max(300).optional(),
  })
  .loose();

const isoDate = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, { message: 'invalid_format' })
  .refine((v) => !Number.isNaN(Date.parse(`${v}T00:00:00+08:00`)), { message: 'invalid_format' });
export const MAX_DELEGATION_DAYS = 90;

export const delegationSchema = z
  .object({
    /** the deputy's account */
    delegate: z.string().trim().min(1).max(64),
    /** first and last day (Asia/Shanghai), inclusive */
    start_date: isoDate,
    end_date: isoDate,
    /** the tenant the delegation applies to; defaults to X-Tenant-Id */
    tenant_id: idSchema.optional(),
  })
  .superRefine((v, ctx) => {
    const days = (Date.parse(v.end_date) - Date.parse(v.start_date)) / 86_400_000;
    if (days < 0) addIssue(ctx, 'end_date', 'end_before_start');
    else if (days >= MAX_DELEGATION_DAYS) addIssue(ctx, 'end_date', 'date_range_too_long');
  });

/** The window of a delegation: from 00:00 of the first day to 24:00 of the last (UTC+8). */
export function delegationWindow(startDate: string, endDate: string): { startsAt: Date; endsAt: Date } {
  return { startsAt: new Date(`${startDate}T00:00:00+08:00`), endsAt: new Date(Date.parse(`${endDate}T00:00:00+08:00`) + 86_400_000) };
}

export const isRequestType = (v: unknown): v is RequestType => (REQUEST_TYPES as readonly unknown[]).includes(v);

/**
 * Queued decisions sent in one request, in order (issue 10): each keeps its own Idempotency-Key and
 * scope, and is run exactly as if it had been sent alone.
 */
export const decisionBatchSchema = z.object({
  requests: z
    .array(
      z.object({
        url: z.string().regex(DECISION_URL, { message: 'invalid_format' }),
        key: z.string().regex(/^[A-Za-z0-9_-]{1,128}$/, { message: 'invalid_format' }),
        tenant_id: z
          .string()
          .regex(/^[0-9a-f]{32}$/, { message: 'invalid_format' })
          .optional(),
        project_id: z
          .string()
          .regex(/^[0-9a-f]{32}$/, { message: 'invalid_format' })
          .optional(),
        body: z.record(z.string(), z.unknown()).optional(),
        // the step-up proof a costly approval was queued with (ADR 0023)
        step_up_token: z
          .string()
          .regex(/^[0-9a-f]{64}$/, { message: 'invalid_format' })
          .optional(),
      }),
    )
    .min(1)
    .max(DECISION_BATCH_MAX),
});
