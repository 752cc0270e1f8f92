// Bill overview (tenantBillOverview, projectBillOverview, billOverviewMixcloud, billOverviewPublicCloud): a range of months,
// what was payable and how it was paid, the monthly trend, the split by vendor, product and project,
// each month's bill with its state, and the export. One currency (CNY); foreign-currency lines are
// converted by the server with the rate of their day. Tablet: the charts sit two by two.
import { lazy, Suspense, useMemo, useState } from 'react';
import { Link } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Button, DotLoading, Selector } from 'antd-mobile';
import { LoadFailed } from '../../ui/light/load-failed.tsx';
import { usePageHandle } from '../../lib/hooks.ts';
import { PageFrame } from '../../ui/page-frame.tsx';
import { Breadcrumb } from '../../ui/breadcrumb.tsx';
import { monthly, type BillRow, type Cloud, type Level } from './api.ts';
import { monthEnd, recentMonths, yuan } from './format.ts';
import { BillExport } from './bill-export.tsx';
import { SumCards, StateTag } from './parts.tsx';
import './billing.css';
import { billingKeys } from './query-keys.ts';

const TrendChart = lazy(() => import('./trend-chart.tsx'));
const RANGES = [3, 6, 12] as const;

function Bars({ title, rows, testId }: { title: string; rows: BillRow[]; testId: string }) {
  const { t } = useTranslation();
  const max = Math.max(1, ...rows.map((r) => r.amount_fen));
  return (
    <section className="ys-bill__panel" data-testid={testId}>
      <h2 className="ys-bill__h2">{title}</h2>
      {rows.length === 0 ? <p className="ys-muted">{t('billing:empty')}</p> : null}
      <ul className="ys-bill__bars">
        {rows.slice(0, 8).map((r) => (
          <li key={r.key}>
            <div className="ys-bill__bar-head">
              <span>{r.label ?? (r.key || t('billing:charts.no_region'))}</span>
              <strong>{yuan(r.amount_fen)}</strong>
            </div>
            <div className="ys-bill__bar" aria-hidden="true">
              <i style={{ width: `${Math.max(2, Math.round((r.amount_fen / max) * 100))}%` }} />
            </div>
          </li>
        ))}
      </ul>
    </section>
  );
}

export default function BillOverviewPage() {
  const handle = usePageHandle();
  const { t } = useTranslation();
  const name = handle?.name ?? 'tenantBillOverview';
  const level: Level = name.startsWith('project') ? 'projects' : 'tenants';
  // billOverviewPublicCloud: the same bill narrowed to the public clouds' accounts.
  const cloud: Cloud = name === 'billOverviewPublicCloud' ? 'public' : 'all';
  const [range, setRange] = useState<number>(12);
  const months = useMemo(() => recentMonths(range).reverse(), [range]);
  const start = months[0]!;
  const end = months[months.length - 1]!;
  const q = (group: string) => ({ queryKey: billingKeys.grouped(level, group, start, end, cloud), queryFn: () => monthly(level, start, end, group, cloud) });
  const byMonth = useQuery(q('month'));
  const byVendor = useQuery(q('vendor'));
  const byProduct = useQuery(q('product'));
  const byProject = useQuery({ ...q('project'), enabled: level === 'tenants' });
  const detailRoute = level === 'projects' ? '/projectBillDetail' : cloud === 'public' ? '/bilDetailPublicCloud' : '/tenantBillDetail';
  const rows = byMonth.data?.data ?? [];

  return (
    <PageFrame name={name} className="ys-bill">
      {handle ? <Breadcrumb handle={handle} /> : null}
      <h1 className="ys-page__title">{t(`routes:${name}`)}</h1>
      <div className="ys-bill__toolbar">
        <Selector
          aria-label={t('billing:range.label')}
          columns={3}
          value={[range]}
          onChange={(v) => v[0] && setRange(v[0])}
          options={RANGES.map((n) => ({ label: t(`billing:range.m${n}`), value: n }))}
        />
        <BillExport level={level} start={`${start}-01`} end={monthEnd(end)} />
      </div>
      {byMonth.isPending ? (
        <div className="ys-bill__loading" role="status">
          <DotLoading /> {t('billing:loading')}
        </div>
      ) : byMonth.isError ? (
        <LoadFailed title={t('billing:load_failed')}>
          <Button onClick={() => void byMonth.refetch()}>{t('billing:retry')}</Button>
        </LoadFailed>
      ) : (
        <>
          <SumCards sums={byMonth.data.summary} />
          <p className="ys-muted ys-bill__note">{t('billing:summary.currency_note')}</p>
          <div className="ys-bill__grid">
            <section className="ys-bill__panel ys-bill__panel--wide">
              <h2 className="ys-bill__h2">{t('billing:charts.trend')}</h2>
              <Suspense fallback={<p className="ys-muted">{t('billing:charts.loading')}</p>}>
                <TrendChart months={rows.map((r) => r.key)} amounts={rows.map((r) => r.amount_fen)} label={t('billing:summary.amount')} />
              </Suspense>
            </section>
            <Bars title={t('billing:charts.vendor')} rows={byVendor.data?.data ?? []} testId="bill-by-vendor" />
            <Bars title={t('billing:charts.product')} rows={byProduct.data?.data ?? []} testId="bill-by-product" />
            {level === 'tenants' ? <Bars title={t('billing:charts.project')} rows={byProject.data?.data ?? []} testId="bill-by-project" /> : null}
          </div>
          <section className="ys-bill__panel">
            <h2 className="ys-bill__h2">{t('billing:months.title')}</h2>
            <ul className="ys-bill__months" data-testid="bill-months">
              {[...rows].reverse().map((r) => (
                <li key={r.key}>
                  <Link className="ys-bill__month" to={`${detailRoute}?month=${r.key}`} data-month={r.key}>
                    <span className="ys-bill__month-name">{r.key}</span>
                    {r.state ? <StateTag state={r.state} /> : null}
                    <strong>{yuan(r.amount_fen)}</strong>
                    <span className="ys-bill__month-go">{t('billing:months.detail')}</span>
                  </Link>
                </li>
              ))}
            </ul>
          </section>
        </>
      )}
    </PageFrame>
  );
}
