// A list of host protection tasks of one type (ADR 0062) with its add sheet and detail sheet:
// cards on a phone, a table from 1024 px; states poll while a task has not finished; delete asks
// first (the server refuses while a task copies, syncs or transfers).
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useQuery } from '@tanstack/react-query';
import { Button } from 'antd-mobile';
import { HOST_TASK_BUSY, type HostTaskType } from '../../../domain/protect.ts';
import { deleteHostTask, keys, listHostTasks, whileBusy, type HostTask } from './api.ts';
import { HostTaskForm } from './host-task-form.tsx';
import { DangerButton, ListState, Sheet, StateTag, TaskList, useConfirmed, when, type Column } from './parts.tsx';

export const RUNNING: Record<HostTaskType, string> = {
  file_copy: 'copy',
  file_compare: 'compare',
  whole_copy: 'copy',
  file_transfer: 'transfer',
  file_move: 'move',
};
const at = (name: string, path: string | null) => (path ? `${name}（${path}）` : name);
const targetsText = (r: HostTask) => r.targets.map((x) => at(x.name, x.path)).join('、');

export function Detail({ r }: { r: HostTask }) {
  const { t } = useTranslation('protect');
  const rows: [string, string][] = [
    ['col.status', ''],
    ['f.source_host', at(r.source_name, r.source_path)],
    [r.type === 'whole_copy' ? 'f.standby_host' : 'col.targets', targetsText(r)],
  ];
  if (r.type === 'whole_copy') {
    rows.push(['f.sync_items', r.sync_items.join('、')], ['f.excluded_items', r.excluded_items.join('、') || '—']);
    rows.push(['f.compression', t(`compression.${r.compression ?? 'none'}`)], ['f.encryption', t(`encryption.${r.encryption ?? 'none'}`)]);
    rows.push(['f.key', r.has_key ? t('key_sealed') : '—']);
  }
  if (r.type === 'file_transfer') rows.push(['f.overwrite', t(r.overwrite ? 'yes' : 'no')], ['f.create_dir', t(r.create_dir ? 'yes' : 'no')]);
  rows.push(['col.created', when(r.created_at)], ['col.updated', when(r.updated_at)]);
  return (
    <dl className="ys-protect__dl">
      {rows.map(([k, v]) => (
        <div key={k} className="ys-protect__row">
          <dt>{t(k)}</dt>
          <dd>{k === 'col.status' ? <StateTag status={r.status} running={RUNNING[r.type]} /> : v}</dd>
        </div>
      ))}
    </dl>
  );
}

/** Pages of their own (the storage console's routes, ADR 0064): add and detail are addresses, not sheets. */
export interface TaskLinks {
  add: string;
  /** the add button's words on that console (整机迁移 rather than 整机复制) */
  addLabel?: string;
  detail: (id: string) => string;
}

export function HostTasks({ type, links }: { type: HostTaskType; links?: TaskLinks }) {
  const { t } = useTranslation('protect');
  const navigate = useNavigate();
  const [state, setOpen] = useState<'add' | HostTask | null>(null);
  const open = links ? null : state;
  const q = useQuery({ queryKey: keys.hostTasks(type), queryFn: () => listHostTasks(type), refetchInterval: (query) => whileBusy(query.state.data?.data) });
  const confirm = useConfirmed();
  const rows = q.data?.data ?? [];
  const add = (
    <Button color="primary" onClick={() => (links ? navigate(links.add) : setOpen('add'))} data-testid="task-add">
      {links?.addLabel ?? t(`add.${type}`)}
    </Button>
  );
  const whole = type === 'whole_copy';
  const columns: Column<HostTask>[] = [
    {
      key: 'name',
      render: (r) => (
        <button type="button" className="ys-protect__name" onClick={() => (links ? navigate(links.detail(r.id)) : setOpen(r))}>
          {r.name}
        </button>
      ),
    },
    { key: 'status', render: (r) => <StateTag status={r.status} running={RUNNING[type]} /> },
    { key: whole ? 'source_host' : 'source', render: (r) => at(r.source_name, r.source_path), wrap: true },
    { key: whole ? 'standby_host' : 'targets', render: targetsText, wrap: true },
    ...(whole
      ? [{ key: 'options', render: (r: HostTask) => `${t(`compression.${r.compression ?? 'none'}`)} · ${t(`encryption.${r.encryption ?? 'none'}`)}` }]
      : []),
    { key: 'created', render: (r) => when(r.created_at) },
  ];
  return (
    <>
      <div className="ys-task__toolbar">{add}</div>
      <ListState loading={q.isPending} failed={q.isError} empty={!rows.length} emptyText={t(`empty.${type}`)} action={add} />
      {rows.length ? (
        <TaskList
          rows={rows}
          columns={columns}
          testid="task"
          actions={(r) => (
            <DangerButton
              label={t('delete')}
              disabled={HOST_TASK_BUSY.includes(r.status)}
              onClick={() => confirm(t('confirm.task', { name: r.name }), () => deleteHostTask(r.id))}
            />
          )}
        />
      ) : null}
      <Sheet open={!!open} title={open === 'add' ? t(`add.${type}`) : (open?.name ?? '')} onClose={() => setOpen(null)}>
        {open === 'add' ? <HostTaskForm type={type} onDone={() => setOpen(null)} /> : open ? <Detail r={open} /> : null}
      </Sheet>
    </>
  );
}
