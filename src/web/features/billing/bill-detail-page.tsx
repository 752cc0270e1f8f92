// Bill detail (tenantBillDetail, projectBillDetail, bilDetailPublicCloud): one month's bill — its sums, what each
// resource cost, and the usage lines day by day (hours, amount, the original currency and rate of
// a foreign-currency line). The month comes from ?month=YYYY-MM (default: this month).
import { useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Button, DotLoading } from 'antd-mobile';
import { LoadFailed } from '../../ui/light/load-failed.tsx';
import { usePageHandle } from '../../lib/hooks.ts';
import { PageFrame } from '../../ui/page-frame.tsx';
import { Breadcrumb } from '../../ui/breadcrumb.tsx';
import { billLines, monthly, type BillLine, type Cloud, type Level } from './api.ts';
import { monthEnd, recentMonths, yuan } from './format.ts';
import { SumCards } from './parts.tsx';
import { BillExport } from './bill-export.tsx';
import './billing.css';
import { billingKeys } from './query-keys.ts';

const PAGE = 50;

function LineRow({ l }: { l: BillLine & { product_name?: string; vendor_name?: string } }) {
  const { t } = useTranslation();
  return (
    <li className="ys-bill__line" data-testid="bill-line">
      <span className="ys-bill__line-day">{l.day}</span>
      <span className="ys-bill__line-name">{l.resource_name}</span>
      <span className="ys-bill__line-meta">
        {l.product_name} · {l.vendor_name} · {t(`billing:charging.${l.charging_code}`)}
      </span>
      <span className="ys-bill__line-hours">
        {l.charging_code === 'year' ? t('billing:detail.period') : t('billing:detail.hours', { hours: l.hours.toFixed(2) })}
      </span>
      <strong className="ys-bill__line-amount">{yuan(l.amount_fen)}</strong>
      {l.currency !== 'CNY' ? (
        <span className="ys-bill__line-fx" data-testid="bill-line-fx">
          {t(`billing:currency.${l.currency}`)} {(l.original_amount / 100).toFixed(2)} · {t('billing:fields.rate')} {l.rate}
        </span>
      ) : null}
    </li>
  );
}

export default function BillDetailPage() {
  const handle = usePageHandle();
  const { t } = useTranslation();
  const name = handle?.name ?? 'tenantBillDetail';
  const level: Level = name.startsWith('project') ? 'projects' : 'tenants';
  const cloud: Cloud = name === 'bilDetailPublicCloud' ? 'public' : 'all';
  const [params, setParams] = useSearchParams();
  const months = recentMonths(12);
  const month = months.includes(params.get('month') ?? '') ? params.get('month')! : months[0]!;
  const [, force] = useState(0);
  const byResource = useQuery({ queryKey: billingKeys.byResource(level, month, cloud), queryFn: () => monthly(level, month, month, 'resource', cloud) });
  const lines = useInfiniteQuery({
    queryKey: billingKeys.lines(level, month, cloud),
    queryFn: ({ pageParam }) => billLines(level, `${month}-01`, monthEnd(month), pageParam, PAGE, cloud),
    initialPageParam: 0,
    getNextPageParam: (last, all) => (all.length * PAGE < last.count ? all.length * PAGE : undefined),
  });
  const overview = level === 'projects' ? '/projectBillOverview' : cloud === 'public' ? '/billOverviewPublicCloud' : '/tenantBillOverview';
  const all = lines.data?.pages.flatMap((p) => p.data) ?? [];
  const count = lines.data?.pages[0]?.count ?? 0;

  return (
    <PageFrame name={name} className="ys-bill">
      {handle ? <Breadcrumb handle={handle} /> : null}
      <h1 className="ys-page__title">{t(`routes:${name}`)}</h1>
      <div className="ys-bill__toolbar">
        <label className="ys-bill__month-pick">
          <span>{t('billing:detail.month')}</span>
          <select
            value={month}
            data-testid="bill-month"
            onChange={(e) => {
              setParams({ month: e.target.value });
              force((n) => n + 1);
            }}
          >
            {months.map((m) => (
              <option key={m} value={m}>
                {m}
              </option>
            ))}
          </select>
        </label>
        <BillExport level={level} start={`${month}-01`} end={monthEnd(month)} />
        <Link to={overview} className="ys-bill__back">
          {t('billing:detail.back')}
        </Link>
      </div>
      {byResource.isPending ? (
        <div className="ys-bill__loading" role="status">
          <DotLoading /> {t('billing:loading')}
        </div>
      ) : byResource.isError ? (
        <LoadFailed title={t('billing:load_failed')}>
          <Button onClick={() => void byResource.refetch()}>{t('billing:retry')}</Button>
        </LoadFailed>
      ) : (
        <>
          <SumCards sums={byResource.data.summary} />
          <div className="ys-bill__grid">
            <section className="ys-bill__panel ys-bill__panel--wide" data-testid="bill-by-resource">
              <h2 className="ys-bill__h2">{t('billing:detail.by_resource')}</h2>
              {byResource.data.data.length === 0 ? <p className="ys-muted">{t('billing:detail.empty')}</p> : null}
              <ul className="ys-bill__bars">
                {byResource.data.data.slice(0, 20).map((r) => (
                  <li key={r.key} className="ys-bill__bar-head">
                    <span>{r.label}</span>
                    <strong>{yuan(r.amount_fen)}</strong>
                  </li>
                ))}
              </ul>
            </section>
            <section className="ys-bill__panel ys-bill__panel--wide" data-testid="bill-lines">
              <h2 className="ys-bill__h2">
                {t('billing:detail.lines')} <span className="ys-muted">{t('billing:detail.count', { count })}</span>
              </h2>
              <ul className="ys-bill__lines">
                {all.map((l, i) => (
                  <LineRow key={`${l.resource_id}-${l.day}-${i}`} l={l} />
                ))}
              </ul>
              {lines.hasNextPage ? (
                <Button block loading={lines.isFetchingNextPage} onClick={() => void lines.fetchNextPage()}>
                  {t('billing:detail.more')}
                </Button>
              ) : null}
            </section>
          </div>
        </>
      )}
    </PageFrame>
  );
}
