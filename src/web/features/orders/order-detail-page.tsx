// Order detail (orderDetail/:id): what was bought and how it was priced — each priced item with its
// package, unit price, quantity, price before and after discounts (with their dates) — the totals
// and the resource it bought, linked to its detail page while it exists.
import { Link, useParams } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { usePageHandle } from '../../lib/hooks.ts';
import { PageFrame } from '../../ui/page-frame.tsx';
import { Breadcrumb } from '../../ui/breadcrumb.tsx';
import { orderById } from './api.ts';
import { day, when, yuan } from './format.ts';
import { Failed, Loading, Tag } from './parts.tsx';
import './orders.css';
import { orderKeys } from './query-keys.ts';

const DETAIL_PATH: Record<string, string> = { instance: '/ecsDetail/', volume: '/volumeDetail/' };

export default function OrderDetailPage() {
  const handle = usePageHandle();
  const { t } = useTranslation();
  const { id = '' } = useParams();
  const q = useQuery({ queryKey: orderKeys.order(id), queryFn: () => orderById(id) });
  const o = q.data;
  return (
    <PageFrame name="orderDetail" className="ys-ord">
      {handle ? <Breadcrumb handle={handle} /> : null}
      <h1 className="ys-ord__title">{t('routes:orderDetail')}</h1>
      {q.isPending ? (
        <Loading />
      ) : q.isError || !o ? (
        <Failed retry={() => void q.refetch()} />
      ) : (
        <div className="ys-ord__split" data-testid="order-detail" data-order-type={o.order_type}>
          <section className="ys-ord__panel">
            <h2 className="ys-ord__h2">{t('orders:detail.basic')}</h2>
            <dl className="ys-ord__dl">
              <dt>{t('orders:detail.id')}</dt>
              <dd data-testid="order-no">{o.order_no}</dd>
              <dt>{t('orders:detail.type')}</dt>
              <dd>
                <Tag kind={o.order_type}>{t(`orders:type.${o.order_type}`)}</Tag>
              </dd>
              <dt>{t('orders:detail.state')}</dt>
              <dd>{t(`orders:state.${o.state}`)}</dd>
              <dt>{t('orders:detail.created')}</dt>
              <dd>{when(o.created_at)}</dd>
              <dt>{t('orders:detail.product')}</dt>
              <dd>{t(`orders:kind.${o.kind}`, { defaultValue: t('orders:kind.other') })}</dd>
              <dt>{t('orders:detail.charging')}</dt>
              <dd>
                {t(`orders:charging.${o.charging_code}`)}
                {o.duration ? ` · ${t('orders:months', { n: o.duration })}` : ''}
              </dd>
              <dt>{t('orders:detail.project')}</dt>
              <dd>{o.project_name ?? '—'}</dd>
              <dt>{t('orders:detail.resource')}</dt>
              <dd data-testid="order-resource">
                {o.resource && DETAIL_PATH[o.resource.kind] ? (
                  <Link to={`${DETAIL_PATH[o.resource.kind]}${o.resource.id}`}>{o.resource_name}</Link>
                ) : (
                  <span>
                    {o.resource_name}
                    {o.resource ? '' : ` ${t('orders:detail.resource_gone')}`}
                  </span>
                )}
              </dd>
              {o.resource?.charging_since && o.resource.charging_code === 'year' ? (
                <>
                  <dt>{t('orders:detail.contract')}</dt>
                  <dd>{t('orders:detail.contract_range', { from: day(o.resource.charging_since), to: day(o.resource.contract_until) })}</dd>
                </>
              ) : null}
            </dl>
          </section>
          <section className="ys-ord__panel">
            <h2 className="ys-ord__h2">{t('orders:detail.price')}</h2>
            <div className="ys-ord__sums" style={{ gridTemplateColumns: 'repeat(2, minmax(0, 1fr))' }}>
              <div className="ys-ord__sum">
                <span>{t('orders:detail.sum_price')}</span>
                <strong data-testid="order-sum">{yuan(o.sum_price)}</strong>
              </div>
              <div className="ys-ord__sum">
                <span>{t('orders:detail.cheap_price')}</span>
                <strong>{yuan(o.cheap_price)}</strong>
              </div>
              {o.whole_year_price ? (
                <div className="ys-ord__sum">
                  <span>{t('orders:detail.whole_year_price')}</span>
                  <strong>{yuan(o.whole_year_price)}</strong>
                </div>
              ) : null}
              {o.price.sum_before_upgrade_price !== undefined ? (
                <div className="ys-ord__sum">
                  <span>{t('orders:detail.before_upgrade')}</span>
                  <strong>{yuan(o.price.sum_before_upgrade_price)}</strong>
                </div>
              ) : null}
            </div>
            <ul className="ys-ord__lines" data-testid="order-lines">
              {o.price.data.map((l, i) => (
                <li key={`${l.product_code}-${i}`}>
                  <div className="ys-ord__card-head">
                    <span className="ys-ord__name">{t(`orders:product.${l.product_code}`, { defaultValue: t('orders:kind.other') })}</span>
                    <strong>{yuan(l.price)}</strong>
                  </div>
                  <div className="ys-ord__meta">
                    {t('orders:detail.line', {
                      pkg: l.charging_pkg.name,
                      unit: yuan(l.unit_price_fen),
                      measure: l.charging_pkg.measurement_display,
                      quantity: l.quantity,
                      count: l.count,
                    })}
                  </div>
                  {l.original_price !== l.price ? <div className="ys-ord__meta">{t('orders:detail.original', { price: yuan(l.original_price) })}</div> : null}
                  {l.discounts.map((d, j) => (
                    <div key={j} className="ys-ord__meta">
                      {t(`orders:discount.${d.discount_config.name}`, { defaultValue: t('orders:discount.other') })} ·{' '}
                      {t('orders:detail.discount_range', { from: day(d.started_date), to: day(d.ended_date) })}
                    </div>
                  ))}
                </li>
              ))}
            </ul>
          </section>
        </div>
      )}
    </PageFrame>
  );
}
