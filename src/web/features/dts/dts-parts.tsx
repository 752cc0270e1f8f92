// What the migration pages share (ADR 0059): the frame with the way back and the tabs between the
// task list and the transfer centre, the status tag in the seed's colours, progress, the pre-check's
// results, loading / failed / empty states, and dates as 2026-11-23 14:05.
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { DotLoading, ProgressBar, Tag } from 'antd-mobile';
import { LeftOutline } from 'antd-mobile-icons';
import { dtsStatusColor, type DtsCheck, type DtsTask } from '../../../domain/dts.ts';
import { formatDateTime } from '../../../domain/time-format.ts';
import { PageFrame } from '../../ui/page-frame.tsx';
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

export function ListState({
  loading,
  failed,
  empty,
  emptyText,
  action,
}: {
  loading: boolean;
  failed: boolean;
  empty: boolean;
  emptyText: string;
  action?: ReactNode;
}) {
  const { t } = useTranslation('dts');
  if (loading)
    return (
      <div className="ys-dts__state">
        <DotLoading /> {t('loading')}
      </div>
    );
  if (failed) return <div className="ys-dts__state">{t('failed_load')}</div>;
  if (empty)
    return (
      <div className="ys-dts__state">
        <p>{emptyText}</p>
        {action}
      </div>
    );
  return null;
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
    <PageFrame name={page} className="ys-dts">
      <header className="ys-dts__head">
        <Link to={back ?? '/database'} className="ys-dts__back" data-testid="dts-back">
          <LeftOutline aria-hidden="true" /> {back ? t('back') : t('back_db')}
        </Link>
        <h1 className="ys-dts__title">{title}</h1>
      </header>
      {tab ? (
        <nav className="ys-dts__tabs" aria-label={t('title')}>
          {TABS.map((x) => (
            <Link key={x.key} to={x.to} className="ys-dts__tab" aria-current={x.key === tab ? 'page' : undefined}>
              {t(`tabs.${x.key}`)}
            </Link>
          ))}
        </nav>
      ) : null}
      {children}
    </PageFrame>
  );
}
