// The panels of the custom overview: the resource overview (counts linked to their lists and the
// 30-day trend, drawn lazily), the capacity of each cluster with a way to its view, the spread over
// vendors, and a user's own panel (the metrics they chose, totals and per vendor).
import { lazy, Suspense } from 'react';
import { Link } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { OVERVIEW_KINDS, percent, type Cluster, type Panel, type Summary } from '../../../domain/dashboards.ts';
import { getReport } from './api.ts';
import { dashboardKeys } from './query-keys.ts';
import { CapacityBars, Card, PATHS, useScopeKey, useValueText, useVendorName } from './parts.tsx';

const TrendChart = lazy(() => import('./trend-chart.tsx'));

const KIND_PATHS: Record<(typeof OVERVIEW_KINDS)[number], string> = {
  instance: '/ecsManage',
  volume: '/volumeManage',
  db_instance: '/database',
  cache_instance: '/cacheDatabase',
  vpc: '/vpc',
  eip: '/eipManage',
};

export function OverviewPanel({ s }: { s: Summary }) {
  const { t } = useTranslation('dashboards');
  const total = Object.values(s.kinds).reduce((a, b) => a + b, 0);
  return (
    <Card title={t('panel.overview')} id="dash-overview" testId="panel-overview" aside={<span className="ys-dash__muted">{t('total', { n: total })}</span>}>
      <div className="ys-dash__counts">
        {OVERVIEW_KINDS.map((k) => (
          <Link key={k} to={KIND_PATHS[k]} className="ys-dash__count" data-kind={k}>
            <span className="ys-dash__count-label">{t(`kinds.${k}`)}</span>
            <span className="ys-dash__count-value">{s.kinds[k] ?? 0}</span>
          </Link>
        ))}
      </div>
      <h3 className="ys-dash__sub">{t('trend_title')}</h3>
      <Suspense fallback={<div className="ys-dash__chart" />}>
        <TrendChart days={s.trend.map((d) => d.day)} counts={s.trend.map((d) => d.count)} label={t('trend_title')} />
      </Suspense>
    </Card>
  );
}

export function CapacityPanel({ cluster, s }: { cluster: Cluster; s: Summary }) {
  const { t } = useTranslation('dashboards');
  const f = s.capacity[cluster];
  return (
    <Card
      title={t(`panel.${cluster}`)}
      id={`dash-${cluster}`}
      testId={`panel-${cluster}`}
      aside={
        <Link to={PATHS.capacity[cluster]} className="ys-dash__more">
          {t('view_more')}
        </Link>
      }
    >
      <p className="ys-dash__muted">{t(`cluster_count.${cluster}`, { n: f.count })}</p>
      <CapacityBars cluster={cluster} f={f} />
    </Card>
  );
}

export function VendorsPanel({ s }: { s: Summary }) {
  const { t } = useTranslation('dashboards');
  const vendorName = useVendorName();
  const total = s.vendors.reduce((a, v) => a + v.count, 0);
  return (
    <Card title={t('panel.vendors')} id="dash-vendors" testId="panel-vendors">
      {s.vendors.length === 0 ? (
        <p className="ys-dash__muted">{t('empty')}</p>
      ) : (
        <ul className="ys-dash__spread">
          {s.vendors.map((v) => (
            <li key={v.vendor}>
              <span className="ys-dash__spread-name">{vendorName(v.vendor)}</span>
              <span className="ys-dash__bar" aria-hidden="true">
                <span style={{ width: `${Math.max(2, percent(v.count, total))}%` }} />
              </span>
              <span className="ys-dash__spread-value">{t('unit.count', { n: v.count })}</span>
            </li>
          ))}
        </ul>
      )}
    </Card>
  );
}

export function CustomPanel({ panel }: { panel: Panel }) {
  const { t } = useTranslation('dashboards');
  const scope = useScopeKey();
  const value = useValueText();
  const vendorName = useVendorName();
  const metrics = panel.metrics ?? [];
  const q = useQuery({
    queryKey: dashboardKeys.report(scope, 'vendor', metrics.join(',')),
    queryFn: () => getReport('vendor', metrics),
    enabled: Boolean(scope[0]) && metrics.length > 0,
  });
  return (
    <Card title={panel.name ?? ''} id={`dash-${panel.key}`} testId="panel-custom">
      {q.isPending ? (
        <p className="ys-dash__muted">{t('loading')}</p>
      ) : q.isError ? (
        <p className="ys-dash__muted">{t('failed')}</p>
      ) : (
        <div className="ys-dash__tiles">
          {metrics.map((m) => (
            <div key={m} className="ys-dash__tile" data-metric={m}>
              <span className="ys-dash__tile-label">{t(`metric.${m}`)}</span>
              <span className="ys-dash__tile-value">{value(m, q.data.totals[m] ?? 0)}</span>
              <span className="ys-dash__tile-split">
                {q.data.rows
                  .filter((r) => (r.values[m] ?? 0) > 0)
                  .slice(0, 3)
                  .map((r) => `${vendorName(r.key)} ${value(m, r.values[m] ?? 0)}`)
                  .join('，') || t('none_yet')}
              </span>
            </div>
          ))}
        </div>
      )}
    </Card>
  );
}

/** One panel of the layout by its key. */
export function PanelView({ panel, s }: { panel: Panel; s: Summary }) {
  if (panel.type === 'custom') return <CustomPanel panel={panel} />;
  if (panel.key === 'overview') return <OverviewPanel s={s} />;
  if (panel.key === 'vendors') return <VendorsPanel s={s} />;
  if (panel.key === 'compute' || panel.key === 'database' || panel.key === 'memory') return <CapacityPanel cluster={panel.key} s={s} />;
  return null;
}
