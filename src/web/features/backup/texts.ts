// Texts of a plan (cycle label, retention, errors) from the pure rules of src/domain/backup-plan.ts.
import type { TFunction } from 'i18next';
import { cycleLabel, LAST_DAY, type BackupDay, type BackupFreq, type FieldError } from '../../../domain/backup-plan.ts';

export function cycleText(t: TFunction, freq: BackupFreq, days: readonly BackupDay[]): string {
  const label = cycleLabel(freq, days);
  const sep = t('backup:separator');
  const named = freq === 'week' ? label.days.map((d) => t(`backup:weekday_short.${d}`)).join(sep) : label.days.filter((d) => d !== LAST_DAY).join(sep);
  return t(label.key, { days: named });
}

export function retentionText(t: TFunction, value: string | number): string {
  return typeof value === 'number' ? t('backup:retention_days_value', { days: value }) : t(`backup:retention.${value}`, { defaultValue: value });
}

export function errorText(t: TFunction, err: FieldError | undefined, label: string): string | null {
  if (!err) return null;
  return t(err.key, { ...err.params, label });
}
