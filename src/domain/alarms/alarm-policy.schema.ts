// Alarm policies and the alarm inbox's requests (seed 001 §3 alarm policy, §5 validation): shared by
// the server, which refuses what breaks them, and the web form, which says so before sending.
import { z } from 'zod';
import { idSchema } from '../ids.ts';
import { pagingShape } from '../list-query.ts';
import { METRICS, METRIC_NAMES, METRIC_SOURCES, KIND_METRICS, MONITORED_KINDS, type MetricName } from './alarm-metrics.ts';
import { ALARM_STATES, LEVELS, OPERATORS } from './evaluate.ts';

export const TARGET_TYPES = ['resource', 'tag', 'project', 'kind'] as const;
export type TargetType = (typeof TARGET_TYPES)[number];

/** Two decimals at most (seed 001 §5: amount inputs, thresholds included). */
const twoDecimals = (v: number) => Math.abs(Math.round(v * 100) - v * 100) < 1e-6;

const policyFields = {
  name: z
    .string()
    .trim()
    .min(1)
    .max(64)
    .regex(/^[^\s<>].*$/, 'invalid_format'),
  kind: z.enum(MONITORED_KINDS as [string, ...string[]]),
  metric: z.enum(METRIC_NAMES as [MetricName, ...MetricName[]]),
  level: z.enum(LEVELS),
  operator: z.enum(OPERATORS),
  threshold: z.number().min(0).max(1_000_000).refine(twoDecimals, 'two_decimals'),
  occurrences: z.number().int().min(1).max(60),
  samples: z.number().int().min(1).max(60),
  max_alarms: z.number().int().min(1).max(100),
  source: z.enum(METRIC_SOURCES),
  receivers: z.array(idSchema).min(1).max(20),
  target_type: z.enum(TARGET_TYPES),
  /** a resource id, a tag "key:value", a project id; empty for a kind (every resource of `kind`) */
  target_value: z.string().trim().max(200).default(''),
  enabled: z.boolean().default(true),
};

type PolicyShape = {
  kind: string;
  metric: MetricName;
  threshold: number;
  occurrences: number;
  samples: number;
  source: string;
  target_type: string;
  target_value: string;
};

/** The rules between fields, each a field's refusal. */
function crossRules(v: Partial<PolicyShape>, ctx: z.RefinementCtx) {
  if (v.occurrences !== undefined && v.samples !== undefined && v.occurrences > v.samples)
    ctx.addIssue({ code: 'custom', path: ['occurrences'], message: 'occurrences_le_samples' });
  if (v.kind && v.metric && !KIND_METRICS[v.kind]?.includes(v.metric)) ctx.addIssue({ code: 'custom', path: ['metric'], message: 'metric_not_of_kind' });
  if (v.metric && v.source && METRICS[v.metric].source !== v.source) ctx.addIssue({ code: 'custom', path: ['source'], message: 'metric_source' });
  const max = v.metric ? (METRICS[v.metric] as { max?: number }).max : undefined;
  if (max !== undefined && v.threshold !== undefined && v.threshold > max)
    ctx.addIssue({ code: 'too_big', path: ['threshold'], maximum: max, origin: 'number', message: '' } as never);
  if (v.target_type && v.target_type !== 'kind') {
    const tv = v.target_value ?? '';
    const ok = v.target_type === 'tag' ? /^[^:\s]{1,64}:[^:]{0,128}$/.test(tv) : /^[0-9a-f]{32}$/.test(tv);
    if (!ok) ctx.addIssue({ code: 'custom', path: ['target_value'], message: v.target_type === 'tag' ? 'tag_target' : 'invalid_format' });
  }
}

export const alarmPolicyCreateSchema = z.strictObject(policyFields).superRefine(crossRules);
export type AlarmPolicyInput = z.infer<typeof alarmPolicyCreateSchema>;
/** An update names only what changes; the merged policy is checked again with the create schema. */
export const alarmPolicyUpdateSchema = z.strictObject(policyFields).partial();

export const alarmListQuerySchema = z.object({
  state: z.enum(ALARM_STATES).optional(),
  level: z.enum(LEVELS).optional(),
  vendor: z.string().max(32).optional(),
  project_id: idSchema.optional(),
  resource_id: idSchema.optional(),
  policy_id: idSchema.optional(),
  ...pagingShape({ defaultLimit: 20, maxLimit: 100 }),
});

export const policyListQuerySchema = z.object({
  project_id: idSchema.optional(),
  level: z.enum(LEVELS).optional(),
  kind: z.string().max(40).optional(),
  ...pagingShape({ defaultLimit: 50, maxLimit: 200 }),
});

/** 30 min, 2 h and "until tomorrow 09:00" from the UI; any whole number of minutes up to a week over the API. */
export const silenceSchema = z.strictObject({
  minutes: z
    .number()
    .int()
    .min(1)
    .max(7 * 24 * 60),
});

export const metricQuerySchema = z.object({
  resource_id: idSchema,
  metric: z.enum(METRIC_NAMES as [MetricName, ...MetricName[]]),
  range: z.enum(['1h', '3h', '6h', '12h', '1d', '3d', '1w', '1m']).default('1h'),
  /** the end of the window (ms); the chart around an alarm's time; default now */
  end: z.coerce.number().int().positive().optional(),
});
