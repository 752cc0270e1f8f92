// The backup scheduler form (seed 000 §4, §5): a bottom sheet on phones, a modal from the tablet
// width up. It follows the rules of src/domain/backup-plan.ts live: CTyun offers only 增量备份
// and 每周 and keeps a number of days; permanent retention goes with device type 不限; a weekly
// plan picks weekdays (all by default); a monthly plan opens the day panel (确定 closes it), and
// with limitedLastDay the last day beside other days is refused with a notice.
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button, CenterPopup, Input, Modal, Picker, Popup, Selector, Toast } from 'antd-mobile';
import {
  clampRetentionDays,
  daysForFreq,
  defaultPlan,
  DEVICE_TYPES,
  freqOptions,
  isCtyun,
  LAST_DAY,
  limitedLastDay,
  MONTH_DAYS,
  planErrors,
  reconcilePlan,
  retentionOptions,
  scheduleTypeOptions,
  toggleMonthDay,
  WEEKDAYS,
  type BackupDay,
  type BackupPlanInput,
  type PlanField,
} from '../../../domain/backup-plan.ts';
import { useBreakpoint } from '../../lib/hooks.ts';
import { createPlan, updatePlan, type BackupPlan } from './api.ts';
import { cycleText, errorText } from './texts.ts';

const pad = (n: number) => String(n).padStart(2, '0');
const HOURS = Array.from({ length: 24 }, (_, i) => ({ label: pad(i), value: pad(i) }));
const SIXTY = Array.from({ length: 60 }, (_, i) => ({ label: pad(i), value: pad(i) }));

function fromPlan(plan: BackupPlan): BackupPlanInput {
  return {
    name: plan.name,
    schedule_type: plan.schedule_type as BackupPlanInput['schedule_type'],
    start_time: plan.start_time,
    backup_freq: plan.backup_freq,
    backup_days: [...plan.backup_days],
    retention_time: plan.retention_time as BackupPlanInput['retention_time'],
    device_type: plan.device_type as BackupPlanInput['device_type'],
  };
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

export function BackupPlanForm({
  vendor,
  resourceId,
  plan,
  onClose,
  onSaved,
}: {
  vendor: string;
  resourceId: string;
  plan: BackupPlan | null;
  onClose: () => void;
  onSaved: () => void;
}) {
  const { t } = useTranslation();
  const bp = useBreakpoint();
  const phone = bp === 'phone';
  const [values, setValues] = useState<BackupPlanInput>(() => (plan ? reconcilePlan(fromPlan(plan), vendor) : defaultPlan(vendor)));
  const [touched, setTouched] = useState<Partial<Record<PlanField, boolean>>>({});
  const [timeOpen, setTimeOpen] = useState(false);
  const [panelOpen, setPanelOpen] = useState(false);
  const [daysText, setDaysText] = useState(typeof values.retention_time === 'number' ? String(values.retention_time) : '');
  const [busy, setBusy] = useState(false);
  const ctyun = isCtyun(vendor);
  const errors = useMemo(() => planErrors(vendor, values), [vendor, values]);
  const limited = limitedLastDay(values.device_type);
  const retention = retentionOptions(vendor, values.device_type);

  const set = (patch: Partial<BackupPlanInput>) => setValues((v) => reconcilePlan({ ...v, ...patch }, vendor));
  const touch = (f: PlanField) => setTouched((x) => ({ ...x, [f]: true }));
  const label = (f: string) => t(`backup:fields.${f}`);
  const err = (f: PlanField, name = f as string) => (touched[f] ? errorText(t, errors[f], label(name)) : null);

  const save = async () => {
    setTouched({ name: true, start_time: true, backup_days: true, retention_time: true, schedule_type: true, backup_freq: true, device_type: true });
    if (Object.keys(errors).length || busy) return;
    setBusy(true);
    try {
      const res = plan ? await updatePlan(plan.id, { ...values }) : await createPlan(resourceId, { ...values });
      Toast.show({ content: res.message ?? t(plan ? 'backup:messages.updated' : 'backup:messages.created') });
      onSaved();
    } catch {
      /* the request helper showed the notice */
    } finally {
      setBusy(false);
    }
  };

  const item = (f: PlanField, name: string, control: React.ReactNode, opts: { required?: boolean; hint?: string | null; error?: string | null } = {}) => {
    const e = opts.error === undefined ? err(f) : opts.error;
    return (
      <div className={`ys-bk-item${e ? ' has-error' : ''}`} data-field={f}>
        <label className="ys-bk-item__label">
          {opts.required ? <span className="ys-bk-req">*</span> : null}
          {label(name)}
        </label>
        <div className="ys-bk-item__control">{control}</div>
        {opts.hint ? <div className="ys-bk-hint">{opts.hint}</div> : null}
        {e ? (
          <div className="ys-bk-error" role="alert">
            {e}
          </div>
        ) : null}
      </div>
    );
  };

  const [h, m, s] = values.start_time ? values.start_time.split(':') : ['02', '00', '00'];
  const form = (
    <div className="ys-bk-form" data-testid="backup-form">
      {phone ? <div className="ys-bk-form__title">{t(plan ? 'backup:edit' : 'backup:add')}</div> : null}
      {ctyun ? (
        <div className="ys-bk-notice" data-testid="backup-ctyun-hint">
          {t('backup:hints.ctyun')}
        </div>
      ) : null}
      {item(
        'name',
        'name',
        <Input
          value={values.name}
          onChange={(v) => set({ name: v })}
          onBlur={() => touch('name')}
          clearable
          placeholder={t('backup:placeholders.name')}
          aria-label={label('name')}
          data-testid="backup-name"
        />,
        { required: true },
      )}
      {item(
        'device_type',
        'device_type',
        <div data-testid="backup-device">
          <Selector
            columns={3}
            options={DEVICE_TYPES.map((d) => ({ label: t(`backup:device_type.${d}`), value: d }))}
            value={[values.device_type]}
            onChange={(v) => {
              if (v[0]) set({ device_type: v[0] });
            }}
          />
        </div>,
        { required: true },
      )}
      {item(
        'schedule_type',
        'schedule_type',
        <div data-testid="backup-type">
          <Selector
            columns={2}
            options={scheduleTypeOptions(vendor).map((o) => ({ label: t(`backup:schedule_type.${o}`), value: o }))}
            value={[values.schedule_type]}
            onChange={(v) => {
              if (v[0]) set({ schedule_type: v[0] });
            }}
          />
        </div>,
        { required: true },
      )}
      {item(
        'start_time',
        'start_time',
        <>
          <button type="button" className={`ys-bk-field${values.start_time ? '' : ' is-empty'}`} data-testid="backup-start" onClick={() => setTimeOpen(true)}>
            {values.start_time || t('backup:placeholders.start_time')}
          </button>
          <Picker
            visible={timeOpen}
            columns={[HOURS, SIXTY, SIXTY]}
            value={[h!, m!, s!]}
            title={label('start_time')}
            confirmText={t('backup:panel.confirm')}
            cancelText={t('backup:actions.cancel')}
            onClose={() => {
              setTimeOpen(false);
              touch('start_time');
            }}
            onConfirm={(v) => set({ start_time: v.map((x) => x ?? '00').join(':') })}
          />
        </>,
        { required: true },
      )}
      {item(
        'backup_freq',
        'backup_freq',
        <div data-testid="backup-freq">
          <Selector
            columns={2}
            options={freqOptions(vendor).map((o) => ({ label: t(`backup:backup_freq.${o}`), value: o }))}
            value={[values.backup_freq]}
            onChange={(v) => {
              const freq = v[0];
              if (!freq || freq === values.backup_freq) return;
              set({ backup_freq: freq, backup_days: daysForFreq(freq) });
              if (freq === 'month') setPanelOpen(true);
            }}
          />
        </div>,
        { required: true },
      )}
      {values.backup_freq === 'week'
        ? item(
            'backup_days',
            'backup_days',
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
            </div>,
            { required: true },
          )
        : item(
            'backup_days',
            'backup_days',
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
            </>,
            { required: true },
          )}
      {retention === null
        ? item(
            'retention_time',
            'retention_days',
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
            </div>,
            { required: true, hint: t('backup:hints.retention_days'), error: err('retention_time', 'retention_days') },
          )
        : item(
            'retention_time',
            'retention_time',
            <div data-testid="backup-retention">
              <Selector
                columns={phone ? 3 : 5}
                options={retention.map((o) => ({ label: t(`backup:retention.${o}`), value: o }))}
                value={typeof values.retention_time === 'string' ? [values.retention_time] : []}
                onChange={(v) => {
                  if (v[0]) set({ retention_time: v[0] });
                }}
              />
            </div>,
            { required: true },
          )}
      <div className="ys-bk-foot">
        <Button onClick={onClose} data-testid="backup-cancel">
          {t('backup:actions.cancel')}
        </Button>
        <Button color="primary" loading={busy} onClick={() => void save()} data-testid="backup-save">
          {t('backup:actions.save')}
        </Button>
      </div>
    </div>
  );

  return phone ? (
    <Popup visible onMaskClick={onClose} bodyStyle={{ borderTopLeftRadius: 12, borderTopRightRadius: 12, maxHeight: '90vh', overflowY: 'auto' }}>
      {form}
    </Popup>
  ) : (
    <Modal visible onClose={onClose} title={t(plan ? 'backup:edit' : 'backup:add')} bodyClassName="ys-bk-modal" content={form} />
  );
}
