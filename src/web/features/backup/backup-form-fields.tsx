// The fields of the backup scheduler form that carry state of their own: the start time picker,
// the cycle (frequency and its weekdays or month days, with the month-day panel) and the
// retention (a choice, or a number of days where the vendor keeps days).
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button, CenterPopup, Input, Picker, Popup, Selector, Toast } from 'antd-mobile';
import {
  clampRetentionDays,
  daysForFreq,
  freqOptions,
  LAST_DAY,
  MONTH_DAYS,
  retentionOptions,
  toggleMonthDay,
  WEEKDAYS,
  type BackupDay,
  type BackupPlanInput,
  type PlanField,
} from '../../../domain/backup-plan.ts';
import { cycleText } from './texts.ts';

const pad = (n: number) => String(n).padStart(2, '0');
const HOURS = Array.from({ length: 24 }, (_, i) => ({ label: pad(i), value: pad(i) }));
const SIXTY = Array.from({ length: 60 }, (_, i) => ({ label: pad(i), value: pad(i) }));

/** What every field of the form reads and writes. */
export interface PlanFieldKit {
  values: BackupPlanInput;
  set: (patch: Partial<BackupPlanInput>) => void;
  setValues: (f: (v: BackupPlanInput) => BackupPlanInput) => void;
  touch: (f: PlanField) => void;
  err: (f: PlanField, name?: string) => string | null;
  label: (f: string) => string;
  phone: boolean;
  vendor: string;
}

/** One labelled field with its hint and its error (shown once the field was touched). */
export function FormItem({
  f,
  label,
  error,
  required,
  hint,
  children,
}: {
  f: PlanField;
  label: string;
  error: string | null;
  required?: boolean;
  hint?: string | null;
  children: React.ReactNode;
}) {
  return (
    <div className={`ys-bk-item${error ? ' has-error' : ''}`} data-field={f}>
      <label className="ys-bk-item__label">
        {required ? <span className="ys-bk-req">*</span> : null}
        {label}
      </label>
      <div className="ys-bk-item__control">{children}</div>
      {hint ? <div className="ys-bk-hint">{hint}</div> : null}
      {error ? (
        <div className="ys-bk-error" role="alert">
          {error}
        </div>
      ) : null}
    </div>
  );
}

export function StartTimeField({ kit }: { kit: PlanFieldKit }) {
  const { t } = useTranslation();
  const { values, set, touch, label } = kit;
  const [open, setOpen] = useState(false);
  const [h, m, s] = values.start_time ? values.start_time.split(':') : ['02', '00', '00'];
  return (
    <FormItem f="start_time" label={label('start_time')} error={kit.err('start_time')} required>
      <button type="button" className={`ys-bk-field${values.start_time ? '' : ' is-empty'}`} data-testid="backup-start" onClick={() => setOpen(true)}>
        {values.start_time || t('backup:placeholders.start_time')}
      </button>
      <Picker
        visible={open}
        columns={[HOURS, SIXTY, SIXTY]}
        value={[h!, m!, s!]}
        title={label('start_time')}
        confirmText={t('backup:panel.confirm')}
        cancelText={t('backup:actions.cancel')}
        onClose={() => {
          setOpen(false);
          touch('start_time');
        }}
        onConfirm={(v) => set({ start_time: v.map((x) => x ?? '00').join(':') })}
      />
    </FormItem>
  );
}

/** 备份周期 and its days: weekdays for a weekly plan, the month-day panel for a monthly one. */
export function CycleFields({ kit, limited }: { kit: PlanFieldKit; limited: boolean }) {
  const { t } = useTranslation();
  const { values, set, touch, label, phone } = kit;
  const [panelOpen, setPanelOpen] = useState(false);
  return (
    <>
      <FormItem f="backup_freq" label={label('backup_freq')} error={kit.err('backup_freq')} required>
        <div data-testid="backup-freq">
          <Selector
            columns={2}
            options={freqOptions(kit.vendor).map((o) => ({ label: t(`backup:backup_freq.${o}`), value: o }))}
            value={[values.backup_freq]}
            onChange={(v) => {
              const freq = v[0];
              if (!freq || freq === values.backup_freq) return;
              set({ backup_freq: freq, backup_days: daysForFreq(freq) });
              if (freq === 'month') setPanelOpen(true);
            }}
          />
        </div>
      </FormItem>
      <FormItem f="backup_days" label={label('backup_days')} error={kit.err('backup_days')} required>
        {values.backup_freq === 'week' ? (
          <div data-testid="backup-weekdays">
            <Selector
              multiple
              columns={phone ? 4 : 7}
              options={WEEKDAYS.map((d) => ({ label: t(`backup:weekday.${d}`), value: d }))}
              value={values.backup_days.filter((d): d is number => d !== LAST_DAY)}
              onChange={(v) => {
                set({ backup_days: [...v].sort((a, b) => a - b) });
                touch('backup_days');
              }}
            />
          </div>
        ) : (
          <>
            <button
              type="button"
              className={`ys-bk-field${values.backup_days.length ? '' : ' is-empty'}`}
              data-testid="backup-month-days"
              onClick={() => setPanelOpen(true)}
            >
              {values.backup_days.length ? cycleText(t, 'month', values.backup_days) : t('backup:placeholders.month_days')}
            </button>
            <MonthDayPanel
              visible={panelOpen}
              days={values.backup_days}
              limited={limited}
              phone={phone}
              onConfirm={(days) => {
                set({ backup_days: days });
                touch('backup_days');
                setPanelOpen(false);
              }}
              onClose={() => {
                setPanelOpen(false);
                touch('backup_days');
              }}
            />
          </>
        )}
      </FormItem>
    </>
  );
}

/** 保留时间: the vendor's choices, or (retention null) a number of days typed in. */
export function RetentionField({ kit, retention }: { kit: PlanFieldKit; retention: ReturnType<typeof retentionOptions> }) {
  const { t } = useTranslation();
  const { values, set, setValues, touch, label, phone } = kit;
  const [daysText, setDaysText] = useState(typeof values.retention_time === 'number' ? String(values.retention_time) : '');
  if (retention === null)
    return (
      <FormItem
        f="retention_time"
        label={label('retention_days')}
        error={kit.err('retention_time', 'retention_days')}
        required
        hint={t('backup:hints.retention_days')}
      >
        <div className="ys-bk-days-input">
          <Input
            type="number"
            inputMode="numeric"
            value={daysText}
            aria-label={label('retention_days')}
            data-testid="backup-retention-days"
            placeholder={t('backup:placeholders.retention_days')}
            onChange={(v) => {
              setDaysText(v);
              const n = clampRetentionDays(v);
              setValues((x) => ({ ...x, retention_time: n ?? Number.NaN }));
            }}
            onBlur={() => {
              const n = clampRetentionDays(daysText);
              setDaysText(n === null ? '' : String(n));
              setValues((x) => ({ ...x, retention_time: n ?? Number.NaN }));
              touch('retention_time');
            }}
          />
          <span className="ys-bk-unit">{t('backup:days_unit')}</span>
        </div>
      </FormItem>
    );
  return (
    <FormItem f="retention_time" label={label('retention_time')} error={kit.err('retention_time')} required>
      <div data-testid="backup-retention">
        <Selector
          columns={phone ? 3 : 5}
          options={retention.map((o) => ({ label: t(`backup:retention.${o}`), value: o }))}
          value={typeof values.retention_time === 'string' ? [values.retention_time] : []}
          onChange={(v) => {
            if (v[0]) set({ retention_time: v[0] });
          }}
        />
      </div>
    </FormItem>
  );
}

/** The month-day panel: a draft of the days; 确定 hands it back and closes. */
function MonthDayPanel({
  visible,
  days,
  limited,
  phone,
  onConfirm,
  onClose,
}: {
  visible: boolean;
  days: BackupDay[];
  limited: boolean;
  phone: boolean;
  onConfirm: (days: BackupDay[]) => void;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const [draft, setDraft] = useState<BackupDay[]>(days);
  const [seenDays, setSeenDays] = useState(days);
  // A new opening starts from the form's days.
  if (seenDays !== days) {
    setSeenDays(days);
    setDraft(days);
  }
  const toggle = (day: BackupDay) => {
    const r = toggleMonthDay(draft, day, limited);
    if (r.ok) setDraft(r.days);
    else Toast.show({ content: t('backup:notice.last_day_exclusive'), position: 'center' });
  };
  const cell = (day: BackupDay, text: string, wide = false) => (
    <button
      key={String(day)}
      type="button"
      className={`ys-bk-day${draft.includes(day) ? ' is-on' : ''}${wide ? ' ys-bk-day--wide' : ''}`}
      aria-pressed={draft.includes(day)}
      data-day={String(day)}
      onClick={() => toggle(day)}
    >
      {text}
    </button>
  );
  const body = (
    <div className="ys-bk-panel" data-testid="backup-day-panel">
      <div className="ys-bk-panel__title">{t('backup:panel.title')}</div>
      <div className="ys-bk-days">
        {MONTH_DAYS.map((d) => cell(d, String(d)))}
        {cell(LAST_DAY, t('backup:last_day'), true)}
      </div>
      {limited ? <div className="ys-bk-hint">{t('backup:panel.hint_limited')}</div> : null}
      <Button block color="primary" className="ys-bk-panel__ok" data-testid="backup-day-confirm" onClick={() => onConfirm(draft)}>
        {t('backup:panel.confirm')}
      </Button>
    </div>
  );
  return phone ? (
    <Popup visible={visible} onMaskClick={onClose} bodyStyle={{ borderTopLeftRadius: 12, borderTopRightRadius: 12 }}>
      {body}
    </Popup>
  ) : (
    <CenterPopup visible={visible} onMaskClick={onClose} style={{ '--min-width': '420px' } as React.CSSProperties}>
      {body}
    </CenterPopup>
  );
}
