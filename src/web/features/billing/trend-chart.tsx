// The monthly trend (uPlot), loaded only by the bill pages that draw it.
import { useEffect, useRef } from 'react';
import uPlot from 'uplot';
import 'uplot/dist/uPlot.min.css';

export default function TrendChart({ months, amounts, label }: { months: string[]; amounts: number[]; label: string }) {
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const el = ref.current;
    if (!el) return;
    const xs = months.map((_, i) => i);
    const ys = amounts.map((f) => f / 100);
    const size = () => ({ width: Math.max(260, el.clientWidth), height: 200 });
    const plot = new uPlot(
      {
        ...size(),
        legend: { show: false },
        scales: { x: { time: false } },
        series: [{}, { label, stroke: '#1366d6', fill: 'rgba(19,102,214,0.10)', width: 2, points: { size: 6 } }],
        axes: [
          { stroke: '#646a73', grid: { stroke: '#f0f0f0' }, values: (_u, ticks) => ticks.map((t) => (Number.isInteger(t) ? (months[t]?.slice(2) ?? '') : '')) },
          {
            stroke: '#646a73',
            grid: { stroke: '#f0f0f0' },
            size: 56,
            values: (_u, ticks) => ticks.map((t) => t.toLocaleString('zh-CN', { notation: 'compact' })),
          },
        ],
      },
      [xs, ys],
      el,
    );
    const onResize = () => plot.setSize(size());
    window.addEventListener('resize', onResize);
    return () => {
      window.removeEventListener('resize', onResize);
      plot.destroy();
    };
  }, [months, amounts, label]);
  return <div ref={ref} className="ys-bill__chart" data-testid="bill-trend" />;
}
