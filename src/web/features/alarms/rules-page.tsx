// Alarm policies (pass-monitor_alerRules; projectAlarmConfig shows the current project's): the list,
// a form that checks the seed's rules before sending (the server checks them again), switching a
// policy on or off, and deleting with a confirmation.
import { useState } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Button, Dialog, DotLoading, Switch, Toast } from 'antd-mobile';
import { METRICS, type MetricName } from '../../../domain/alarms/alarm-metrics.ts';
import { usePageHandle } from '../../lib/hooks.ts';
import { PageFrame } from '../../ui/page-frame.tsx';
import { deletePolicy, listPolicies, updatePolicy, type Policy } from './api.ts';
import { PolicyForm } from './policy-form.tsx';
import { AlarmTabs } from './alarm-tabs.tsx';
import { LevelTag, useValueText } from './alarm-parts.tsx';
import './alarms.css';
import { alarmKeys } from './query-keys.ts';

function PolicyRow({ p }: { p: Policy }) {
  const { t } = useTranslation('alarms');
  const qc = useQueryClient();
  const value = useValueText();
  const unit = METRICS[p.metric as MetricName]?.unit ?? '';
  const refresh = () => qc.invalidateQueries({ queryKey: alarmKeys.policies() });
  const toggle = useMutation({ mutationFn: (enabled: boolean) => updatePolicy(p.id, { enabled }), onSuccess: refresh });
  const remove = async () => {
    if (!(await Dialog.confirm({ content: t('rules.delete_confirm', { name: p.name }), confirmText: t('rules.delete'), cancelText: t('common.cancel') })))
      return;
    await deletePolicy(p.id);
    Toast.show({ content: t('detail.done'), position: 'bottom' });
    void refresh();
  };
  return (
    <li className="ys-al-card ys-al-card--static">
      <span className="ys-al-card__head">
        <LevelTag level={p.level} />
        <span className="ys-al-card__name">{p.name}</span>
        <Switch checked={p.enabled} onChange={(on) => toggle.mutate(on)} aria-label={t('rules.enabled')} />
      </span>
      <span className="ys-al-card__meta">
        {t('rules.condition', {
          kind: t(`kind_names.${p.kind}`),
          metric: t(`metrics.${p.metric}`),
          op: t(`operators.${p.operator}`),
          threshold: value(p.threshold, unit),
          n: p.occurrences,
          m: p.samples,
        })}
      </span>
      <span className="ys-al-card__meta">
        {t('rules.scope', { target: t(`targets.${p.target_type}`), max: p.max_alarms, source: t(`sources.${p.source}`) })}
      </span>
      <span className="ys-al-card__who">{t('rules.receivers', { names: p.receiver_names.join('、') })}</span>
      <Button size="small" fill="outline" color="danger" onClick={() => void remove()}>
        {t('rules.delete')}
      </Button>
    </li>
  );
}

export default function RulesPage() {
  const { t } = useTranslation('alarms');
  const name = usePageHandle()?.name ?? 'pass-monitor_alerRules';
  const qc = useQueryClient();
  const [adding, setAdding] = useState(false);
  const q = useQuery({ queryKey: alarmKeys.policies(), queryFn: () => listPolicies({ __limit: 200 }) });
  return (
    <PageFrame name={name} className="ys-al-page">
      {name !== 'projectAlarmConfig' ? <AlarmTabs current={name} /> : null}
      <h1 className="ys-al-title">{t(`titles.${name}`)}</h1>
      {adding ? (
        <PolicyForm
          onDone={() => {
            setAdding(false);
            void qc.invalidateQueries({ queryKey: alarmKeys.policies() });
          }}
        />
      ) : (
        <Button color="primary" onClick={() => setAdding(true)}>
          {t('rules.add')}
        </Button>
      )}
      {!q.data ? (
        <DotLoading />
      ) : q.data.data.length === 0 ? (
        <p className="ys-al-empty">{t('rules.empty')}</p>
      ) : (
        <ul className="ys-al-list">
          {q.data.data.map((p) => (
            <PolicyRow key={p.id} p={p} />
          ))}
        </ul>
      )}
    </PageFrame>
  );
}
