// billCheck: the tenant's monthly bills of the last year with their states (未确认 → 已确认 →
// 已申请开票 → 已开票); a past month is confirmed, then submitted for invoicing, each after a
// confirmation dialog. The server refuses any other order with its localised reason.
import { Link } from 'react-router';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Button, Dialog, DotLoading, Toast } from 'antd-mobile';
import { LoadFailed } from '../../ui/light/load-failed.tsx';
import { useCan } from '../../lib/can.ts';
import { usePageHandle } from '../../lib/hooks.ts';
import { PageFrame } from '../../ui/page-frame.tsx';
import { Breadcrumb } from '../../ui/breadcrumb.tsx';
import { billChecks, moveCheck, type BillCheck } from './api.ts';
import { recentMonths, yuan } from './format.ts';
import { StateTag } from './parts.tsx';
import './billing.css';
import { billingKeys } from './query-keys.ts';

export default function BillCheckPage() {
  const handle = usePageHandle();
  const { t } = useTranslation();
  // the tenant's finance actions: the handlers ask for the tenant administrator, whose mark among permissions is manage:cost_strategy
  const mayMove = useCan()('manage:cost_strategy');
  const qc = useQueryClient();
  const months = recentMonths(12);
  const current = months[0]!;
  const q = useQuery({ queryKey: billingKeys.checksUpTo(months[11], current), queryFn: () => billChecks(months[11]!, current) });
  const move = useMutation({
    mutationFn: ({ id, action }: { id: string; action: 'confirm' | 'submit' }) => moveCheck(id, action),
    onSuccess: (_, v) => {
      Toast.show({ content: t(`billing:check.done_${v.action}`) });
      void qc.invalidateQueries({ queryKey: billingKeys.checks() });
      void qc.invalidateQueries({ queryKey: billingKeys.bills() });
    },
  });
  const ask = async (c: BillCheck, action: 'confirm' | 'submit') => {
    const ok = await Dialog.confirm({
      title: t(`billing:check.${action}_title`, { month: c.month }),
      content: t(`billing:check.${action}_content`, { amount: yuan(c.amount_fen).slice(1) }),
    });
    if (ok) move.mutate({ id: c.id, action });
  };
  return (
    <PageFrame name="billCheck" className="ys-bill">
      {handle ? <Breadcrumb handle={handle} /> : null}
      <h1 className="ys-page__title">{t('routes:billCheck')}</h1>
      {q.isPending ? (
        <div className="ys-bill__loading" role="status">
          <DotLoading /> {t('billing:loading')}
        </div>
      ) : q.isError ? (
        <LoadFailed title={t('billing:load_failed')}>
          <Button onClick={() => void q.refetch()}>{t('billing:retry')}</Button>
        </LoadFailed>
      ) : q.data.data.length === 0 ? (
        <LoadFailed empty title={t('billing:check.empty')} />
      ) : (
        <ul className="ys-bill__checks" data-testid="bill-checks">
          {q.data.data.map((c) => (
            <li key={c.id} className="ys-bill__check" data-month={c.month}>
              <Link to={`/tenantBillDetail?month=${c.month}`} className="ys-bill__month-name">
                {c.month}
              </Link>
              <StateTag state={c.state} />
              <strong>{yuan(c.amount_fen)}</strong>
              <span className="ys-bill__check-actions">
                {c.month === current ? <span className="ys-muted">{t('billing:check.current_month')}</span> : null}
                {mayMove && c.state === 'unconfirmed' && c.month !== current ? (
                  <Button size="small" color="primary" onClick={() => void ask(c, 'confirm')} data-testid="bill-confirm">
                    {t('billing:check.confirm')}
                  </Button>
                ) : null}
                {mayMove && c.state === 'confirmed' ? (
                  <Button size="small" color="primary" fill="outline" onClick={() => void ask(c, 'submit')} data-testid="bill-submit">
                    {t('billing:check.submit')}
                  </Button>
                ) : null}
              </span>
            </li>
          ))}
        </ul>
      )}
    </PageFrame>
  );
}
