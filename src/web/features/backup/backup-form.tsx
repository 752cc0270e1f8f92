// The backup scheduler form (seed 000 §4, §5): a bottom sheet on phones, a modal from the tablet
// width up. It follows the rules of src/domain/backup-plan.ts live: CTyun offers only 增量备份
// and 每周 and keeps a number of days; permanent retention goes with device type 不限; a weekly
// plan picks weekdays (all by default); a monthly plan opens the day panel (确定 closes it), and
// with limitedLastDay the last day beside other days is refused with a notice.
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button, Input, Modal, Popup, Selector, Toast } from 'antd-mobile';
import {
  defaultPlan,
  DEVICE_TYPES,
  isCtyun,
  limitedLastDay,
  planErrors,
  reconcilePlan,
  retentionOptions,
  scheduleTypeOptions,
  type BackupPlanInput,
  type PlanField,
} from '../../../domain/backup-plan.ts';
import { useBreakpoint } from '../../lib/hooks.ts';
import { createPlan, updatePlan, type BackupPlan } from './api.ts';
import { errorText } from './texts.ts';
import { CycleFields, FormItem, RetentionField, StartTimeField, type PlanFieldKit } from './backup-form-fields.tsx';

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

  const kit: PlanFieldKit = { values, set, setValues, touch, err, label, phone, vendor };

  const form = (
    <div className="ys-bk-form" data-testid="backup-form">
      {phone ? <div className="ys-bk-form__title">{t(plan ? 'backup:edit' : 'backup:add')}</div> : null}
      {ctyun ? (
        <div className="ys-bk-notice" data-testid="backup-ctyun-hint">
          {t('backup:hints.ctyun')}
        </div>
      ) : null}
      <FormItem f="name" label={label('name')} error={err('name')} required>
        <Input
          value={values.name}
          onChange={(v) => set({ name: v })}
          onBlur={() => touch('name')}
          clearable
          placeholder={t('backup:placeholders.name')}
          aria-label={label('name')}
          data-testid="backup-name"
        />
      </FormItem>
      <FormItem f="device_type" label={label('device_type')} error={err('device_type')} required>
        <div data-testid="backup-device">
          <Selector
            columns={3}
            options={DEVICE_TYPES.map((d) => ({ label: t(`backup:device_type.${d}`), value: d }))}
            value={[values.device_type]}
            onChange={(v) => {
              if (v[0]) set({ device_type: v[0] });
            }}
          />
        </div>
      </FormItem>
      <FormItem f="schedule_type" label={label('schedule_type')} error={err('schedule_type')} required>
        <div data-testid="backup-type">
          <Selector
            columns={2}
            options={scheduleTypeOptions(vendor).map((o) => ({ label: t(`backup:schedule_type.${o}`), value: o }))}
            value={[values.schedule_type]}
            onChange={(v) => {
              if (v[0]) set({ schedule_type: v[0] });
            }}
          />
        </div>
      </FormItem>
      <StartTimeField kit={kit} />
      <CycleFields kit={kit} limited={limited} />
      <RetentionField kit={kit} retention={retention} />
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
