// The on-call home (the phone's 告警 tab): open alarms by level, hosts by state across vendors, and
// what happened in the last hour.
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { DotLoading } from 'antd-mobile';
import { getOncall } from './api.ts';
import { LevelTag } from './alarm-parts.tsx';
import { fullTime } from './format.ts';
import { alarmKeys } from './query-keys.ts';

const LEVELS = ['high', 'medium', 'low'] as const;
const HOST_STATES = ['running', 'stopped', 'error'] as const;

export function OncallHome({ onOpen }: { onOpen: (id: string) => void }) {
  const { t } = useTranslation('alarms');
  const q = useQuery({ queryKey: alarmKeys.oncall(), queryFn: getOncall, refetchInterval: 60_000 });
  // While it loads it holds the place of its tiles, hosts and timeline, so the list below does not jump (CLS).
  if (!q.data)
    return (
      <section className="ys-al-home ys-al-home--wait" aria-label={t('home.title')} aria-busy={!q.isError}>
        {q.isError ? t('common.load_failed') : <DotLoading />}
      </section>
    );
  const { alarms, hosts, timeline } = q.data;
  const count = (level: string, state: string) => alarms.find((a) => a.level === level && a.state === state)?.n ?? 0;
  const vendors = [...new Set(hosts.map((h) => h.vendor))].sort();
  const hostCount = (vendor: string, status: string) =>
    hosts
      .filter((h) => h.vendor === vendor && (status === 'other' ? !(HOST_STATES as readonly string[]).includes(h.status) : h.status === status))
      .reduce((n, h) => n + h.n, 0);
  return (
    <section className="ys-al-home" aria-label={t('home.title')}>
      <div className="ys-al-tiles">
        {LEVELS.map((l) => (
          <div key={l} className={`ys-al-tile ys-al-tile--${l}`} data-testid={`firing-${l}`}>
            <span className="ys-al-tile__n">{count(l, 'firing')}</span>
            <span className="ys-al-tile__label">{t('home.firing_level', { level: t(`levels_long.${l}`) })}</span>
            <span className="ys-al-tile__sub">{t('home.acknowledged_n', { n: count(l, 'acknowledged') })}</span>
          </div>
        ))}
      </div>
      <div className="ys-al-panel">
        <h2 className="ys-al-sub">{t('home.hosts')}</h2>
        <table className="ys-al-table">
          <thead>
            <tr>
              <th scope="col">{t('home.vendor')}</th>
              {[...HOST_STATES, 'other'].map((s) => (
                <th key={s} scope="col">
                  {s === 'other' ? t('home.other') : t(`kinds:status.${s}`)}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {vendors.map((v) => (
              <tr key={v}>
                <th scope="row">{t(`vendors_short.${v}`, { defaultValue: v })}</th>
                {[...HOST_STATES, 'other'].map((s) => (
                  <td key={s} className={s === 'error' && hostCount(v, s) ? 'is-bad' : ''}>
                    {hostCount(v, s)}
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <div className="ys-al-panel">
        <h2 className="ys-al-sub">{t('home.timeline')}</h2>
        {timeline.length === 0 ? (
          <p className="ys-al-empty">{t('home.quiet')}</p>
        ) : (
          <ol className="ys-al-timeline">
            {timeline.slice(0, 12).map((e) => (
              <li key={e.id}>
                <button type="button" onClick={() => onOpen(e.alarm_id)}>
                  <time>{fullTime(e.at).slice(11)}</time>
                  <LevelTag level={e.level} />
                  <span>
                    {e.resource_name} {t(`metrics.${e.metric}`)} {t(`changes.${e.change}`)}
                    {e.user_name ? ` · ${e.user_name}` : ''}
                  </span>
                </button>
              </li>
            ))}
          </ol>
        )}
      </div>
    </section>
  );
}
