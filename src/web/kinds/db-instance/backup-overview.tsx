// databaseDetail_backup/:id — an instance's backups at a glance (ADR 0056): 立即备份, the policy and
// its state, the latest run with its progress, and the earliest and latest restorable time points.
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { ProgressBar } from 'antd-mobile';
import type { KindPageProps } from '../../features/resources/kind-slots.ts';
import { isRestorable } from '../../../domain/db-backup.ts';
import { backupKeys, getPolicy, listBackups, whileBusy } from './backup-api.ts';
import { BackupFrame, StatusTag, T, backupPath, when } from './backup-frame.tsx';
import { StartBackup } from './backup-list.tsx';

function PolicyCard({ id }: { id: string }) {
  const { t } = useTranslation();
  const q = useQuery({ queryKey: backupKeys.policy(id), queryFn: () => getPolicy(id) });
  const p = q.data?.policy;
  return (
    <section className="ys-bk__panel" data-testid="overview-policy">
      <div className="ys-bk__cardhead">
        <h2 className="ys-bk__h2">{t(`${T}.policy_title`)}</h2>
        {p ? <StatusTag status={p.status} /> : null}
      </div>
      {q.isPending ? <div className="ys-bk__state">{t(`${T}.loading`)}</div> : null}
      {!q.isPending && !p ? <p className="ys-bk__hint">{t(`${T}.no_policy`)}</p> : null}
      {p ? (
        <dl className="ys-bk__dl">
          <dt>{t(`${T}.policy_name`)}</dt>
          <dd>{p.name}</dd>
          <dt>{t(`${T}.retention`)}</dt>
          <dd>{t(`${T}.retentions.${p.retention}`)}</dd>
          <dt>{t(`${T}.schedule`)}</dt>
          <dd>{t(p.cycle === 'week' ? `${T}.schedule_week` : `${T}.schedule_month`, { time: p.start_time })}</dd>
          <dt>{t(`${T}.log_backup`)}</dt>
          <dd>{t(p.log_backup ? `${T}.log_on` : `${T}.log_off`)}</dd>
        </dl>
      ) : null}
      <Link to={backupPath('databaseDetail_backupConfig', id)} className="ys-bk__more">
        {t(p ? `${T}.policy_edit` : `${T}.policy_new`)}
      </Link>
    </section>
  );
}

export function BackupOverview({ id }: KindPageProps<true>) {
  const { t } = useTranslation();
  const q = useQuery({ queryKey: backupKeys.backups(id), queryFn: () => listBackups(id), refetchInterval: (query) => whileBusy(query.state.data?.data) });
  const rows = q.data?.data ?? [];
  const last = rows[0];
  const points = rows.filter((b) => isRestorable(b.status) && b.snapshot_at).map((b) => b.snapshot_at!);
  return (
    <BackupFrame id={id} page="databaseDetail_backup">
      <StartBackup id={id} />
      <div className="ys-bk__grid">
        <section className="ys-bk__panel" data-testid="overview-last">
          <div className="ys-bk__cardhead">
            <h2 className="ys-bk__h2">{t(`${T}.last`)}</h2>
            {last ? <StatusTag status={last.status} /> : null}
          </div>
          {q.isPending ? <div className="ys-bk__state">{t(`${T}.loading`)}</div> : null}
          {!q.isPending && !last ? <p className="ys-bk__hint">{t(`${T}.empty`)}</p> : null}
          {last ? (
            <>
              {last.status === 'running' || last.status === 'paused' ? <ProgressBar percent={last.progress} text className="ys-bk__progress" /> : null}
              <dl className="ys-bk__dl">
                <dt>{t(`${T}.name`)}</dt>
                <dd>{last.name}</dd>
                <dt>{t(`${T}.started`)}</dt>
                <dd>{when(last.started_at)}</dd>
              </dl>
            </>
          ) : null}
          <Link to={backupPath('databaseDetail_backupList', id)} className="ys-bk__more">
            {t(`${T}.all_records`, { count: q.data?.count ?? 0 })}
          </Link>
        </section>
        <section className="ys-bk__panel" data-testid="overview-points">
          <h2 className="ys-bk__h2">{t(`${T}.points`)}</h2>
          {points.length ? (
            <p className="ys-bk__range">{t(`${T}.range`, { from: when(points[points.length - 1]), to: when(points[0]) })}</p>
          ) : (
            <p className="ys-bk__hint">{t(`${T}.no_points`)}</p>
          )}
          <Link to={backupPath('databaseDetail_backupRecovery', id)} className="ys-bk__more">
            {t(`${T}.go_restore`)}
          </Link>
        </section>
        <PolicyCard id={id} />
      </div>
    </BackupFrame>
  );
}
