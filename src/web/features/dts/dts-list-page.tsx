// dtsManage and the data transfer centre (dtc, dtc_dtcManage, dtc_dtcDatabaseManage,
// dtc_dtcFileManage; ADR 0059): the migration tasks with their status tags, progress while 迁移中,
// source → target and level; cards on a phone, a table from 1024 px; 删除 asks first and is refused
// while a task migrates. The file page lists file transfers, which have no tasks yet (empty state).
import { Link, useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, Dialog, Toast } from 'antd-mobile';
import { dtsDeletable, type DtsTask } from '../../../domain/dts.ts';
import { usePageHandle } from '../../lib/hooks.ts';
import { deleteTask, dtsKeys, listTasks, whileBusy } from './api.ts';
import { DtsFrame, ListState, PATHS, Progress, StatusTag, when } from './dts-parts.tsx';

function useDelete() {
  const { t } = useTranslation('dts');
  const client = useQueryClient();
  return async (task: DtsTask) => {
    const yes = await Dialog.confirm({ content: t('delete_confirm', { name: task.name }), confirmText: t('delete'), cancelText: t('cancel') });
    if (!yes) return false;
    try {
      await deleteTask(task.id);
      Toast.show({ content: t('deleted') });
      return true;
    } catch {
      return false;
    } finally {
      await client.invalidateQueries({ queryKey: dtsKeys.all });
    }
  };
}

function DeleteButton({ task }: { task: DtsTask }) {
  const { t } = useTranslation('dts');
  const remove = useDelete();
  const m = useMutation({ mutationFn: () => remove(task) });
  return (
    <Button
      size="small"
      color="danger"
      fill="outline"
      disabled={!dtsDeletable(task.status)}
      loading={m.isPending}
      onClick={() => m.mutate()}
      data-testid="dts-delete"
    >
      {t('delete')}
    </Button>
  );
}

const route = (task: DtsTask) => `${task.source_name || '—'} → ${task.target_name || '—'}`;

function Card({ task }: { task: DtsTask }) {
  const { t } = useTranslation('dts');
  return (
    <li className="ys-dts__card" data-testid="dts-card">
      <div className="ys-dts__cardhead">
        <Link to={PATHS.detail(task.id)} className="ys-dts__name">
          {task.name}
        </Link>
        <StatusTag status={task.status} />
      </div>
      <Progress task={task} />
      <dl className="ys-dts__dl">
        <dt>{t('route')}</dt>
        <dd>{route(task)}</dd>
        <dt>{t('level')}</dt>
        <dd>
          {t(`levels.${task.level}`)} · {t(`types.${task.type}`)}
        </dd>
        <dt>{t('precheck')}</dt>
        <dd>{t(`precheck_state.${task.precheck}`)}</dd>
        <dt>{t('created')}</dt>
        <dd>{when(task.created_at)}</dd>
      </dl>
      <div className="ys-dts__actions">
        <Link to={PATHS.detail(task.id)} className="ys-dts__link">
          {t('detail')}
        </Link>
        <DeleteButton task={task} />
      </div>
    </li>
  );
}

function Table({ rows }: { rows: DtsTask[] }) {
  const { t } = useTranslation('dts');
  const heads = ['name', 'status_label', 'route', 'level', 'precheck', 'created', 'actions'];
  return (
    <table className="ys-dts__table">
      <thead>
        <tr>
          {heads.map((h) => (
            <th key={h}>{t(h)}</th>
          ))}
        </tr>
      </thead>
      <tbody>
        {rows.map((task) => (
          <tr key={task.id} data-testid="dts-tr">
            <td>
              <Link to={PATHS.detail(task.id)} className="ys-dts__name">
                {task.name}
              </Link>
            </td>
            <td>
              <StatusTag status={task.status} />
              <Progress task={task} />
            </td>
            <td>{route(task)}</td>
            <td className="ys-dts__nowrap">
              {t(`levels.${task.level}`)} · {t(`types.${task.type}`)}
            </td>
            <td className="ys-dts__nowrap">{t(`precheck_state.${task.precheck}`)}</td>
            <td className="ys-dts__nowrap">{when(task.created_at)}</td>
            <td className="ys-dts__nowrap">
              <DeleteButton task={task} />
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

const TAB_OF: Record<string, 'tasks' | 'dtc' | 'dtc_database' | 'dtc_file'> = {
  dtsManage: 'tasks',
  dtc: 'dtc',
  dtc_dtcManage: 'dtc',
  dtc_dtcDatabaseManage: 'dtc_database',
  dtc_dtcFileManage: 'dtc_file',
};

export default function DtsListPage() {
  const { t } = useTranslation('dts');
  const page = usePageHandle()?.name ?? 'dtsManage';
  const tab = TAB_OF[page] ?? 'tasks';
  const navigate = useNavigate();
  const files = tab === 'dtc_file';
  const q = useQuery({ queryKey: dtsKeys.list(), queryFn: () => listTasks(), enabled: !files, refetchInterval: (query) => whileBusy(query.state.data?.data) });
  const rows = files ? [] : (q.data?.data ?? []);
  const add = (
    <Button color="primary" onClick={() => navigate(PATHS.add)} data-testid="dts-add">
      {t('add')}
    </Button>
  );
  return (
    <DtsFrame page={page} title={t(`titles.${tab}`)} tab={tab}>
      <p className="ys-task__intro">{t(`intro.${tab}`)}</p>
      {files ? null : (
        <div className="ys-task__toolbar">
          {tab === 'tasks' ? (
            <Button fill="outline" color="primary" onClick={() => navigate(PATHS.buy)} data-testid="dts-buy">
              {t('buy')}
            </Button>
          ) : null}
          {add}
        </div>
      )}
      <ListState
        loading={!files && q.isPending}
        failed={!files && q.isError}
        empty={!rows.length}
        emptyText={t(files ? 'empty_files' : 'empty')}
        action={files ? null : add}
      />
      {rows.length ? (
        <>
          <ul className="ys-dts__cards">
            {rows.map((task) => (
              <Card key={task.id} task={task} />
            ))}
          </ul>
          <Table rows={rows} />
        </>
      ) : null}
    </DtsFrame>
  );
}
