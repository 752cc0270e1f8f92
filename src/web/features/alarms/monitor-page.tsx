// The monitor pages of hosts, bare metal and dedicated hosts (ecsMonitor, ecsWinMonitor,
// winEcsMonitor, bmsMonitor, bmsWinMonitor, cdhMonitor /:id): every metric of the resource over the
// eight ranges; on a tablet or desktop other resources of the kind can be drawn on the same chart.
import { useState } from 'react';
import { useParams } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { DotLoading, ErrorBlock } from 'antd-mobile';
import { useBreakpoint, usePageHandle } from '../../lib/hooks.ts';
import { PageFrame } from '../../ui/page-frame.tsx';
import { getMonitored } from './api.ts';
import { MetricView } from './metric-view.tsx';
import './alarms.css';
import { alarmKeys } from './query-keys.ts';

const KIND_OF: Record<string, string> = {
  ecsMonitor: 'instance',
  ecsWinMonitor: 'instance',
  winEcsMonitor: 'instance',
  bmsMonitor: 'phyhost',
  bmsWinMonitor: 'phyhost',
  cdhMonitor: 'dedicated_host',
};
const MAX_COMPARED = 4;

export default function MonitorPage() {
  const { t } = useTranslation('alarms');
  const name = usePageHandle()?.name ?? 'ecsMonitor';
  const { id = '' } = useParams();
  const kind = KIND_OF[name] ?? 'instance';
  const bp = useBreakpoint();
  const q = useQuery({ queryKey: alarmKeys.monitoredOf(kind), queryFn: () => getMonitored(kind) });
  const [compared, setCompared] = useState<string[]>([]);
  const self = q.data?.data.find((r) => r.id === id);
  const ids = [id, ...compared.filter((c) => c !== id)].slice(0, MAX_COMPARED);
  const toggle = (rid: string) => setCompared((c) => (c.includes(rid) ? c.filter((x) => x !== rid) : [...c, rid].slice(-(MAX_COMPARED - 1))));
  return (
    <PageFrame name={name} className="ys-al-page">
      {q.isPending ? (
        <DotLoading />
      ) : !self ? (
        <ErrorBlock status="empty" title={t('monitor.missing')} description="" />
      ) : (
        <>
          <h1 className="ys-al-title">{t('monitor.title', { name: self.name })}</h1>
          <p className="ys-al-count">
            {t(`kinds:vendors.${self.vendor}`)} · {t(`kinds:status.${self.status}`, { defaultValue: self.status })}
          </p>
          <div className="ys-al-monitor">
            <MetricView kind={kind} resourceIds={ids} />
            {bp !== 'phone' ? (
              <aside className="ys-al-compare" aria-label={t('monitor.compare')}>
                <h2 className="ys-al-sub">{t('monitor.compare')}</h2>
                <p className="ys-al-hint">{t('monitor.compare_hint', { n: MAX_COMPARED })}</p>
                <ul>
                  {(q.data?.data ?? [])
                    .filter((r) => r.id !== id && r.status !== 'deleted')
                    .map((r) => (
                      <li key={r.id}>
                        <label>
                          <input type="checkbox" checked={compared.includes(r.id)} onChange={() => toggle(r.id)} />
                          <span>{r.name}</span>
                        </label>
                      </li>
                    ))}
                </ul>
              </aside>
            ) : null}
          </div>
        </>
      )}
    </PageFrame>
  );
}
