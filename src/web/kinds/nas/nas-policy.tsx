// A NAS's sync policy (nasSynchronous/{id}: to another NAS of the same protocol every 15 or 30
// minutes) and backup policy (nasBackupDetail/backupConfig/{id}: start time, retention, and the full
// backup cycle that follows from it), each with its 设置 / 关闭 actions run through the derived action
// forms; and the two links above the NAS's detail.
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { Button } from 'antd-mobile';
import { LeftOutline } from 'antd-mobile-icons';
import { listKindOf } from '../../../domain/kinds/list-kind.ts';
import { getResource } from '../../features/resources/api.ts';
import { useActionRunner } from '../../features/resources/actions.tsx';
import { actionLabel, detailPath, displayValue, fieldLabel, routePath } from '../../features/resources/kind-meta.ts';
import type { KindPageProps } from '../../features/resources/kind-slots.ts';
import { StatusBadge } from '../../features/resources/parts.tsx';
import { resourceKeys } from '../../features/resources/query-keys.ts';
import './nas.css';

const POLICIES = {
  nasSynchronous: { key: 'sync', fields: ['sync_enabled', 'sync_target_name', 'sync_frequency'], set: 'sync_policy', off: 'sync_off', on: 'sync_enabled' },
  nasBackupDetail_backupConfig: {
    key: 'backup',
    fields: ['backup_enabled', 'backup_time', 'backup_retention', 'backup_cycle'],
    set: 'backup_policy',
    off: 'backup_off',
    on: 'backup_enabled',
  },
} as const;

export function NasPolicyPage({ route, id }: KindPageProps<true>) {
  const { t } = useTranslation();
  const def = listKindOf('nas')!;
  const policy = POLICIES[route as keyof typeof POLICIES] ?? POLICIES.nasSynchronous;
  const q = useQuery({ queryKey: resourceKeys.detail(def.kind, id), queryFn: ({ signal }) => getResource(def, id, { signal }) });
  const runner = useActionRunner(def, { onChanged: () => void q.refetch() });
  const row = q.data;
  if (!row) return <div className="ys-empty">{q.isError ? t('kinds:nas.policy.gone') : t('resources:common.loading')}</div>;
  const enabled = Boolean(row.spec[policy.on]);
  const actions = def.actions.filter((a) => a.id === policy.set || (enabled && a.id === policy.off));
  const usable = row.status === 'available';
  return (
    <section className="ys-detail ys-nas-policy" data-testid={`nas-${policy.key}-policy`}>
      <header className="ys-titlebar">
        <Link className="ys-nas-policy__back" to={detailPath(def, row.id) ?? '/nasManage'} aria-label={t('kinds:nas.policy.back')}>
          <LeftOutline />
        </Link>
        <h2 className="ys-titlebar__name">{t(`kinds:nas.policy.${policy.key}_title`, { name: row.name })}</h2>
        <StatusBadge def={def} status={row.status} />
      </header>
      <p className="ys-form__notice" role="note">
        {t(`kinds:nas.policy.${policy.key}_note`)}
      </p>
      <dl className="ys-fields">
        {policy.fields.map((key) => (
          <div key={key} className="ys-fields__row">
            <dt>{fieldLabel(t, def, key)}</dt>
            <dd>{key === policy.on ? t(`kinds:nas.policy.${enabled ? 'on' : 'off'}`) : displayValue(t, def, row, key)}</dd>
          </div>
        ))}
      </dl>
      <div className="ys-nas-policy__actions">
        {actions.map((a) => (
          <Button
            key={a.id}
            color={a.id === policy.off ? 'default' : 'primary'}
            fill={a.id === policy.off ? 'outline' : 'solid'}
            disabled={!usable}
            data-action={a.id}
            onClick={() => runner.run(a, [row])}
          >
            {actionLabel(t, def, a.id)}
          </Button>
        ))}
      </div>
      {!usable ? <div className="ys-muted">{t('kinds:nas.policy.not_available')}</div> : null}
      {runner.element}
    </section>
  );
}

/** 同步策略 and 备份策略 above a NAS's detail. */
export function NasPolicyLinks({ id }: KindPageProps<true>) {
  const { t } = useTranslation();
  return (
    <nav className="ys-nas-policy__links" aria-label={t('kinds:nas.policy.links')}>
      <Link to={routePath('nasSynchronous', { id }) ?? '/nasManage'} data-testid="nas-sync-link">
        {t('kinds:nas.policy.sync_link')}
      </Link>
      <Link to={routePath('nasBackupDetail_backupConfig', { id }) ?? '/nasManage'} data-testid="nas-backup-link">
        {t('kinds:nas.policy.backup_link')}
      </Link>
    </nav>
  );
}

/** Above 文件存储备份's NAS list: a NAS's backup policy is set from its detail. */
export function NasBackupNotice() {
  const { t } = useTranslation();
  return (
    <p className="ys-form__notice" role="note" data-testid="nas-backup-notice">
      {t('kinds:nas.policy.backup_list_note')}
    </p>
  );
}
