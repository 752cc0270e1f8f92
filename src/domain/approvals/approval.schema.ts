// Request bodies of the approvals API (seed 001 §5: approver import ≤ 8, reasons ≤ 1000, network
// rules). Shared by the server (validation) and the web (forms). A zod message that is a key of
// errors:rules.* becomes the rule text of the 400 answer, naming the field.
import { z } from 'zod';
import { idSchema } from '../ids.ts';
import { REQUEST_TYPES, type RequestType } from './approval-status.ts';
import { ANY, checkIpList, checkTargetDiffers, isIpWithPrefix, parsePorts, portCount, splitList, type PortList } from './network-rules.ts';

export const MAX_APPROVERS_PER_LEVEL = 8;
export const MAX_LEVELS = 5;
export const MAX_REASON = 1000;
export const MAX_BATCH = 100;

const reason = z.string().trim().min(1).max(MAX_REASON);
const optionalReason = z.string().trim().max(MAX_REASON).optional();
const listInput = z.union([z.string().max(20_000), z.array(z.union([z.string().max(64), z.number()])).max(2000)]);
const NO_URL = (v: string) => !/^https?:\/\//i.test(v);
const datetime = z.iso.datetime({ offset: true });

/** Hours: a positive number with at most one decimal (seed 001 §5 "Other"). */
const hours = z.number().positive().max(8760).refine((v) => Math.abs(v * 10 - Math.round(v * 10)) < 1e-9, { message: 'one_decimal' });

// ── approval processes ───────────────────────────────────────────────────────────────────────

export const approvalLevelSchema = z.object({
  name: z.string().trim().min(1).max(32).optional(),
  /** accounts, comma separated or as an array; at most 8 */
  approvers: listInput.transform((v) => splitList(v))
    .pipe(z.array(z.string().min(1).max(64)).min(1).max(MAX_APPROVERS_PER_LEVEL, { message: 'approvers_too_many' })
      .refine((a) => new Set(a).size === a.length, { message: 'approvers_repeated' })),
  /** after this many hours without a decision the request moves on; null: never */
  escalate_after_hours: hours.nullable().default(null),
});
export type ApprovalLevelInput = z.infer<typeof approvalLevelSchema>;

export const approvalProcessSchema = z.object({
  name: z.string().trim().min(2).max(60).refine(NO_URL, { message: 'no_url_prefix' }),
  description: z.string().trim().max(256).optional(),
  /** the project; null: every project of the tenant without a process of its own */
  project_id: idSchema.nullable().default(null),
  request_types: z.array(z.enum(REQUEST_TYPES)).min(1).max(REQUEST_TYPES.length)
    .refine((a) => new Set(a).size === a.length, { message: 'invalid_value' }),
  levels: z.array(approvalLevelSchema).min(1).max(MAX_LEVELS),
  /** a production project: the finance tenant's rules there take effect at 18:00 */
  production: z.boolean().default(false),
  enabled: z.boolean().default(true),
});
export type ApprovalProcessInput = z.infer<typeof approvalProcessSchema>;

// ── request payloads ─────────────────────────────────────────────────────────────────────────

function addIssue(ctx: z.RefinementCtx, path: string, rule: string) {
  ctx.addIssue({ code: 'custom', path: [path], message: rule });
}

export const FIREWALL_PROTOCOLS = ['tcp', 'udp', 'icmp', 'any'] as const;

export const firewallPolicySchema = z.object({
  /** an existing policy to change; absent: a new policy */
  rule_id: idSchema.optional(),
  source_system: z.string().trim().min(1).max(64),
  target_system: z.string().trim().min(1).max(64),
  source_ips: listInput,
  target_ips: listInput,
  target_ports: listInput,
  protocol: z.enum(FIREWALL_PROTOCOLS),
  start_time: datetime.optional(),
  end_time: datetime.optional(),
  temporary: z.boolean().default(false),
  reason,
  approval_number: z.string().trim().max(64).optional(),
}).superRefine((v, ctx) => {
  const src = splitList(v.source_ips);
  const dst = splitList(v.target_ips);
  const srcRule = checkIpList(src);
  if (srcRule) addIssue(ctx, 'source_ips', srcRule);
  const dstRule = checkIpList(dst) ?? checkTargetDiffers(src, dst);
  if (dstRule) addIssue(ctx, 'target_ips', dstRule);
  const ports = parsePorts(v.target_ports);
  if (!ports.ok) addIssue(ctx, 'target_ports', ports.rule);
  else if (v.protocol === 'icmp' && ports.ports !== ANY) addIssue(ctx, 'target_ports', 'port_icmp_any');
  if (v.temporary && !v.end_time) addIssue(ctx, 'end_time', 'required');
  if (v.start_time && v.end_time && Date.parse(v.end_time) <= Date.parse(v.start_time)) addIssue(ctx, 'end_time', 'end_before_start');
}).transform((v) => ({
  rule_id: v.rule_id ?? null,
  source_system: v.source_system,
  target_system: v.target_system,
  source_ips: splitList(v.source_ips),
  target_ips: splitList(v.target_ips),
  target_ports: (parsePorts(v.target_ports) as { ports: PortList }).ports,
  protocol: v.protocol,
  start_time: v.start_time ?? null,
  end_time: v.end_time ?? null,
  temporary: v.temporary,
  reason: v.reason,
  approval_number: v.approval_number ?? null,
}));
export type FirewallPolicySpec = z.output<typeof firewallPolicySchema>;

export const NAT_PROTOCOLS = ['tcp', 'udp', 'any'] as const;

/** SNAT and DNAT rules: internal IP and ports, EIP and ports, protocol. */
export const natRuleSchema = z.object({
  rule_id: idSchema.optional(),
  nat_gateway_id: idSchema.optional(),
  eip: z.string().trim().max(64).refine((v) => isIpWithPrefix(v) && !v.includes('/'), { message: 'ip_invalid' }),
  internal_ip: z.string().trim().max(64).refine((v) => v.toLowerCase() === ANY || isIpWithPrefix(v), { message: 'ip_invalid' }),
  internal_ports: listInput,
  eip_ports: listInput,
  protocol: z.enum(NAT_PROTOCOLS),
  reason,
}).superRefine((v, ctx) => {
  const internal = parsePorts(v.internal_ports);
  const external = parsePorts(v.eip_ports);
  if (!internal.ok) addIssue(ctx, 'internal_ports', internal.rule);
  if (!external.ok) addIssue(ctx, 'eip_ports', external.rule);
  if (!internal.ok || !external.ok) return;
  if ((internal.ports === ANY) !== (external.ports === ANY) || portCount(internal.ports) !== portCount(external.ports)) {
    addIssue(ctx, 'eip_ports', 'port_count_mismatch');
  }
  if (v.internal_ip.toLowerCase() === ANY && internal.ports === ANY) addIssue(ctx, 'internal_ports', 'any_port_and_ip');
  const has4789 = (p: PortList) => p !== ANY && p.includes(4789);
  if (v.protocol !== 'tcp' && (has4789(internal.ports) || has4789(external.ports))) addIssue(ctx, 'eip_ports', 'port_vxlan_udp');
}).transform((v) => ({
  rule_id: v.rule_id ?? null,
  nat_gateway_id: v.nat_gateway_id ?? null,
  eip: v.eip,
  internal_ip: v.internal_ip.toLowerCase() === ANY ? ANY : v.internal_ip,
  internal_ports: (parsePorts(v.internal_ports) as { ports: PortList }).ports,
  eip_ports: (parsePorts(v.eip_ports) as { ports: PortList }).ports,
  protocol: v.protocol,
  reason: v.reason,
}));
export type NatRuleSpec = z.output<typeof natRuleSchema>;

export const CHARGING = ['year', 'quantity'] as const;

export const resourcePurchaseSchema = z.object({
  kind: z.string().regex(/^[a-z][a-z_]{1,31}$/, { message: 'invalid_format' }),
  /** the price list's product code; defaults from the kind */
  product_code: z.string().regex(/^[a-z][a-z_]{1,31}$/, { message: 'invalid_format' }).optional(),
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
  spec: z.record(z.string().regex(/^[a-z][a-z_]{0,63}$/, { message: 'invalid_format' }), z.number().int().min(1).max(1_000_000))
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
  z.object({ type: z.literal('firewall_policy'), project_id: idSchema.optional(), payload: firewallPolicySchema }),
  z.object({ type: z.literal('snat_rule'), project_id: idSchema.optional(), payload: natRuleSchema }),
  z.object({ type: z.literal('dnat_rule'), project_id: idSchema.optional(), payload: natRuleSchema }),
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
  ids: z.array(idSchema).min(1).max(MAX_BATCH).transform((ids) => [...new Set(ids)]),
  comment: optionalReason,
});

export const APPROVAL_SCOPES = ['mine', 'global'] as const;
export const approvalListQuerySchema = z.object({
  scope: z.enum(APPROVAL_SCOPES).default('mine'),
  /** `pending`, `decided`, or raw statuses comma-joined */
  status: z.string().max(300).optional(),
}).loose();

const isoDate = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, { message: 'invalid_format' }).refine((v) => !Number.isNaN(Date.parse(`${v}T00:00:00+08:00`)), { message: 'invalid_format' });
export const MAX_DELEGATION_DAYS = 90;

export const delegationSchema = z.object({
  /** the deputy's account */
  delegate: z.string().trim().min(1).max(64),
  /** first and last day (Asia/Shanghai), inclusive */
  start_date: isoDate,
  end_date: isoDate,
  /** the tenant the delegation applies to; defaults to X-Tenant-Id */
  tenant_id: idSchema.optional(),
}).superRefine((v, ctx) => {
  const days = (Date.parse(v.end_date) - Date.parse(v.start_date)) / 86_400_000;
  if (days < 0) addIssue(ctx, 'end_date', 'end_before_start');
  else if (days >= MAX_DELEGATION_DAYS) addIssue(ctx, 'end_date', 'date_range_too_long');
});

/** The window of a delegation: from 00:00 of the first day to 24:00 of the last (UTC+8). */
export function delegationWindow(startDate: string, endDate: string): { startsAt: Date; endsAt: Date } {
  return { startsAt: new Date(`${startDate}T00:00:00+08:00`), endsAt: new Date(Date.parse(`${endDate}T00:00:00+08:00`) + 86_400_000) };
}

export const isRequestType = (v: unknown): v is RequestType => (REQUEST_TYPES as readonly unknown[]).includes(v);
