// syncManage: every sync strategy of the project — from which bucket to which, what it copies, its
// state and what it has synced — each leading to its detail and its settings on the bucket's 同步 tab.
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useQuery } from '@tanstack/react-query';
import { byteSize } from '../../lib/byte-size.ts';
import { usePageHandle } from '../../lib/hooks.ts';
import { CardTable, type CardColumn } from '../../ui/card-table.tsx';
import { listAllSync, type SyncStrategy } from './api.ts';
import { OssFrame, OssListState, StateTag, when } from './parts.tsx';
import { ossKeys } from './query-keys.ts';

const detailOf = (r: SyncStrategy) => `/ossBucketsDetail/syncDetail/${r.bucket_id}?sid=${r.id}`;
const configOf = (r: SyncStrategy) => `/ossBucketsDetail/syncConfig/${r.bucket_id}?sid=${r.id}`;

export default function SyncManagePage() {
  const { t } = useTranslation('oss');
  const page = usePageHandle()?.name ?? 'syncManage';
  const q = useQuery({ queryKey: ossKeys.syncAll, queryFn: listAllSync });
  const rows = q.data?.data ?? [];
  const columns: CardColumn<SyncStrategy>[] = [
    {
      key: 'route',
      label: t('sync.route'),
      render: (r) => (
        <Link to={detailOf(r)} className="ys-oss__name" data-testid="oss-sync-link">
          {t('sync.route_text', { from: r.bucket_name, to: r.target_bucket_name })}
        </Link>
      ),
      wrap: true,
    },
    { key: 'status', label: t('col.status'), render: (r) => <StateTag status={r.enabled ? r.status : 'paused'} /> },
    { key: 'scope', label: t('sync.scope'), render: (r) => (r.prefix ? t('sync.prefix_text', { prefix: r.prefix }) : t('sync.whole_bucket')), wrap: true },
    { key: 'delete', label: t('sync.sync_delete'), render: (r) => t(r.sync_delete ? 'yes' : 'no') },
    { key: 'synced', label: t('sync.synced'), render: (r) => t('sync.synced_text', { n: r.synced_objects, size: byteSize(r.synced_bytes) }) },
    { key: 'last', label: t('sync.last_run'), render: (r) => when(r.last_run_at) },
  ];
  const toBuckets = (
    <Link className="ys-oss__cta" to="/ossBuckets">
      {t('sync.add_from_bucket')}
    </Link>
  );
  return (
    <OssFrame page={page} tab="sync" intro={t('intro.sync')}>
      <OssListState loading={q.isPending} failed={q.isError} empty={!rows.length} emptyText={t('sync.empty_all')} action={toBuckets} />
      {rows.length ? (
        <CardTable
          rows={rows}
          rowKey={(r) => r.id}
          columns={columns}
          testid="oss-sync-all"
          actionsLabel={t('col.actions')}
          actions={(r) => (
            <Link className="ys-oss__rowlink" to={configOf(r)}>
              {t('edit')}
            </Link>
          )}
        />
      ) : null}
    </OssFrame>
  );
}
