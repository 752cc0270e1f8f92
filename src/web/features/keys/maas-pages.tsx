// maasAccountManage (the tenant's model-service accounts by vendor), maasAccountDetail/{id} (one
// account and its API keys) and maasApiKeysManage (every key of the tenant). A key's secret is
// shown once when it is made; afterwards only its masked form.
import { useState } from 'react';
import { useNavigate, useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, Dialog, Input, List, Popup, Selector, Switch, Toast } from 'antd-mobile';
import { MAAS_VENDORS } from '../../../domain/keys.ts';
import { useCan } from '../../lib/can.ts';
import { useBreakpoint, usePageHandle } from '../../lib/hooks.ts';
import { DataTable, type DataColumn } from '../../ui/data-table/data-table.tsx';
import { PageFrame } from '../../ui/page-frame.tsx';
import { Breadcrumb } from '../../ui/breadcrumb.tsx';
import {
  createMaasAccount,
  createMaasKey,
  deleteMaasAccount,
  deleteMaasKey,
  getMaasAccount,
  listMaasAccounts,
  listMaasKeys,
  setMaasKeyEnabled,
  type MaasAccount,
  type MaasKey,
} from './api.ts';
import { Loading, LoadFailed, showSecretOnce, when } from './parts.tsx';
import './keys.css';
import { keyKeys } from './query-keys.ts';

/** A tenant's MaaS API keys: the console's shared table from 1200px, cards below. */
function KeyRows({ keys, showAccount, onChanged }: { keys: MaasKey[]; showAccount?: boolean; onChanged: () => void }) {
  const { t } = useTranslation('keys');
  const bp = useBreakpoint();
  const editable = useCan()('manage:maas_account');
  const stateText = (k: MaasKey) => (k.enabled ? t('state.active') : t('state.disabled'));
  const toggle = async (k: MaasKey, on: boolean) => {
    try {
      await setMaasKeyEnabled(k.id, on);
      onChanged();
    } catch {
      // the request helper showed the server's notice
    }
  };
  const remove = async (k: MaasKey) => {
    if (!(await Dialog.confirm({ content: t('maas.key_delete_confirm', { name: k.name }), confirmText: t('detail.delete'), cancelText: t('cancel') }))) return;
    try {
      await deleteMaasKey(k.id);
      Toast.show({ content: t('detail.deleted') });
      onChanged();
    } catch {
      // the request helper showed the server's notice
    }
  };
  if (!keys.length) return <p className="ys-keys__muted">{t('maas.no_keys')}</p>;
  if (bp === 'desktop') {
    const columns: DataColumn<MaasKey>[] = [
      { id: 'name', header: t('maas.key_name'), frozen: true, text: (k) => k.name, cell: (k) => <strong data-testid="maas-key">{k.name}</strong> },
      { id: 'masked', header: t('maas.key'), text: (k) => k.masked, cell: (k) => <span className="ys-keys__mono">{k.masked}</span> },
      ...(showAccount
        ? [
            {
              id: 'account',
              header: t('maas.account'),
              text: (k: MaasKey) => `${k.account_name ?? ''}（${t(`vendor.${k.vendor ?? 'qwen'}`)}）`,
              cell: (k: MaasKey) => <span>{`${k.account_name ?? ''}（${t(`vendor.${k.vendor ?? 'qwen'}`)}）`}</span>,
            },
          ]
        : []),
      {
        id: 'enabled',
        header: t('maas.enabled'),
        text: (k) => (k.enabled ? t('state.active') : t('state.disabled')),
        cell: (k) =>
          editable ? (
            <Switch checked={k.enabled} onChange={(on) => void toggle(k, on)} aria-label={`${t('maas.enabled')} ${k.name}`} />
          ) : (
            <span>{stateText(k)}</span>
          ),
      },
      { id: 'calls', header: t('field.calls'), text: (k) => k.calls.toLocaleString('zh-CN'), cell: (k) => <span>{k.calls.toLocaleString('zh-CN')}</span> },
      { id: 'last_used_at', header: t('field.last_used_at'), text: (k) => when(k.last_used_at, t), cell: (k) => <span>{when(k.last_used_at, t)}</span> },
      { id: 'created_at', header: t('field.created_at'), text: (k) => when(k.created_at, t), cell: (k) => <span>{when(k.created_at, t)}</span> },
    ];
    return (
      <DataTable<MaasKey>
        columns={columns}
        rows={keys}
        rowKey={(k) => k.id}
        rowActions={editable ? (k) => [{ key: 'delete', label: t('detail.delete'), danger: true, onClick: () => void remove(k) }] : undefined}
        testId="maas-key-table"
      />
    );
  }
  return (
    <div className="ys-keys__cards">
      {keys.map((k) => (
        <div key={k.id} className="ys-keys__card" data-testid="maas-key">
          <div className="ys-keys__card-head">
            <strong>{k.name}</strong>
            {editable ? <Switch checked={k.enabled} onChange={(on) => void toggle(k, on)} aria-label={t('maas.enabled')} /> : <span>{stateText(k)}</span>}
          </div>
          <div className="ys-keys__meta">
            <span>{t('maas.key')}</span>
            <span className="ys-keys__mono">{k.masked}</span>
            {showAccount ? (
              <>
                <span>{t('maas.account')}</span>
                <span>{`${k.account_name ?? ''}（${t(`vendor.${k.vendor ?? 'qwen'}`)}）`}</span>
              </>
            ) : null}
            <span>{t('field.calls')}</span>
            <span>{k.calls.toLocaleString('zh-CN')}</span>
            <span>{t('field.last_used_at')}</span>
            <span>{when(k.last_used_at, t)}</span>
            <span>{t('field.created_at')}</span>
            <span>{when(k.created_at, t)}</span>
          </div>
          {editable ? (
            <div className="ys-keys__actions">
              <Button size="small" color="danger" fill="outline" onClick={() => void remove(k)}>
                {t('detail.delete')}
              </Button>
            </div>
          ) : null}
        </div>
      ))}
    </div>
  );
}

/** The accounts from 1200px: the console's shared table, a row's name opens the account. */
function AccountTable({ accounts }: { accounts: MaasAccount[] }) {
  const { t } = useTranslation('keys');
  const navigate = useNavigate();
  const columns: DataColumn<MaasAccount>[] = [
    {
      id: 'name',
      header: t('maas.name'),
      frozen: true,
      text: (a) => a.name,
      cell: (a) => (
        <button type="button" className="ys-keys__link" data-testid="maas-account" onClick={() => navigate(`/maasAccountDetail/${a.id}`)}>
          {a.name}
        </button>
      ),
    },
    { id: 'vendor', header: t('maas.vendor'), text: (a) => t(`vendor.${a.vendor}`), cell: (a) => <span>{t(`vendor.${a.vendor}`)}</span> },
    { id: 'key_count', header: t('maas.key_count'), text: (a) => String(a.key_count), cell: (a) => <span>{a.key_count}</span> },
    { id: 'calls', header: t('field.calls'), text: (a) => a.calls.toLocaleString('zh-CN'), cell: (a) => <span>{a.calls.toLocaleString('zh-CN')}</span> },
    { id: 'remark', header: t('maas.remark'), text: (a) => a.remark, cell: (a) => <span>{a.remark || t('none')}</span> },
    { id: 'created_at', header: t('field.created_at'), text: (a) => when(a.created_at, t), cell: (a) => <span>{when(a.created_at, t)}</span> },
  ];
  return <DataTable<MaasAccount> columns={columns} rows={accounts} rowKey={(a) => a.id} testId="maas-account-table" />;
}

export function MaasAccountsPage() {
  const handle = usePageHandle();
  const { t } = useTranslation('keys');
  const can = useCan();
  const bp = useBreakpoint();
  const navigate = useNavigate();
  const qc = useQueryClient();
  const q = useQuery({ queryKey: keyKeys.maasAccounts(), queryFn: listMaasAccounts });
  const [open, setOpen] = useState(false);
  const [vendor, setVendor] = useState<string>('qwen');
  const [name, setName] = useState('');
  const [remark, setRemark] = useState('');
  const submit = async () => {
    try {
      await createMaasAccount({ vendor, name: name.trim(), remark: remark.trim() || undefined });
      setOpen(false);
      setName('');
      setRemark('');
      Toast.show({ content: t('maas.account_created') });
      void qc.invalidateQueries({ queryKey: keyKeys.maasAccounts() });
    } catch {
      // the request helper showed the server's notice
    }
  };
  return (
    <PageFrame name="maasAccountManage" className="ys-keys">
      {handle ? <Breadcrumb handle={handle} /> : null}
      <h1 className="ys-page__title">{t('title.maas_accounts')}</h1>
      <div className="ys-keys__toolbar">
        {can('manage:maas_account') ? (
          <Button color="primary" onClick={() => setOpen(true)} data-testid="maas-create">
            {t('maas.create_account')}
          </Button>
        ) : null}
        <Button onClick={() => navigate('/maasApiKeysManage')}>{t('title.maas_keys')}</Button>
      </div>
      {q.isPending ? (
        <Loading />
      ) : q.isError ? (
        <LoadFailed retry={() => void q.refetch()} />
      ) : q.data.data.length === 0 ? (
        <p className="ys-keys__muted">{t('maas.empty')}</p>
      ) : bp === 'desktop' ? (
        <AccountTable accounts={q.data.data} />
      ) : (
        <div className="ys-keys__cards">
          {q.data.data.map((a) => (
            <button key={a.id} type="button" className="ys-keys__card" data-testid="maas-account" onClick={() => navigate(`/maasAccountDetail/${a.id}`)}>
              <div className="ys-keys__card-head">
                <strong>{a.name}</strong>
                <span>{t(`vendor.${a.vendor}`)}</span>
              </div>
              <div className="ys-keys__meta">
                <span>{t('maas.key_count')}</span>
                <span>{a.key_count}</span>
                <span>{t('field.calls')}</span>
                <span>{a.calls.toLocaleString('zh-CN')}</span>
                {a.remark ? (
                  <>
                    <span>{t('maas.remark')}</span>
                    <span>{a.remark}</span>
                  </>
                ) : null}
              </div>
            </button>
          ))}
        </div>
      )}
      <Popup visible={open} onMaskClick={() => setOpen(false)}>
        <div className="ys-keys__form">
          <h2 className="ys-keys__h2">{t('maas.create_account')}</h2>
          <span className="ys-keys__label">{t('maas.vendor')}</span>
          <Selector
            columns={3}
            value={[vendor]}
            onChange={(v) => v[0] && setVendor(v[0])}
            options={MAAS_VENDORS.map((v) => ({ label: t(`vendor.${v}`), value: v }))}
          />
          <span className="ys-keys__label">{t('maas.name')}</span>
          <Input value={name} onChange={setName} maxLength={64} placeholder={t('maas.name_placeholder')} />
          <span className="ys-keys__label">{t('maas.remark')}</span>
          <Input value={remark} onChange={setRemark} maxLength={200} />
          <Button block color="primary" disabled={name.trim().length < 2} onClick={() => void submit()}>
            {t('create.submit')}
          </Button>
        </div>
      </Popup>
    </PageFrame>
  );
}

export function MaasAccountDetailPage() {
  const handle = usePageHandle();
  const { t } = useTranslation('keys');
  const can = useCan();
  const { id = '' } = useParams();
  const navigate = useNavigate();
  const qc = useQueryClient();
  const q = useQuery({ queryKey: keyKeys.maasAccount(id), queryFn: () => getMaasAccount(id) });
  const [open, setOpen] = useState(false);
  const [name, setName] = useState('');
  const refresh = () => {
    void qc.invalidateQueries({ queryKey: keyKeys.maasAccount(id) });
    void qc.invalidateQueries({ queryKey: keyKeys.maasKeys() });
  };
  const makeKey = async () => {
    try {
      const res = await createMaasKey({ account_id: id, name: name.trim() });
      setOpen(false);
      setName('');
      refresh();
      await showSecretOnce(t, [{ label: t('maas.key'), value: res.secret, secret: true }]);
    } catch {
      // the request helper showed the server's notice
    }
  };
  const removeAccount = async () => {
    if (!(await Dialog.confirm({ content: t('maas.account_delete_confirm'), confirmText: t('detail.delete'), cancelText: t('cancel') }))) return;
    try {
      await deleteMaasAccount(id);
      void qc.invalidateQueries({ queryKey: keyKeys.maasAccounts() });
      navigate('/maasAccountManage');
    } catch {
      // the request helper showed the server's notice
    }
  };
  return (
    <PageFrame name="maasAccountDetail" className="ys-keys">
      {handle ? <Breadcrumb handle={handle} /> : null}
      <h1 className="ys-page__title">{t('title.maas_account')}</h1>
      {q.isPending ? (
        <Loading />
      ) : q.isError ? (
        <LoadFailed retry={() => void q.refetch()} />
      ) : (
        <>
          <List>
            <List.Item extra={q.data.data.name}>{t('maas.name')}</List.Item>
            <List.Item extra={t(`vendor.${q.data.data.vendor}`)}>{t('maas.vendor')}</List.Item>
            <List.Item extra={q.data.data.remark || t('none')}>{t('maas.remark')}</List.Item>
            <List.Item extra={when(q.data.data.created_at, t)}>{t('field.created_at')}</List.Item>
          </List>
          {can('manage:maas_account') ? (
            <div className="ys-keys__actions">
              <Button color="primary" onClick={() => setOpen(true)} data-testid="maas-key-create">
                {t('maas.create_key')}
              </Button>
              <Button color="danger" fill="outline" onClick={() => void removeAccount()}>
                {t('maas.delete_account')}
              </Button>
            </div>
          ) : null}
          <h2 className="ys-keys__h2">{t('title.maas_keys')}</h2>
          <KeyRows keys={q.data.data.api_keys} onChanged={refresh} />
        </>
      )}
      <Popup visible={open} onMaskClick={() => setOpen(false)}>
        <div className="ys-keys__form">
          <h2 className="ys-keys__h2">{t('maas.create_key')}</h2>
          <span className="ys-keys__label">{t('maas.key_name')}</span>
          <Input value={name} onChange={setName} maxLength={64} placeholder={t('maas.key_name_placeholder')} data-testid="maas-key-name" />
          <Button block color="primary" disabled={name.trim().length < 2} onClick={() => void makeKey()} data-testid="maas-key-submit">
            {t('create.submit')}
          </Button>
        </div>
      </Popup>
    </PageFrame>
  );
}

export function MaasKeysPage() {
  const handle = usePageHandle();
  const { t } = useTranslation('keys');
  const qc = useQueryClient();
  const q = useQuery({ queryKey: keyKeys.maasKeys(), queryFn: listMaasKeys });
  return (
    <PageFrame name="maasApiKeysManage" className="ys-keys">
      {handle ? <Breadcrumb handle={handle} /> : null}
      <h1 className="ys-page__title">{t('title.maas_keys')}</h1>
      <p className="ys-keys__muted">{t('maas.keys_hint')}</p>
      {q.isPending ? (
        <Loading />
      ) : q.isError ? (
        <LoadFailed retry={() => void q.refetch()} />
      ) : (
        <KeyRows keys={q.data.data} showAccount onChanged={() => void qc.invalidateQueries({ queryKey: keyKeys.maasKeys() })} />
      )}
    </PageFrame>
  );
}
