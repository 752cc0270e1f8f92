// What the data-protection pages share (ADR 0062): the frame (the way back, title, tabs, intro), the
// state tag, loading / failed / empty states, a list that is cards on a phone and a table from
// 1024 px, the form sheet, labelled fields, a confirmed delete, and dates as 2026-11-23 14:05.
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { CardTable } from '../../ui/card-table.tsx';
import { useQueryClient } from '@tanstack/react-query';
import { Button, Tag } from 'antd-mobile';
import { Popup } from '../../ui/light/overlay.tsx';
import { confirm } from '../../ui/light/confirm.tsx';
import { Toast } from '../../ui/light/toast.ts';
import { CloseOutline } from 'antd-mobile-icons';
import { formatDateTime } from '../../../domain/time-format.ts';
import { TaskFrame, TaskListState } from '../../ui/task-frame.tsx';
import { keys } from './api.ts';
import './protect.css';

export const when = (v: string | null | undefined) => (v ? formatDateTime(v) : '—');

const TONE: Record<string, 'default' | 'primary' | 'success' | 'danger' | 'warning'> = {
  not_started: 'default',
  running: 'primary',
  initializing: 'primary',
  syncing: 'success',
  succeeded: 'success',
  consistent: 'success',
  completed: 'default',
  failed: 'danger',
  init_failed: 'danger',
  different: 'warning',
  abnormal: 'warning',
  pending: 'default',
};

/** A task's state in words; the running state is named by what the task does (同步中, 复制中, 传输中). */
export function StateTag({ status, running }: { status: string; running?: string }) {
  const { t } = useTranslation('protect');
  const text = status === 'running' && running ? t(`running.${running}`) : t(`state.${status}`);
  return (
    <Tag color={TONE[status] ?? 'default'} fill="outline" className="ys-protect__tag" data-status={status}>
      {text}
    </Tag>
  );
}

export function ListState(props: { loading: boolean; failed: boolean; empty: boolean; emptyText: string; action?: ReactNode }) {
  const { t } = useTranslation('protect');
  return <TaskListState {...props} loadingText={t('loading')} failedText={t('failed_load')} />;
}

export interface Tab {
  key: string;
  to: string;
}

export function ProtectFrame({
  page,
  title,
  intro,
  tabs,
  tab,
  toolbar,
  back,
  children,
}: {
  page: string;
  title: string;
  intro?: string;
  tabs?: readonly Tab[];
  tab?: string;
  toolbar?: ReactNode;
  /** where the way back leads (the database console unless the page says) */
  back?: { to: string; label: string };
  children: ReactNode;
}) {
  const { t } = useTranslation('protect');
  return (
    <TaskFrame
      page={page}
      className="ys-protect"
      title={title}
      back={back ?? { to: '/database', label: t('back_db') }}
      tabs={tabs?.map((x) => ({ ...x, label: t(`tabs.${x.key}`) }))}
      tab={tab}
      intro={intro}
      toolbar={toolbar}
    >
      {children}
    </TaskFrame>
  );
}

export interface Column<T> {
  key: string;
  render: (row: T) => ReactNode;
  /** long values (host paths, instance pairs) may wrap in the table; the rest stay on one line */
  wrap?: boolean;
}

/** Cards on a phone (first column as the card's title), a table from 1024 px; actions at the end: the shared CardTable with this page's column texts. */
export function TaskList<T extends { id: string }>({
  rows,
  columns,
  actions,
  testid,
}: {
  rows: T[];
  columns: Column<T>[];
  actions?: (row: T) => ReactNode;
  testid: string;
}) {
  const { t } = useTranslation('protect');
  return (
    <CardTable
      rows={rows}
      rowKey={(row) => row.id}
      columns={columns.map((c) => ({ ...c, label: t(`col.${c.key}`) }))}
      actions={actions}
      actionsLabel={t('col.actions')}
      testid={testid}
    />
  );
}

/** The form or detail sheet: from the bottom on a phone, from the right on a desktop. */
export function Sheet({ open, title, onClose, children }: { open: boolean; title: string; onClose: () => void; children: ReactNode }) {
  const { t } = useTranslation('protect');
  return (
    <Popup visible={open} onMaskClick={onClose} onClose={onClose} position="bottom" bodyClassName="ys-protect__sheet" destroyOnClose>
      <div className="ys-protect__sheethead">
        <h2>{title}</h2>
        <button type="button" className="ys-protect__close" onClick={onClose} aria-label={t('close')}>
          <CloseOutline aria-hidden="true" />
        </button>
      </div>
      <div className="ys-protect__sheetbody">{children}</div>
    </Popup>
  );
}

/** A labelled control; `error` (a refusal or a broken rule) shows under it in red. */
export function Field({ label, hint, warn, error, children }: { label: string; hint?: string; warn?: string; error?: string; children: ReactNode }) {
  return (
    <label className="ys-protect__field">
      <span className="ys-protect__label">{label}</span>
      {children}
      {error ? (
        <small className="ys-protect__error" role="alert">
          {error}
        </small>
      ) : null}
      {hint ? <small className="ys-protect__hint">{hint}</small> : null}
      {warn ? <small className="ys-protect__warn">{warn}</small> : null}
    </label>
  );
}

export function Submit({ pending, disabled, onClick }: { pending: boolean; disabled?: boolean; onClick: () => void }) {
  const { t } = useTranslation('protect');
  return (
    <Button block color="primary" loading={pending} disabled={disabled} onClick={onClick} className="ys-protect__submit" data-testid="dp-submit">
      {t('submit')}
    </Button>
  );
}

/** 删除 (or 解除关联) after the user confirms; the lists refresh either way. */
export function useConfirmed() {
  const { t } = useTranslation('protect');
  const client = useQueryClient();
  return async (content: string, action: () => Promise<unknown>, confirmText = t('delete')) => {
    const yes = await confirm({ content, confirmText, cancelText: t('cancel') });
    if (!yes) return;
    try {
      await action();
      Toast.show({ content: t('done') });
    } catch {
      // the request helper has shown the server's words
    } finally {
      await client.invalidateQueries({ queryKey: keys.all });
    }
  };
}

export function DangerButton({ label, disabled, onClick }: { label: string; disabled?: boolean; onClick: () => void }) {
  return (
    <Button size="small" color="danger" fill="outline" disabled={disabled} onClick={onClick} className="ys-protect__btn" data-testid="dp-delete">
      {label}
    </Button>
  );
}

export function PlainButton({ label, onClick, testid }: { label: string; onClick: () => void; testid?: string }) {
  return (
    <Button size="small" color="primary" fill="outline" onClick={onClick} className="ys-protect__btn" data-testid={testid}>
      {label}
    </Button>
  );
}

/** A native select (44 px, the platform's own picker on a phone) over a fixed list of values. */
export function Choice<T extends string | number>({
  value,
  options,
  label,
  onChange,
  testid,
}: {
  value: T;
  options: readonly T[];
  label: (v: T) => string;
  onChange: (v: T) => void;
  testid?: string;
}) {
  return (
    <select
      className="ys-protect__select"
      value={String(value)}
      data-testid={testid}
      onChange={(e) => onChange(options.find((o) => String(o) === e.target.value)!)}
    >
      {options.map((o) => (
        <option key={String(o)} value={String(o)}>
          {label(o)}
        </option>
      ))}
    </select>
  );
}
