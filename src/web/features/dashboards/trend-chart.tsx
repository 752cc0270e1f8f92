// The 30-day resource trend (uPlot), loaded only when a panel draws it: days on the x axis as
// 「11/29」, whole counts on the y axis, readable at 375px (fewer ticks, 180px high on a phone).
import { useEffect, useRef } from 'react';
import uPlot from 'uplot';
import 'uplot/dist/uPlot.min.css';

export default function TrendChart({ days, counts, label }: { days: string[]; counts: number[]; label: string }) {
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const el = ref.current;
    if (!el) return;
    const xs = days.map((_, i) => i);
    const size = () => ({ width: Math.max(260, el.clientWidth), height: el.clientWidth < 480 ? 180 : 220 });
    const dayText = (i: number) => {
      const d = days[i];
      return d ? `${Number(d.slice(5, 7))}/${Number(d.slice(8, 10))}` : '';
    };
    const plot = new uPlot(
      {
        ...size(),
        legend: { show: false },
        cursor: { y: false },
        scales: { x: { time: false }, y: { range: (_u, min, max) => [Math.max(0, Math.floor(min * 0.9)), Math.ceil(max * 1.05) + 1] } },
        series: [{}, { label, stroke: '#1366d6', fill: 'rgba(19,102,214,0.10)', width: 2, points: { size: 5 } }],
        axes: [
          {
            stroke: '#646a73',
            grid: { stroke: '#f0f0f0' },
            space: 56,
            values: (_u, ticks) => ticks.map((t) => (Number.isInteger(t) ? dayText(t) : '')),
          },
          { stroke: '#646a73', grid: { stroke: '#f0f0f0' }, size: 44, values: (_u, ticks) => ticks.map((t) => (Number.isInteger(t) ? String(t) : '')) },
        ],
      },
      [xs, counts],
      el,
    );
    const onResize = () => plot.setSize(size());
    window.addEventListener('resize', onResize);
    return () => {
      window.removeEventListener('resize', onResize);
      plot.destroy();
    };
  }, [days, counts, label]);
  return <div ref={ref} className="ys-dash__chart" data-testid="dash-trend" role="img" aria-label={label} />;
}
