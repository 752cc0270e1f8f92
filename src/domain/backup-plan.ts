// Backup plans of hosts and disks (seed 000 §3 "Backup plan", §4 "Backup scheduler", §5): the
// schema the server validates with and the rules the scheduler form follows live, in one place.
// The vendor always comes from the resource the plan is attached to, so the CTyun rules hold on
// both sides.
import { z } from 'zod';
import { idSchema } from './ids.ts';

/** Kinds that take backup plans: hosts (instance) and disks (volume). */
export const BACKUP_PLAN_KINDS = ['instance', 'volume'] as const;
export type BackupPlanKind = (typeof BACKUP_PLAN_KINDS)[number];
export const isBackupPlanKind = (kind: string): kind is BackupPlanKind => (BACKUP_PLAN_KINDS as readonly string[]).includes(kind);

export const SCHEDULE_TYPES = ['full_backup', 'incre_backup'] as const;
export type ScheduleType = (typeof SCHEDULE_TYPES)[number];
export const BACKUP_FREQS = ['week', 'month'] as const;
export type BackupFreq = (typeof BACKUP_FREQS)[number];
export const DEVICE_TYPES = ['any', 'nbu', 'others'] as const;
export type DeviceType = (typeof DEVICE_TYPES)[number];

/** Weekdays 1–7, Monday to Sunday. */
export const WEEKDAYS = [1, 2, 3, 4, 5, 6, 7] as const;
export const LAST_DAY = 'last_day' as const;
/** Month days 1–28 (every month has them) and the last day of the month. */
export const MONTH_DAYS: readonly number[] = Array.from({ length: 28 }, (_, i) => i + 1);
export type BackupDay = number | typeof LAST_DAY;

/** Retention options of every vendor but CTyun, shortest first. */
export const RETENTION_OPTIONS = ['1month', '3month', '6month', '1year', '3year', '5year', '10year', '15year', '20year', 'permanent'] as const;
export type RetentionOption = (typeof RETENTION_OPTIONS)[number];
/** CTyun keeps backups a number of days instead. */
export const CTYUN_RETENTION_MIN = 1;
export const CTYUN_RETENTION_MAX = 99_999;
export const CTYUN_RETENTION_DEFAULT = 7;
export const BACKUP_PLAN_NAME_MAX = 60;

export const isCtyun = (vendor: string) => vendor === 'ctyun';

/** CTyun offers only incremental backups. */
export function scheduleTypeOptions(vendor: string): readonly ScheduleType[] {
  return isCtyun(vendor) ? ['incre_backup'] : SCHEDULE_TYPES;
}

/** CTyun offers only the weekly cycle. */
export function freqOptions(vendor: string): readonly BackupFreq[] {
  return isCtyun(vendor) ? ['week'] : BACKUP_FREQS;
}

/**
 * The retention options offered, or null where retention is a number of days (CTyun).
 * Permanent retention is removed while the device type is `any` and offered again for `nbu`
 * (and `others`, which the seed does not restrict).
 */
export function retentionOptions(vendor: string, deviceType: DeviceType): readonly RetentionOption[] | null {
  if (isCtyun(vendor)) return null;
  return deviceType === 'any' ? RETENTION_OPTIONS.filter((o) => o !== 'permanent') : RETENTION_OPTIONS;
}

/**
 * limitedLastDay: the last day of the month cannot be chosen together with other days. NetBackup
 * calendar schedules take "last day" beside dates, so only `nbu` devices may mix them.
 */
export function limitedLastDay(deviceType: DeviceType): boolean {
  return deviceType !== 'nbu';
}

/** Clamps a typed CTyun retention to 1–99999 days; answers null for something that is no number. */
export function clampRetentionDays(input: string | number | null | undefined): number | null {
  if (input === null || input === undefined || input === '') return null;
  const n = typeof input === 'number' ? input : Number(String(input).trim());
  if (!Number.isFinite(n)) return null;
  return Math.min(CTYUN_RETENTION_MAX, Math.max(CTYUN_RETENTION_MIN, Math.trunc(n)));
}

export interface BackupPlanInput {
  name: string;
  schedule_type: ScheduleType;
  start_time: string;
  backup_freq: BackupFreq;
  backup_days: BackupDay[];
  retention_time: RetentionOption | number;
  device_type: DeviceType;
}

/** A new plan's values: weekly on every weekday, the first retention offered, device type any. */
export function defaultPlan(vendor: string): BackupPlanInput {
  const deviceType: DeviceType = 'any';
  return {
    name: '',
    schedule_type: scheduleTypeOptions(vendor)[0]!,
    start_time: '',
    backup_freq: 'week',
    backup_days: [...WEEKDAYS],
    retention_time: isCtyun(vendor) ? CTYUN_RETENTION_DEFAULT : retentionOptions(vendor, deviceType)![0]!,
    device_type: deviceType,
  };
}

/** Changing the cycle resets the days: every weekday for a week, none for a month (the day panel opens). */
export function daysForFreq(freq: BackupFreq): BackupDay[] {
  return freq === 'week' ? [...WEEKDAYS] : [];
}

/**
 * A plan brought back in line with what is offered after the vendor or device type changed:
 * an option no longer offered falls back to the first one that is.
 */
export function reconcilePlan(plan: BackupPlanInput, vendor: string): BackupPlanInput {
  const out = { ...plan, backup_days: [...plan.backup_days] };
  const types = scheduleTypeOptions(vendor);
  if (!types.includes(out.schedule_type)) out.schedule_type = types[0]!;
  const freqs = freqOptions(vendor);
  if (!freqs.includes(out.backup_freq)) {
    out.backup_freq = freqs[0]!;
    out.backup_days = daysForFreq(out.backup_freq);
  }
  // Switching to a device type with limitedLastDay keeps the chosen dates and drops the last day.
  if (out.backup_freq === 'month' && limitedLastDay(out.device_type) && out.backup_days.includes(LAST_DAY) && out.backup_days.length > 1) {
    out.backup_days = out.backup_days.filter((d) => d !== LAST_DAY);
  }
  const options = retentionOptions(vendor, out.device_type);
  if (options === null) {
    out.retention_time = typeof out.retention_time === 'number' ? (clampRetentionDays(out.retention_time) ?? out.retention_time) : CTYUN_RETENTION_DEFAULT;
  } else if (typeof out.retention_time === 'number' || !options.includes(out.retention_time)) {
    out.retention_time = options[0]!;
  }
  return out;
}

export type MonthDayToggle = { ok: true; days: BackupDay[] } | { ok: false; reason: 'last_day_exclusive' };

/** Month days in calendar order, last day at the end. */
export function sortDays(days: readonly BackupDay[]): BackupDay[] {
  return [...days].sort((a, b) => (a === LAST_DAY ? 29 : a) - (b === LAST_DAY ? 29 : b));
}

/**
 * Toggles a day on the month panel. With limitedLastDay, the last day and other days exclude
 * each other: picking one while the other is chosen is refused (the form shows a notice).
 */
export function toggleMonthDay(days: readonly BackupDay[], day: BackupDay, limited: boolean): MonthDayToggle {
  if (days.includes(day)) return { ok: true, days: days.filter((d) => d !== day) };
  if (limited) {
    const hasLast = days.includes(LAST_DAY);
    const hasOthers = days.some((d) => d !== LAST_DAY);
    if ((day === LAST_DAY && hasOthers) || (day !== LAST_DAY && hasLast)) return { ok: false, reason: 'last_day_exclusive' };
  }
  return { ok: true, days: sortDays([...days, day]) };
}

/** Toggles a weekday (any combination; at least one is checked on save). */
export function toggleWeekday(days: readonly BackupDay[], day: number): BackupDay[] {
  return days.includes(day) ? days.filter((d) => d !== day) : sortDays([...days, day]);
}

/**
 * The cycle's label as a text key of the `backup` namespace and the days it names:
 * every day, chosen weekdays, chosen month days, the last day, or month days and the last day.
 */
export function cycleLabel(freq: BackupFreq, days: readonly BackupDay[]): { key: string; days: BackupDay[] } {
  const sorted = sortDays(days);
  if (freq === 'week') return { key: sorted.length === WEEKDAYS.length ? 'backup:label.every_day' : 'backup:label.week_days', days: sorted };
  const numbers = sorted.filter((d) => d !== LAST_DAY);
  const last = sorted.includes(LAST_DAY);
  if (!numbers.length) return { key: last ? 'backup:label.month_last_day' : 'backup:label.month_none', days: [] };
  return { key: last ? 'backup:label.month_days_and_last' : 'backup:label.month_days', days: numbers };
}

// ── schema ───────────────────────────────────────────────────────────────────────────────────

const START_TIME = /^([01]\d|2[0-3]):[0-5]\d:[0-5]\d$/;

const nameRule = z.string({ message: 'required' }).trim().min(1, { message: 'required' }).max(BACKUP_PLAN_NAME_MAX, { message: 'too_big' });
const startTimeRule = z.string({ message: 'required' }).trim().min(1, { message: 'required' }).regex(START_TIME, { message: 'backup_start_time' });
const dayRule = z.union([z.number().int(), z.literal(LAST_DAY)]);

/**
 * The plan's fields for a resource of `vendor`. Rules: name required, at most 60; start time
 * required, HH:mm:ss; CTyun only incremental and weekly with retention 1–99999 days; the others
 * one of the retention options (no permanent for device type any); weekdays 1–7 or month days
 * 1–28 / last_day, at least one, no repeats; last day alone unless the device type is nbu.
 */
export function backupPlanSchema(vendor: string) {
  const ctyun = isCtyun(vendor);
  return z
    .object({
      name: nameRule,
      schedule_type: z.enum(SCHEDULE_TYPES).refine((v) => scheduleTypeOptions(vendor).includes(v), { message: 'backup_ctyun_incremental' }),
      start_time: startTimeRule,
      backup_freq: z.enum(BACKUP_FREQS).refine((v) => freqOptions(vendor).includes(v), { message: 'backup_ctyun_weekly' }),
      backup_days: z.array(dayRule).min(1, { message: 'backup_days_required' }).max(29),
      retention_time: ctyun
        ? z
            .number({ message: 'backup_retention_days' })
            .int({ message: 'backup_retention_days' })
            .min(CTYUN_RETENTION_MIN, { message: 'backup_retention_days' })
            .max(CTYUN_RETENTION_MAX, { message: 'backup_retention_days' })
        : z.enum(RETENTION_OPTIONS),
      device_type: z.enum(DEVICE_TYPES).default('any'),
    })
    .superRefine((plan, ctx) => {
      const days = plan.backup_days;
      if (new Set(days).size !== days.length) {
        ctx.addIssue({ code: 'custom', path: ['backup_days'], message: 'backup_days_repeated' });
        return;
      }
      if (plan.backup_freq === 'week') {
        if (days.some((d) => d === LAST_DAY || d < 1 || d > 7)) ctx.addIssue({ code: 'custom', path: ['backup_days'], message: 'backup_weekday' });
      } else {
        if (days.some((d) => d !== LAST_DAY && (d < 1 || d > 28))) ctx.addIssue({ code: 'custom', path: ['backup_days'], message: 'backup_month_day' });
        else if (limitedLastDay(plan.device_type) && days.includes(LAST_DAY) && days.length > 1) {
          ctx.addIssue({ code: 'custom', path: ['backup_days'], message: 'backup_last_day_alone' });
        }
      }
      const options = retentionOptions(vendor, plan.device_type);
      if (options && typeof plan.retention_time === 'string' && !options.includes(plan.retention_time)) {
        ctx.addIssue({ code: 'custom', path: ['retention_time'], message: 'backup_no_permanent' });
      }
    })
    .transform((plan) => ({ ...plan, backup_days: sortDays(plan.backup_days) }));
}
export type BackupPlanFields = z.output<ReturnType<typeof backupPlanSchema>>;

export type PlanField = keyof BackupPlanInput;
/** An error of the form as a text key and its parameters (`errors:rules.*` or `backup:required`). */
export interface FieldError {
  key: string;
  params: Record<string, string | number>;
}

/**
 * The form's errors by field, from the same schema the server uses: the first rule each field
 * breaks. `required` becomes 「请填写…」 with the field's label; a rule key of the error catalogue
 * is used as it is; anything else falls back to the generic rule of its zod code.
 */
export function planErrors(vendor: string, values: unknown): Partial<Record<PlanField, FieldError>> {
  const r = backupPlanSchema(vendor).safeParse(values);
  if (r.success) return {};
  const out: Partial<Record<PlanField, FieldError>> = {};
  for (const issue of r.error.issues) {
    const field = issue.path[0] as PlanField | undefined;
    if (!field || out[field]) continue;
    const message = issue.message;
    const params: Record<string, string | number> = { field };
    if (issue.code === 'too_big') params.max = Number((issue as { maximum: number | bigint }).maximum);
    if (message === 'required') out[field] = { key: 'backup:required', params };
    else if (/^[a-z_]+$/.test(message) && message !== 'too_big') out[field] = { key: `errors:rules.${message}`, params };
    else out[field] = { key: `errors:rules.${issue.code === 'too_big' ? 'too_big' : 'invalid_value'}`, params };
  }
  return out;
}

/** POST /api/v1/backup-policies: the plan and the host or disk it belongs to. */
export const backupPlanTargetSchema = z.object({ resource_id: idSchema });

/** GET /api/v1/backup-policies filters. */
export const backupPlanListQuerySchema = z
  .object({
    resource_id: idSchema.optional(),
    resource_type: z.enum(BACKUP_PLAN_KINDS).optional(),
  })
  .loose();

// ── states (seed 001 §4 "Backup" states and rules) ───────────────────────────────────────────
// A new plan is created (创建中), the backup software is installed on its host or disk's agent
// (安装软件中), then the policy is issued to it (下发中); it settles as created (已创建) or in the
// failure state of the step that failed. Editing re-issues the plan. While it is creating,
// installing or issuing, it can be neither edited nor deleted.

export const BACKUP_PLAN_IN_BETWEEN = ['creating', 'installing', 'issuing'] as const;
export const BACKUP_PLAN_SETTLED = ['created', 'create_failed', 'install_failed', 'issue_failed'] as const;
export const BACKUP_PLAN_STATUSES = [...BACKUP_PLAN_IN_BETWEEN, ...BACKUP_PLAN_SETTLED] as const;
export type BackupPlanInBetween = (typeof BACKUP_PLAN_IN_BETWEEN)[number];
export type BackupPlanStatus = (typeof BACKUP_PLAN_STATUSES)[number];

export const isBackupPlanStatus = (s: string): s is BackupPlanStatus => (BACKUP_PLAN_STATUSES as readonly string[]).includes(s);
export const isPlanInBetween = (s: string): s is BackupPlanInBetween => (BACKUP_PLAN_IN_BETWEEN as readonly string[]).includes(s);

/** The state a new plan starts in. */
export const PLAN_INITIAL_STATUS: BackupPlanInBetween = 'creating';

const NEXT: Record<BackupPlanInBetween, BackupPlanStatus> = { creating: 'installing', installing: 'issuing', issuing: 'created' };
const FAILED: Record<BackupPlanInBetween, BackupPlanStatus> = { creating: 'create_failed', installing: 'install_failed', issuing: 'issue_failed' };

/** Where a plan goes when the agent's step of `status` ends; a settled plan stays where it is. */
export function planStepDone(status: BackupPlanStatus, ok: boolean): BackupPlanStatus {
  if (!isPlanInBetween(status)) return status;
  return ok ? NEXT[status] : FAILED[status];
}

/**
 * Where an edit sends a settled plan: an issued plan (or one whose issue failed) is issued again;
 * a plan whose software install or creation failed goes back to that step. Null while it is
 * between states: the edit is refused.
 */
export function planStatusOnEdit(status: BackupPlanStatus): BackupPlanInBetween | null {
  switch (status) {
    case 'created':
    case 'issue_failed':
      return 'issuing';
    case 'install_failed':
      return 'installing';
    case 'create_failed':
      return 'creating';
    default:
      return null;
  }
}

/** Whether a plan in `status` may be edited or deleted (not while creating, installing or issuing). */
export const planChangeable = (status: string): boolean => !isPlanInBetween(status);
