// MaaS bill detail (billDetailMaas): a month's model-as-a-service usage — tokens in and out and the
// amount by model, then the daily lines.
import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Selector } from 'antd-mobile';
import { usePageHandle } from '../../lib/hooks.ts';
import { PageFrame } from '../../ui/page-frame.tsx';
import { Breadcrumb } from '../../ui/breadcrumb.tsx';
import { maasBill } from './api.ts';
import { recentMonths, tokens, yuan } from './format.ts';
import { Empty, Failed, Loading } from './parts.tsx';
import './orders.css';
import { orderKeys } from './query-keys.ts';

export default function MaasBillPage() {
  const handle = usePageHandle();
  const { t } = useTranslation();
  const months = recentMonths(3);
  const [month, setMonth] = useState(months[0]!);
  const q = useQuery({ queryKey: orderKeys.maasBill(month), queryFn: () => maasBill(month) });
  return (
    <PageFrame name="billDetailMaas" className="ys-ord">
      {handle ? <Breadcrumb handle={handle} /> : null}
      <h1 className="ys-ord__title">{t('routes:billDetailMaas')}</h1>
      <div className="ys-ord__filters">
        <div>
          <span className="ys-ord__filter-label" id="maas-month">
            {t('orders:maas.month')}
          </span>
          <Selector
            aria-labelledby="maas-month"
            columns={3}
            value={[month]}
            onChange={(v) => v[0] && setMonth(v[0])}
            options={months.map((m) => ({ label: m, value: m }))}
          />
        </div>
      </div>
      {q.isPending ? (
        <Loading />
      ) : q.isError ? (
        <Failed retry={() => void q.refetch()} />
      ) : q.data.count === 0 ? (
        <Empty>{t('orders:maas.empty')}</Empty>
      ) : (
        <>
          <div className="ys-ord__sums">
            <div className="ys-ord__sum">
              <span>{t('orders:maas.total')}</span>
              <strong data-testid="maas-total">{yuan(q.data.total_fen)}</strong>
            </div>
            <div className="ys-ord__sum">
              <span>{t('orders:maas.models')}</span>
              <strong>{q.data.models.length}</strong>
            </div>
          </div>
          <div className="ys-ord__split">
            <section className="ys-ord__panel" data-testid="maas-models">
              <h2 className="ys-ord__h2">{t('orders:maas.by_model')}</h2>
              <ul className="ys-ord__lines">
                {q.data.models.map((m) => (
                  <li key={m.model}>
                    <div className="ys-ord__card-head">
                      <span className="ys-ord__name">{m.model}</span>
                      <strong>{yuan(m.amount_fen)}</strong>
                    </div>
                    <div className="ys-ord__meta">{t('orders:maas.tokens', { input: tokens(m.input_tokens), output: tokens(m.output_tokens) })}</div>
                  </li>
                ))}
              </ul>
            </section>
            <section className="ys-ord__panel" data-testid="maas-lines">
              <h2 className="ys-ord__h2">{t('orders:maas.daily')}</h2>
              <ul className="ys-ord__lines">
                {q.data.data.slice(0, 40).map((l) => (
                  <li key={l.id}>
                    <div className="ys-ord__card-head">
                      <span>
                        {l.day} · {l.model}
                      </span>
                      <strong>{yuan(l.amount_fen)}</strong>
                    </div>
                    <div className="ys-ord__meta">{t('orders:maas.tokens', { input: tokens(l.input_tokens), output: tokens(l.output_tokens) })}</div>
                  </li>
                ))}
              </ul>
            </section>
          </div>
        </>
      )}
    </PageFrame>
  );
}
