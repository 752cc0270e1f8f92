// databaseDetail_disasterTolerant: an instance's disaster-recovery tasks (ADR 0060) — where it is
// source or standby, their state (初始化中 until the simulated cloud syncs them), switchover, stop
// and delete with a confirmation each, and a new task against a running standby of the same engine;
// a link to every DR task of the engine (disasterTask/:engine, ADR 0074).
import { useState } from 'react';
import { Link } from 'react-router';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Button, Dialog, Form, Input, Selector, Stepper } from 'antd-mobile';
import { AddOutline } from 'antd-mobile-icons';
import { formatDateTime } from '../../../domain/time-format.ts';
import { BUSY_STATES, DR_THREADS } from '../../../domain/dataprotect.ts';
import { DataTable, type DataColumn, type RowAction } from '../../ui/data-table/data-table.tsx';
import { CardActions } from './card-actions.tsx';
import { SpinLoading } from '../../ui/light/spin-loading.tsx';
import { Toast } from '../../ui/light/toast.ts';
import type { Resource } from '../../features/resources/kind-meta.ts';
import type { KindPageProps } from '../../features/resources/kind-slots.ts';
import { createDr, deleteDr, dpKeys, drAction, drEngineOf, listDr, listInstances, type DrTask } from './dataprotect-api.ts';
import { DpFrame, StateTag, nameRule } from './dp-frame.tsx';
import { failureText, useWide } from './admin-frame.tsx';
import { Sheet } from './accounts-page.tsx';
import { CdpSection } from './cdp-section.tsx';

type T = ReturnType<typeof useTranslation>['t'];

export function DrTab({ id }: KindPageProps<true>) {
  return (
    <DpFrame id={id} page="dr">
      {(row) => (
        <>
          <DrTasks row={row} />
          <CdpSection row={row} />
        </>
      )}
    </DpFrame>
  );
}

function useDrActions(id: string) {
  const { t } = useTranslation();
  const client = useQueryClient();
  const act = useMutation({
    mutationFn: async ({ task, action }: { task: DrTask; action: 'switchover' | 'stop' | 'delete' }) =>
      action === 'delete' ? deleteDr(task.id) : drAction(task.id, action),
    onSuccess: async (_d, v) => {
      Toast.show({ content: t(`dataprotect:dr.done_${v.action}`) });
      await client.invalidateQueries({ queryKey: dpKeys.dr(id) });
    },
    onError: (e) => Toast.show({ content: failureText(e, t('dataprotect:failed')) }),
  });
  const ask = async (task: DrTask, action: 'switchover' | 'stop' | 'delete') => {
    const ok = await Dialog.confirm({
      title: t(`dataprotect:dr.${action}`),
      content: t(`dataprotect:dr.confirm_${action}`, { name: task.name, source: task.source_name, standby: task.standby_name }),
      confirmText: t(`dataprotect:dr.${action}`),
      cancelText: t('dataprotect:cancel'),
    });
    if (ok) act.mutate({ task, action });
  };
  return (task: DrTask): RowAction[] => {
    const busy = BUSY_STATES.includes(task.status);
    return [
      {
        key: 'switchover',
        label: t('dataprotect:dr.switchover'),
        disabled: task.status !== 'syncing',
        reason: t('dataprotect:dr.switch_reason'),
        onClick: () => void ask(task, 'switchover'),
      },
      { key: 'stop', label: t('dataprotect:dr.stop'), disabled: !busy, onClick: () => void ask(task, 'stop') },
      {
        key: 'delete',
        label: t('dataprotect:dr.delete'),
        danger: true,
        disabled: busy,
        reason: t('dataprotect:dr.delete_reason'),
        onClick: () => void ask(task, 'delete'),
      },
    ];
  };
}

function DrTasks({ row }: { row: Resource }) {
  const { t } = useTranslation();
  const wide = useWide();
  const client = useQueryClient();
  const [adding, setAdding] = useState(false);
  const q = useQuery({
    queryKey: dpKeys.dr(row.id),
    queryFn: () => listDr(row.id),
    refetchInterval: (query) => (query.state.data?.data.some((d) => d.status === 'initializing') ? 2000 : false),
  });
  const actions = useDrActions(row.id);
  const rows = q.data?.data ?? [];
  return (
    <section className="ys-dba__body">
      <div className="ys-dba__bar">
        <p className="ys-dba__hint">
          {t('dataprotect:dr.hint')}{' '}
          <Link
            to={`/disasterTask/${drEngineOf(String(row.spec.engine))}`}
            style={{ display: 'inline-flex', alignItems: 'center', minHeight: 44 }}
            data-testid="dr-all"
          >
            {t('dataprotect:dr.all_tasks')}
          </Link>
        </p>
        <Button color="primary" size="small" className="ys-dba__add" onClick={() => setAdding(true)} disabled={row.status !== 'running'} data-testid="dr-add">
          <AddOutline /> {t('dataprotect:dr.add')}
        </Button>
      </div>
      {q.isPending ? (
        <div className="ys-dba__state">
          <SpinLoading /> {t('dataprotect:loading')}
        </div>
      ) : q.isError ? (
        <div className="ys-dba__state">{t('dataprotect:failed_load')}</div>
      ) : !rows.length ? (
        <div className="ys-dba__empty" data-testid="dr-empty">
          <p>{t('dataprotect:dr.empty')}</p>
        </div>
      ) : wide ? (
        <DataTable columns={drColumns(t)} rows={rows} rowKey={(d) => d.id} rowActions={actions} testId="dr-table" />
      ) : (
        <ul className="ys-dba__cards" data-testid="dr-cards">
          {rows.map((d) => (
            <li key={d.id} className="ys-dba__card" data-testid="dr-card">
              <div className="ys-dba__cardhead">
                <span className="ys-dba__cardname">{d.name}</span>
                <StateTag state={d.status} />
              </div>
              <dl className="ys-dba__meta">
                <dt>{t('dataprotect:dr.pair')}</dt>
                <dd>
                  {d.source_name}
                  <span className="ys-dp__arrow">→</span>
                  {d.standby_name}
                </dd>
                <dt>{t('dataprotect:dr.threads')}</dt>
                <dd>{d.threads}</dd>
                <dt>{t('dataprotect:dr.switchovers')}</dt>
                <dd>{d.switched_at ? t('dataprotect:dr.switched', { n: d.switchovers, at: formatDateTime(d.switched_at) }) : t('dataprotect:dr.never')}</dd>
                <dt>{t('dataprotect:created_at')}</dt>
                <dd>{formatDateTime(d.created_at)}</dd>
              </dl>
              <CardActions actions={actions(d)} className="ys-dp__cardbtns" />
            </li>
          ))}
        </ul>
      )}
      <Sheet open={adding} title={t('dataprotect:dr.add')} onClose={() => setAdding(false)}>
        {adding ? (
          <DrForm
            row={row}
            onCancel={() => setAdding(false)}
            onDone={async () => {
              setAdding(false);
              Toast.show({ content: t('dataprotect:dr.created') });
              await client.invalidateQueries({ queryKey: dpKeys.dr(row.id) });
            }}
          />
        ) : null}
      </Sheet>
    </section>
  );
}

function drColumns(t: T): DataColumn<DrTask>[] {
  return [
    { id: 'name', header: t('dataprotect:name'), frozen: true, cell: (d) => d.name, text: (d) => d.name },
    { id: 'status', header: t('dataprotect:status'), cell: (d) => <StateTag state={d.status} />, text: (d) => t(`dataprotect:state.${d.status}`) },
    { id: 'source', header: t('dataprotect:dr.source'), cell: (d) => d.source_name, text: (d) => d.source_name },
    { id: 'standby', header: t('dataprotect:dr.standby'), cell: (d) => d.standby_name, text: (d) => d.standby_name },
    { id: 'threads', header: t('dataprotect:dr.threads'), cell: (d) => d.threads, text: (d) => String(d.threads) },
    {
      id: 'switched',
      header: t('dataprotect:dr.switchovers'),
      cell: (d) => (d.switched_at ? t('dataprotect:dr.switched', { n: d.switchovers, at: formatDateTime(d.switched_at) }) : t('dataprotect:dr.never')),
      text: (d) => String(d.switchovers),
    },
    { id: 'created_at', header: t('dataprotect:created_at'), cell: (d) => formatDateTime(d.created_at), text: (d) => formatDateTime(d.created_at) },
  ];
}

function DrForm(props: { row: Resource; onDone: () => Promise<void>; onCancel: () => void }) {
  const { t } = useTranslation();
  const engine = String(props.row.spec.engine);
  const standbys = useQuery({ queryKey: dpKeys.standbys(engine), queryFn: () => listInstances(engine) });
  const options = (standbys.data?.data ?? []).filter((r) => r.id !== props.row.id).map((r) => ({ value: r.id, label: r.name }));
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const submit = async (v: { name: string; standby: string[]; threads: number }) => {
    setBusy(true);
    setFailure(null);
    try {
      await createDr({ name: v.name.trim(), engine: drEngineOf(engine), source_id: props.row.id, standby_id: v.standby[0], threads: v.threads });
      await props.onDone();
    } catch (e) {
      setFailure(failureText(e, t('dataprotect:failed')));
    } finally {
      setBusy(false);
    }
  };
  return (
    <Form
      layout="vertical"
      className="ys-dba__form"
      initialValues={{ threads: 4 }}
      onFinish={submit}
      footer={
        <>
          {failure ? (
            <div className="ys-dba__failure" role="alert" data-testid="dp-failure">
              {failure}
            </div>
          ) : null}
          <div className="ys-dba__formbtns">
            <Button onClick={props.onCancel}>{t('dataprotect:cancel')}</Button>
            <Button color="primary" type="submit" loading={busy} data-testid="dr-submit">
              {t('dataprotect:submit')}
            </Button>
          </div>
        </>
      }
    >
      <Form.Item name="name" label={t('dataprotect:name')} required rules={[nameRule(t)]}>
        <Input placeholder={t('dataprotect:name_placeholder')} autoComplete="off" data-testid="dr-name" />
      </Form.Item>
      <Form.Item label={t('dataprotect:dr.source')}>
        <span>{props.row.name}</span>
      </Form.Item>
      <Form.Item
        name="standby"
        label={t('dataprotect:dr.standby')}
        required
        description={options.length ? t('dataprotect:dr.standby_help') : t('dataprotect:dr.no_standby')}
        rules={[{ required: true, message: t('dataprotect:rules.standby') }]}
      >
        <Selector columns={1} options={options} />
      </Form.Item>
      <Form.Item name="threads" label={t('dataprotect:dr.threads')} description={t('dataprotect:rules.dr_threads', DR_THREADS)}>
        <Stepper min={DR_THREADS.min} max={DR_THREADS.max} digits={0} />
      </Form.Item>
    </Form>
  );
}
