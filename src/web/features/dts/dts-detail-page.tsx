// dtsDetail/:id (ADR 0059): one task — status, progress while 迁移中, source → target, level, type,
// objects, the pre-check's results, what was copied, and its actions: 预检查 and 启动 while 待迁移
// (starting needs a passed check), 暂停 while 迁移中 and not yet taken, 删除 with a confirmation.
import { useParams, useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, Dialog, Toast } from 'antd-mobile';
import { dtsDeletable, type DtsTask } from '../../../domain/dts.ts';
import { deleteTask, dtsKeys, getTask, pauseTask, precheckTask, startTask, whileBusy } from './api.ts';
import { Checks, DtsFrame, ListState, PATHS, Progress, StatusTag, when } from './dts-parts.tsx';

function Actions({ task }: { task: DtsTask }) {
  const { t } = useTranslation('dts');
  const client = useQueryClient();
  const navigate = useNavigate();
  const refresh = (x: DtsTask) => client.setQueryData(dtsKeys.detail(task.id), x);
  const check = useMutation({ mutationFn: () => precheckTask(task.id), onSuccess: refresh });
  const start = useMutation({ mutationFn: () => startTask(task.id), onSuccess: refresh });
  const pause = useMutation({ mutationFn: () => pauseTask(task.id), onSuccess: refresh });
  const remove = useMutation({
    mutationFn: async () => {
      if (!(await Dialog.confirm({ content: t('delete_confirm', { name: task.name }), confirmText: t('delete'), cancelText: t('cancel') }))) return;
      await deleteTask(task.id);
      Toast.show({ content: t('deleted') });
      await client.invalidateQueries({ queryKey: dtsKeys.all });
      navigate(PATHS.list);
    },
  });
  const pending = task.status === 'pending';
  return (
    <div className="ys-dts__actions ys-dts__actions--detail">
      {pending && task.precheck !== 'passed' ? (
        <Button color="primary" fill="outline" loading={check.isPending} onClick={() => check.mutate()} data-testid="dts-precheck">
          {t('precheck_run')}
        </Button>
      ) : null}
      {pending ? (
        <Button color="primary" disabled={task.precheck !== 'passed'} loading={start.isPending} onClick={() => start.mutate()} data-testid="dts-start">
          {t('start')}
        </Button>
      ) : null}
      {task.status === 'migrating' ? (
        <Button loading={pause.isPending} onClick={() => pause.mutate()} data-testid="dts-pause">
          {t('pause')}
        </Button>
      ) : null}
      <Button
        color="danger"
        fill="outline"
        disabled={!dtsDeletable(task.status)}
        loading={remove.isPending}
        onClick={() => remove.mutate()}
        data-testid="dts-delete"
      >
        {t('delete')}
      </Button>
    </div>
  );
}

function Facts({ task }: { task: DtsTask }) {
  const { t } = useTranslation('dts');
  const done = task.status === 'completed' || task.status === 'abnormal' || task.status === 'failed';
  return (
    <dl className="ys-dts__dl ys-dts__dl--detail">
      <dt>{t('source')}</dt>
      <dd>{task.source_name || '—'}</dd>
      <dt>{t('target')}</dt>
      <dd>{task.target_name || '—'}</dd>
      <dt>{t('engine')}</dt>
      <dd>{t(`engines.${task.engine}`)}</dd>
      <dt>{t('type')}</dt>
      <dd>{t(`types.${task.type}`)}</dd>
      <dt>{t('level')}</dt>
      <dd>{t(`levels.${task.level}`)}</dd>
      <dt>{t('objects')}</dt>
      <dd>{task.objects.length ? task.objects.join('、') : t('all_tables')}</dd>
      <dt>{t('precheck')}</dt>
      <dd>{t(`precheck_state.${task.precheck}`)}</dd>
      <dt>{t('created')}</dt>
      <dd>{when(task.created_at)}</dd>
      <dt>{t('started')}</dt>
      <dd>{when(task.started_at)}</dd>
      <dt>{t('finished')}</dt>
      <dd>{when(task.finished_at)}</dd>
      {done ? (
        <>
          <dt>{t('copied')}</dt>
          <dd>{t('copied_text', { tables: task.table_count, rows: task.row_count })}</dd>
        </>
      ) : null}
      {task.error ? (
        <>
          <dt>{t('error')}</dt>
          <dd className="ys-dts__err">
            {task.error === 'instance_not_running' || task.error === 'migration_failed'
              ? t(`errors.${task.error}`)
              : t('errors.tables', { names: task.error.split(',').join('、') })}
          </dd>
        </>
      ) : null}
    </dl>
  );
}

export default function DtsDetailPage() {
  const { t } = useTranslation('dts');
  const { id = '' } = useParams();
  const q = useQuery({
    queryKey: dtsKeys.detail(id),
    queryFn: () => getTask(id),
    refetchInterval: (query) => whileBusy(query.state.data ? [query.state.data] : undefined),
  });
  const task = q.data;
  return (
    <DtsFrame page="dtsDetail" title={task?.name ?? t('titles.detail')} back={PATHS.list}>
      <ListState loading={q.isPending} failed={q.isError} empty={false} emptyText="" />
      {task ? (
        <article className="ys-dts__detail">
          <div className="ys-dts__cardhead">
            <StatusTag status={task.status} />
            <Progress task={task} />
          </div>
          <Facts task={task} />
          <h2 className="ys-dts__h2">{t('precheck_results')}</h2>
          {task.checks.length ? <Checks checks={task.checks} /> : <p className="ys-dts__hint">{t('precheck_none')}</p>}
          <Actions task={task} />
        </article>
      ) : null}
    </DtsFrame>
  );
}
