// Orders (orderManage): every purchase, resize, conversion and termination, newest first, filtered
// by type, state and product; each card opens its detail. Cards on a phone, two columns on a tablet.
import { useState } from 'react';
import { Link } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Button, Selector } from 'antd-mobile';
import { usePageHandle } from '../../lib/hooks.ts';
import { PageFrame } from '../../ui/page-frame.tsx';
import { Breadcrumb } from '../../ui/breadcrumb.tsx';
import { ORDER_TYPES } from '../../../domain/billing/orders.ts';
import { orders, type OrderFilters } from './api.ts';
import { when, yuan } from './format.ts';
import { Empty, Failed, Loading, Tag } from './parts.tsx';
import './orders.css';
import { orderKeys } from './query-keys.ts';

const PAGE = 20;
const KINDS = ['instance', 'volume', 'eip', 'load_balancer'] as const;

export default function OrderListPage() {
  const handle = usePageHandle();
  const { t } = useTranslation();
  const [type, setType] = useState<string>('');
  const [kind, setKind] = useState<string>('');
  const [offset, setOffset] = useState(0);
  const filters: OrderFilters = { ...(type ? { order_type: type } : {}), ...(kind ? { kind } : {}) };
  const q = useQuery({ queryKey: orderKeys.list(filters, offset), queryFn: () => orders(filters, offset, PAGE) });
  const pick = (set: (v: string) => void) => (v: string[]) => {
    set(v[0] ?? '');
    setOffset(0);
  };
  return (
    <PageFrame name="orderManage" className="ys-ord">
      {handle ? <Breadcrumb handle={handle} /> : null}
      <h1 className="ys-ord__title">{t('routes:orderManage')}</h1>
      <div className="ys-ord__row" style={{ marginBottom: 12 }}>
        <Link to="/orderGeneral">{t('orders:list.to_overview')}</Link>
        <Link to="/convertPurchase">{t('orders:list.to_convert')}</Link>
      </div>
      <div className="ys-ord__filters">
        <div>
          <span className="ys-ord__filter-label" id="ord-type">
            {t('orders:list.type')}
          </span>
          <Selector
            aria-labelledby="ord-type"
            columns={5}
            value={[type]}
            onChange={pick(setType)}
            options={[{ label: t('orders:list.all'), value: '' }, ...ORDER_TYPES.map((v) => ({ label: t(`orders:type.${v}`), value: v }))]}
          />
        </div>
        <div>
          <span className="ys-ord__filter-label" id="ord-kind">
            {t('orders:list.product')}
          </span>
          <Selector
            aria-labelledby="ord-kind"
            columns={5}
            value={[kind]}
            onChange={pick(setKind)}
            options={[{ label: t('orders:list.all'), value: '' }, ...KINDS.map((v) => ({ label: t(`orders:kind.${v}`), value: v }))]}
          />
        </div>
      </div>
      {q.isPending ? (
        <Loading />
      ) : q.isError ? (
        <Failed retry={() => void q.refetch()} />
      ) : q.data.data.length === 0 ? (
        <Empty>{t('orders:list.empty')}</Empty>
      ) : (
        <>
          <p className="ys-ord__hint">{t('orders:list.count', { n: q.data.count })}</p>
          <div className="ys-ord__grid" data-testid="order-list">
            {q.data.data.map((o) => (
              <Link key={o.id} to={`/orderDetail/${o.id}`} className="ys-ord__card" data-order-type={o.order_type} data-resource={o.resource_id}>
                <span className="ys-ord__card-head">
                  <span className="ys-ord__name">{o.resource_name}</span>
                  <Tag kind={o.order_type}>{t(`orders:type.${o.order_type}`)}</Tag>
                </span>
                <span className="ys-ord__meta">
                  {t(`orders:kind.${o.kind}`, { defaultValue: t('orders:kind.other') })} · {t(`orders:charging.${o.charging_code}`)}
                  {o.duration ? ` · ${t('orders:months', { n: o.duration })}` : ''}
                </span>
                <span className="ys-ord__card-head">
                  <strong className="ys-ord__money">{yuan(o.sum_price)}</strong>
                  <Tag kind={`state_${o.state}`}>{t(`orders:state.${o.state}`)}</Tag>
                </span>
                <span className="ys-ord__meta">
                  {when(o.created_at)} · {t('orders:detail.id')} <span data-testid="order-no">{o.order_no}</span>
                </span>
              </Link>
            ))}
          </div>
          <div className="ys-ord__pager">
            <Button disabled={offset === 0} onClick={() => setOffset(Math.max(0, offset - PAGE))}>
              {t('orders:prev')}
            </Button>
            <span>{t('orders:page', { n: Math.floor(offset / PAGE) + 1, total: Math.max(1, Math.ceil(q.data.count / PAGE)) })}</span>
            <Button disabled={offset + PAGE >= q.data.count} onClick={() => setOffset(offset + PAGE)}>
              {t('orders:next')}
            </Button>
          </div>
        </>
      )}
    </PageFrame>
  );
}
