// The frame of an instance's backup pages (ADR 0056): the way back to the instance's detail, its
// name, and the four pages side by side (概览, 备份记录, 备份策略, 恢复); the status tag every page uses.
import type { ReactNode } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { Tag } from 'antd-mobile';
import { LeftOutline } from 'antd-mobile-icons';
import { listKindOf } from '../../../domain/kinds/list-kind.ts';
import { statusColor } from '../../../domain/db-backup.ts';
import { formatDateTime } from '../../../domain/time-format.ts';
import { getResource } from '../../features/resources/api.ts';
import { resourceKeys } from '../../features/resources/query-keys.ts';
import { detailPath, routePath } from '../../features/resources/kind-meta.ts';
import './backup.css';

export const T = 'kinds:db_instance.backups';

/** The backup centre's product of an engine whose backups it shows (ADR 0073). */
const CENTRE_PRODUCT: Record<string, string> = { mysql: 'mysql', postgresql: 'pg' };

/** The four pages, by route name, and where each is for an instance. */
export const BACKUP_PAGES = [
  { route: 'databaseDetail_backup', key: 'overview' },
  { route: 'databaseDetail_backupList', key: 'records' },
  { route: 'databaseDetail_backupConfig', key: 'policy' },
  { route: 'databaseDetail_backupRecovery', key: 'recovery' },
] as const;
export type BackupPage = (typeof BACKUP_PAGES)[number]['route'];

export const backupPath = (route: BackupPage, id: string) =>
  (route === 'databaseDetail_backupConfig' ? routePath(route, { type: 'policy', id }) : routePath(route, { id })) ?? '/database';

/** A date as 2026-11-23 14:05, or a dash. */
export const when = (v: string | null | undefined) => (v ? formatDateTime(v) : '—');

/** A size as 12 KB / 3.4 MB. */
export function sizeText(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(1)} KB`;
  if (bytes < 1024 ** 3) return `${(bytes / 1024 / 1024).toFixed(1)} MB`;
  return `${(bytes / 1024 ** 3).toFixed(1)} GB`;
}

export function StatusTag({ status }: { status: string }) {
  const { t } = useTranslation();
  return (
    <Tag color={statusColor(status)} fill="outline" className="ys-bk__tag" data-status={status}>
      {t(`${T}.status.${status}`)}
    </Tag>
  );
}

export function BackupFrame({ id, page, children }: { id: string; page: BackupPage; children: ReactNode }) {
  const { t } = useTranslation();
  const def = listKindOf('db_instance')!;
  const q = useQuery({ queryKey: resourceKeys.detail(def.kind, id), queryFn: () => getResource(def, id) });
  return (
    <div className="ys-bk" data-testid="db-backups">
      <header className="ys-bk__head">
        <Link to={detailPath(def, id) ?? '/database'} className="ys-bk__back" data-testid="backup-back">
          <LeftOutline aria-hidden="true" /> {t(`${T}.back`)}
        </Link>
        <h1 className="ys-bk__title">
          {t(`${T}.title`)}
          {q.data ? <small>{q.data.name}</small> : null}
        </h1>
      </header>
      <nav className="ys-bk__tabs" aria-label={t(`${T}.title`)}>
        {BACKUP_PAGES.map((p) => (
          <Link
            key={p.route}
            to={backupPath(p.route, id)}
            className="ys-bk__tab"
            aria-current={p.route === page ? 'page' : undefined}
            data-testid={`backup-tab-${p.key}`}
          >
            {t(`${T}.pages.${p.key}`)}
          </Link>
        ))}
      </nav>
      {q.data && CENTRE_PRODUCT[String(q.data.spec?.engine)] ? (
        <Link to={`/backupCenter/${CENTRE_PRODUCT[String(q.data.spec?.engine)]}`} className="ys-bk__centre" data-testid="backup-centre-link">
          {t('routes:backupCenter')}
        </Link>
      ) : null}
      {q.data && q.data.status !== 'running' ? <p className="ys-bk__warn">{t(`${T}.not_running`, { status: t(`kinds:status.${q.data.status}`) })}</p> : null}
      {children}
    </div>
  );
}

/** Loading, failed and empty states of a list. */
export function ListState({ loading, failed, empty, emptyText }: { loading: boolean; failed: boolean; empty: boolean; emptyText: string }) {
  const { t } = useTranslation();
  if (loading) return <div className="ys-bk__state">{t(`${T}.loading`)}</div>;
  if (failed) return <div className="ys-bk__state">{t(`${T}.failed_load`)}</div>;
  if (empty) return <div className="ys-bk__state">{emptyText}</div>;
  return null;
}
