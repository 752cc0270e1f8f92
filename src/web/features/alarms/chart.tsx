// A uPlot line chart that fits a 375px phone: one or several series on one time axis, axis units,
// 24-hour Asia/Shanghai times, and a readout of the value and time under the finger (touch moves
// the cursor; uPlot alone only follows a mouse).
import { useEffect, useRef, useState } from 'react';
import uPlot from 'uplot';
import 'uplot/dist/uPlot.min.css';
import { axisTime, fullTime, withUnit } from './format.ts';

export interface ChartSeries {
  label: string;
  points: [number, number][];
}

const COLORS = ['#1366d6', '#d4380d', '#08979c', '#7c3aed'];

export function MetricChart({
  series,
  unit,
  unitText,
  rangeSeconds,
  marker,
  height = 220,
  label,
}: {
  series: ChartSeries[];
  unit: string;
  unitText?: string;
  rangeSeconds: number;
  /** a time (ms) to mark, e.g. when an alarm fired */
  marker?: number;
  height?: number;
  /** the chart's accessible name */
  label: string;
}) {
  const ref = useRef<HTMLDivElement>(null);
  const [readout, setReadout] = useState<{ t: number; values: (number | null)[] } | null>(null);
  useEffect(() => {
    const el = ref.current;
    if (!el || !series.length) return;
    // One time axis: the first series' times; the others are matched by index (same sampling).
    const xs = series[0]!.points.map((p) => p[0] / 1000);
    const data: uPlot.AlignedData = [xs, ...series.map((s) => xs.map((_, i) => s.points[i]?.[1] ?? null))];
    const width = () => Math.max(260, el.clientWidth);
    const opts: uPlot.Options = {
      width: width(),
      height,
      legend: { show: false },
      tzDate: (ts) => uPlot.tzDate(new Date(ts * 1000), 'Asia/Shanghai'),
      scales: { x: { time: true }, y: { range: (_u, min, max) => [Math.min(0, min), unit === '%' ? Math.max(100, max) : max * 1.1 || 1] } },
      series: [
        {},
        ...series.map((s, i) => ({
          label: s.label,
          stroke: COLORS[i % COLORS.length],
          width: 2,
          fill: series.length === 1 ? 'rgba(19,102,214,0.08)' : undefined,
        })),
      ],
      axes: [
        { stroke: '#4e5969', grid: { stroke: '#f0f0f0' }, values: (_u, splits) => splits.map((v) => axisTime(v * 1000, rangeSeconds)), space: 60 },
        { stroke: '#4e5969', grid: { stroke: '#f0f0f0' }, size: 52, values: (_u, splits) => splits.map((v) => withUnit(v, unit, unitText)) },
      ],
      hooks: {
        setCursor: [
          (u) => {
            const i = u.cursor.idx;
            if (i === null || i === undefined) return;
            setReadout({ t: xs[i]! * 1000, values: series.map((s) => s.points[i]?.[1] ?? null) });
          },
        ],
        draw: [
          (u) => {
            if (!marker) return;
            const x = u.valToPos(marker / 1000, 'x', true);
            if (x < u.bbox.left || x > u.bbox.left + u.bbox.width) return;
            const ctx = u.ctx;
            ctx.save();
            ctx.strokeStyle = '#d4380d';
            ctx.setLineDash([4, 4]);
            ctx.beginPath();
            ctx.moveTo(x, u.bbox.top);
            ctx.lineTo(x, u.bbox.top + u.bbox.height);
            ctx.stroke();
            ctx.restore();
          },
        ],
      },
    };
    const plot = new uPlot(opts, data, el);
    // Touch: move the cursor to the finger (the page still scrolls vertically).
    const over = plot.over;
    const onTouch = (e: TouchEvent) => {
      const touch = e.touches[0];
      if (!touch) return;
      const r = over.getBoundingClientRect();
      plot.setCursor({ left: Math.min(r.width, Math.max(0, touch.clientX - r.left)), top: Math.min(r.height, Math.max(0, touch.clientY - r.top)) });
    };
    over.addEventListener('touchstart', onTouch, { passive: true });
    over.addEventListener('touchmove', onTouch, { passive: true });
    const onResize = () => plot.setSize({ width: width(), height });
    window.addEventListener('resize', onResize);
    // The latest value is shown until someone points at another.
    const last = xs.length - 1;
    if (last >= 0) setReadout({ t: xs[last]! * 1000, values: series.map((s) => s.points[last]?.[1] ?? null) });
    return () => {
      window.removeEventListener('resize', onResize);
      over.removeEventListener('touchstart', onTouch);
      over.removeEventListener('touchmove', onTouch);
      plot.destroy();
    };
  }, [series, unit, unitText, rangeSeconds, marker, height]);
  return (
    <figure className="ys-al-chart" aria-label={label}>
      {readout ? (
        <figcaption className="ys-al-chart__readout" data-testid="chart-readout">
          <span className="ys-al-chart__time">{fullTime(readout.t)}</span>
          {readout.values.map((v, i) => (
            <span key={series[i]?.label ?? i} className="ys-al-chart__value">
              <i style={{ background: COLORS[i % COLORS.length] }} aria-hidden />
              {series.length > 1 ? `${series[i]?.label ?? ''} ` : ''}
              {v === null ? '—' : withUnit(v, unit, unitText)}
            </span>
          ))}
        </figcaption>
      ) : null}
      <div ref={ref} data-testid="metric-chart" />
    </figure>
  );
}
