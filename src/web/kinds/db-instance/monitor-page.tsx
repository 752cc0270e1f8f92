// 监控 (databaseDetail_monitor, ADR 0058): the instance's series from the simulated cloud — the same
// generator the alarms' metric views and the resource detail's monitor tab draw — as tiles of the
// latest values (GET …/metrics) and the resources' chart with its metric and range pickers.
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { KindPageProps } from '../../features/resources/kind-slots.ts';
import { kindOf } from '../../../domain/kinds/registry.ts';
import { MetricPanel } from '../../features/resources/detail/metric-chart.tsx';
import { formatDateTime } from '../../../domain/time-format.ts';
import { O, OpsFrame, OpsState, refusalText } from './ops-frame.tsx';
import { instanceMetrics, opsKeys } from './ops-api.ts';

const M = `${O}.monitor`;
const METRICS = ['cpu', 'memory', 'connections', 'read_iops', 'write_iops', 'disk_usage'] as const;
const UNIT: Record<string, string> = { cpu: '%', memory: '%', disk_usage: '%', connections: '', read_iops: ' IOPS', write_iops: ' IOPS' };

const valueText = (metric: string, v: number) => {
  const n = metric === 'connections' || metric.endsWith('iops') ? Math.round(v).toLocaleString('zh-CN') : v.toFixed(1);
  return `${n}${UNIT[metric] ?? ''}`;
};

function MonitorBody({ id }: { id: string }) {
  const { t } = useTranslation();
  const def = kindOf('db_instance')!;
  const range = '1h';
  const q = useQuery({ queryKey: opsKeys.metrics(id, range), queryFn: () => instanceMetrics(id, range), refetchInterval: 60_000 });
  const label = (m: string) => t(`${M}.metrics.${m}`);
  let tiles;
  if (q.isPending) tiles = <OpsState loading text={t(`${O}.loading`)} />;
  else if (q.isError) tiles = <OpsState text={refusalText(q.error, t(`${O}.failed_load`))} />;
  else {
    const last = q.data.series[0]?.data.at(-1);
    tiles = (
      <>
        <div className="ys-ops__tiles" data-testid="monitor-tiles">
          {q.data.series.map((s) => {
            const values = s.data.map((p) => p.value);
            const now = values.at(-1);
            const peak = values.length ? Math.max(...values) : undefined;
            return (
              <div key={s.metric} className="ys-ops__tile" data-metric={s.metric}>
                <span className="ys-ops__tile-label">{label(s.metric)}</span>
                <span className="ys-ops__tile-value">{now === undefined ? '—' : valueText(s.metric, now)}</span>
                <span className="ys-ops__tile-sub">{peak === undefined ? '' : t(`${M}.peak`, { value: valueText(s.metric, peak) })}</span>
              </div>
            );
          })}
        </div>
        {last ? <p className="ys-ops__note">{t(`${M}.as_of`, { time: formatDateTime(last.ts) })}</p> : null}
      </>
    );
  }
  return (
    <>
      {tiles}
      <section className="ys-ops__chart">
        <h2 className="ys-ops__h2">{t(`${M}.trend`)}</h2>
        <MetricPanel def={def} id={id} metrics={METRICS} labelOf={label} />
      </section>
    </>
  );
}

export function MonitorPage({ id }: KindPageProps<true>) {
  return (
    <OpsFrame id={id} page="databaseDetail_monitor" anyEngine>
      {() => <MonitorBody id={id} />}
    </OpsFrame>
  );
}
