// 开票信息 (receiptInfoManage, receiptInfoDetail/:id): the tenant's invoice information, added and
// edited in one form (taxpayer number checked here as on the server, which has the last word).
import { useState } from 'react';
import { useParams } from 'react-router';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Button, Input, Popup, Selector, Switch, Toast } from 'antd-mobile';
import { COMPANY_NATURES, INVOICE_TYPES, isTaxpayerNumber } from '../../../domain/billing/invoices.ts';
import { invoiceInfo, invoiceInfos, saveInvoiceInfo, type InvoiceInfo, type InvoiceInfoInput } from './api.ts';
import { DataView, Fields, QueryView, dash, when } from './parts.tsx';
import { invoiceKeys } from './query-keys.ts';

const EMPTY: InvoiceInfoInput = {
  company_name: '',
  taxpayer_no: '',
  bank_name: '',
  bank_account: '',
  address: '',
  phone: '',
  extension: null,
  terminal_no: null,
  contract_no: null,
  company_nature: 'private',
  invoice_type: 'vat_special',
  is_default: false,
};
const TEXT_FIELDS = ['company_name', 'taxpayer_no', 'bank_name', 'bank_account', 'address', 'phone', 'extension', 'terminal_no', 'contract_no'] as const;
const REQUIRED = new Set(['company_name', 'taxpayer_no', 'bank_name', 'bank_account', 'address', 'phone']);

function InfoForm({ initial, id, onDone }: { initial: InvoiceInfoInput; id: string | null; onDone: () => void }) {
  const { t } = useTranslation();
  const qc = useQueryClient();
  const [v, setV] = useState<InvoiceInfoInput>(initial);
  const taxBad = v.taxpayer_no.trim() !== '' && !isTaxpayerNumber(v.taxpayer_no);
  const save = useMutation({
    mutationFn: () => saveInvoiceInfo(id, v),
    onSuccess: () => {
      Toast.show({ content: t('invoices:info.saved') });
      void qc.invalidateQueries({ queryKey: invoiceKeys.infos() });
      void qc.invalidateQueries({ queryKey: invoiceKeys.infoAll() });
      onDone();
    },
  });
  const missing = [...REQUIRED].some((k) => !String(v[k as keyof InvoiceInfoInput] ?? '').trim());
  return (
    <form
      className="ys-inv__form ys-inv__info-form"
      data-testid="info-form"
      onSubmit={(e) => {
        e.preventDefault();
        save.mutate();
      }}
    >
      {TEXT_FIELDS.map((k) => (
        <label key={k} className="ys-inv__input">
          <span>
            {t(`invoices:col.${k}`)}
            {REQUIRED.has(k) ? <em aria-hidden="true">*</em> : null}
          </span>
          <Input name={k} value={v[k] ?? ''} onChange={(x) => setV({ ...v, [k]: x })} clearable />
          {k === 'taxpayer_no' && taxBad ? (
            <small className="ys-inv__warn" role="alert">
              {t('invoices:info.taxpayer_bad')}
            </small>
          ) : null}
        </label>
      ))}
      <div className="ys-inv__input">
        <span>{t('invoices:col.company_nature')}</span>
        <Selector
          columns={3}
          options={COMPANY_NATURES.map((x) => ({ label: t(`invoices:nature.${x}`), value: x }))}
          value={[v.company_nature]}
          onChange={(x) => x[0] && setV({ ...v, company_nature: x[0] })}
        />
      </div>
      <div className="ys-inv__input">
        <span>{t('invoices:col.invoice_type')}</span>
        <Selector
          columns={2}
          options={INVOICE_TYPES.map((x) => ({ label: t(`invoices:invoice_type.${x}`), value: x }))}
          value={[v.invoice_type]}
          onChange={(x) => x[0] && setV({ ...v, invoice_type: x[0] })}
        />
      </div>
      <label className="ys-inv__input ys-inv__switch">
        <span>{t('invoices:col.is_default')}</span>
        <Switch checked={v.is_default} onChange={(x) => setV({ ...v, is_default: x })} />
      </label>
      <div className="ys-inv__submit">
        <Button onClick={onDone}>{t('invoices:cancel')}</Button>
        <Button type="submit" color="primary" disabled={missing || taxBad} loading={save.isPending} data-testid="info-save">
          {t('invoices:save')}
        </Button>
      </div>
    </form>
  );
}

export function InfoList() {
  const { t } = useTranslation();
  const q = useQuery({ queryKey: invoiceKeys.infos(), queryFn: invoiceInfos });
  const [adding, setAdding] = useState(false);
  return (
    <>
      <div className="ys-inv__toolbar">
        <Button color="primary" onClick={() => setAdding(true)} data-testid="info-add">
          {t('invoices:info.add')}
        </Button>
      </div>
      <QueryView q={q} empty={(d) => d.count === 0}>
        {(d) => (
          <DataView<InvoiceInfo>
            testId="invoice-infos"
            rows={d.data}
            to={(r) => `/receiptInfoDetail/${r.id}`}
            columns={[
              {
                key: 'name',
                title: 'company_name',
                render: (r) => (r.is_default ? `${r.company_name} ${t('invoices:info.default_mark')}` : r.company_name),
                main: true,
              },
              { key: 'tax', title: 'taxpayer_no', render: (r) => r.taxpayer_no },
              { key: 'type', title: 'invoice_type', render: (r) => t(`invoices:invoice_type.${r.invoice_type}`) },
              { key: 'bank', title: 'bank_name', render: (r) => r.bank_name, wide: true },
              { key: 'phone', title: 'phone', render: (r) => r.phone, wide: true },
            ]}
          />
        )}
      </QueryView>
      <Popup visible={adding} onMaskClick={() => setAdding(false)} position="bottom" bodyClassName="ys-inv__sheet" destroyOnClose>
        <h2>{t('invoices:info.add')}</h2>
        <InfoForm initial={EMPTY} id={null} onDone={() => setAdding(false)} />
      </Popup>
    </>
  );
}

export function InfoDetail() {
  const { id = '' } = useParams();
  const { t } = useTranslation();
  const q = useQuery({ queryKey: invoiceKeys.info(id), queryFn: () => invoiceInfo(id) });
  const [editing, setEditing] = useState(false);
  return (
    <QueryView q={q}>
      {(i) =>
        editing ? (
          <section className="ys-inv__panel">
            <InfoForm initial={{ ...EMPTY, ...i }} id={i.id} onDone={() => setEditing(false)} />
          </section>
        ) : (
          <section className="ys-inv__panel">
            <h2>{i.company_name}</h2>
            <Fields
              items={[
                ...TEXT_FIELDS.map((k) => [k, dash(i[k])] as [string, string]),
                ['company_nature', t(`invoices:nature.${i.company_nature}`)],
                ['invoice_type', t(`invoices:invoice_type.${i.invoice_type}`)],
                ['is_default', t(i.is_default ? 'invoices:yes' : 'invoices:no')],
                ['updated_at', when(i.updated_at)],
              ]}
            />
            <Button color="primary" fill="outline" onClick={() => setEditing(true)} data-testid="info-edit">
              {t('invoices:edit')}
            </Button>
          </section>
        )
      }
    </QueryView>
  );
}
