// Database object-storage sync's own pieces: the 同步实例 / 同步任务 tab bar, and the tasks page —
// each run of a sync instance with its source, target bucket, state, objects and bytes written,
// times and, when it failed, why; a finished task's record can be deleted. The page polls while a
// task is queued or running (the scheduler moves them; reading changes nothing).
import { useState } from 'react';
import { Link, NavLink } from 'react-router';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Button, Dialog, Tag, Toast } from 'antd-mobile';
import { shanghaiTime } from '../../../domain/notify.ts';
import { SYNC_TASK_STATUSES } from '../../../domain/kinds/sync-instance/sync-instance.rules.ts';
import { routePath } from '../../features/resources/kind-meta.ts';
import { byteSize } from '../../lib/byte-size.ts';
import { CardTable, type CardColumn } from '../../ui/card-table.tsx';
import { deleteSyncTask, listSyncTasks, syncTaskKeys, type SyncTask } from './sync-tasks-api.ts';
import './sync-instance.css';

const TABS = [
  ['syncInstanceManage', 'instances'],
  ['syncTaskManage', 'tasks'],
] as const;
const TONES: Record<SyncTask['status'], 'default' | 'primary' | 'success' | 'danger'> = {
  queued: 'default',
  running: 'primary',
  succeeded: 'success',
  failed: 'danger',
};

export function SyncTabs() {
  const { t } = useTranslation();
  return (
    <nav className="ys-cdn-tabs" aria-label={t('kinds:sync_instance.name')} data-testid="sync-tabs">
      {TABS.map(([route, key]) => (
        <NavLink key={route} to={routePath(route)!} end className={({ isActive }) => `ys-cdn-tabs__tab${isActive ? ' is-active' : ''}`}>
          {t(`kinds:db_sync.tabs.${key}`)}
        </NavLink>
      ))}
    </nav>
  );
}

function StatusTag({ status }: { status: SyncTask['status'] }) {
  const { t } = useTranslation();
  return (
    <Tag color={TONES[status]} fill="outline" className="ys-sync__tag" data-status={status}>
      {t(`kinds:db_sync.status.${status}`)}
    </Tag>
  );
}

function useColumns(): CardColumn<SyncTask>[] {
  const { t } = useTranslation();
  const c = (k: string) => t(`kinds:db_sync.col.${k}`);
  return [
    { key: 'instance', label: c('instance'), render: (r) => <strong className="ys-sync__name">{r.instance_name}</strong>, wrap: true },
    { key: 'status', label: c('status'), render: (r) => <StatusTag status={r.status} /> },
    { key: 'source', label: c('source'), render: (r) => `${t(`kinds:db_sync.source_type.${r.source_type}`)} · ${r.source_name}`, wrap: true },
    {
      key: 'target',
      label: c('target'),
      render: (r) => (
        <Link className="ys-sync__link" to={`/ossBucketsDetail/file/${r.target_bucket_id}`}>
          {r.target_bucket_name}/{r.target_prefix}
        </Link>
      ),
      wrap: true,
    },
    { key: 'objects', label: c('objects'), render: (r) => (r.status === 'queued' ? '-' : r.objects.toLocaleString('zh-CN')) },
    { key: 'bytes', label: c('bytes'), render: (r) => (r.status === 'queued' ? '-' : byteSize(r.bytes)) },
    { key: 'created_at', label: c('created_at'), render: (r) => shanghaiTime(r.started_at ?? r.created_at) },
    { key: 'finished_at', label: c('finished_at'), render: (r) => shanghaiTime(r.finished_at) || '-' },
    {
      key: 'result',
      label: c('first_key'),
      render: (r) =>
        r.status === 'failed' ? (
          <span className="ys-sync__error">{t(`kinds:db_sync.error.${r.error ?? 'copy_failed'}`)}</span>
        ) : (
          <span className="ys-sync__key">{r.first_key ?? '-'}</span>
        ),
      wrap: true,
    },
  ];
}

function useDelete() {
  const { t } = useTranslation();
  const client = useQueryClient();
  return async (r: SyncTask) => {
    const yes = await Dialog.confirm({ content: t('kinds:db_sync.delete_confirm'), confirmText: t('kinds:db_sync.delete') });
    if (!yes) return;
    try {
      await deleteSyncTask(r.id);
      Toast.show({ content: t('kinds:db_sync.deleted') });
    } finally {
      await client.invalidateQueries({ queryKey: syncTaskKeys.all });
    }
  };
}

export function SyncTasksPage() {
  const { t } = useTranslation();
  const [status, setStatus] = useState('');
  const q = useQuery({
    queryKey: syncTaskKeys.list(status),
    queryFn: ({ signal }) => listSyncTasks(status, signal),
    refetchInterval: (query) => (query.state.data?.data.some((r) => r.status === 'queued' || r.status === 'running') ? 2000 : false),
  });
  const columns = useColumns();
  const remove = useDelete();
  const rows = q.data?.data ?? [];
  return (
    <section className="ys-sync" data-testid="sync-tasks">
      <SyncTabs />
      <h2 className="ys-sync__title">{t('kinds:db_sync.tasks_title')}</h2>
      <div className="ys-sync__filters" role="group" aria-label={t('kinds:db_sync.col.status')}>
        {['', ...SYNC_TASK_STATUSES].map((s) => (
          <button
            key={s || 'all'}
            type="button"
            className={`ys-sync__chip${status === s ? ' is-active' : ''}`}
            aria-pressed={status === s}
            onClick={() => setStatus(s)}
          >
            {s ? t(`kinds:db_sync.status.${s}`) : t('kinds:db_sync.filter_all')}
          </button>
        ))}
      </div>
      {q.isError ? (
        <div className="ys-empty">
          {t('kinds:db_sync.load_failed')}{' '}
          <Button size="small" onClick={() => void q.refetch()}>
            {t('kinds:db_sync.retry')}
          </Button>
        </div>
      ) : !rows.length ? (
        <div className="ys-empty" data-testid="sync-tasks-empty">
          {q.isLoading ? t('kinds:db_sync.loading') : t('kinds:db_sync.empty')}
        </div>
      ) : (
        <CardTable
          rows={rows}
          rowKey={(r) => r.id}
          columns={columns}
          testid="sync-task"
          actionsLabel=""
          actions={(r) =>
            r.status === 'succeeded' || r.status === 'failed' ? (
              <Button size="small" fill="none" className="ys-sync__action" onClick={() => void remove(r)}>
                {t('kinds:db_sync.delete')}
              </Button>
            ) : null
          }
        />
      )}
    </section>
  );
}
