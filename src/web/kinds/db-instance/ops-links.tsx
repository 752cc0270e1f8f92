// The ways into an instance's 参数设置 / 插件 / 监控 / 表空间 pages: below the SQL console, backup and
// disaster-recovery links above its derived detail (databaseDetail_outline), and, above the database recycle bin
// (dbRecycleBin, the engine's derived list), each deleted instance's detail with when it is purged.
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { listRecycle } from '../../features/resources/api.ts';
import { resourceKeys } from '../../features/resources/query-keys.ts';
import { formatDateTime } from '../../../domain/time-format.ts';
import type { KindPageProps } from '../../features/resources/kind-slots.ts';
import { InstanceLinksWithDp } from './dp-links.tsx';
import { O } from './ops-frame.tsx';
import { OPS_PAGES, opsPath } from './ops-api.ts';
import './ops.css';

export function OutlineLinks({ id }: KindPageProps<true>) {
  const { t } = useTranslation();
  return (
    <>
      <InstanceLinksWithDp id={id} />
      <nav className="ys-sqllink" aria-label={t(`${O}.nav`)} data-testid="dbops-links">
        {OPS_PAGES.map((p) => (
          <Link
            key={p.route}
            to={opsPath(p.route, id)}
            className="adm-button adm-button-default adm-button-small ys-sqllink__btn"
            data-testid={`dbops-link-${p.key}`}
          >
            {t(`${O}.pages.${p.key}`)}
          </Link>
        ))}
      </nav>
    </>
  );
}

export function RecycleBinLinks() {
  const { t } = useTranslation();
  const params = { __limit: 20, __offset: 0 };
  const q = useQuery({ queryKey: resourceKeys.recycle('db_instance', { ...params, links: 1 }), queryFn: () => listRecycle('db_instance', params) });
  const rows = (q.data?.data ?? []).filter((r) => r.status === 'deleted');
  if (!rows.length) return null;
  return (
    <nav className="ys-ops__binlinks" aria-label={t(`${O}.recycle.details`)} data-testid="db-recycle-links">
      <span className="ys-ops__binlabel">{t(`${O}.recycle.details`)}</span>
      {rows.map((r) => (
        <Link key={r.id} to={opsPath('dbRecycleBinDetail', r.id)} className="ys-ops__link" data-testid="db-recycle-link">
          {r.name}
          <small>{t(`${O}.recycle.until_short`, { time: r.spec.recycle_until ? formatDateTime(r.spec.recycle_until) : '—' })}</small>
        </Link>
      ))}
    </nav>
  );
}
