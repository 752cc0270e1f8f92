// What the backup centre's pages share (ADR 0073): the frame (the way back, title, product switcher,
// tabs), the state tag, loading / failed / empty states, a list that is cards on a phone and a table
// from 1024 px, labelled fields, and the words for cycles, retention, sizes and dates.
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { CardTable } from '../../ui/card-table.tsx';
import { useQuery } from '@tanstack/react-query';
import { Tag } from 'antd-mobile';
import { formatDateTime } from '../../../domain/time-format.ts';
import { sizeText } from '../../../domain/dataprotect.ts';
import { statusColor } from '../../../domain/db-backup.ts';
import { BACKUP_PRODUCTS, isBackupProduct, type BackupProduct, type CentreStrategy } from '../../../domain/backup-center.ts';
import { TaskFrame, TaskListState } from '../../ui/task-frame.tsx';
import { keys, listProducts } from './api.ts';
import './backup-center.css';

export const when = (v: string | null | undefined) => (v ? formatDateTime(v) : '—');
export const size = (bytes: number) => (bytes > 0 ? sizeText(bytes) : '—');
export const productOf = (p: string | undefined): BackupProduct => (isBackupProduct(p) ? p : 'files');
export const centrePath = (p: BackupProduct, tab?: string) => `/backupCenter/${p}${tab && tab !== 'strategies' ? `?tab=${tab}` : ''}`;

export function StateTag({ status }: { status: string }) {
  const { t } = useTranslation('backup_center');
  return (
    <Tag color={status === 'disabled' ? 'default' : statusColor(status)} fill="outline" className="ys-bc__tag" data-status={status}>
      {t(`status.${status}`, { defaultValue: status })}
    </Tag>
  );
}

/** 每周 周一、周三 02:00 / 每月 1 日、月末 02:00 / 每天 03:00 (a bucket's). */
export function useCycleText() {
  const { t } = useTranslation('backup_center');
  return (s: CentreStrategy) => {
    if (s.product === 'oss') return t(s.cycle === 'daily' ? 'cycle_daily' : 'cycle_weekly', { time: s.time });
    const days = (s.backup_days ?? [])
      .map((d) => (s.cycle === 'week' ? t(`weekday.${d}`) : d === 'last_day' ? t('last_day') : t('month_day', { d })))
      .join('、');
    return t(s.cycle === 'week' ? 'cycle_week' : 'cycle_month', { days, time: s.start_time });
  };
}

export function useRetentionText() {
  const { t } = useTranslation('backup_center');
  return (s: CentreStrategy) => (s.product === 'oss' ? t('days_n', { n: s.retention_days }) : t(`retention.${s.retention}`));
}

export function ListState(props: { loading: boolean; failed: boolean; empty: boolean; emptyText: string; action?: ReactNode }) {
  const { t } = useTranslation('backup_center');
  return <TaskListState {...props} loadingText={t('loading')} failedText={t('failed_load')} />;
}

/** The product switcher: 文件, MySQL, PostgreSQL, MongoDB, NAS, 对象存储, Oracle (keeps the tab). */
function Products({ product, tab }: { product: BackupProduct; tab?: string }) {
  const { t } = useTranslation('backup_center');
  const counts = useQuery({ queryKey: keys.products, queryFn: listProducts });
  const count = (p: BackupProduct) => counts.data?.data.find((x) => x.product === p)?.strategies;
  return (
    <nav className="ys-bc__products" aria-label={t('products_label')}>
      {BACKUP_PRODUCTS.map((p) => (
        <Link key={p} to={centrePath(p, tab)} className="ys-bc__product" aria-current={p === product ? 'page' : undefined} data-testid={`bc-product-${p}`}>
          {t(`product.${p}`)}
          {count(p) ? <span className="ys-bc__count">{count(p)}</span> : null}
        </Link>
      ))}
    </nav>
  );
}

export function CentreFrame({
  page,
  product,
  title,
  tab,
  switcher,
  toolbar,
  back,
  children,
}: {
  page: string;
  product: BackupProduct;
  title: string;
  tab?: string;
  switcher?: boolean;
  toolbar?: ReactNode;
  back?: { to: string; label: string };
  children: ReactNode;
}) {
  const { t } = useTranslation('backup_center');
  const tabs = switcher
    ? (['strategies', 'records', 'recoveries'] as const).map((k) => ({ key: k, to: centrePath(product, k), label: t(`tabs.${k}`) }))
    : undefined;
  return (
    <TaskFrame page={page} className="ys-bc" title={title} back={back ?? { to: '/homeOperation', label: t('back') }} tabs={tabs} tab={tab} toolbar={toolbar}>
      {switcher ? <Products product={product} tab={tab} /> : null}
      {children}
    </TaskFrame>
  );
}

export interface Column<T> {
  key: string;
  render: (row: T) => ReactNode;
}

/** Cards on a phone (first column as the card's title), a table from 1024 px; actions at the end: the shared CardTable with this page's column texts. */
export function CentreList<T extends { id: string }>({
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
  const { t } = useTranslation('backup_center');
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

/** A labelled control; `error` (a refusal or a broken rule) shows under it in red. */
export function Field({ label, hint, error, children }: { label: string; hint?: string; error?: string; children: ReactNode }) {
  return (
    <label className="ys-bc__field">
      <span className="ys-bc__label">{label}</span>
      {children}
      {error ? (
        <small className="ys-bc__error" role="alert">
          {error}
        </small>
      ) : null}
      {hint ? <small className="ys-bc__hint">{hint}</small> : null}
    </label>
  );
}
