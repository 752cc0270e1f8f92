// The monitoring overview (pass-monitor, pass-monitor_monitor): the worst resources by each metric
// right now, across vendors; a row opens the resource's monitor page where it has one.
import { Link } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { DotLoading } from 'antd-mobile';
import { usePageHandle } from '../../lib/hooks.ts';
import { PageFrame } from '../../ui/page-frame.tsx';
import { getOverview } from './api.ts';
import { AlarmTabs } from './alarm-tabs.tsx';
import { useValueText } from './alarm-parts.tsx';
import { fullTime } from './format.ts';
import './alarms.css';
import { alarmKeys } from './query-keys.ts';

const MONITOR_ROUTE: Record<string, string> = { instance: '/ecsMonitor', phyhost: '/bmsMonitor', dedicated_host: '/cdhMonitor' };

export default function OverviewPage() {
  const { t } = useTranslation('alarms');
  const name = usePageHandle()?.name ?? 'pass-monitor_monitor';
  const q = useQuery({ queryKey: alarmKeys.overview(), queryFn: getOverview, refetchInterval: 60_000 });
  const value = useValueText();
  return (
    <PageFrame name={name} className="ys-al-page">
      <AlarmTabs current={name} />
      <h1 className="ys-al-title">{t('titles.pass-monitor_monitor')}</h1>
      {!q.data ? (
        <DotLoading />
      ) : (
        <>
          <p className="ys-al-count">{t('overview.at', { at: fullTime(q.data.at) })}</p>
          <div className="ys-al-grid">
            {q.data.data.map((m) => (
              <section key={m.metric} className="ys-al-panel">
                <h2 className="ys-al-sub">{t('overview.worst', { metric: t(`metrics.${m.metric}`) })}</h2>
                {m.top.length === 0 ? (
                  <p className="ys-al-empty">{t('overview.none')}</p>
                ) : (
                  <ol className="ys-al-rank">
                    {m.top.map((r) => {
                      const body = (
                        <>
                          <span className="ys-al-rank__name">{r.name}</span>
                          <span className="ys-al-rank__meta">
                            {t(`vendors_short.${r.vendor}`, { defaultValue: r.vendor })} · {t(`kind_names.${r.kind}`, { defaultValue: r.kind })}
                          </span>
                          <span className="ys-al-rank__value">{value(r.value, m.unit)}</span>
                        </>
                      );
                      return <li key={r.id}>{MONITOR_ROUTE[r.kind] ? <Link to={`${MONITOR_ROUTE[r.kind]}/${r.id}`}>{body}</Link> : <div>{body}</div>}</li>;
                    })}
                  </ol>
                )}
              </section>
            ))}
          </div>
        </>
      )}
    </PageFrame>
  );
}
