// The backup scheduler's rules (seed 000 §3–§5): options per vendor and device type, defaults,
// the month-day panel with limitedLastDay, CTyun retention clamping, labels, and the schema.
import { describe, expect, it } from 'vitest';
import {
  backupPlanSchema,
  clampRetentionDays,
  cycleLabel,
  daysForFreq,
  defaultPlan,
  freqOptions,
  limitedLastDay,
  reconcilePlan,
  planErrors,
  retentionOptions,
  RETENTION_OPTIONS,
  scheduleTypeOptions,
  toggleMonthDay,
  toggleWeekday,
  type BackupPlanInput,
  BACKUP_PLAN_KINDS,
} from '../../src/domain/backup-plan.ts';
import { BACKUP_TAB_KINDS } from '../../src/web/app/detail-tabs.ts';
import { detailTabsFor } from '../../src/web/ui/detail-tabs.tsx';

const valid = (over: Partial<BackupPlanInput> = {}): BackupPlanInput => ({
  name: 'nightly',
  schedule_type: 'full_backup',
  start_time: '02:30:00',
  backup_freq: 'week',
  backup_days: [1, 3, 5],
  retention_time: '3month',
  device_type: 'any',
  ...over,
});

function issue(vendor: string, value: unknown) {
  const r = backupPlanSchema(vendor).safeParse(value);
  if (r.success) return null;
  return { path: r.error.issues[0]!.path.join('.'), message: r.error.issues[0]!.message, code: r.error.issues[0]!.code };
}

describe('options per vendor and device type', () => {
  it('CTyun offers only incremental backups and the weekly cycle; others offer both', () => {
    expect(scheduleTypeOptions('ctyun')).toEqual(['incre_backup']);
    expect(freqOptions('ctyun')).toEqual(['week']);
    expect(scheduleTypeOptions('ali')).toEqual(['full_backup', 'incre_backup']);
    expect(freqOptions('openstack')).toEqual(['week', 'month']);
  });

  it('removes permanent retention for device type any and offers it again for nbu; CTyun counts days', () => {
    expect(retentionOptions('ali', 'any')).not.toContain('permanent');
    expect(retentionOptions('ali', 'any')).toHaveLength(RETENTION_OPTIONS.length - 1);
    expect(retentionOptions('ali', 'nbu')).toContain('permanent');
    expect(retentionOptions('ali', 'others')).toContain('permanent');
    expect(retentionOptions('ctyun', 'nbu')).toBeNull();
  });

  it('limits the last day to being alone except for nbu devices', () => {
    expect(limitedLastDay('any')).toBe(true);
    expect(limitedLastDay('others')).toBe(true);
    expect(limitedLastDay('nbu')).toBe(false);
  });
});

describe('defaults and resets', () => {
  it('a new plan is weekly on every weekday; CTyun starts incremental with 7 days', () => {
    expect(defaultPlan('ali')).toMatchObject({
      schedule_type: 'full_backup',
      backup_freq: 'week',
      backup_days: [1, 2, 3, 4, 5, 6, 7],
      retention_time: '1month',
      device_type: 'any',
      start_time: '',
    });
    expect(defaultPlan('ctyun')).toMatchObject({ schedule_type: 'incre_backup', retention_time: 7 });
  });

  it('switching the cycle resets the days', () => {
    expect(daysForFreq('week')).toEqual([1, 2, 3, 4, 5, 6, 7]);
    expect(daysForFreq('month')).toEqual([]);
  });

  it('reconciles a plan with what is offered: permanent drops for any, CTyun values replace the others', () => {
    expect(reconcilePlan(valid({ device_type: 'any', retention_time: 'permanent' }), 'ali').retention_time).toBe('1month');
    expect(reconcilePlan(valid({ device_type: 'nbu', retention_time: 'permanent' }), 'ali').retention_time).toBe('permanent');
    const ct = reconcilePlan(valid({ backup_freq: 'month', backup_days: [1], schedule_type: 'full_backup' }), 'ctyun');
    expect(ct).toMatchObject({ schedule_type: 'incre_backup', backup_freq: 'week', backup_days: [1, 2, 3, 4, 5, 6, 7], retention_time: 7 });
    expect(reconcilePlan(valid({ retention_time: 500_000 }), 'ctyun').retention_time).toBe(99_999);
  });

  it('drops the last day beside dates when the device type limits it, keeps it for nbu', () => {
    const mixed = valid({ backup_freq: 'month', backup_days: [1, 'last_day'], device_type: 'nbu' });
    expect(reconcilePlan(mixed, 'ali').backup_days).toEqual([1, 'last_day']);
    expect(reconcilePlan({ ...mixed, device_type: 'any' }, 'ali').backup_days).toEqual([1]);
    expect(reconcilePlan(valid({ backup_freq: 'month', backup_days: ['last_day'] }), 'ali').backup_days).toEqual(['last_day']);
  });
});

describe('month-day panel and weekdays', () => {
  it('adds and removes days in calendar order', () => {
    expect(toggleMonthDay([15], 3, true)).toEqual({ ok: true, days: [3, 15] });
    expect(toggleMonthDay([3, 15], 3, true)).toEqual({ ok: true, days: [15] });
    expect(toggleWeekday([1, 2, 3], 2)).toEqual([1, 3]);
    expect(toggleWeekday([3], 1)).toEqual([1, 3]);
  });

  it('with limitedLastDay refuses the last day beside other days, both ways', () => {
    expect(toggleMonthDay([1, 15], 'last_day', true)).toEqual({ ok: false, reason: 'last_day_exclusive' });
    expect(toggleMonthDay(['last_day'], 5, true)).toEqual({ ok: false, reason: 'last_day_exclusive' });
    expect(toggleMonthDay([], 'last_day', true)).toEqual({ ok: true, days: ['last_day'] });
  });

  it('without the limit mixes them, last day at the end', () => {
    expect(toggleMonthDay([15, 1], 'last_day', false)).toEqual({ ok: true, days: [1, 15, 'last_day'] });
  });
});

describe('labels', () => {
  it('names every day, chosen weekdays, month days, the last day, or both', () => {
    expect(cycleLabel('week', [7, 6, 5, 4, 3, 2, 1]).key).toBe('backup:label.every_day');
    expect(cycleLabel('week', [5, 1])).toEqual({ key: 'backup:label.week_days', days: [1, 5] });
    expect(cycleLabel('month', [15, 1])).toEqual({ key: 'backup:label.month_days', days: [1, 15] });
    expect(cycleLabel('month', ['last_day'])).toEqual({ key: 'backup:label.month_last_day', days: [] });
    expect(cycleLabel('month', ['last_day', 2])).toEqual({ key: 'backup:label.month_days_and_last', days: [2] });
    expect(cycleLabel('month', []).key).toBe('backup:label.month_none');
  });
});

describe('form errors', () => {
  it('maps each broken rule to a text key, one per field; a valid plan has none', () => {
    expect(planErrors('ali', valid())).toEqual({});
    const errs = planErrors('ali', valid({ name: '', start_time: '', backup_freq: 'month', backup_days: [3, 'last_day'] }));
    expect(errs.name).toEqual({ key: 'backup:required', params: { field: 'name' } });
    expect(errs.start_time).toEqual({ key: 'backup:required', params: { field: 'start_time' } });
    expect(errs.backup_days).toEqual({ key: 'errors:rules.backup_last_day_alone', params: { field: 'backup_days' } });
    expect(planErrors('ali', valid({ name: 'x'.repeat(61) })).name).toEqual({ key: 'errors:rules.too_big', params: { field: 'name', max: 60 } });
    expect(planErrors('ctyun', valid({ retention_time: 0, schedule_type: 'incre_backup' })).retention_time?.key).toBe('errors:rules.backup_retention_days');
  });
});

describe('CTyun retention clamping', () => {
  it('clamps to 1–99999 days and leaves what is no number empty', () => {
    expect(clampRetentionDays(30)).toBe(30);
    expect(clampRetentionDays('0')).toBe(1);
    expect(clampRetentionDays(-4)).toBe(1);
    expect(clampRetentionDays('123456')).toBe(99_999);
    expect(clampRetentionDays('12.7')).toBe(12);
    expect(clampRetentionDays('abc')).toBeNull();
    expect(clampRetentionDays('')).toBeNull();
  });
});

describe('backupPlanSchema', () => {
  it('accepts a valid weekly plan and sorts its days', () => {
    const r = backupPlanSchema('ali').parse(valid({ backup_days: [5, 1, 3] }));
    expect(r.backup_days).toEqual([1, 3, 5]);
  });

  it('name: required, at most 60', () => {
    expect(issue('ali', valid({ name: '  ' }))).toMatchObject({ path: 'name', message: 'required' });
    expect(issue('ali', { ...valid(), name: undefined })).toMatchObject({ path: 'name' });
    expect(issue('ali', valid({ name: 'x'.repeat(61) }))).toMatchObject({ path: 'name', code: 'too_big' });
    expect(issue('ali', valid({ name: '备'.repeat(60) }))).toBeNull();
  });

  it('start time: required, HH:mm:ss', () => {
    expect(issue('ali', valid({ start_time: '' }))).toMatchObject({ path: 'start_time', message: 'required' });
    expect(issue('ali', valid({ start_time: '24:00:00' }))).toMatchObject({ path: 'start_time', message: 'backup_start_time' });
    expect(issue('ali', valid({ start_time: '02:30' }))).toMatchObject({ path: 'start_time', message: 'backup_start_time' });
    expect(issue('ali', valid({ start_time: '23:59:59' }))).toBeNull();
  });

  it('CTyun: only incremental and weekly', () => {
    const ct = (o: Partial<BackupPlanInput>) => valid({ schedule_type: 'incre_backup', retention_time: 30, ...o });
    expect(issue('ctyun', ct({}))).toBeNull();
    expect(issue('ctyun', ct({ schedule_type: 'full_backup' }))).toMatchObject({ path: 'schedule_type', message: 'backup_ctyun_incremental' });
    expect(issue('ctyun', ct({ backup_freq: 'month', backup_days: [1] }))).toMatchObject({ path: 'backup_freq', message: 'backup_ctyun_weekly' });
  });

  it('CTyun retention: whole days 1–99999, not an option name', () => {
    const ct = (r: unknown) => ({ ...valid({ schedule_type: 'incre_backup' }), retention_time: r });
    expect(issue('ctyun', ct(1))).toBeNull();
    expect(issue('ctyun', ct(99_999))).toBeNull();
    expect(issue('ctyun', ct(0))).toMatchObject({ path: 'retention_time', message: 'backup_retention_days' });
    expect(issue('ctyun', ct(100_000))).toMatchObject({ path: 'retention_time', message: 'backup_retention_days' });
    expect(issue('ctyun', ct(1.5))).toMatchObject({ path: 'retention_time', message: 'backup_retention_days' });
    expect(issue('ctyun', ct('1month'))).toMatchObject({ path: 'retention_time', message: 'backup_retention_days' });
  });

  it('other vendors: a retention option, and permanent not with device type any', () => {
    expect(issue('ali', valid({ retention_time: 30 }))).toMatchObject({ path: 'retention_time' });
    expect(issue('ali', valid({ retention_time: 'permanent', device_type: 'any' }))).toMatchObject({ path: 'retention_time', message: 'backup_no_permanent' });
    expect(issue('ali', valid({ retention_time: 'permanent', device_type: 'nbu' }))).toBeNull();
  });

  it('weekdays 1–7, at least one, no repeats', () => {
    expect(issue('ali', valid({ backup_days: [] }))).toMatchObject({ path: 'backup_days', message: 'backup_days_required' });
    expect(issue('ali', valid({ backup_days: [0] }))).toMatchObject({ path: 'backup_days', message: 'backup_weekday' });
    expect(issue('ali', valid({ backup_days: [8] }))).toMatchObject({ path: 'backup_days', message: 'backup_weekday' });
    expect(issue('ali', valid({ backup_days: ['last_day'] }))).toMatchObject({ path: 'backup_days', message: 'backup_weekday' });
    expect(issue('ali', valid({ backup_days: [2, 2] }))).toMatchObject({ path: 'backup_days', message: 'backup_days_repeated' });
  });

  it('month days 1–28 or last_day; last day alone unless nbu', () => {
    const m = (days: unknown[], device_type: BackupPlanInput['device_type'] = 'any') => ({
      ...valid({ backup_freq: 'month', device_type }),
      backup_days: days,
    });
    expect(issue('ali', m([1, 28]))).toBeNull();
    expect(issue('ali', m(['last_day']))).toBeNull();
    expect(issue('ali', m([29]))).toMatchObject({ path: 'backup_days', message: 'backup_month_day' });
    expect(issue('ali', m(['first_day']))).toMatchObject({ path: 'backup_days.0' });
    expect(issue('ali', m([1, 'last_day']))).toMatchObject({ path: 'backup_days', message: 'backup_last_day_alone' });
    expect(issue('ali', m([1, 'last_day'], 'others'))).toMatchObject({ path: 'backup_days', message: 'backup_last_day_alone' });
    expect(issue('ali', m([1, 'last_day'], 'nbu'))).toBeNull();
  });

  it('device type: any, nbu or others', () => {
    expect(issue('ali', { ...valid(), device_type: 'tape' })).toMatchObject({ path: 'device_type' });
    expect(backupPlanSchema('ali').parse({ ...valid(), device_type: undefined }).device_type).toBe('any');
  });
});

describe('detail tab registration', () => {
  it('shows the 备份策略 tab on exactly the kinds that take plans', () => {
    expect([...BACKUP_TAB_KINDS]).toEqual([...BACKUP_PLAN_KINDS]);
    expect(detailTabsFor('instance').map((x) => x.key)).toEqual(['backup']);
    expect(detailTabsFor('volume').map((x) => x.key)).toEqual(['backup']);
    expect(detailTabsFor('vpc')).toEqual([]);
  });
});
