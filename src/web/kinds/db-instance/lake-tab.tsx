// databaseDetail_dbToLake: an instance's data-lake ingestion tasks (ADR 0060). The objects are
// picked from the tables the instance's engine reports; a table without a primary key cannot be
// picked (the server checks again), at most 15; threads 1-10, batchLimit 1000-10000, the topic
// and SrcID rules of seed 001 §5, each with its message.
import { useState } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Button, Dialog, Form, Input, Selector, Stepper } from 'antd-mobile';
import { AddOutline } from 'antd-mobile-icons';
import { formatDateTime } from '../../../domain/time-format.ts';
import { isSqlConsoleEngine } from '../../../domain/kinds/db-instance/db-instance.rules.ts';
import { BUSY_STATES, LAKE_LIMITS, srcIdSchema, topicSchema } from '../../../domain/dataprotect.ts';
import { DataTable, type DataColumn, type RowAction } from '../../ui/data-table/data-table.tsx';
import { CardActions } from './card-actions.tsx';
import { SpinLoading } from '../../ui/light/spin-loading.tsx';
import { Toast } from '../../ui/light/toast.ts';
import type { Resource } from '../../features/resources/kind-meta.ts';
import type { KindPageProps } from '../../features/resources/kind-slots.ts';
import { createLake, deleteLake, dpKeys, listLake, listTables, stopLake, type LakeTask } from './dataprotect-api.ts';
import { DpFrame, StateTag, nameRule } from './dp-frame.tsx';
import { failureText, useWide } from './admin-frame.tsx';
import { Sheet } from './accounts-page.tsx';

type T = ReturnType<typeof useTranslation>['t'];

export function LakeTab({ id }: KindPageProps<true>) {
  const { t } = useTranslation();
  return (
    <DpFrame id={id} page="lake">
      {(row) =>
        !isSqlConsoleEngine(row.spec.engine) ? (
          <div className="ys-dba__state">{t('dataprotect:lake.unsupported')}</div>
        ) : row.status !== 'running' ? (
          <div className="ys-dba__state" data-testid="lake-not-running">
            {t('dataprotect:not_running')}
          </div>
        ) : (
          <LakeTasks row={row} />
        )
      }
    </DpFrame>
  );
}

function useLakeActions(id: string) {
  const { t } = useTranslation();
  const client = useQueryClient();
  const act = useMutation({
    mutationFn: ({ task, action }: { task: LakeTask; action: 'stop' | 'delete' }) => (action === 'stop' ? stopLake(id, task.id) : deleteLake(id, task.id)),
    onSuccess: async (_d, v) => {
      Toast.show({ content: t(`dataprotect:lake.done_${v.action}`) });
      await client.invalidateQueries({ queryKey: dpKeys.lake(id) });
    },
    onError: (e) => Toast.show({ content: failureText(e, t('dataprotect:failed')) }),
  });
  const ask = async (task: LakeTask, action: 'stop' | 'delete') => {
    const ok = await Dialog.confirm({
      title: t(`dataprotect:lake.${action}`),
      content: t(`dataprotect:lake.confirm_${action}`, { name: task.name }),
      confirmText: t(`dataprotect:lake.${action}`),
      cancelText: t('dataprotect:cancel'),
    });
    if (ok) act.mutate({ task, action });
  };
  return (task: LakeTask): RowAction[] => {
    const busy = BUSY_STATES.includes(task.status);
    return [
      { key: 'stop', label: t('dataprotect:lake.stop'), disabled: !busy, onClick: () => void ask(task, 'stop') },
      {
        key: 'delete',
        label: t('dataprotect:lake.delete'),
        danger: true,
        disabled: busy,
        reason: t('dataprotect:dr.delete_reason'),
        onClick: () => void ask(task, 'delete'),
      },
    ];
  };
}

function LakeTasks({ row }: { row: Resource }) {
  const { t } = useTranslation();
  const wide = useWide();
  const client = useQueryClient();
  const [adding, setAdding] = useState(false);
  const q = useQuery({
    queryKey: dpKeys.lake(row.id),
    queryFn: () => listLake(row.id),
    refetchInterval: (query) => (query.state.data?.data.some((d) => d.status === 'initializing') ? 2000 : false),
  });
  const actions = useLakeActions(row.id);
  const rows = q.data?.data ?? [];
  return (
    <section className="ys-dba__body">
      <div className="ys-dba__bar">
        <p className="ys-dba__hint">{t('dataprotect:lake.hint', { max: LAKE_LIMITS.maxObjects })}</p>
        <Button color="primary" size="small" className="ys-dba__add" onClick={() => setAdding(true)} data-testid="lake-add">
          <AddOutline /> {t('dataprotect:lake.add')}
        </Button>
      </div>
      {q.isPending ? (
        <div className="ys-dba__state">
          <SpinLoading /> {t('dataprotect:loading')}
        </div>
      ) : q.isError ? (
        <div className="ys-dba__state">{t('dataprotect:failed_load')}</div>
      ) : !rows.length ? (
        <div className="ys-dba__empty" data-testid="lake-empty">
          <p>{t('dataprotect:lake.empty')}</p>
        </div>
      ) : wide ? (
        <DataTable columns={lakeColumns(t)} rows={rows} rowKey={(d) => d.id} rowActions={actions} testId="lake-table" />
      ) : (
        <ul className="ys-dba__cards" data-testid="lake-cards">
          {rows.map((d) => (
            <li key={d.id} className="ys-dba__card" data-testid="lake-card">
              <div className="ys-dba__cardhead">
                <span className="ys-dba__cardname">{d.name}</span>
                <StateTag state={d.status} />
              </div>
              <dl className="ys-dba__meta">
                <dt>{t('dataprotect:lake.topic')}</dt>
                <dd>{d.topic}</dd>
                <dt>{t('dataprotect:lake.objects')}</dt>
                <dd>
                  <Objects names={d.objects} />
                </dd>
                <dt>{t('dataprotect:lake.run')}</dt>
                <dd>{t('dataprotect:lake.run_value', { threads: d.threads, batch: d.batch_limit })}</dd>
                <dt>{t('dataprotect:created_at')}</dt>
                <dd>{formatDateTime(d.created_at)}</dd>
              </dl>
              <CardActions actions={actions(d)} className="ys-dp__cardbtns" />
            </li>
          ))}
        </ul>
      )}
      <Sheet open={adding} title={t('dataprotect:lake.add')} onClose={() => setAdding(false)}>
        {adding ? (
          <LakeForm
            row={row}
            onCancel={() => setAdding(false)}
            onDone={async () => {
              setAdding(false);
              Toast.show({ content: t('dataprotect:lake.created') });
              await client.invalidateQueries({ queryKey: dpKeys.lake(row.id) });
            }}
          />
        ) : null}
      </Sheet>
    </section>
  );
}

const Objects = ({ names }: { names: string[] }) => (
  <span className="ys-dp__objects">
    {names.map((n) => (
      <code key={n}>{n}</code>
    ))}
  </span>
);

function lakeColumns(t: T): DataColumn<LakeTask>[] {
  return [
    { id: 'name', header: t('dataprotect:name'), frozen: true, cell: (d) => d.name, text: (d) => d.name },
    { id: 'status', header: t('dataprotect:status'), cell: (d) => <StateTag state={d.status} />, text: (d) => t(`dataprotect:state.${d.status}`) },
    { id: 'topic', header: t('dataprotect:lake.topic'), cell: (d) => d.topic, text: (d) => d.topic },
    { id: 'objects', header: t('dataprotect:lake.objects'), cell: (d) => <Objects names={d.objects} />, text: (d) => d.objects.join(', ') },
    {
      id: 'run',
      header: t('dataprotect:lake.run'),
      cell: (d) => t('dataprotect:lake.run_value', { threads: d.threads, batch: d.batch_limit }),
      text: (d) => String(d.threads),
    },
    { id: 'created_at', header: t('dataprotect:created_at'), cell: (d) => formatDateTime(d.created_at), text: (d) => formatDateTime(d.created_at) },
  ];
}

const schemaRule = (schema: { safeParse: (v: unknown) => { success: boolean } }, message: string) => ({
  validator: (_r: unknown, v: unknown) =>
    schema.safeParse(typeof v === 'string' ? v.trim() : v).success ? Promise.resolve() : Promise.reject(new Error(message)),
});

interface NewLake {
  name: string;
  topic: string;
  src_id: string;
  threads: number;
  batch_limit: number;
  objects: string[];
}

function LakeForm(props: { row: Resource; onDone: () => Promise<void>; onCancel: () => void }) {
  const { t } = useTranslation();
  const tables = useQuery({ queryKey: dpKeys.tables(props.row.id), queryFn: () => listTables(props.row.id) });
  const options = (tables.data?.data ?? []).map((tb) => ({
    value: tb.name,
    disabled: !tb.has_primary_key,
    label: tb.has_primary_key ? tb.name : `${tb.name}（${t('dataprotect:lake.no_pk')}）`,
  }));
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const submit = async (v: NewLake) => {
    setBusy(true);
    setFailure(null);
    try {
      await createLake(props.row.id, { ...v, name: v.name.trim(), topic: v.topic.trim() });
      await props.onDone();
    } catch (e) {
      setFailure(failureText(e, t('dataprotect:failed')));
    } finally {
      setBusy(false);
    }
  };
  const L = LAKE_LIMITS;
  return (
    <Form
      layout="vertical"
      className="ys-dba__form"
      initialValues={{ threads: 4, batch_limit: 2000, objects: [] }}
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
            <Button color="primary" type="submit" loading={busy} data-testid="lake-submit">
              {t('dataprotect:submit')}
            </Button>
          </div>
        </>
      }
    >
      <Form.Item name="name" label={t('dataprotect:name')} required rules={[nameRule(t)]}>
        <Input placeholder={t('dataprotect:name_placeholder')} autoComplete="off" data-testid="lake-name" />
      </Form.Item>
      <Form.Item name="topic" label={t('dataprotect:lake.topic')} required rules={[schemaRule(topicSchema, t('dataprotect:rules.topic', { max: L.topicMax }))]}>
        <Input placeholder={t('dataprotect:lake.topic_placeholder')} autoComplete="off" data-testid="lake-topic" />
      </Form.Item>
      <Form.Item name="src_id" label={t('dataprotect:lake.src_id')} required rules={[schemaRule(srcIdSchema, t('dataprotect:rules.src_id'))]}>
        <Input placeholder={t('dataprotect:lake.src_id_placeholder')} autoComplete="off" data-testid="lake-srcid" />
      </Form.Item>
      <Form.Item
        name="objects"
        label={t('dataprotect:lake.objects')}
        required
        description={tables.isPending ? t('dataprotect:lake.reading_tables') : undefined}
        rules={[
          {
            validator: (_r, v: string[] | undefined) =>
              v && v.length >= 1 && v.length <= L.maxObjects
                ? Promise.resolve()
                : Promise.reject(new Error(t('dataprotect:rules.objects', { max: L.maxObjects }))),
          },
        ]}
      >
        <Selector multiple columns={2} options={options} />
      </Form.Item>
      <Form.Item
        name="threads"
        label={t('dataprotect:lake.threads')}
        description={t('dataprotect:rules.lake_threads', { min: L.threadsMin, max: L.threadsMax })}
      >
        <Stepper min={L.threadsMin} max={L.threadsMax} digits={0} />
      </Form.Item>
      <Form.Item name="batch_limit" label={t('dataprotect:lake.batch_limit')} description={t('dataprotect:rules.batch', { min: L.batchMin, max: L.batchMax })}>
        <Stepper min={L.batchMin} max={L.batchMax} step={500} digits={0} />
      </Form.Item>
    </Form>
  );
}
