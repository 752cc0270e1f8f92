// accessKeyManage (and its tabs accessKeyList, accessKeyGeneral): the caller's AccessKeys (a tenant
// administrator sees the tenant's) as cards, a new key (temporary with an expiry, or permanent)
// whose secret is shown once, and the overview: keys by state, calls, the recently used.
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, DatePicker, Input, Popup, Selector, Tabs } from 'antd-mobile';
import { TEMPORARY_KEY_MAX_DAYS } from '../../../domain/keys.ts';
import { useCan } from '../../lib/can.ts';
import { useBreakpoint, usePageHandle } from '../../lib/hooks.ts';
import { DataTable, type DataColumn } from '../../ui/data-table/data-table.tsx';
import { PageFrame } from '../../ui/page-frame.tsx';
import { Breadcrumb } from '../../ui/breadcrumb.tsx';
import { createKey, keyOverview, listKeys, type AccessKey } from './api.ts';
import { Loading, LoadFailed, StateTag, showSecretOnce, when } from './parts.tsx';
import './keys.css';
import { keyKeys } from './query-keys.ts';

export function KeyCard({ k }: { k: AccessKey }) {
  const { t } = useTranslation('keys');
  const navigate = useNavigate();
  return (
    <button type="button" className="ys-keys__card" data-testid="key-card" onClick={() => navigate(`/accessKeyDetail/${k.id}`)}>
      <div className="ys-keys__card-head">
        <span className="ys-keys__mono">{k.access_key}</span>
        <StateTag state={k.state} />
      </div>
      <div className="ys-keys__meta">
        <span>{t('field.key_type')}</span>
        <span>{t(`key_type.${k.key_type}`)}</span>
        <span>{t('field.expires_at')}</span>
        <span>{k.expires_at ? when(k.expires_at, t) : t('no_expiry')}</span>
        <span>{t('field.calls')}</span>
        <span>{k.call_count.toLocaleString('zh-CN')}</span>
        <span>{t('field.last_used_at')}</span>
        <span>{when(k.last_used_at, t)}</span>
        {k.description ? (
          <>
            <span>{t('field.description')}</span>
            <span>{k.description}</span>
          </>
        ) : null}
      </div>
    </button>
  );
}

function CreateSheet({ open, onClose, onCreated }: { open: boolean; onClose: () => void; onCreated: () => void }) {
  const { t } = useTranslation('keys');
  const [type, setType] = useState<'temporary' | 'permanent'>('temporary');
  const [expires, setExpires] = useState<Date>(() => new Date(Date.now() + 30 * 86_400_000));
  const [pick, setPick] = useState(false);
  const [description, setDescription] = useState('');
  const [busy, setBusy] = useState(false);
  const submit = async () => {
    setBusy(true);
    try {
      const res = await createKey({
        key_type: type,
        ...(type === 'temporary' ? { expires_at: expires.toISOString() } : {}),
        description: description.trim() || undefined,
      });
      onClose();
      onCreated();
      await showSecretOnce(t, [
        { label: t('field.access_key'), value: res.data.access_key },
        { label: t('field.secret'), value: res.secret, secret: true },
      ]);
    } catch {
      // the request helper showed the server's notice
    } finally {
      setBusy(false);
    }
  };
  return (
    <Popup visible={open} onMaskClick={onClose} bodyStyle={{ borderTopLeftRadius: 12, borderTopRightRadius: 12 }}>
      <div className="ys-keys__form" data-testid="key-create-form">
        <h2 className="ys-keys__h2">{t('create.title')}</h2>
        <span className="ys-keys__label">{t('field.key_type')}</span>
        <Selector
          columns={2}
          value={[type]}
          onChange={(v) => v[0] && setType(v[0] as 'temporary' | 'permanent')}
          options={[
            { label: t('key_type.temporary'), value: 'temporary' },
            { label: t('key_type.permanent'), value: 'permanent' },
          ]}
        />
        {type === 'temporary' ? (
          <>
            <span className="ys-keys__label">{t('field.expires_at')}</span>
            <Button onClick={() => setPick(true)} data-testid="key-expiry">
              {when(expires.toISOString(), t)}
            </Button>
            <span className="ys-keys__muted">{t('create.expiry_hint', { max: TEMPORARY_KEY_MAX_DAYS })}</span>
            <DatePicker
              visible={pick}
              onClose={() => setPick(false)}
              precision="minute"
              min={new Date(Date.now() + 3600_000)}
              max={new Date(Date.now() + TEMPORARY_KEY_MAX_DAYS * 86_400_000 - 60_000)}
              value={expires}
              onConfirm={(d) => setExpires(d)}
            />
          </>
        ) : (
          <span className="ys-keys__muted">{t('create.permanent_hint')}</span>
        )}
        <span className="ys-keys__label">{t('field.description')}</span>
        <Input value={description} onChange={setDescription} maxLength={128} placeholder={t('create.description_placeholder')} data-testid="key-description" />
        <Button block color="primary" loading={busy} onClick={() => void submit()} data-testid="key-create-submit">
          {t('create.submit')}
        </Button>
      </div>
    </Popup>
  );
}

/** From 1200px the keys are the console's shared table (a row's ID opens its detail); cards below. */
function KeyTable({ keys }: { keys: AccessKey[] }) {
  const { t } = useTranslation('keys');
  const navigate = useNavigate();
  const columns: DataColumn<AccessKey>[] = [
    {
      id: 'access_key',
      header: t('field.access_key'),
      frozen: true,
      text: (k) => k.access_key,
      cell: (k) => (
        <button type="button" className="ys-keys__link ys-keys__mono" data-testid="key-card" onClick={() => navigate(`/accessKeyDetail/${k.id}`)}>
          {k.access_key}
        </button>
      ),
    },
    { id: 'state', header: t('field.state'), text: (k) => t(`state.${k.state}`), cell: (k) => <StateTag state={k.state} /> },
    { id: 'key_type', header: t('field.key_type'), text: (k) => t(`key_type.${k.key_type}`), cell: (k) => <span>{t(`key_type.${k.key_type}`)}</span> },
    {
      id: 'expires_at',
      header: t('field.expires_at'),
      text: (k) => (k.expires_at ? when(k.expires_at, t) : t('no_expiry')),
      cell: (k) => <span>{k.expires_at ? when(k.expires_at, t) : t('no_expiry')}</span>,
    },
    {
      id: 'calls',
      header: t('field.calls'),
      text: (k) => k.call_count.toLocaleString('zh-CN'),
      cell: (k) => <span>{k.call_count.toLocaleString('zh-CN')}</span>,
    },
    { id: 'last_used_at', header: t('field.last_used_at'), text: (k) => when(k.last_used_at, t), cell: (k) => <span>{when(k.last_used_at, t)}</span> },
    { id: 'description', header: t('field.description'), text: (k) => k.description, cell: (k) => <span>{k.description || t('none')}</span> },
  ];
  return <DataTable<AccessKey> columns={columns} rows={keys} rowKey={(k) => k.id} testId="key-table" />;
}

function KeyList() {
  const { t } = useTranslation('keys');
  const bp = useBreakpoint();
  const qc = useQueryClient();
  const keys = useQuery({ queryKey: keyKeys.accessKeys(), queryFn: listKeys });
  const can = useCan();
  const [open, setOpen] = useState(false);
  return (
    <>
      <div className="ys-keys__toolbar">
        {can('create:aksk') ? (
          <Button color="primary" onClick={() => setOpen(true)} data-testid="key-create">
            {t('create.button')}
          </Button>
        ) : null}
        <span className="ys-keys__muted">{t('list.hint')}</span>
      </div>
      {keys.isPending ? (
        <Loading />
      ) : keys.isError ? (
        <LoadFailed retry={() => void keys.refetch()} />
      ) : keys.data.data.length === 0 ? (
        <p className="ys-keys__muted">{t('list.empty')}</p>
      ) : bp === 'desktop' ? (
        <KeyTable keys={keys.data.data} />
      ) : (
        <div className="ys-keys__cards">
          {keys.data.data.map((k) => (
            <KeyCard key={k.id} k={k} />
          ))}
        </div>
      )}
      <CreateSheet open={open} onClose={() => setOpen(false)} onCreated={() => void qc.invalidateQueries({ queryKey: keyKeys.accessKeys() })} />
    </>
  );
}

function KeyGeneral() {
  const { t } = useTranslation('keys');
  const o = useQuery({ queryKey: keyKeys.overview(), queryFn: keyOverview });
  if (o.isPending) return <Loading />;
  if (o.isError) return <LoadFailed retry={() => void o.refetch()} />;
  const d = o.data;
  return (
    <>
      <div className="ys-keys__sums" data-testid="key-overview">
        {(['total', 'active', 'locked', 'expired', 'disabled', 'expiring_soon', 'temporary', 'calls'] as const).map((k) => (
          <div key={k} className="ys-keys__sum">
            <span>{t(`overview.${k}`)}</span>
            <strong>{d[k].toLocaleString('zh-CN')}</strong>
          </div>
        ))}
      </div>
      <h2 className="ys-keys__h2">{t('overview.recent')}</h2>
      {d.recent.length ? (
        <div className="ys-keys__cards">
          {d.recent.map((k) => (
            <KeyCard key={k.id} k={k} />
          ))}
        </div>
      ) : (
        <p className="ys-keys__muted">{t('list.empty')}</p>
      )}
    </>
  );
}

export default function AccessKeysPage() {
  const handle = usePageHandle();
  const { t } = useTranslation('keys');
  const navigate = useNavigate();
  const name = handle?.name ?? 'accessKeyManage';
  const tab = name === 'accessKeyManage_accessKeyGeneral' ? 'general' : 'list';
  return (
    <PageFrame name={name} className="ys-keys">
      {handle ? <Breadcrumb handle={handle} /> : null}
      <h1 className="ys-page__title">{t('title.manage')}</h1>
      <Tabs
        activeKey={tab}
        onChange={(k) => navigate(k === 'general' ? '/accessKeyManage/accessKeyGeneral' : '/accessKeyManage/accessKeyList', { replace: true })}
      >
        <Tabs.Tab title={t('tabs.list')} key="list" />
        <Tabs.Tab title={t('tabs.general')} key="general" />
      </Tabs>
      <div className="ys-keys__toolbar">
        <Button size="small" onClick={() => navigate('/akskRanking')}>
          {t('title.key_ranking')}
        </Button>
        <Button size="small" onClick={() => navigate('/actionRanking')}>
          {t('title.action_ranking')}
        </Button>
      </div>
      {tab === 'general' ? <KeyGeneral /> : <KeyList />}
    </PageFrame>
  );
}
