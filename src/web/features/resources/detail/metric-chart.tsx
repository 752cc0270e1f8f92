// The monitoring tab: the simulator's deterministic metrics drawn with uPlot.
import { useEffect, useRef, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Selector } from 'antd-mobile';
import uPlot from 'uplot';
import 'uplot/dist/uPlot.min.css';
import type { ListKind } from '../../../../domain/kinds/list-kind.ts';
import { getMetrics } from '../api.ts';
import { resourceKeys } from '../query-keys.ts';

const METRICS = ['cpu', 'memory', 'network_in', 'network_out'] as const;
const RANGES = ['1h', '6h', '1d', '1w'] as const;

function Chart({ xs, ys, label }: { xs: number[]; ys: number[]; label: string }) {
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const el = ref.current;
    if (!el) return;
    const width = Math.max(280, el.clientWidth);
    const plot = new uPlot(
      {
        width,
        height: 220,
        legend: { show: false },
        scales: { x: { time: true } },
        series: [{}, { label, stroke: '#1366d6', fill: 'rgba(19,102,214,0.08)', width: 2 }],
        axes: [
          { stroke: '#86909c', grid: { stroke: '#f0f0f0' } },
          { stroke: '#86909c', grid: { stroke: '#f0f0f0' }, size: 40 },
        ],
      },
      [xs, ys],
      el,
    );
    const onResize = () => plot.setSize({ width: Math.max(280, el.clientWidth), height: 220 });
    window.addEventListener('resize', onResize);
    return () => {
      window.removeEventListener('resize', onResize);
      plot.destroy();
    };
  }, [xs, ys, label]);
  return <div ref={ref} className="ys-chart" data-testid="metric-chart" />;
}

/**
 * The metric picker, range picker and chart of one resource. `metrics` narrows the choice (a CDN
 * domain draws its bandwidth and origin traffic), `labelOf` names them.
 */
export function MetricPanel({
  def,
  id,
  metrics = METRICS,
  labelOf,
}: {
  def: ListKind;
  id: string;
  metrics?: readonly string[];
  labelOf?: (metric: string) => string;
}) {
  const { t } = useTranslation();
  const [metric, setMetric] = useState<string>(metrics[0] ?? 'cpu');
  const label = (m: string) => labelOf?.(m) ?? t(`resources:monitor.${m}`);
  const [range, setRange] = useState<string>('1h');
  const q = useQuery({
    queryKey: resourceKeys.metrics(def.kind, id, metric, range),
    queryFn: () => getMetrics(def, id, metric, range),
    refetchInterval: 60_000,
  });
  const xs = q.data?.data.map((p) => new Date(p.ts).getTime() / 1000) ?? [];
  const ys = q.data?.data.map((p) => p.value) ?? [];
  return (
    <div className="ys-monitor">
      <Selector
        columns={Math.min(4, metrics.length)}
        value={[metric]}
        onChange={(v) => v[0] && setMetric(v[0])}
        options={metrics.map((m) => ({ label: label(m), value: m }))}
      />
      <Selector
        columns={4}
        value={[range]}
        onChange={(v) => v[0] && setRange(v[0])}
        options={RANGES.map((r) => ({ label: t(`resources:monitor.range_${r}`), value: r }))}
      />
      {xs.length ? (
        <Chart xs={xs} ys={ys} label={label(metric)} />
      ) : (
        <div className="ys-empty">{q.isLoading ? t('resources:common.loading') : t('resources:table.empty')}</div>
      )}
    </div>
  );
}
