// 合同管理 (contractManage, contractDetail/:id, uploadProtocol, previewTemplate): the tenant's
// contracts, a new one (start not after now nor after the end), the signed protocol (PDF only; the
// server checks the bytes) and the template preview link that works for three days.
import { useState, type ChangeEvent } from 'react';
import { Link, useParams, useSearchParams } from 'react-router';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Button, ErrorBlock, Input, Popup, Selector, Toast } from 'antd-mobile';
import { CONTRACT_STATES } from '../../../domain/billing/invoices.ts';
import { contract, contracts, downloadProtocol, saveContract, templateLink, templatePreview, uploadProtocol, type Contract } from './api.ts';
import { DataView, Fields, QueryView, StateTag, dash, when } from './parts.tsx';
import { invoiceKeys } from './query-keys.ts';

const localInput = (d: Date) => new Date(d.getTime() + 8 * 3600_000).toISOString().slice(0, 16);
const fromLocal = (s: string) => new Date(`${s}:00+08:00`).toISOString();

function ContractForm({ onDone }: { onDone: () => void }) {
  const { t } = useTranslation();
  const qc = useQueryClient();
  const now = new Date();
  const [v, setV] = useState({
    party_name: '',
    signing_period: '12',
    bill_month: localInput(now).slice(0, 7),
    start_at: localInput(now),
    end_at: localInput(new Date(now.getTime() + 365 * 86_400_000)),
    status: 'draft',
    contact: '',
    phone: '',
    address: '',
    email: '',
  });
  const startLate = v.start_at > localInput(new Date());
  const endEarly = v.end_at <= v.start_at;
  const save = useMutation({
    mutationFn: () =>
      saveContract(null, {
        ...v,
        signing_period: Number(v.signing_period),
        start_at: fromLocal(v.start_at),
        end_at: fromLocal(v.end_at),
        address: v.address || null,
        email: v.email || null,
      }),
    onSuccess: () => {
      Toast.show({ content: t('invoices:contract.saved') });
      void qc.invalidateQueries({ queryKey: invoiceKeys.contracts() });
      onDone();
    },
  });
  const text = (k: 'party_name' | 'contact' | 'phone' | 'address' | 'email' | 'signing_period') => (
    <label key={k} className="ys-inv__input">
      <span>{t(`invoices:col.${k}`)}</span>
      <Input name={k} value={v[k]} onChange={(x) => setV({ ...v, [k]: x })} type={k === 'signing_period' ? 'number' : 'text'} clearable />
    </label>
  );
  const date = (k: 'start_at' | 'end_at', bad: boolean, msg: string) => (
    <label className="ys-inv__input">
      <span>{t(`invoices:col.${k}`)}</span>
      <input
        className="ys-inv__native"
        type="datetime-local"
        name={k}
        value={v[k]}
        onChange={(e: ChangeEvent<HTMLInputElement>) => setV({ ...v, [k]: e.target.value })}
      />
      {bad ? (
        <small className="ys-inv__warn" role="alert">
          {t(msg)}
        </small>
      ) : null}
    </label>
  );
  return (
    <form
      className="ys-inv__form"
      data-testid="contract-form"
      onSubmit={(e) => {
        e.preventDefault();
        save.mutate();
      }}
    >
      {text('party_name')}
      {text('signing_period')}
      <label className="ys-inv__input">
        <span>{t('invoices:col.bill_month')}</span>
        <input className="ys-inv__native" type="month" name="bill_month" value={v.bill_month} onChange={(e) => setV({ ...v, bill_month: e.target.value })} />
      </label>
      {date('start_at', startLate, 'invoices:contract.start_late')}
      {date('end_at', endEarly, 'invoices:contract.end_early')}
      <div className="ys-inv__input">
        <span>{t('invoices:col.contract_state')}</span>
        <Selector
          columns={3}
          options={CONTRACT_STATES.map((x) => ({ label: t(`invoices:state_contract.${x}`), value: x }))}
          value={[v.status]}
          onChange={(x) => x[0] && setV({ ...v, status: x[0] })}
        />
      </div>
      {text('contact')}
      {text('phone')}
      {text('address')}
      {text('email')}
      <div className="ys-inv__submit">
        <Button onClick={onDone}>{t('invoices:cancel')}</Button>
        <Button
          type="submit"
          color="primary"
          disabled={!v.party_name.trim() || !v.contact.trim() || !v.phone.trim() || startLate || endEarly}
          loading={save.isPending}
          data-testid="contract-save"
        >
          {t('invoices:save')}
        </Button>
      </div>
    </form>
  );
}

function PreviewLinkButton() {
  const { t } = useTranslation();
  const [link, setLink] = useState<{ url: string; expires_at: string } | null>(null);
  const make = useMutation({ mutationFn: templateLink, onSuccess: (r) => setLink(r) });
  return (
    <div className="ys-inv__preview-link">
      <Button fill="outline" onClick={() => make.mutate()} loading={make.isPending} data-testid="template-link">
        {t('invoices:contract.make_link')}
      </Button>
      {link ? (
        <p>
          <Link to={link.url} data-testid="template-link-url">
            {t('invoices:contract.open_link')}
          </Link>{' '}
          <span className="ys-muted">{t('invoices:contract.link_expires', { at: when(link.expires_at) })}</span>
        </p>
      ) : null}
    </div>
  );
}

export function ContractList() {
  const { t } = useTranslation();
  const q = useQuery({ queryKey: invoiceKeys.contracts(), queryFn: contracts });
  const [adding, setAdding] = useState(false);
  return (
    <>
      <div className="ys-inv__toolbar">
        <Button color="primary" onClick={() => setAdding(true)} data-testid="contract-add">
          {t('invoices:contract.add')}
        </Button>
        <Link to="/uploadProtocol" className="ys-inv__link">
          {t('routes:uploadProtocol')}
        </Link>
        <PreviewLinkButton />
      </div>
      <QueryView q={q} empty={(d) => d.count === 0}>
        {(d) => (
          <DataView<Contract>
            testId="contracts"
            rows={d.data}
            to={(r) => `/contractDetail/${r.id}`}
            columns={[
              { key: 'party', title: 'party_name', render: (r) => r.party_name, main: true },
              { key: 'no', title: 'contract_no', render: (r) => r.contract_no, wide: true },
              { key: 'state', title: 'contract_state', render: (r) => <StateTag state={r.status} group="contract" /> },
              { key: 'period', title: 'period', render: (r) => `${when(r.start_at).slice(0, 10)} ~ ${when(r.end_at).slice(0, 10)}` },
              { key: 'contact', title: 'contact', render: (r) => r.contact, wide: true },
              {
                key: 'protocol',
                title: 'protocol',
                render: (r) => (r.protocol_name ? t('invoices:contract.has_protocol') : t('invoices:contract.no_protocol')),
              },
            ]}
          />
        )}
      </QueryView>
      <Popup visible={adding} onMaskClick={() => setAdding(false)} position="bottom" bodyClassName="ys-inv__sheet" destroyOnClose>
        <h2>{t('invoices:contract.add')}</h2>
        <ContractForm onDone={() => setAdding(false)} />
      </Popup>
    </>
  );
}

function ProtocolUpload({ id, onDone }: { id: string; onDone?: () => void }) {
  const { t } = useTranslation();
  const qc = useQueryClient();
  const [file, setFile] = useState<File | null>(null);
  const send = useMutation({
    mutationFn: () => uploadProtocol(id, file!),
    onSuccess: () => {
      Toast.show({ content: t('invoices:contract.uploaded') });
      setFile(null);
      void qc.invalidateQueries({ queryKey: invoiceKeys.contract(id) });
      void qc.invalidateQueries({ queryKey: invoiceKeys.contracts() });
      onDone?.();
    },
  });
  return (
    <div className="ys-inv__upload">
      <label className="ys-inv__input">
        <span>{t('invoices:contract.pick_pdf')}</span>
        <input type="file" accept="application/pdf,.pdf" onChange={(e) => setFile(e.target.files?.[0] ?? null)} data-testid="protocol-file" />
      </label>
      <p className="ys-muted">{t('invoices:contract.pdf_hint')}</p>
      <Button color="primary" disabled={!file} loading={send.isPending} onClick={() => send.mutate()} data-testid="protocol-upload">
        {t('invoices:contract.upload')}
      </Button>
    </div>
  );
}

export function ContractDetail() {
  const { id = '' } = useParams();
  const { t } = useTranslation();
  const q = useQuery({ queryKey: invoiceKeys.contract(id), queryFn: () => contract(id) });
  return (
    <QueryView q={q}>
      {(c) => (
        <>
          <section className="ys-inv__panel" data-testid="contract-detail">
            <h2>
              {c.party_name} <StateTag state={c.status} group="contract" />
            </h2>
            <Fields
              items={[
                ['contract_no', c.contract_no],
                ['signing_period', t('invoices:contract.months', { n: c.signing_period })],
                ['bill_month', c.bill_month],
                ['start_at', when(c.start_at)],
                ['end_at', when(c.end_at)],
                ['contact', c.contact],
                ['phone', c.phone],
                ['address', dash(c.address)],
                ['email', dash(c.email)],
              ]}
            />
          </section>
          <section className="ys-inv__panel">
            <h2>{t('invoices:col.protocol')}</h2>
            {c.protocol_name ? (
              <p>
                <Button fill="none" onClick={() => void downloadProtocol(c.id, c.protocol_name!)} data-testid="protocol-download">
                  {c.protocol_name}
                </Button>
                <span className="ys-muted">{when(c.protocol_uploaded_at)}</span>
              </p>
            ) : (
              <p className="ys-muted">{t('invoices:contract.no_protocol')}</p>
            )}
            <ProtocolUpload id={c.id} />
          </section>
          <section className="ys-inv__panel">
            <h2>{t('routes:previewTemplate')}</h2>
            <PreviewLinkButton />
          </section>
        </>
      )}
    </QueryView>
  );
}

export function UploadProtocolPage() {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const q = useQuery({ queryKey: invoiceKeys.contracts(), queryFn: contracts });
  const chosen = params.get('id');
  return (
    <QueryView q={q} empty={(d) => d.count === 0}>
      {(d) => {
        const id = chosen && d.data.some((c) => c.id === chosen) ? chosen : (d.data.find((c) => !c.protocol_name)?.id ?? d.data[0]!.id);
        return (
          <section className="ys-inv__panel">
            <div className="ys-inv__input">
              <span>{t('invoices:contract.choose')}</span>
              <Selector
                columns={1}
                options={d.data.map((c) => ({
                  label: c.party_name,
                  description: `${c.contract_no} · ${c.protocol_name ?? t('invoices:contract.no_protocol')}`,
                  value: c.id,
                }))}
                value={[id]}
                onChange={(x) => x[0] && setParams({ id: x[0] })}
              />
            </div>
            <ProtocolUpload id={id} />
          </section>
        );
      }}
    </QueryView>
  );
}

export function PreviewTemplatePage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const q = useQuery({ queryKey: invoiceKeys.templatePreview(token), queryFn: () => templatePreview(token), enabled: !!token, retry: false });
  if (!token || q.isError) {
    const status = (q.error as { status?: number } | null)?.status;
    return (
      <div data-testid="template-expired">
        <ErrorBlock
          status="default"
          title={t(status === 410 ? 'invoices:preview.expired' : 'invoices:preview.invalid')}
          description={t('invoices:preview.ask_again')}
        >
          <PreviewLinkButton />
        </ErrorBlock>
      </div>
    );
  }
  return (
    <QueryView q={q}>
      {(p) => (
        <article className="ys-inv__panel ys-inv__template" data-testid="template-preview">
          <h2>{t('invoices:preview.title')}</h2>
          <p className="ys-muted">{t('invoices:preview.valid_until', { at: when(p.expires_at) })}</p>
          <h3>{t('invoices:preview.party_a')}</h3>
          <Fields
            items={[
              ['company_name', dash(p.party?.company_name ?? p.tenant_name)],
              ['taxpayer_no', dash(p.party?.taxpayer_no)],
              ['address', dash(p.party?.address)],
              ['phone', dash(p.party?.phone)],
              ['bank_name', dash(p.party?.bank_name)],
              ['bank_account', dash(p.party?.bank_account)],
            ]}
          />
          <h3>{t('invoices:preview.party_b')}</h3>
          <p>{t('invoices:preview.party_b_name')}</p>
          <h3>{t('invoices:preview.terms_title')}</h3>
          <ol className="ys-inv__terms">
            {(['service', 'billing', 'invoice', 'term'] as const).map((k) => (
              <li key={k}>{t(`invoices:preview.terms.${k}`)}</li>
            ))}
          </ol>
        </article>
      )}
    </QueryView>
  );
}
