// Charging conversion (convertPurchase and its result): pick a pay-as-you-go host or disk, a
// duration, see the yearly price and when it takes effect (00:00 on the 1st of next month), confirm.
// The result names the order. A yearly resource already in its contract can only be terminated
// early (back to pay-as-you-go) or renewed: pick a period, see its price and the new contract end,
// confirm, and the new order opens; for 实业经营 tenants the contract renews itself at expiry.
import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Button, Dialog, Result, Selector, Toast } from 'antd-mobile';
import { usePageHandle } from '../../lib/hooks.ts';
import { PageFrame } from '../../ui/page-frame.tsx';
import { Breadcrumb } from '../../ui/breadcrumb.tsx';
import { convert, convertible, convertPrice, orders, renew, renewPrice, terminate, type Convertible } from './api.ts';
import { day, when, yuan } from './format.ts';
import { Empty, Failed, Loading, Tag } from './parts.tsx';
import './orders.css';
import { orderKeys } from './query-keys.ts';

const DURATIONS = [1, 2, 3, 6, 12, 24, 36] as const;

function Done({ resource, effectiveAt }: { resource: Convertible; effectiveAt: string }) {
  const { t } = useTranslation();
  const q = useQuery({ queryKey: orderKeys.convertOrders(resource.id), queryFn: () => orders({ order_type: 'convert' }, 0, 50) });
  const order = q.data?.data.find((o) => o.resource_id === resource.id);
  return (
    <div data-testid="convert-result">
      <Result
        status="success"
        title={t('orders:convert.done_title')}
        description={t('orders:convert.done_desc', { name: resource.name, at: when(effectiveAt) })}
      />
      <div className="ys-ord__row" style={{ justifyContent: 'center' }}>
        {order ? (
          <Link to={`/orderDetail/${order.id}`} data-testid="convert-order-link">
            {t('orders:convert.view_order')}
          </Link>
        ) : null}
        <Link to="/orderManage">{t('orders:convert.all_orders')}</Link>
      </div>
    </div>
  );
}

/** Renewing a yearly/monthly resource: the period, its price and the contract end it gives; the new order opens after. */
function RenewPlan({ resource }: { resource: Convertible }) {
  const { t } = useTranslation();
  const qc = useQueryClient();
  const navigate = useNavigate();
  const [duration, setDuration] = useState<number>(12);
  const price = useQuery({ queryKey: orderKeys.renewPrice(resource.id, duration), queryFn: () => renewPrice(resource.id, duration) });
  const run = useMutation({
    mutationFn: () => renew(resource.id, duration),
    onSuccess: (r) => {
      Toast.show({ content: t('orders:renew.done') });
      void qc.invalidateQueries({ queryKey: orderKeys.all });
      if (r.order_id) void navigate(`/orderDetail/${r.order_id}`);
    },
  });
  const ask = async () => {
    if (!price.data) return;
    const ok = await Dialog.confirm({
      title: t('orders:renew.confirm_title'),
      content: t('orders:renew.confirm_content', {
        name: resource.name,
        months: duration,
        amount: yuan(price.data.sum_price),
        at: day(price.data.contract_until),
      }),
    });
    if (ok) run.mutate();
  };
  return (
    <div className="ys-ord__form" data-testid="renew-plan">
      <h3 className="ys-ord__h2">{t('orders:renew.title')}</h3>
      <span className="ys-ord__filter-label" id="renew-duration">
        {t('orders:renew.duration')}
      </span>
      <Selector
        aria-labelledby="renew-duration"
        value={[duration]}
        onChange={(v) => v[0] && setDuration(v[0])}
        options={DURATIONS.map((n) => ({ label: t('orders:months', { n }), value: n }))}
      />
      <div className="ys-ord__sum">
        <span>{t('orders:convert.price', { months: duration })}</span>
        <strong data-testid="renew-price">{price.data ? yuan(price.data.sum_price) : '—'}</strong>
        {price.data && price.data.cheap_price > 0 ? <span>{t('orders:convert.saved', { amount: yuan(price.data.cheap_price) })}</span> : null}
      </div>
      {price.data ? (
        <p className="ys-ord__hint" data-testid="renew-until">
          {t('orders:renew.until', { from: day(price.data.contract_from), to: day(price.data.contract_until) })}
        </p>
      ) : null}
      <Button color="primary" loading={run.isPending} disabled={!price.data} onClick={() => void ask()} data-testid="renew-submit">
        {t('orders:renew.submit')}
      </Button>
    </div>
  );
}

/** The resources that may change their charging, each with its charging now (or the pending change). */
function ConvertibleList({ items, picked, onPick }: { items: Convertible[]; picked: string | null; onPick: (id: string) => void }) {
  const { t } = useTranslation();
  return (
    <section className="ys-ord__panel">
      <h2 className="ys-ord__h2">{t('orders:convert.pick')}</h2>
      <div className="ys-ord__grid" style={{ gridTemplateColumns: '1fr' }} data-testid="convert-resources">
        {items.map((r) => (
          <button
            type="button"
            key={r.id}
            className={`ys-ord__card${r.id === picked ? ' ys-ord__card--selected' : ''}`}
            style={{ textAlign: 'left', font: 'inherit', cursor: 'pointer' }}
            aria-pressed={r.id === picked}
            data-resource={r.id}
            data-name={r.name}
            onClick={() => {
              onPick(r.id);
              // On a phone the plan sits below the list: bring it into view.
              if (window.matchMedia('(max-width: 767px)').matches)
                requestAnimationFrame(() => document.getElementById('convert-plan')?.scrollIntoView({ behavior: 'smooth', block: 'start' }));
            }}
          >
            <span className="ys-ord__card-head">
              <span className="ys-ord__name">{r.name}</span>
              <Tag kind={r.charging_code}>
                {r.pending ? t('orders:convert.pending', { at: day(r.charging_since) }) : t(`orders:charging.${r.charging_code}`)}
              </Tag>
            </span>
            <span className="ys-ord__meta">
              {t(`orders:kind.${r.kind}`)} · {t(`kinds:vendors.${r.vendor}`)}
              {r.contract_until ? ` · ${t('orders:convert.until', { at: day(r.contract_until) })}` : ''}
            </span>
          </button>
        ))}
      </div>
    </section>
  );
}

export default function ConvertPage() {
  const handle = usePageHandle();
  const { t } = useTranslation();
  const qc = useQueryClient();
  const q = useQuery({ queryKey: orderKeys.convertible(), queryFn: convertible });
  const [picked, setPicked] = useState<string | null>(null);
  const [duration, setDuration] = useState<number>(12);
  const [done, setDone] = useState<{ resource: Convertible; effectiveAt: string } | null>(null);
  const chosen = q.data?.data.find((r) => r.id === picked) ?? null;
  const canConvert = !!chosen && chosen.charging_code === 'quantity' && chosen.yearly_allowed;
  const price = useQuery({
    queryKey: orderKeys.convertPrice(picked, duration),
    queryFn: () => convertPrice(picked!, duration),
    enabled: canConvert,
  });
  const run = useMutation({
    mutationFn: () => convert(picked!, duration),
    onSuccess: (r) => {
      setDone({ resource: r.resource, effectiveAt: r.effective_at });
      void qc.invalidateQueries({ queryKey: orderKeys.all });
    },
  });
  const stop = useMutation({
    mutationFn: (id: string) => terminate(id),
    onSuccess: () => {
      Toast.show({ content: t('orders:convert.terminated') });
      void qc.invalidateQueries({ queryKey: orderKeys.all });
    },
  });
  const askConvert = async () => {
    if (!chosen) return;
    const ok = await Dialog.confirm({
      title: t('orders:convert.confirm_title'),
      content: t('orders:convert.confirm_content', { name: chosen.name, months: duration, at: when(q.data!.effective_at) }),
    });
    if (ok) run.mutate();
  };
  const askTerminate = async (r: Convertible) => {
    const ok = await Dialog.confirm({ title: t('orders:convert.terminate_title'), content: t('orders:convert.terminate_content', { name: r.name }) });
    if (ok) stop.mutate(r.id);
  };

  return (
    <PageFrame name="convertPurchase" className="ys-ord">
      {handle ? <Breadcrumb handle={handle} /> : null}
      <h1 className="ys-ord__title">{t('routes:convertPurchase')}</h1>
      {done ? (
        <Done resource={done.resource} effectiveAt={done.effectiveAt} />
      ) : q.isPending ? (
        <Loading />
      ) : q.isError ? (
        <Failed retry={() => void q.refetch()} />
      ) : (
        <>
          <p className="ys-ord__hint">{t('orders:convert.rule', { at: when(q.data.effective_at) })}</p>
          {q.data.data.length === 0 ? (
            <Empty>{t('orders:convert.empty')}</Empty>
          ) : (
            <div className="ys-ord__split">
              <ConvertibleList items={q.data.data} picked={picked} onPick={setPicked} />
              <section className="ys-ord__panel ys-ord__sticky" id="convert-plan">
                <h2 className="ys-ord__h2">{t('orders:convert.plan')}</h2>
                {!chosen ? (
                  <p className="ys-ord__hint">{t('orders:convert.pick_first')}</p>
                ) : chosen.charging_code === 'year' ? (
                  <>
                    <p className="ys-ord__hint">
                      {chosen.pending || chosen.charging_since
                        ? t(chosen.pending ? 'orders:convert.is_pending' : 'orders:convert.is_yearly', { at: day(chosen.charging_since) })
                        : t('orders:convert.is_yearly_bought', { at: day(chosen.contract_until) })}
                    </p>
                    <RenewPlan key={chosen.id} resource={chosen} />
                    {!chosen.pending ? (
                      <div className="ys-ord__row" style={{ marginTop: 16 }}>
                        <Button
                          color="danger"
                          fill="outline"
                          loading={stop.isPending}
                          onClick={() => void askTerminate(chosen)}
                          data-testid="convert-terminate"
                        >
                          {t('orders:convert.terminate')}
                        </Button>
                      </div>
                    ) : null}
                  </>
                ) : !chosen.yearly_allowed ? (
                  <p className="ys-ord__hint">{t('orders:convert.no_yearly')}</p>
                ) : (
                  <div className="ys-ord__form">
                    <span className="ys-ord__filter-label" id="conv-duration">
                      {t('orders:convert.duration')}
                    </span>
                    <Selector
                      aria-labelledby="conv-duration"
                      value={[duration]}
                      onChange={(v) => v[0] && setDuration(v[0])}
                      options={DURATIONS.map((n) => ({ label: t('orders:months', { n }), value: n }))}
                    />
                    {q.data.auto_renew ? (
                      <div className="ys-ord__tip" data-testid="auto-renew-tip">
                        {t('orders:convert.auto_renew_tip')}
                      </div>
                    ) : null}
                    <div className="ys-ord__sum">
                      <span>{t('orders:convert.price', { months: duration })}</span>
                      <strong data-testid="convert-price">{price.data ? yuan(price.data.sum_price) : '—'}</strong>
                      {price.data && price.data.cheap_price > 0 ? <span>{t('orders:convert.saved', { amount: yuan(price.data.cheap_price) })}</span> : null}
                    </div>
                    <p className="ys-ord__hint">{t('orders:convert.effective', { at: when(q.data.effective_at) })}</p>
                    <Button color="primary" loading={run.isPending} onClick={() => void askConvert()} data-testid="convert-submit">
                      {t('orders:convert.submit')}
                    </Button>
                  </div>
                )}
              </section>
            </div>
          )}
        </>
      )}
    </PageFrame>
  );
}
