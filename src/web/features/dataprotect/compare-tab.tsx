// DR comparison tasks (ADR 0062): pick a MySQL or PostgreSQL DR task; its source and standby are
// compared table by table in their engines (rows and a checksum of every row). The detail lists
// each table with both sides' row counts and whether they match. The form and the detail are pages
// of their own (disasterComparisonAdd, disasterComparisonDetail, ADR 0074) the tab links to.
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, Input } from 'antd-mobile';
import { createCompare, deleteCompare, keys, listCompares, listDrTasks, type CompareTask } from './api.ts';
import { DangerButton, Field, ListState, StateTag, Submit, TaskList, useConfirmed, when, type Column } from './parts.tsx';

const num = (n: number | null) => (n === null ? '—' : n.toLocaleString('zh-CN'));

export function CompareForm({ onDone, initialTask = '' }: { onDone: (c: CompareTask) => void; initialTask?: string }) {
  const { t } = useTranslation('protect');
  const client = useQueryClient();
  const dr = useQuery({ queryKey: keys.drTasks, queryFn: listDrTasks });
  const tasks = (dr.data?.data ?? []).filter((x) => x.engine === 'mysql' || x.engine === 'postgre');
  const [name, setName] = useState('');
  const [task, setTask] = useState(initialTask);
  const m = useMutation({
    mutationFn: () => createCompare({ name, dr_task_id: task }),
    onSuccess: async (c) => {
      await client.invalidateQueries({ queryKey: keys.all });
      onDone(c);
    },
  });
  return (
    <>
      <Field label={t('f.name')} hint={t('f.name_hint')}>
        <Input className="ys-protect__input" value={name} onChange={setName} placeholder={t('f.compare_ph')} data-testid="cmp-name" />
      </Field>
      <Field label={t('f.dr_task')} hint={t('f.dr_task_hint')}>
        <select className="ys-protect__select" value={task} onChange={(e) => setTask(e.target.value)} data-testid="cmp-task">
          <option value="">{t('pick')}</option>
          {tasks.map((x) => (
            <option key={x.id} value={x.id}>
              {x.name}：{x.source_name} → {x.standby_name}
            </option>
          ))}
        </select>
      </Field>
      {dr.isSuccess && !tasks.length ? <p className="ys-protect__warn">{t('cmp.no_tasks')}</p> : null}
      <small className="ys-protect__hint">{t('cmp.hint')}</small>
      <Submit pending={m.isPending} disabled={!name.trim() || !task} onClick={() => m.mutate()} />
    </>
  );
}

export function CompareDetail({ c }: { c: CompareTask }) {
  const { t } = useTranslation('protect');
  const bad = c.tables.filter((x) => !x.equal).length;
  return (
    <>
      <dl className="ys-protect__dl">
        <div className="ys-protect__row">
          <dt>{t('col.task')}</dt>
          <dd>{c.dr_task_name}</dd>
        </div>
        <div className="ys-protect__row">
          <dt>{t('col.pair')}</dt>
          <dd>
            {c.source_name} → {c.standby_name}
          </dd>
        </div>
        <div className="ys-protect__row">
          <dt>{t('col.result')}</dt>
          <dd className="ys-protect__verdict">
            <StateTag status={c.status} /> {c.status === 'failed' ? null : t('cmp.summary', { n: c.tables.length, bad })}
          </dd>
        </div>
        <div className="ys-protect__row">
          <dt>{t('col.created')}</dt>
          <dd>{when(c.created_at)}</dd>
        </div>
      </dl>
      <table className="ys-protect__results" data-testid="cmp-results">
        <thead>
          <tr>
            <th>{t('cmp.table')}</th>
            <th>{t('cmp.source_rows')}</th>
            <th>{t('cmp.target_rows')}</th>
            <th>{t('cmp.match')}</th>
          </tr>
        </thead>
        <tbody>
          {c.tables.map((x) => (
            <tr key={x.table} className={x.equal ? undefined : 'is-bad'}>
              <td>{x.table}</td>
              <td>{x.source_rows === null ? t('cmp.missing') : num(x.source_rows)}</td>
              <td>{x.target_rows === null ? t('cmp.missing') : num(x.target_rows)}</td>
              <td>{x.equal ? t('cmp.same') : x.source_rows === x.target_rows ? t('cmp.content_differs') : t('cmp.rows_differ')}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </>
  );
}

export function CompareTab() {
  const { t } = useTranslation('protect');
  const navigate = useNavigate();
  const q = useQuery({ queryKey: keys.compares, queryFn: listCompares });
  const confirm = useConfirmed();
  const rows = q.data?.data ?? [];
  const add = (
    <Button color="primary" onClick={() => navigate('/disasterComparison/add')} data-testid="cmp-add">
      {t('cmp.add')}
    </Button>
  );
  const columns: Column<CompareTask>[] = [
    {
      key: 'name',
      render: (r) => (
        <button type="button" className="ys-protect__name" onClick={() => navigate(`/disasterComparison/detail/${r.id}`)}>
          {r.name}
        </button>
      ),
    },
    { key: 'result', render: (r) => <StateTag status={r.status} /> },
    { key: 'task', render: (r) => r.dr_task_name },
    { key: 'pair', render: (r) => `${r.source_name} → ${r.standby_name}`, wrap: true },
    { key: 'tables', render: (r) => t('cmp.summary', { n: r.tables.length, bad: r.tables.filter((x) => !x.equal).length }) },
    { key: 'created', render: (r) => when(r.created_at) },
  ];
  return (
    <>
      <div className="ys-task__toolbar">{add}</div>
      <ListState loading={q.isPending} failed={q.isError} empty={!rows.length} emptyText={t('empty.comparisons')} action={add} />
      {rows.length ? (
        <TaskList
          rows={rows}
          columns={columns}
          testid="cmp"
          actions={(r) => <DangerButton label={t('delete')} onClick={() => confirm(t('confirm.compare', { name: r.name }), () => deleteCompare(r.id))} />}
        />
      ) : null}
    </>
  );
}
