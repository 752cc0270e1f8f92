// Renewal alarms (monitorAlarm_alarmNorenew, monitorAlarm_alarmRenew): yearly-billed resources near
// or past expiry that nobody renewed, and those renewed (by hand or automatically).
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { DotLoading } from 'antd-mobile';
import { usePageHandle } from '../../lib/hooks.ts';
import { PageFrame } from '../../ui/page-frame.tsx';
import { getRenewals } from './api.ts';
import { AlarmTabs } from './alarm-tabs.tsx';
import { fullTime } from './format.ts';
import './alarms.css';
import { alarmKeys } from './query-keys.ts';

export default function RenewalPage() {
  const { t } = useTranslation('alarms');
  const name = usePageHandle()?.name ?? 'monitorAlarm_alarmNorenew';
  const renewed = name === 'monitorAlarm_alarmRenew';
  const q = useQuery({ queryKey: alarmKeys.renewals(renewed), queryFn: () => getRenewals(renewed) });
  const now = Date.now();
  return (
    <PageFrame name={name} className="ys-al-page">
      <AlarmTabs current={name} />
      <h1 className="ys-al-title">{t(`titles.${name}`)}</h1>
      <p className="ys-al-hint">{t(renewed ? 'renewal.renewed_hint' : 'renewal.pending_hint')}</p>
      {!q.data ? (
        <DotLoading />
      ) : q.data.data.length === 0 ? (
        <p className="ys-al-empty">{t('renewal.empty')}</p>
      ) : (
        <ul className="ys-al-list">
          {q.data.data.map((r) => {
            const days = Math.ceil((new Date(r.expires_at).getTime() - now) / 86_400_000);
            return (
              <li key={r.id} className="ys-al-card ys-al-card--static">
                <span className="ys-al-card__head">
                  <span className={`ys-al-state ys-al-state--${days < 0 ? 'firing' : days <= 7 ? 'acknowledged' : 'resolved'}`}>
                    {days < 0 ? t('renewal.expired', { n: -days }) : t('renewal.days_left', { n: days })}
                  </span>
                  <span className="ys-al-card__name">{r.name}</span>
                </span>
                <span className="ys-al-card__meta">
                  {t(`kind_names.${r.kind}`, { defaultValue: r.kind })} · {t(`vendors_short.${r.vendor}`, { defaultValue: r.vendor })}
                </span>
                <span className="ys-al-card__meta">{t('renewal.expires', { at: fullTime(r.expires_at) })}</span>
                {renewed ? <span className="ys-al-card__who">{r.auto_renew ? t('renewal.auto') : t('renewal.months', { n: r.renewed_months })}</span> : null}
              </li>
            );
          })}
        </ul>
      )}
    </PageFrame>
  );
}
