// The evaluation core of the alarm evaluator (issue 11): given a policy's condition and the last M
// samples of one resource, and what is already open for that (policy, resource), decide whether an
// alarm fires, resolves or nothing happens. Pure, so the same rule runs in the scheduler, the seed's
// backfill and the unit tests on fixed series.

export const OPERATORS = ['gt', 'gte', 'lt', 'lte', 'eq'] as const;
export type Operator = (typeof OPERATORS)[number];
export const LEVELS = ['high', 'medium', 'low'] as const;
export type Level = (typeof LEVELS)[number];
export const ALARM_STATES = ['firing', 'acknowledged', 'resolved'] as const;
export type AlarmState = (typeof ALARM_STATES)[number];
/** Firing first, then by level (the inbox's order). */
export const LEVEL_RANK: Record<Level, number> = { high: 0, medium: 1, low: 2 };

export interface Condition {
  operator: Operator;
  threshold: number;
  /** N: how many of the last M samples must breach */
  occurrences: number;
  /** M: how many samples are looked at */
  samples: number;
  /** how many alarms the policy may raise for one resource within `MAX_COUNT_WINDOW_MS` */
  max_alarms: number;
}

/** The max alarm count applies to a rolling day. */
export const MAX_COUNT_WINDOW_MS = 86_400_000;

export function breaches(op: Operator, value: number, threshold: number): boolean {
  switch (op) {
    case 'gt':
      return value > threshold;
    case 'gte':
      return value >= threshold;
    case 'lt':
      return value < threshold;
    case 'lte':
      return value <= threshold;
    case 'eq':
      return value === threshold;
  }
}

export interface EvaluationInput {
  condition: Condition;
  /** the last M samples, oldest first (fewer when the resource only started reporting) */
  values: number[];
  /** the open (firing or acknowledged) alarm of this policy on this resource, if any */
  open: { state: 'firing' | 'acknowledged' } | null;
  /** the latest silence on this (policy, resource), if any */
  silencedUntil: Date | null;
  /** alarms this policy raised on this resource within the last day */
  firedInWindow: number;
  now: Date;
}

export type Decision =
  | { action: 'fire'; value: number; breached: number }
  | { action: 'resolve'; value: number; breached: number; notify: boolean }
  | { action: 'none'; value: number | null; breached: number; reason: 'holding' | 'clear' | 'silenced' | 'max_count' | 'not_enough_samples' };

export function evaluate(input: EvaluationInput): Decision {
  const { condition: c, values, open, now } = input;
  const window = values.slice(-c.samples);
  const breached = window.filter((v) => breaches(c.operator, v, c.threshold)).length;
  const value = window.length ? window[window.length - 1]! : null;
  const holds = breached >= c.occurrences;
  const silenced = input.silencedUntil !== null && input.silencedUntil.getTime() > now.getTime();
  if (open) {
    // An open alarm clears once fewer than N of the last M samples breach; a silenced one clears quietly.
    if (!holds && value !== null) return { action: 'resolve', value, breached, notify: !silenced };
    return { action: 'none', value, breached, reason: 'holding' };
  }
  if (!holds) return { action: 'none', value, breached, reason: window.length < c.occurrences ? 'not_enough_samples' : 'clear' };
  if (silenced) return { action: 'none', value, breached, reason: 'silenced' };
  if (input.firedInWindow >= c.max_alarms) return { action: 'none', value, breached, reason: 'max_count' };
  return { action: 'fire', value: value!, breached };
}

/** Minutes a silence lasts, for the UI's three choices: 30 min, 2 h, until tomorrow 09:00 (Asia/Shanghai). */
export function minutesUntilTomorrowNine(now: Date): number {
  const shanghai = new Date(now.getTime() + 8 * 3_600_000);
  const next = Date.UTC(shanghai.getUTCFullYear(), shanghai.getUTCMonth(), shanghai.getUTCDate() + 1, 9, 0, 0) - 8 * 3_600_000;
  return Math.ceil((next - now.getTime()) / 60_000);
}
