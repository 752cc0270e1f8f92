// backupStrategyAdd (ADR 0073): a product's new strategy, or (?id=) the edit of one. A data backup
// policy (MySQL, PostgreSQL, MongoDB, Oracle, files, NAS): the target, retention (the seed's options;
// a month keeps a weekly cycle, longer a monthly one), start time, days, log backups every 2 hours
// (databases) or the directories (files). A bucket's: daily or weekly at a time, kept some days.
import { useState } from 'react';
import { useNavigate, useParams, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, Input, Switch } from 'antd-mobile';
import { Toast } from '../../ui/light/toast.ts';
import { LAST_DAY, MONTH_DAYS, RETENTION_OPTIONS, WEEKDAYS } from '../../../domain/backup-plan.ts';
import { cycleOf, type RetentionOption } from '../../../domain/db-backup.ts';
import { usePageHandle } from '../../lib/hooks.ts';
import { createStrategy, getStrategy, keys, listTargets, updateStrategy, type BackupProduct, type CentreStrategy } from './api.ts';
import { CentreFrame, Field, centrePath, productOf } from './parts.tsx';

/** A time of day as 24-hour HH:mm (the server's rule too). */
const TIME = /^([01]\d|2[0-3]):[0-5]\d$/;

type Values = {
  target_id: string;
  name: string;
  retention: RetentionOption;
  start_time: string;
  days: (number | string)[];
  log_backup: boolean;
  directories: string;
};
type OssValues = { target_id: string; name: string; cycle: 'daily' | 'weekly'; time: string; retention_days: string };

const fromStrategy = (s?: CentreStrategy): Values => ({
  target_id: s?.target_id ?? '',
  name: s?.name ?? '',
  retention: (s?.retention as RetentionOption) ?? '1month',
  start_time: s?.start_time ?? '02:00',
  days: s?.backup_days ?? [1],
  log_backup: s?.log_backup ?? true,
  directories: (s?.directories ?? ['/']).join('\n'),
});

function Targets({ product, value, onChange, disabled }: { product: BackupProduct; value: string; onChange: (v: string) => void; disabled: boolean }) {
  const { t } = useTranslation('backup_center');
  const q = useQuery({ queryKey: keys.targets(product), queryFn: () => listTargets(product) });
  const rows = q.data ?? [];
  return (
    <Field label={t('form.target')} hint={q.isSuccess && !rows.length ? t('form.no_target', { kind: t(`target_kind.${product}`) }) : t('form.one_per_target')}>
      <select className="ys-bc__select" value={value} disabled={disabled} onChange={(e) => onChange(e.target.value)} data-testid="bc-target">
        <option value="">{t('form.pick')}</option>
        {rows.map((r) => (
          <option key={r.id} value={r.id}>
            {r.name}
          </option>
        ))}
      </select>
    </Field>
  );
}

function Days({ weekly, days, onChange }: { weekly: boolean; days: (number | string)[]; onChange: (d: (number | string)[]) => void }) {
  const { t } = useTranslation('backup_center');
  const options: (number | string)[] = weekly ? [...WEEKDAYS] : [...MONTH_DAYS, LAST_DAY];
  const toggle = (d: number | string) => onChange(days.includes(d) ? days.filter((x) => x !== d) : [...days, d]);
  return (
    <Field label={t(weekly ? 'form.days_week' : 'form.days_month')}>
      <div className="ys-bc__days" role="group">
        {options.map((d) => (
          <button key={d} type="button" className="ys-bc__day" aria-pressed={days.includes(d)} onClick={() => toggle(d)}>
            {weekly ? t(`weekday.${d}`) : d === LAST_DAY ? t('last_day') : d}
          </button>
        ))}
      </div>
    </Field>
  );
}

function PolicyForm({ product, editing }: { product: BackupProduct; editing?: CentreStrategy }) {
  const { t } = useTranslation('backup_center');
  const navigate = useNavigate();
  const client = useQueryClient();
  const [v, setV] = useState<Values>(fromStrategy(editing));
  const set = <K extends keyof Values>(k: K, x: Values[K]) => setV((o) => ({ ...o, [k]: x }));
  const weekly = cycleOf(v.retention) === 'week';
  const setRetention = (r: RetentionOption) => setV((o) => ({ ...o, retention: r, days: cycleOf(r) === cycleOf(o.retention) ? o.days : [1] }));
  const body = () => ({
    target_id: v.target_id,
    name: v.name.trim(),
    retention: v.retention,
    start_time: v.start_time,
    backup_days: v.days,
    log_backup: v.log_backup,
    ...(product === 'files'
      ? {
          directories: v.directories
            .split('\n')
            .map((d) => d.trim())
            .filter(Boolean),
        }
      : {}),
  });
  const m = useMutation({
    mutationFn: () => (editing ? updateStrategy(product, editing.id, body()) : createStrategy(product, body())),
    onSuccess: async (s) => {
      await client.invalidateQueries({ queryKey: keys.all });
      Toast.show({ content: t('form.saved') });
      navigate(`/backupCenter/${product}/strategyDetail/${s.id}`, { replace: true });
    },
  });
  return (
    <form className="ys-bc__form" onSubmit={(e) => (e.preventDefault(), m.mutate())}>
      <Targets product={product} value={v.target_id} onChange={(x) => set('target_id', x)} disabled={!!editing} />
      <Field label={t('form.name')}>
        <Input className="ys-bc__input" value={v.name} onChange={(x) => set('name', x)} placeholder={t('form.name_ph')} maxLength={60} data-testid="bc-name" />
      </Field>
      {product === 'files' ? (
        <Field label={t('form.directories')} hint={t('form.directories_hint')}>
          <textarea className="ys-bc__textarea" value={v.directories} onChange={(e) => set('directories', e.target.value)} />
        </Field>
      ) : null}
      <Field label={t('form.retention')} hint={t('form.retention_hint')}>
        <select className="ys-bc__select" value={v.retention} onChange={(e) => setRetention(e.target.value as RetentionOption)}>
          {RETENTION_OPTIONS.map((r) => (
            <option key={r} value={r}>
              {t(`retention.${r}`)}
            </option>
          ))}
        </select>
      </Field>
      <Field label={t('form.start_time')} hint={t('form.time_hint')}>
        <Input className="ys-bc__input" value={v.start_time} onChange={(x) => set('start_time', x)} placeholder="02:00" maxLength={5} inputMode="numeric" />
      </Field>
      <Days weekly={weekly} days={v.days} onChange={(d) => set('days', d)} />
      {product !== 'files' && product !== 'nas' ? (
        <Field label={t('form.log_backup')} hint={t('form.log_hint')}>
          <span className="ys-bc__switch">
            <Switch checked={v.log_backup} onChange={(x) => set('log_backup', x)} />
          </span>
        </Field>
      ) : null}
      <Button
        block
        color="primary"
        type="submit"
        className="ys-bc__btn"
        loading={m.isPending}
        disabled={!v.target_id || !v.name.trim() || !v.days.length || !TIME.test(v.start_time)}
        data-testid="bc-submit"
      >
        {t('form.submit')}
      </Button>
    </form>
  );
}

function OssForm({ editing }: { editing?: CentreStrategy }) {
  const { t } = useTranslation('backup_center');
  const navigate = useNavigate();
  const client = useQueryClient();
  const [v, setV] = useState<OssValues>({
    target_id: editing?.target_id ?? '',
    name: editing?.name ?? '',
    cycle: (editing?.cycle as OssValues['cycle']) ?? 'daily',
    time: editing?.time ?? '03:00',
    retention_days: String(editing?.retention_days ?? 30),
  });
  const set = <K extends keyof OssValues>(k: K, x: OssValues[K]) => setV((o) => ({ ...o, [k]: x }));
  const body = () => ({ target_id: v.target_id, name: v.name.trim(), cycle: v.cycle, time: v.time, retention_days: Number(v.retention_days), enabled: true });
  const m = useMutation({
    mutationFn: () => (editing ? updateStrategy('oss', editing.id, body()) : createStrategy('oss', body())),
    onSuccess: async (s) => {
      await client.invalidateQueries({ queryKey: keys.all });
      Toast.show({ content: t('form.saved') });
      navigate(`/backupCenter/oss/strategyDetail/${s.id}`, { replace: true });
    },
  });
  return (
    <form className="ys-bc__form" onSubmit={(e) => (e.preventDefault(), m.mutate())}>
      <Targets product="oss" value={v.target_id} onChange={(x) => set('target_id', x)} disabled={!!editing} />
      <Field label={t('form.name')}>
        <Input className="ys-bc__input" value={v.name} onChange={(x) => set('name', x)} placeholder={t('form.name_ph')} maxLength={64} data-testid="bc-name" />
      </Field>
      <Field label={t('form.cycle')}>
        <select className="ys-bc__select" value={v.cycle} onChange={(e) => set('cycle', e.target.value as OssValues['cycle'])}>
          <option value="daily">{t('form.daily')}</option>
          <option value="weekly">{t('form.weekly')}</option>
        </select>
      </Field>
      <Field label={t('form.time')} hint={t('form.time_hint')}>
        <Input className="ys-bc__input" value={v.time} onChange={(x) => set('time', x)} placeholder="03:00" maxLength={5} inputMode="numeric" />
      </Field>
      <Field label={t('form.retention_days')} hint={t('form.retention_days_hint')}>
        <Input className="ys-bc__input" type="number" value={v.retention_days} onChange={(x) => set('retention_days', x)} />
      </Field>
      <Button
        block
        color="primary"
        type="submit"
        className="ys-bc__btn"
        loading={m.isPending}
        disabled={!v.target_id || !v.name.trim()}
        data-testid="bc-submit"
      >
        {t('form.submit')}
      </Button>
    </form>
  );
}

export default function StrategyAddPage() {
  const { t } = useTranslation('backup_center');
  const handle = usePageHandle();
  const product = productOf(useParams().product);
  const id = useSearchParams()[0].get('id');
  const q = useQuery({ queryKey: keys.strategy(product, id ?? ''), queryFn: () => getStrategy(product, id!), enabled: !!id });
  const ready = !id || q.data;
  return (
    <CentreFrame
      page={handle?.name ?? 'backupStrategyAdd'}
      product={product}
      title={`${t(id ? 'form.title_edit' : 'form.title_add')} · ${t(`product.${product}`)}`}
      back={{ to: centrePath(product), label: t('back_centre') }}
    >
      {!ready ? null : product === 'oss' ? <OssForm editing={q.data} /> : <PolicyForm product={product} editing={q.data} />}
    </CentreFrame>
  );
}
