// 发票管理 (receiptManage and its sections): the invoice pools, bill history, bills not yet on an
// invoice, GOA approval records, the invoice list, AR documents, and the detail of a pool, an
// invoice (with void and red-flush), a bill and an AR document.
import { useState, type ReactNode } from 'react';
import { Link, useParams } from 'react-router';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Button, Dialog, NoticeBar, TextArea, Toast } from 'antd-mobile';
import {
  arDoc,
  arDocs,
  invoice,
  invoiceBill,
  invoiceBills,
  invoices,
  oaRecords,
  pool,
  pools,
  reverseInvoice,
  type Bill,
  type Invoice,
  type InvoiceDetail,
} from './api.ts';
import { DataView, Fields, QueryView, StateTag, dash, when, yuan, type Column } from './parts.tsx';
import { invoiceKeys } from './query-keys.ts';

const invoiceColumns: Column<Invoice>[] = [
  { key: 'no', title: 'business_no', render: (r) => r.business_no, main: true },
  { key: 'months', title: 'months', render: (r) => r.months.join(' ') },
  { key: 'amount', title: 'amount', render: (r) => yuan(r.amount_fen), align: 'end' },
  { key: 'state', title: 'state', render: (r) => <StateTag state={r.shown_state} /> },
  { key: 'invoice_no', title: 'invoice_no', render: (r) => dash(r.invoice_no), wide: true },
  { key: 'created', title: 'applied_at', render: (r) => when(r.created_at), wide: true },
];
const invoiceTo = (r: { id: string }) => `/receiptManage/invoiceDetail/${r.id}`;

export function PoolsSection() {
  const { t } = useTranslation();
  const q = useQuery({ queryKey: invoiceKeys.pools(), queryFn: pools });
  return (
    <QueryView q={q} empty={(d) => d.count === 0}>
      {(d) => (
        <DataView
          testId="invoice-pools"
          rows={d.data}
          to={(r) => `/receiptManage/billPoolDetail/${r.id}`}
          columns={[
            { key: 'name', title: 'pool_name', render: (r) => r.name, main: true },
            { key: 'company', title: 'company_name', render: (r) => dash(r.company_name) },
            { key: 'project', title: 'approval_project', render: (r) => dash(r.project_name), wide: true },
            { key: 'n', title: 'invoice_count', render: (r) => t('invoices:count', { n: r.invoices }), align: 'end' },
            { key: 'sum', title: 'invoiced_amount', render: (r) => yuan(r.invoiced_fen), align: 'end' },
          ]}
        />
      )}
    </QueryView>
  );
}

const billColumns: Column<Bill>[] = [
  { key: 'month', title: 'bill_month', render: (r) => r.month, main: true },
  { key: 'amount', title: 'amount', render: (r) => yuan(r.amount_fen), align: 'end' },
  { key: 'state', title: 'bill_state', render: (r) => <StateTag state={r.state} group="bill" /> },
  { key: 'invoice', title: 'business_no', render: (r) => (r.invoice_id ? <Link to={invoiceTo({ id: r.invoice_id })}>{r.business_no}</Link> : '—') },
  { key: 'confirmed', title: 'confirmed_at', render: (r) => when(r.confirmed_at), wide: true },
];

export function BillsSection({ view }: { view: 'history' | 'undistributed' }) {
  const q = useQuery({ queryKey: invoiceKeys.billsIn(view), queryFn: () => invoiceBills(view) });
  return (
    <QueryView q={q} empty={(d) => d.count === 0}>
      {(d) => <DataView testId={`bills-${view}`} rows={d.data} columns={billColumns} to={(r) => `/receiptManage/billHistoryDetail/${r.id}`} />}
    </QueryView>
  );
}

export function OaSection() {
  const q = useQuery({ queryKey: invoiceKeys.oaRecords(), queryFn: oaRecords });
  const { t } = useTranslation();
  return (
    <QueryView q={q} empty={(d) => d.count === 0}>
      {(d) => (
        <DataView
          testId="invoice-oa"
          rows={d.data}
          to={(r) => (r.target_id ? invoiceTo({ id: r.target_id }) : `/selfApprovalDetail/${r.id}`)}
          columns={[
            { key: 'title', title: 'business_no', render: (r) => r.title, main: true },
            { key: 'type', title: 'request_type', render: (r) => t(`approvals:type.${r.type}`) },
            { key: 'status', title: 'approval_state', render: (r) => <StateTag state={r.status} group="approval" /> },
            { key: 'amount', title: 'amount', render: (r) => yuan(r.amount_fen), align: 'end', wide: true },
            { key: 'who', title: 'requester', render: (r) => r.requester_name, wide: true },
            { key: 'at', title: 'applied_at', render: (r) => when(r.created_at) },
            { key: 'decided', title: 'decided_at', render: (r) => (r.decided_at ? `${when(r.decided_at)} ${dash(r.decider_name)}` : '—'), wide: true },
          ]}
        />
      )}
    </QueryView>
  );
}

export function InvoicesSection() {
  const q = useQuery({ queryKey: invoiceKeys.invoices(), queryFn: invoices });
  return (
    <QueryView q={q} empty={(d) => d.count === 0}>
      {(d) => <DataView testId="invoice-list" rows={d.data} columns={invoiceColumns} to={invoiceTo} />}
    </QueryView>
  );
}

export function ArSection() {
  const q = useQuery({ queryKey: invoiceKeys.arDocs(), queryFn: arDocs });
  return (
    <QueryView q={q} empty={(d) => d.count === 0}>
      {(d) => (
        <DataView
          testId="ar-docs"
          rows={d.data}
          to={(r) => `/receiptManage/arDocDetail/${r.id}`}
          columns={[
            { key: 'no', title: 'doc_no', render: (r) => r.doc_no, main: true },
            { key: 'invoice', title: 'business_no', render: (r) => r.business_no },
            { key: 'amount', title: 'amount', render: (r) => yuan(r.amount_fen), align: 'end' },
            { key: 'received', title: 'received', render: (r) => yuan(r.received_fen), align: 'end', wide: true },
            { key: 'state', title: 'ar_state', render: (r) => <StateTag state={r.state} group="ar" /> },
            { key: 'due', title: 'due_date', render: (r) => r.due_date },
          ]}
        />
      )}
    </QueryView>
  );
}

// ── details ─────────────────────────────────────────────────────────────────────────────────
export function PoolDetail() {
  const { id = '' } = useParams();
  const q = useQuery({ queryKey: invoiceKeys.pool(id), queryFn: () => pool(id) });
  const { t } = useTranslation();
  return (
    <QueryView q={q}>
      {(p) => (
        <>
          <section className="ys-inv__panel">
            <h2>{p.name}</h2>
            <Fields
              items={[
                ['company_name', dash(p.company_name)],
                ['approval_project', dash(p.project_name)],
                ['invoice_count', t('invoices:count', { n: p.invoices })],
                ['invoiced_amount', yuan(p.invoiced_fen)],
                ['created_at', when(p.created_at)],
              ]}
            />
          </section>
          <section className="ys-inv__panel">
            <h2>{t('invoices:pool_invoices')}</h2>
            <DataView rows={p.invoice_list} columns={invoiceColumns} to={invoiceTo} />
          </section>
        </>
      )}
    </QueryView>
  );
}

export function BillDetail() {
  const { id = '' } = useParams();
  const q = useQuery({ queryKey: invoiceKeys.bill(id), queryFn: () => invoiceBill(id) });
  const { t } = useTranslation();
  return (
    <QueryView q={q}>
      {(b) => (
        <>
          <section className="ys-inv__panel">
            <h2>{t('invoices:bill_of', { month: b.month })}</h2>
            <Fields
              items={[
                ['bill_month', b.month],
                ['amount', yuan(b.amount_fen)],
                ['bill_state', <StateTag key="s" state={b.state} group="bill" />],
                ['confirmed_at', when(b.confirmed_at)],
              ]}
            />
            <Link to={`/tenantBillDetail?month=${b.month}`}>{t('invoices:see_bill_lines')}</Link>
          </section>
          <section className="ys-inv__panel">
            <h2>{t('invoices:bill_invoices')}</h2>
            {b.invoice_list.length ? (
              <DataView rows={b.invoice_list} columns={invoiceColumns} to={invoiceTo} />
            ) : (
              <p className="ys-muted">{t('invoices:no_invoice_yet')}</p>
            )}
          </section>
        </>
      )}
    </QueryView>
  );
}

export function ArDetail() {
  const { id = '' } = useParams();
  const q = useQuery({ queryKey: invoiceKeys.arDoc(id), queryFn: () => arDoc(id) });
  const { t } = useTranslation();
  return (
    <QueryView q={q}>
      {(a) => (
        <section className="ys-inv__panel">
          <h2>{a.doc_no}</h2>
          <Fields
            items={[
              [
                'business_no',
                <Link key="i" to={invoiceTo({ id: a.invoice_id })}>
                  {a.business_no}
                </Link>,
              ],
              ['invoice_no', dash(a.invoice_no)],
              ['amount', yuan(a.amount_fen)],
              ['received', yuan(a.received_fen)],
              ['outstanding', yuan(a.state === 'cancelled' ? 0 : a.amount_fen - a.received_fen)],
              ['ar_state', <StateTag key="s" state={a.state} group="ar" />],
              ['due_date', a.due_date],
              ['created_at', when(a.created_at)],
            ]}
          />
          <p className="ys-muted">{t('invoices:ar_hint')}</p>
        </section>
      )}
    </QueryView>
  );
}

/** The invoice, its buyer, its reversals (作废, 红冲) and the approvals and receivables it went through. */
function InvoicePanels({ inv }: { inv: InvoiceDetail }) {
  const { t } = useTranslation();
  return (
    <>
      <section className="ys-inv__panel" data-testid="invoice-detail" data-state={inv.shown_state}>
        <h2>
          {inv.business_no} <StateTag state={inv.shown_state} />
        </h2>
        <Fields
          items={[
            ['amount', yuan(inv.amount_fen)],
            ['months', inv.months.join('、')],
            ['merged', t(inv.merged ? 'invoices:yes' : 'invoices:no')],
            ['invoice_type', t(`invoices:invoice_type.${inv.invoice_type}`)],
            ['medium', t(`invoices:medium.${inv.medium}`)],
            ['pool_name', dash(inv.pool_name)],
            ['invoice_code', dash(inv.invoice_code)],
            ['invoice_no', dash(inv.invoice_no)],
            ['issued_at', when(inv.issued_at)],
            ['applicant', dash(inv.applicant_name)],
            ['applied_at', when(inv.created_at)],
            ['remark', dash(inv.remark)],
          ]}
        />
      </section>
      <section className="ys-inv__panel">
        <h2>{t('invoices:buyer')}</h2>
        <Fields
          items={[
            ['company_name', dash(inv.info.company_name)],
            ['taxpayer_no', dash(inv.info.taxpayer_no)],
            ['bank_name', dash(inv.info.bank_name)],
            ['bank_account', dash(inv.info.bank_account)],
            ['address', dash(inv.info.address)],
            ['phone', dash(inv.info.phone)],
          ]}
        />
      </section>
      {inv.void_state || inv.red_state ? (
        <section className="ys-inv__panel">
          <h2>{t('invoices:reversals')}</h2>
          <Fields
            items={[
              ...(inv.void_state
                ? ([
                    ['void_state', <StateTag key="v" state={inv.void_state} group="reversal" />],
                    ['void_reason', dash(inv.void_reason)],
                    ['void_at', when(inv.void_at)],
                  ] as [string, ReactNode][])
                : []),
              ...(inv.red_state
                ? ([
                    ['red_state', <StateTag key="r" state={inv.red_state} group="reversal" />],
                    ['red_reason', dash(inv.red_reason)],
                    ['red_invoice_no', dash(inv.red_invoice_no)],
                    ['red_at', when(inv.red_at)],
                  ] as [string, ReactNode][])
                : []),
            ]}
          />
        </section>
      ) : null}
      <section className="ys-inv__panel">
        <h2>{t('invoices:goa_records')}</h2>
        <ul className="ys-inv__timeline">
          {inv.approvals.map((a) => (
            <li key={a.id}>
              <Link to={`/selfApprovalDetail/${a.id}`}>{t(`approvals:type.${a.type}`)}</Link> <StateTag state={a.status} group="approval" />
              <span className="ys-muted">{when(a.created_at)}</span>
              {a.reject_reason ? <span>{a.reject_reason}</span> : null}
            </li>
          ))}
        </ul>
        {inv.ar_documents.map((a) => (
          <Link key={a.id} to={`/receiptManage/arDocDetail/${a.id}`} className="ys-inv__link">
            {t('invoices:ar_link', { no: a.doc_no })}
          </Link>
        ))}
      </section>
    </>
  );
}

export function InvoiceDetailView() {
  const { id = '' } = useParams();
  const { t } = useTranslation();
  const qc = useQueryClient();
  const q = useQuery({ queryKey: invoiceKeys.invoice(id), queryFn: () => invoice(id) });
  const [asking, setAsking] = useState<'void' | 'red_flush' | null>(null);
  const [reason, setReason] = useState('');
  const reverse = useMutation({
    mutationFn: (v: { kind: 'void' | 'red_flush'; reason: string }) => reverseInvoice(id, v.kind, v.reason),
    onSuccess: (_, v) => {
      Toast.show({ content: t(`invoices:reverse.done_${v.kind}`) });
      setAsking(null);
      setReason('');
      void qc.invalidateQueries({ queryKey: invoiceKeys.invoice(id) });
      void qc.invalidateQueries({ queryKey: invoiceKeys.invoices() });
    },
  });
  return (
    <QueryView q={q}>
      {(inv) => {
        const reversible =
          inv.state === 'issued' &&
          !['applying', 'goa_approved', 'succeeded'].includes(inv.void_state ?? '') &&
          !['applying', 'goa_approved', 'succeeded'].includes(inv.red_state ?? '');
        const sameMonth = inv.issued_at ? when(inv.issued_at).slice(0, 7) === when(new Date().toISOString()).slice(0, 7) : false;
        return (
          <>
            <InvoicePanels inv={inv} />
            {reversible ? (
              <section className="ys-inv__panel ys-inv__actions">
                {inv.month_end_notice ? <NoticeBar content={t('invoices:reverse.month_end')} color="alert" wrap data-testid="month-end-notice" /> : null}
                {sameMonth ? (
                  <Button color="warning" fill="outline" onClick={() => setAsking('void')} data-testid="invoice-void">
                    {t('invoices:reverse.void')}
                  </Button>
                ) : null}
                <Button color="danger" fill="outline" onClick={() => setAsking('red_flush')} data-testid="invoice-red-flush">
                  {t('invoices:reverse.red_flush')}
                </Button>
                {!sameMonth ? <p className="ys-muted">{t('invoices:reverse.other_month')}</p> : null}
              </section>
            ) : null}
            <Dialog
              visible={asking !== null}
              title={asking ? t(`invoices:reverse.${asking}_title`) : ''}
              content={
                <div className="ys-inv__reason">
                  {asking === 'void' && inv.month_end_notice ? <p className="ys-inv__warn">{t('invoices:reverse.month_end')}</p> : null}
                  <label htmlFor="reverse-reason">{t('invoices:reverse.reason')}</label>
                  <TextArea
                    id="reverse-reason"
                    value={reason}
                    onChange={setReason}
                    maxLength={200}
                    showCount
                    rows={3}
                    placeholder={t('invoices:reverse.reason_hint')}
                  />
                </div>
              }
              closeOnAction
              onClose={() => setAsking(null)}
              actions={[
                [
                  { key: 'cancel', text: t('invoices:cancel') },
                  {
                    key: 'ok',
                    text: t('invoices:submit'),
                    bold: true,
                    disabled: reason.trim().length < 2,
                    onClick: () => {
                      if (asking) reverse.mutate({ kind: asking, reason: reason.trim() });
                    },
                  },
                ],
              ]}
            />
          </>
        );
      }}
    </QueryView>
  );
}
