// Order overview (orderGeneral): the last 12 months' orders — how many and how much, by month and
// by type — each month linking to the order list.
import { Link } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { usePageHandle } from '../../lib/hooks.ts';
import { PageFrame } from '../../ui/page-frame.tsx';
import { Breadcrumb } from '../../ui/breadcrumb.tsx';
import { orderOverview } from './api.ts';
import { yuan } from './format.ts';
import { Failed, Loading } from './parts.tsx';
import './orders.css';
import { orderKeys } from './query-keys.ts';

export default function OrderGeneralPage() {
  const handle = usePageHandle();
  const { t } = useTranslation();
  const q = useQuery({ queryKey: orderKeys.overview(), queryFn: () => orderOverview(12) });
  const d = q.data;
  const maxMonth = Math.max(1, ...(d?.months.map((m) => m.sum_price) ?? []));
  const maxType = Math.max(1, ...(d?.types.map((m) => m.count) ?? []));
  return (
    <PageFrame name="orderGeneral" className="ys-ord">
      {handle ? <Breadcrumb handle={handle} /> : null}
      <h1 className="ys-ord__title">{t('routes:orderGeneral')}</h1>
      {q.isPending ? (
        <Loading />
      ) : q.isError || !d ? (
        <Failed retry={() => void q.refetch()} />
      ) : (
        <>
          <p className="ys-ord__hint">{t('orders:general.range', { from: d.start_month, to: d.end_month })}</p>
          <div className="ys-ord__sums" data-testid="order-totals">
            <div className="ys-ord__sum">
              <span>{t('orders:general.count')}</span>
              <strong>{d.total.count}</strong>
            </div>
            <div className="ys-ord__sum">
              <span>{t('orders:general.sum')}</span>
              <strong>{yuan(d.total.sum_price)}</strong>
            </div>
            <div className="ys-ord__sum">
              <span>{t('orders:general.cheap')}</span>
              <strong>{yuan(d.total.cheap_price)}</strong>
            </div>
            <div className="ys-ord__sum">
              <span>{t('orders:general.this_month')}</span>
              <strong>{d.months.at(-1)?.count ?? 0}</strong>
            </div>
          </div>
          <div className="ys-ord__split">
            <section className="ys-ord__panel" data-testid="order-months">
              <h2 className="ys-ord__h2">{t('orders:general.by_month')}</h2>
              <ul className="ys-ord__bars">
                {[...d.months].reverse().map((m) => (
                  <li key={m.month}>
                    <div className="ys-ord__bar-head">
                      <span>{t('orders:general.month_line', { month: m.month, n: m.count })}</span>
                      <strong>{yuan(m.sum_price)}</strong>
                    </div>
                    <div className="ys-ord__bar" aria-hidden="true">
                      <i style={{ width: `${Math.max(1, Math.round((m.sum_price / maxMonth) * 100))}%` }} />
                    </div>
                  </li>
                ))}
              </ul>
            </section>
            <section className="ys-ord__panel" data-testid="order-types">
              <h2 className="ys-ord__h2">{t('orders:general.by_type')}</h2>
              {d.types.length === 0 ? <p className="ys-ord__hint">{t('orders:list.empty')}</p> : null}
              <ul className="ys-ord__bars">
                {d.types.map((r) => (
                  <li key={r.order_type}>
                    <div className="ys-ord__bar-head">
                      <span>{t('orders:general.type_line', { type: t(`orders:type.${r.order_type}`), n: r.count })}</span>
                      <strong>{yuan(r.sum_price)}</strong>
                    </div>
                    <div className="ys-ord__bar" aria-hidden="true">
                      <i style={{ width: `${Math.max(2, Math.round((r.count / maxType) * 100))}%` }} />
                    </div>
                  </li>
                ))}
              </ul>
              <p style={{ marginTop: 12 }}>
                <Link to="/orderManage">{t('orders:general.to_list')}</Link>
              </p>
            </section>
          </div>
        </>
      )}
    </PageFrame>
  );
}
