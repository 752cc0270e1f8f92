// The facts of one alarm: policy, the value against its threshold, and who acknowledged, claimed
// or silenced it when, and the host's state.
import { useTranslation } from 'react-i18next';
import type { AlarmDetail } from './api.ts';
import { useValueText } from './alarm-parts.tsx';
import { fullTime } from './format.ts';

export function AlarmFacts({ alarm }: { alarm: AlarmDetail }) {
  const { t } = useTranslation('alarms');
  const value = useValueText();
  return (
    <dl className="ys-al-facts">
      <dt>{t('detail.policy')}</dt>
      <dd>{alarm.policy_name}</dd>
      <dt>{t('detail.value')}</dt>
      <dd>
        {t('detail.value_text', {
          metric: t(`metrics.${alarm.metric}`),
          value: value(alarm.value, alarm.unit),
          op: t(`operators.${alarm.operator}`),
          threshold: value(alarm.threshold, alarm.unit),
        })}
      </dd>
      <dt>{t('detail.fired_at')}</dt>
      <dd>{fullTime(alarm.fired_at)}</dd>
      {alarm.acknowledged_by_name ? (
        <>
          <dt>{t('detail.acknowledged')}</dt>
          <dd>{t('detail.by_at', { name: alarm.acknowledged_by_name, at: fullTime(alarm.acknowledged_at) })}</dd>
        </>
      ) : null}
      {alarm.claimed_by_name ? (
        <>
          <dt>{t('detail.claimed')}</dt>
          <dd>{t('detail.by_at', { name: alarm.claimed_by_name, at: fullTime(alarm.claimed_at) })}</dd>
        </>
      ) : null}
      {alarm.silenced_until && new Date(alarm.silenced_until).getTime() > Date.now() ? (
        <>
          <dt>{t('detail.silenced')}</dt>
          <dd>{fullTime(alarm.silenced_until)}</dd>
        </>
      ) : null}
      {alarm.resolved_at ? (
        <>
          <dt>{t('detail.resolved_at')}</dt>
          <dd>{fullTime(alarm.resolved_at)}</dd>
        </>
      ) : null}
      {alarm.resource ? (
        <>
          <dt>{t('detail.host_status')}</dt>
          <dd data-testid="host-status">
            {t(`kinds:status.${alarm.resource.status}`, { defaultValue: alarm.resource.status })}
            {alarm.resource.locked ? ` · ${t('host.locked')}` : ''}
          </dd>
        </>
      ) : null}
    </dl>
  );
}
