// Small pieces shared by the alarm screens: the level tag, the state label, one alarm's card.
import { useTranslation } from 'react-i18next';
import type { Alarm } from './api.ts';
import { fullTime, withUnit } from './format.ts';

export function LevelTag({ level }: { level: string }) {
  const { t } = useTranslation('alarms');
  return <span className={`ys-al-level ys-al-level--${level}`}>{t(`levels.${level}`)}</span>;
}

export function StateTag({ state }: { state: string }) {
  const { t } = useTranslation('alarms');
  return <span className={`ys-al-state ys-al-state--${state}`}>{t(`states.${state}`)}</span>;
}

export function useValueText() {
  const { t } = useTranslation('alarms');
  return (v: number | null, unit: string) => (v === null ? '—' : withUnit(v, unit, unit === 'count' ? t('units.count') : ''));
}

export function AlarmCard({ alarm, onOpen }: { alarm: Alarm; onOpen: (id: string) => void }) {
  const { t } = useTranslation('alarms');
  const value = useValueText();
  const silenced = alarm.silenced_until && new Date(alarm.silenced_until).getTime() > Date.now();
  return (
    <li>
      <button type="button" className={`ys-al-card ys-al-card--${alarm.state}`} onClick={() => onOpen(alarm.id)} data-alarm={alarm.id}>
        <span className="ys-al-card__head">
          <LevelTag level={alarm.level} />
          <StateTag state={alarm.state} />
          <span className="ys-al-card__name">{alarm.resource_name}</span>
        </span>
        <span className="ys-al-card__policy">{alarm.policy_name}</span>
        <span className="ys-al-card__meta">
          {t('card.value', { metric: t(`metrics.${alarm.metric}`), value: value(alarm.value, alarm.unit), threshold: value(alarm.threshold, alarm.unit) })}
        </span>
        <span className="ys-al-card__meta">
          {t(`vendors_short.${alarm.vendor}`, { defaultValue: alarm.vendor })} · {fullTime(alarm.fired_at)}
        </span>
        {alarm.claimed_by_name || silenced ? (
          <span className="ys-al-card__who">
            {alarm.claimed_by_name ? t('card.claimed', { name: alarm.claimed_by_name }) : null}
            {silenced ? ` ${t('card.silenced', { until: fullTime(alarm.silenced_until) })}` : null}
          </span>
        ) : null}
      </button>
    </li>
  );
}
