// 开票申请 (receiptManage/billApply): pick the pool, the invoice information and one confirmed bill
// (or two and more, merged), the invoice type and medium; the application waits for GOA approval.
// The server refuses an unconfirmed bill, a zero amount and an organisation without a pool.
import { useMemo, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Button, Checkbox, ErrorBlock, Selector, TextArea, Toast } from 'antd-mobile';
import { INVOICE_MEDIA, INVOICE_TYPES } from '../../../domain/billing/invoices.ts';
import { applyInvoice, invoiceBills, invoiceInfos, pools } from './api.ts';
import { QueryView, StateTag, yuan } from './parts.tsx';
import { invoiceKeys } from './query-keys.ts';

export function ApplySection() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const qc = useQueryClient();
  const poolQ = useQuery({ queryKey: invoiceKeys.pools(), queryFn: pools });
  const infoQ = useQuery({ queryKey: invoiceKeys.infos(), queryFn: invoiceInfos });
  const billQ = useQuery({ queryKey: invoiceKeys.billsIn('applicable'), queryFn: () => invoiceBills('applicable') });
  const [poolId, setPoolId] = useState<string | null>(null);
  const [infoId, setInfoId] = useState<string | null>(null);
  const [billIds, setBillIds] = useState<string[]>([]);
  const [type, setType] = useState<string>('vat_special');
  const [medium, setMedium] = useState<string>('electronic');
  const [remark, setRemark] = useState('');
  const pool = poolId ?? poolQ.data?.data[0]?.id ?? null;
  const info = infoId ?? infoQ.data?.data.find((i) => i.is_default)?.id ?? infoQ.data?.data[0]?.id ?? null;
  const bills = useMemo(() => billQ.data?.data ?? [], [billQ.data]);
  const total = bills.filter((b) => billIds.includes(b.id)).reduce((s, b) => s + b.amount_fen, 0);
  const apply = useMutation({
    mutationFn: () =>
      applyInvoice({ pool_id: pool!, info_id: info!, bill_ids: billIds, merged: billIds.length > 1, invoice_type: type, medium, remark: remark.trim() }),
    onSuccess: (inv) => {
      Toast.show({ content: t('invoices:apply.done') });
      void qc.invalidateQueries({ queryKey: invoiceKeys.bills() });
      void qc.invalidateQueries({ queryKey: invoiceKeys.invoices() });
      void navigate(`/receiptManage/invoiceDetail/${inv.id}`);
    },
  });
  return (
    <QueryView q={poolQ}>
      {(p) =>
        p.count === 0 ? (
          <ErrorBlock status="empty" title={t('invoices:apply.no_pool')} description={t('invoices:apply.no_pool_hint')} />
        ) : (
          <form
            className="ys-inv__form"
            data-testid="invoice-apply"
            onSubmit={(e) => {
              e.preventDefault();
              apply.mutate();
            }}
          >
            <fieldset className="ys-inv__panel">
              <legend>{t('invoices:apply.pool')}</legend>
              <Selector
                columns={1}
                options={p.data.map((x) => ({ label: x.name, value: x.id }))}
                value={pool ? [pool] : []}
                onChange={(v) => v[0] && setPoolId(v[0])}
              />
            </fieldset>
            <fieldset className="ys-inv__panel">
              <legend>{t('invoices:apply.info')}</legend>
              {infoQ.data?.count === 0 ? (
                <Link to="/receiptInfoManage">{t('invoices:apply.add_info')}</Link>
              ) : (
                <Selector
                  columns={1}
                  options={(infoQ.data?.data ?? []).map((x) => ({ label: x.company_name, description: x.taxpayer_no, value: x.id }))}
                  value={info ? [info] : []}
                  onChange={(v) => v[0] && setInfoId(v[0])}
                />
              )}
            </fieldset>
            <fieldset className="ys-inv__panel">
              <legend>{t('invoices:apply.bills')}</legend>
              <p className="ys-muted">{t('invoices:apply.bills_hint')}</p>
              <Checkbox.Group value={billIds} onChange={(v) => setBillIds(v as string[])}>
                <ul className="ys-inv__bill-picks" data-testid="apply-bills">
                  {bills.map((b) => (
                    <li key={b.id} data-month={b.month} data-state={b.state}>
                      <Checkbox value={b.id} disabled={b.state === 'unconfirmed'}>
                        <span className="ys-inv__pick">
                          <strong>{b.month}</strong>
                          <span>{yuan(b.amount_fen)}</span>
                          <StateTag state={b.state} group="bill" />
                        </span>
                      </Checkbox>
                    </li>
                  ))}
                </ul>
              </Checkbox.Group>
              {billIds.length > 1 ? <p className="ys-inv__merge">{t('invoices:apply.merged', { n: billIds.length })}</p> : null}
            </fieldset>
            <fieldset className="ys-inv__panel">
              <legend>{t('invoices:col.invoice_type')}</legend>
              <Selector
                columns={2}
                options={INVOICE_TYPES.map((x) => ({ label: t(`invoices:invoice_type.${x}`), value: x }))}
                value={[type]}
                onChange={(v) => v[0] && setType(v[0])}
              />
              <h3 className="ys-inv__sub">{t('invoices:col.medium')}</h3>
              <Selector
                columns={2}
                options={INVOICE_MEDIA.map((x) => ({ label: t(`invoices:medium.${x}`), value: x }))}
                value={[medium]}
                onChange={(v) => v[0] && setMedium(v[0])}
              />
              <label htmlFor="apply-remark" className="ys-inv__sub">
                {t('invoices:col.remark')}
              </label>
              <TextArea id="apply-remark" value={remark} onChange={setRemark} maxLength={200} rows={2} />
            </fieldset>
            <div className="ys-inv__submit">
              <span>
                {t('invoices:apply.total')} <strong data-testid="apply-total">{yuan(total)}</strong>
              </span>
              <Button type="submit" color="primary" disabled={!pool || !info || billIds.length === 0} loading={apply.isPending} data-testid="apply-submit">
                {t('invoices:apply.submit')}
              </Button>
            </div>
          </form>
        )
      }
    </QueryView>
  );
}
