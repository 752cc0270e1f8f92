// costCenter: the tenant's available amount (balance + credit), what was consumed and recharged,
// a recharge (yuan, at most two decimals) paid through the payment gateway — the page waits for the
// gateway's notice to credit it — the warning threshold, and the recharge records.
import { useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Button, DotLoading, Input, Toast } from 'antd-mobile';
import { LoadFailed } from '../../ui/light/load-failed.tsx';
import { formatDateTime } from '../../../domain/time-format.ts';
import { useCan } from '../../lib/can.ts';
import { usePageHandle } from '../../lib/hooks.ts';
import { PageFrame } from '../../ui/page-frame.tsx';
import { Breadcrumb } from '../../ui/breadcrumb.tsx';
import { costAccount, recharge, rechargeById, recharges, setThreshold, type CostAccount, type Recharge } from './api.ts';
import { yuan } from './format.ts';
import './billing.css';
import { billingKeys } from './query-keys.ts';

const AMOUNT = /^\d{1,9}(\.\d{1,2})?$/;

export default function CostCenterPage() {
  const handle = usePageHandle();
  const { t } = useTranslation();
  // the tenant's finance actions: the handlers ask for the tenant administrator, whose mark among permissions is manage:cost_strategy
  const mayPay = useCan()('manage:cost_strategy');
  const qc = useQueryClient();
  const account = useQuery({ queryKey: billingKeys.costAccount(), queryFn: costAccount });
  const records = useQuery({ queryKey: billingKeys.recharges(), queryFn: recharges });
  const [amount, setAmount] = useState('');
  const [paying, setPaying] = useState(false);
  const [threshold, setThresholdText] = useState<string | null>(null);
  const amountOk = AMOUNT.test(amount) && Number(amount) > 0;
  const thresholdText = threshold ?? (account.data?.warn_threshold_fen != null ? (account.data.warn_threshold_fen / 100).toFixed(2) : '');
  const thresholdOk = thresholdText === '' || AMOUNT.test(thresholdText);

  const refresh = () => {
    void qc.invalidateQueries({ queryKey: billingKeys.costAccount() });
    void qc.invalidateQueries({ queryKey: billingKeys.recharges() });
  };
  const pay = async () => {
    setPaying(true);
    try {
      const r = await recharge(amount);
      for (let i = 0; i < 60; i++) {
        await new Promise((res) => setTimeout(res, 500));
        const now = await rechargeById(r.id);
        if (now.state !== 'pending') break;
      }
      Toast.show({ content: t('billing:cost.recharge_paid') });
      setAmount('');
    } finally {
      setPaying(false);
      refresh();
    }
  };
  const saveThreshold = async () => {
    await setThreshold(thresholdText === '' ? null : thresholdText);
    setThresholdText(null);
    Toast.show({ content: t('billing:cost.threshold_saved') });
    refresh();
  };

  const a = account.data;
  return (
    <PageFrame name="costCenter" className="ys-bill">
      {handle ? <Breadcrumb handle={handle} /> : null}
      <h1 className="ys-page__title">{t('routes:costCenter')}</h1>
      {account.isPending ? (
        <div className="ys-bill__loading" role="status">
          <DotLoading /> {t('billing:loading')}
        </div>
      ) : account.isError || !a ? (
        <LoadFailed title={t('billing:load_failed')}>
          <Button onClick={() => void account.refetch()}>{t('billing:retry')}</Button>
        </LoadFailed>
      ) : (
        <>
          <CostSums account={a} />
          <div className="ys-bill__grid">
            {mayPay ? (
              <>
                <section className="ys-bill__panel">
                  <h2 className="ys-bill__h2">{t('billing:cost.recharge')}</h2>
                  <label className="ys-bill__field">
                    <span>{t('billing:cost.recharge_amount')}</span>
                    <Input
                      value={amount}
                      onChange={setAmount}
                      inputMode="decimal"
                      placeholder={t('billing:cost.recharge_placeholder')}
                      data-testid="recharge-amount"
                      aria-invalid={amount !== '' && !amountOk}
                    />
                  </label>
                  {amount !== '' && !amountOk ? (
                    <p className="ys-bill__error" role="alert">
                      {t('billing:cost.invalid_amount')}
                    </p>
                  ) : null}
                  <Button block color="primary" disabled={!amountOk} loading={paying} onClick={() => void pay()} data-testid="recharge-submit">
                    {t('billing:cost.recharge_submit')}
                  </Button>
                  {paying ? (
                    <p className="ys-muted" role="status">
                      {t('billing:cost.recharge_paying')}
                    </p>
                  ) : null}
                </section>
                <section className="ys-bill__panel">
                  <h2 className="ys-bill__h2">{t('billing:cost.threshold_set')}</h2>
                  <label className="ys-bill__field">
                    <span>{t('billing:cost.threshold')}</span>
                    <Input
                      value={thresholdText}
                      onChange={setThresholdText}
                      inputMode="decimal"
                      placeholder={t('billing:cost.threshold_placeholder')}
                      data-testid="threshold"
                    />
                  </label>
                  {!thresholdOk ? (
                    <p className="ys-bill__error" role="alert">
                      {t('billing:cost.invalid_amount')}
                    </p>
                  ) : null}
                  <Button block color="primary" fill="outline" disabled={!thresholdOk} onClick={() => void saveThreshold()} data-testid="threshold-save">
                    {t('billing:cost.save')}
                  </Button>
                </section>
              </>
            ) : null}
            <RechargeList records={records.data?.data} />
          </div>
        </>
      )}
    </PageFrame>
  );
}

/** Available (balance + credit) first, then its parts, what was consumed and recharged, and the threshold. */
function CostSums({ account }: { account: CostAccount }) {
  const { t } = useTranslation();
  return (
    <div className="ys-bill__sums" data-testid="cost-sums">
      <div className="ys-bill__sum ys-bill__sum--main">
        <span>{t('billing:cost.available')}</span>
        <strong data-testid="cost-available">{yuan(account.available_fen)}</strong>
        {account.warned ? <span className="ys-bill__warned">{t('billing:cost.warned')}</span> : null}
      </div>
      {(
        [
          ['balance', account.balance_fen],
          ['credit', account.credit_fen],
          ['consumed', account.consumed_fen],
          ['recharged', account.recharged_fen],
        ] as const
      ).map(([k, v]) => (
        <div key={k} className="ys-bill__sum">
          <span>{t(`billing:cost.${k}`)}</span>
          <strong data-testid={`cost-${k}`}>{yuan(v)}</strong>
        </div>
      ))}
      <div className="ys-bill__sum">
        <span>{t('billing:cost.threshold')}</span>
        <strong>{account.warn_threshold_fen === null ? t('billing:cost.threshold_none') : yuan(account.warn_threshold_fen)}</strong>
      </div>
    </div>
  );
}

function RechargeList({ records }: { records: Recharge[] | undefined }) {
  const { t } = useTranslation();
  return (
    <section className="ys-bill__panel ys-bill__panel--wide">
      <h2 className="ys-bill__h2">{t('billing:cost.recharges')}</h2>
      {(records?.length ?? 0) === 0 ? <p className="ys-muted">{t('billing:cost.recharge_empty')}</p> : null}
      <ul className="ys-bill__lines" data-testid="recharges">
        {records?.map((r) => (
          <li key={r.id} className="ys-bill__month" data-state={r.state}>
            <span>{formatDateTime(r.created_at)}</span>
            <span className={`ys-bill__state ys-bill__state--${r.state === 'paid' ? 'invoiced' : 'unconfirmed'}`}>
              {t(`billing:cost.recharge_state.${r.state}`)}
            </span>
            <strong>{yuan(r.amount_fen)}</strong>
          </li>
        ))}
      </ul>
    </section>
  );
}
