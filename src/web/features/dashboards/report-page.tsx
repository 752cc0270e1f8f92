// customsReport: a report built from chosen metrics — up to six of them, laid out by vendor, region
// or project, with a total row; the choice lives in the address (so a report can be shared or
// bookmarked) and the table downloads as a CSV with the same words the screen shows. Desktop reads a
// table, a phone one card per row.
import { useMemo } from 'react';
import { useSearchParams } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Button, Selector } from 'antd-mobile';
import { METRIC_KEYS, PANEL_METRICS_MAX, REPORT_GROUPS, type MetricKey, type ReportAnswer, type ReportGroup } from '../../../domain/dashboards.ts';
import { useBreakpoint } from '../../lib/hooks.ts';
import { TaskListState } from '../../ui/task-frame.tsx';
import { getReport } from './api.ts';
import { Card, DashFrame, useScopeKey, useValueText, useVendorName } from './parts.tsx';
import { dashboardKeys } from './query-keys.ts';

const DEFAULT_METRICS: MetricKey[] = ['instance_count', 'cores_used', 'memory_used', 'storage_used'];

function useChoice() {
  const [params, setParams] = useSearchParams();
  const group = (REPORT_GROUPS as readonly string[]).includes(params.get('group') ?? '') ? (params.get('group') as ReportGroup) : 'vendor';
  const fromUrl = (params.get('metrics') ?? '').split(',').filter((m): m is MetricKey => (METRIC_KEYS as string[]).includes(m));
  const metrics = fromUrl.length ? [...new Set(fromUrl)].slice(0, PANEL_METRICS_MAX) : DEFAULT_METRICS;
  const set = (g: ReportGroup, m: MetricKey[]) => setParams({ group: g, metrics: m.join(',') }, { replace: true });
  return { group, metrics, set };
}

function download(name: string, rows: string[][]) {
  const csv = rows.map((r) => r.map((c) => (/[",\n]/.test(c) ? `"${c.replace(/"/g, '""')}"` : c)).join(',')).join('\r\n');
  const url = URL.createObjectURL(new Blob([`\uFEFF${csv}`], { type: 'text/csv;charset=utf-8' }));
  const a = document.createElement('a');
  a.href = url;
  a.download = name;
  a.click();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

function ReportTable({
  r,
  label,
  value,
  desktop,
}: {
  r: ReportAnswer;
  label: (key: string, text: string) => string;
  value: (m: MetricKey, v: number) => string;
  desktop: boolean;
}) {
  const { t } = useTranslation('dashboards');
  if (!desktop)
    return (
      <ul className="ys-dash__places" data-testid="report-cards">
        {r.rows.map((row) => (
          <li key={row.key || 'none'} className="ys-dash__card">
            <h2 className="ys-dash__card-title">{label(row.key, row.label)}</h2>
            <dl className="ys-dash__dl">
              {r.metrics.map((m) => (
                <div key={m}>
                  <dt>{t(`metric.${m}`)}</dt>
                  <dd>{value(m, row.values[m] ?? 0)}</dd>
                </div>
              ))}
            </dl>
          </li>
        ))}
        <li className="ys-dash__card ys-dash__card--total">
          <h2 className="ys-dash__card-title">{t('report.total')}</h2>
          <dl className="ys-dash__dl">
            {r.metrics.map((m) => (
              <div key={m}>
                <dt>{t(`metric.${m}`)}</dt>
                <dd>{value(m, r.totals[m] ?? 0)}</dd>
              </div>
            ))}
          </dl>
        </li>
      </ul>
    );
  return (
    <div className="ys-dash__table-wrap">
      <table className="ys-dash__table" data-testid="report-table">
        <thead>
          <tr>
            <th scope="col">{t(`report.group.${r.group}`)}</th>
            {r.metrics.map((m) => (
              <th key={m} scope="col">
                {t(`metric.${m}`)}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {r.rows.map((row) => (
            <tr key={row.key || 'none'}>
              <th scope="row">{label(row.key, row.label)}</th>
              {r.metrics.map((m) => (
                <td key={m}>{value(m, row.values[m] ?? 0)}</td>
              ))}
            </tr>
          ))}
        </tbody>
        <tfoot>
          <tr>
            <th scope="row">{t('report.total')}</th>
            {r.metrics.map((m) => (
              <td key={m}>{value(m, r.totals[m] ?? 0)}</td>
            ))}
          </tr>
        </tfoot>
      </table>
    </div>
  );
}

export default function ReportPage() {
  const { t } = useTranslation('dashboards');
  const scope = useScopeKey();
  const desktop = useBreakpoint() !== 'phone';
  const { group, metrics, set } = useChoice();
  const value = useValueText();
  const vendorName = useVendorName();
  const q = useQuery({ queryKey: dashboardKeys.report(scope, group, metrics.join(',')), queryFn: () => getReport(group, metrics), enabled: Boolean(scope[0]) });
  // A place with none of the chosen figures (a vendor used only for networks) is left out; the totals stay whole.
  const shown = useMemo(() => (q.data ? { ...q.data, rows: q.data.rows.filter((r) => Object.values(r.values).some((v) => v > 0)) } : undefined), [q.data]);
  const label = useMemo(() => (key: string, text: string) => (group === 'vendor' ? vendorName(key) : text || t('report.unplaced')), [group, vendorName, t]);
  const exportCsv = () => {
    const r = shown;
    if (!r) return;
    const head = [t(`report.group.${r.group}`), ...r.metrics.map((m) => t(`metric.${m}`))];
    const body = r.rows.map((row) => [label(row.key, row.label), ...r.metrics.map((m) => value(m, row.values[m] ?? 0))]);
    const foot = [t('report.total'), ...r.metrics.map((m) => value(m, r.totals[m] ?? 0))];
    download(`${t('routes:customsReport')}.csv`, [head, ...body, foot]);
  };
  return (
    <DashFrame page="customsReport" title={t('routes:customsReport')} tab="report" intro={t('report.intro')}>
      <Card title={t('report.choose')} id="report-choose">
        <fieldset className="ys-dash__metrics">
          <legend>{t('report.group_by')}</legend>
          <Selector
            columns={3}
            value={[group]}
            onChange={(v) => v[0] && set(v[0] as ReportGroup, metrics)}
            options={REPORT_GROUPS.map((g) => ({ label: t(`report.by.${g}`), value: g }))}
          />
        </fieldset>
        <fieldset className="ys-dash__metrics">
          <legend>{t('layout.metrics', { max: PANEL_METRICS_MAX })}</legend>
          <Selector
            multiple
            columns={desktop ? 4 : 2}
            value={metrics}
            onChange={(v) => v.length && set(group, (v as MetricKey[]).slice(0, PANEL_METRICS_MAX))}
            options={METRIC_KEYS.map((m) => ({ label: t(`metric.${m}`), value: m, disabled: !metrics.includes(m) && metrics.length >= PANEL_METRICS_MAX }))}
          />
        </fieldset>
        <div className="ys-dash__actions">
          <Button onClick={exportCsv} disabled={!shown?.rows.length} data-testid="report-export">
            {t('report.export')}
          </Button>
        </div>
      </Card>
      <TaskListState
        loading={q.isPending}
        failed={q.isError}
        empty={shown?.rows.length === 0}
        emptyText={t('empty')}
        loadingText={t('loading')}
        failedText={t('failed')}
      />
      {shown && shown.rows.length > 0 ? <ReportTable r={shown} label={label} value={value} desktop={desktop} /> : null}
    </DashFrame>
  );
}
