// One metric of one or several resources over a chosen range: metric tabs, range tiles, the chart.
import { useMemo, useState } from 'react';
import { useQueries } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { DotLoading } from 'antd-mobile';
import { LoadFailed } from '../../ui/light/load-failed.tsx';
import { KIND_METRICS, type MetricName, type RangeKey } from '../../../domain/alarms/alarm-metrics.ts';
import { METRIC_RANGES } from '../../../domain/metric-ranges.ts';
import { getSeries, type LinkScope, type Series } from './api.ts';
import { MetricChart } from './chart.tsx';
import { RangeTiles } from './range-tiles.tsx';
import { alarmKeys } from './query-keys.ts';

export function MetricView({
  kind,
  resourceIds,
  initialMetric,
  initialRange = '1h',
  end,
  marker,
  scope,
}: {
  kind: string;
  resourceIds: string[];
  initialMetric?: string;
  initialRange?: RangeKey;
  /** the end of the window (ms): an alarm's chart ends a little after it fired */
  end?: number;
  marker?: number;
  /** a deep link's own scope */
  scope?: LinkScope;
}) {
  const { t } = useTranslation('alarms');
  const metrics = KIND_METRICS[kind] ?? ['cpu'];
  const [metric, setMetric] = useState<MetricName>((metrics.includes(initialMetric as MetricName) ? initialMetric : metrics[0]) as MetricName);
  const [range, setRange] = useState<RangeKey>(initialRange);
  const results = useQueries({
    queries: resourceIds.map((id) => ({
      queryKey: alarmKeys.series(id, metric, range, end ?? null),
      queryFn: () => getSeries(id, metric, range, end, scope),
      refetchInterval: end ? false : 60_000,
    })),
  });
  const loaded = results.map((r) => r.data).filter((d): d is Series => !!d);
  // A new array on every render: the chart is rebuilt only when the loaded series really change.
  const dataKey = results.map((r) => r.dataUpdatedAt).join();
  const series = useMemo(
    () => results.flatMap((r) => (r.data ? [{ label: r.data.resource.name, points: r.data.points }] : [])),
    [dataKey], // eslint-disable-line react-hooks/exhaustive-deps
  );
  const unit = loaded[0]?.unit ?? '';
  return (
    <section className="ys-al-metric">
      <div className="ys-al-metric__tabs" role="tablist" aria-label={t('monitor.metric')}>
        {metrics.map((m) => (
          <button key={m} type="button" role="tab" aria-selected={m === metric} className={m === metric ? 'is-on' : ''} onClick={() => setMetric(m)}>
            {t(`metrics.${m}`)}
          </button>
        ))}
      </div>
      <RangeTiles value={range} onChange={setRange} />
      {results.some((r) => r.isError) ? (
        <LoadFailed title={t('common.load_failed')} />
      ) : series.length < resourceIds.length || !series.length ? (
        <div className="ys-al-empty">
          <DotLoading />
        </div>
      ) : (
        <MetricChart
          series={series}
          unit={unit}
          unitText={unit === 'count' ? t('units.count') : ''}
          rangeSeconds={METRIC_RANGES[range]}
          marker={marker}
          label={t(`metrics.${metric}`)}
        />
      )}
    </section>
  );
}
