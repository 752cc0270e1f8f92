// A bucket's 同步 tab (its sync strategies: to which bucket, which objects, whether deletes follow),
// the strategy form (syncConfig/<bucket>?sid=<strategy> edits one) and a strategy's detail.
import { useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, Dialog, Input, Switch, Toast } from 'antd-mobile';
import type { KindPageProps } from '../../features/resources/kind-slots.ts';
import { byteSize } from '../../lib/byte-size.ts';
import { CardTable, FormField, type CardColumn } from '../../ui/card-table.tsx';
import { bucketKeys, createSync, deleteSync, getSync, listBuckets, listSync, updateSync, type SyncInput, type SyncStrategy } from './bucket-api.ts';
import { BucketFrame, NoBucket, OssState, StateTag, tabPath, useOssTexts, when } from './bucket-frame.tsx';
import { Facts, SubHead } from './strategy-parts.tsx';

const stateOf = (r: SyncStrategy) => (r.enabled ? r.status : 'paused');

function useSyncDelete(bucketId: string) {
  const { t } = useOssTexts();
  const client = useQueryClient();
  return async (r: SyncStrategy) => {
    const yes = await Dialog.confirm({ content: t('sync.confirm_delete', { to: r.target_bucket_name }), confirmText: t('delete'), cancelText: t('cancel') });
    if (!yes) return false;
    try {
      await deleteSync(r.id);
      Toast.show({ content: t('done') });
      return true;
    } catch {
      return false;
    } finally {
      await client.invalidateQueries({ queryKey: bucketKeys.sync(bucketId) });
      await client.invalidateQueries({ queryKey: ['oss', 'sync', 'all'] });
    }
  };
}

function SyncList({ id }: { id: string }) {
  const { t } = useOssTexts();
  const q = useQuery({ queryKey: bucketKeys.sync(id), queryFn: () => listSync(id) });
  const remove = useSyncDelete(id);
  const rows = q.data?.data ?? [];
  const add = (
    <Link className="ys-ossb__cta" to={tabPath('syncConfig', id)} data-testid="sync-add">
      {t('sync.add')}
    </Link>
  );
  const columns: CardColumn<SyncStrategy>[] = [
    {
      key: 'target',
      label: t('sync.target'),
      render: (r) => (
        <Link className="ys-ossb__link" to={tabPath('syncDetail', id, r.id)}>
          {r.target_bucket_name}
        </Link>
      ),
      wrap: true,
    },
    { key: 'status', label: t('col.status'), render: (r) => <StateTag status={stateOf(r)} /> },
    { key: 'scope', label: t('sync.scope'), render: (r) => (r.prefix ? t('sync.prefix_text', { prefix: r.prefix }) : t('sync.whole_bucket')), wrap: true },
    { key: 'delete', label: t('sync.sync_delete'), render: (r) => t(r.sync_delete ? 'yes' : 'no') },
    { key: 'last', label: t('sync.last_run'), render: (r) => when(r.last_run_at) },
  ];
  return (
    <section className="ys-ossb__panel" data-testid="sync-list">
      <div className="ys-ossb__head">
        <h2 className="ys-ossb__h2">{t('sync.title')}</h2>
        {rows.length ? add : null}
      </div>
      <p className="ys-ossb__muted">{t('sync.intro')}</p>
      <OssState loading={q.isPending} failed={q.isError} empty={!rows.length} emptyText={t('sync.empty')} action={add} />
      {rows.length ? (
        <CardTable
          rows={rows}
          rowKey={(r) => r.id}
          columns={columns}
          testid="sync"
          actionsLabel={t('col.actions')}
          actions={(r) => (
            <>
              <Link className="ys-ossb__rowlink" to={tabPath('syncConfig', id, r.id)}>
                {t('edit')}
              </Link>
              <Button size="small" fill="outline" color="danger" onClick={() => void remove(r)}>
                {t('delete')}
              </Button>
            </>
          )}
        />
      ) : null}
    </section>
  );
}

export function SyncPage({ id }: KindPageProps) {
  if (!id) return <NoBucket />;
  return (
    <BucketFrame id={id} tab="sync">
      <SyncList id={id} />
    </BucketFrame>
  );
}

function SyncForm({ id, current }: { id: string; current: SyncStrategy | null }) {
  const { t } = useOssTexts();
  const navigate = useNavigate();
  const client = useQueryClient();
  const buckets = useQuery({ queryKey: bucketKeys.buckets, queryFn: listBuckets });
  const [v, setV] = useState<SyncInput>({
    target_bucket_id: current?.target_bucket_id ?? '',
    prefix: current?.prefix ?? '',
    sync_delete: current?.sync_delete ?? false,
    enabled: current?.enabled ?? true,
  });
  const [busy, setBusy] = useState(false);
  const prefixBad = Boolean(v.prefix) && (v.prefix!.startsWith('/') || v.prefix!.includes('..') || v.prefix!.includes('//'));
  const targets = (buckets.data ?? []).filter((x) => x.id !== id);
  const submit = async () => {
    const body = { ...v, prefix: v.prefix?.trim() || undefined };
    setBusy(true);
    try {
      await (current ? updateSync(current.id, body) : createSync(id, body));
      await client.invalidateQueries({ queryKey: ['oss', 'sync'] });
      navigate(tabPath('sync', id), { replace: true });
    } catch {
      // the request helper has shown the server's words
    } finally {
      setBusy(false);
    }
  };
  return (
    <section className="ys-ossb__panel ys-ossb__form" data-testid="sync-form">
      <FormField label={t('sync.target')} hint={targets.length || buckets.isPending ? t('sync.target_hint') : t('sync.no_target')}>
        <select
          className="ys-ossb__select"
          value={v.target_bucket_id}
          onChange={(e) => setV((o) => ({ ...o, target_bucket_id: e.target.value }))}
          data-testid="sync-target"
        >
          <option value="">{t('pick')}</option>
          {targets.map((b) => (
            <option key={b.id} value={b.id}>
              {b.name}
            </option>
          ))}
        </select>
      </FormField>
      <FormField label={t('sync.prefix')} hint={t('sync.prefix_hint')} error={prefixBad ? t('rules.prefix') : null}>
        <Input
          className="ys-ossb__input"
          value={v.prefix ?? ''}
          onChange={(x) => setV((o) => ({ ...o, prefix: x }))}
          placeholder={t('lifecycle.prefix_ph')}
          data-testid="sync-prefix"
        />
      </FormField>
      <label className="ys-ossb__switch">
        <span>
          {t('sync.sync_delete')}
          <small className="ys-ossb__muted">{t('sync.sync_delete_hint')}</small>
        </span>
        <Switch checked={v.sync_delete} onChange={(x) => setV((o) => ({ ...o, sync_delete: x }))} />
      </label>
      <label className="ys-ossb__switch">
        <span>{t('sync.enabled')}</span>
        <Switch checked={v.enabled} onChange={(x) => setV((o) => ({ ...o, enabled: x }))} />
      </label>
      <Button block color="primary" loading={busy} disabled={!v.target_bucket_id || prefixBad} onClick={() => void submit()} data-testid="sync-submit">
        {t('save')}
      </Button>
    </section>
  );
}

export function SyncConfigPage({ id }: KindPageProps) {
  const { t } = useOssTexts();
  const [params] = useSearchParams();
  const sid = params.get('sid');
  const q = useQuery({ queryKey: bucketKeys.syncOne(sid ?? ''), queryFn: () => getSync(sid!), enabled: Boolean(sid) });
  if (!id) return <NoBucket />;
  return (
    <BucketFrame id={id} tab="sync">
      <SubHead back={tabPath('sync', id)} title={t(sid ? 'sync.edit' : 'sync.add')} />
      {sid && !q.data ? (
        <OssState loading={q.isPending} failed={q.isError} empty={false} emptyText="" />
      ) : (
        <SyncForm key={sid ?? 'new'} id={id} current={q.data ?? null} />
      )}
    </BucketFrame>
  );
}

export function SyncDetailPage({ id }: KindPageProps) {
  const { t } = useOssTexts();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const sid = params.get('sid') ?? '';
  const q = useQuery({ queryKey: bucketKeys.syncOne(sid), queryFn: () => getSync(sid), enabled: Boolean(sid) });
  const remove = useSyncDelete(id ?? '');
  if (!id) return <NoBucket />;
  const r = q.data;
  return (
    <BucketFrame id={id} tab="sync">
      <SubHead back={tabPath('sync', id)} title={t('sync.detail')} />
      <OssState loading={Boolean(sid) && q.isPending} failed={!sid || q.isError} empty={false} emptyText="" />
      {r ? (
        <section className="ys-ossb__panel" data-testid="sync-detail">
          <Facts
            rows={[
              [t('sync.source'), r.bucket_name],
              [t('sync.target'), r.target_bucket_name],
              [t('col.status'), <StateTag key="s" status={stateOf(r)} />],
              [t('sync.scope'), r.prefix ? t('sync.prefix_text', { prefix: r.prefix }) : t('sync.whole_bucket')],
              [t('sync.sync_delete'), t(r.sync_delete ? 'yes' : 'no')],
              [t('sync.synced'), t('sync.synced_text', { n: r.synced_objects, size: byteSize(r.synced_bytes) })],
              [t('sync.last_run'), when(r.last_run_at)],
            ]}
          />
          <div className="ys-ossb__actions">
            <Link className="ys-ossb__cta" to={tabPath('syncConfig', id, r.id)}>
              {t('edit')}
            </Link>
            <Button fill="outline" color="danger" onClick={() => void remove(r).then((ok) => ok && navigate(tabPath('sync', id), { replace: true }))}>
              {t('delete')}
            </Button>
          </div>
        </section>
      ) : null}
    </BucketFrame>
  );
}
