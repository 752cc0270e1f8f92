// What the migration pages share (ADR 0059): the frame with the way back and the tabs between the
// task list and the transfer centre, the status tag in the seed's colours, progress, the pre-check's
// results, loading / failed / empty states, and dates as 2026-11-23 14:05.
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { ProgressBar, Tag } from 'antd-mobile';
import { dtsStatusColor, type DtsCheck, type DtsTask } from '../../../domain/dts.ts';
import { formatDateTime } from '../../../domain/time-format.ts';
import { TaskFrame, TaskListState } from '../../ui/task-frame.tsx';
import './dts.css';

export const when = (v: string | null | undefined) => (v ? formatDateTime(v) : '—');

export const PATHS = {
  list: '/dtsManage',
  add: '/dtsAdd',
  buy: '/dtsBuy',
  detail: (id: string) => `/dtsDetail/${id}`,
  dtc: '/dtc/dtcManage',
  dtcDatabase: '/dtc/dtcDatabaseManage',
  dtcFile: '/dtc/dtcFileManage',
} as const;

export function StatusTag({ status }: { status: string }) {
  const { t } = useTranslation('dts');
  return (
    <Tag color={dtsStatusColor(status)} fill="outline" className="ys-dts__tag" data-status={status}>
      {t(`status.${status}`)}
    </Tag>
  );
}

export function Progress({ task }: { task: DtsTask }) {
  if (task.status !== 'migrating') return null;
  return <ProgressBar percent={task.progress} text className="ys-dts__progress" />;
}

export function Checks({ checks }: { checks: DtsCheck[] }) {
  const { t } = useTranslation('dts');
  if (!checks.length) return null;
  return (
    <ul className="ys-dts__checks" data-testid="dts-checks">
      {checks.map((c) => (
        <li key={c.item} className={c.ok ? 'is-ok' : 'is-bad'} data-ok={c.ok}>
          <span className="ys-dts__mark" aria-hidden="true">
            {c.ok ? '✓' : '✕'}
          </span>
          <span>
            <strong>{t(`check.${c.item}`)}</strong>
            <small>
              {c.ok ? t('check_ok') : t(`check_bad.${c.item}`)}
              {c.names?.length ? `：${c.names.join('、')}` : ''}
            </small>
          </span>
        </li>
      ))}
    </ul>
  );
}

export function ListState(props: { loading: boolean; failed: boolean; empty: boolean; emptyText: string; action?: ReactNode }) {
  const { t } = useTranslation('dts');
  return <TaskListState {...props} loadingText={t('loading')} failedText={t('failed_load')} />;
}

const TABS = [
  { key: 'tasks', to: PATHS.list },
  { key: 'dtc', to: PATHS.dtc },
  { key: 'dtc_database', to: PATHS.dtcDatabase },
  { key: 'dtc_file', to: PATHS.dtcFile },
] as const;

/** The page's frame: data-page, the way back, the title and (on list pages) the tabs. */
export function DtsFrame({
  page,
  title,
  back,
  tab,
  children,
}: {
  page: string;
  title: string;
  back?: string;
  tab?: (typeof TABS)[number]['key'];
  children: ReactNode;
}) {
  const { t } = useTranslation('dts');
  return (
    <TaskFrame
      page={page}
      className="ys-dts"
      title={title}
      back={{ to: back ?? '/database', label: back ? t('back') : t('back_db'), testId: 'dts-back' }}
      tabs={tab ? TABS.map((x) => ({ key: x.key, to: x.to, label: t(`tabs.${x.key}`) })) : undefined}
      tab={tab}
      tabsLabel={t('title')}
    >
      {children}
    </TaskFrame>
  );
}
