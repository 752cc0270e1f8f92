// The plans of the 备份策略 tab: cards up to the tablet width (the split view's detail pane is
// narrow), a table on the desktop; each with its live state badge and the tab's actions.
import { useTranslation } from 'react-i18next';
import { Tag } from 'antd-mobile';
import { isPlanInBetween } from '../../../domain/backup-plan.ts';
import type { BackupPlan } from './api.ts';
import { cycleText, retentionText } from './texts.ts';

type Actions = (p: BackupPlan) => React.ReactNode;

function PlanBadge({ plan: p }: { plan: BackupPlan }) {
  const { t } = useTranslation();
  const tone = isPlanInBetween(p.status) ? 'busy' : p.status === 'created' ? 'ok' : 'failed';
  return (
    <span className={`ys-bk-status is-${tone}`} data-testid="backup-plan-status" data-status={p.status}>
      {tone === 'busy' ? <span className="ys-bk-status__spin" aria-hidden="true" /> : null}
      {t(`backup:status.${p.status}`, { defaultValue: p.status })}
    </span>
  );
}

function usePlanCells() {
  const { t } = useTranslation();
  return (p: BackupPlan) => ({
    type: t(`backup:schedule_type.${p.schedule_type}`),
    cycle: cycleText(t, p.backup_freq, p.backup_days),
    retention: retentionText(t, p.retention_time),
    device: t(`backup:device_type.${p.device_type}`),
  });
}

export function PlanCards({ plans, actions }: { plans: BackupPlan[]; actions: Actions }) {
  const { t } = useTranslation();
  const cells = usePlanCells();
  return (
    <div className="ys-bk-cards">
      {plans.map((p) => {
        const c = cells(p);
        return (
          <div key={p.id} className="ys-bk-card" data-testid="backup-plan" data-id={p.id}>
            <div className="ys-bk-card__head">
              <span className="ys-bk-card__name">{p.name}</span>
              <span className="ys-bk-card__tags">
                <Tag color="primary" fill="outline">
                  {c.type}
                </Tag>
                <PlanBadge plan={p} />
              </span>
            </div>
            <div className="ys-bk-card__line" data-testid="backup-plan-cycle">
              {c.cycle} · {p.start_time}
            </div>
            <div className="ys-bk-card__line ys-muted">
              {t('backup:fields.retention_time')} {c.retention} · {t('backup:fields.device_type')} {c.device}
            </div>
            {actions(p)}
          </div>
        );
      })}
    </div>
  );
}

export function PlanTable({ plans, actions }: { plans: BackupPlan[]; actions: Actions }) {
  const { t } = useTranslation();
  const cells = usePlanCells();
  return (
    <div className="ys-bk-scroll">
      <table className="ys-bk-table">
        <thead>
          <tr>
            <th>{t('backup:fields.name')}</th>
            <th>{t('backup:columns.status')}</th>
            <th>{t('backup:fields.schedule_type')}</th>
            <th>{t('backup:columns.cycle')}</th>
            <th>{t('backup:fields.start_time')}</th>
            <th>{t('backup:fields.retention_time')}</th>
            <th>{t('backup:fields.device_type')}</th>
            <th>{t('backup:columns.operations')}</th>
          </tr>
        </thead>
        <tbody>
          {plans.map((p) => {
            const c = cells(p);
            return (
              <tr key={p.id} data-testid="backup-plan" data-id={p.id}>
                <td className="ys-bk-table__name">{p.name}</td>
                <td>
                  <PlanBadge plan={p} />
                </td>
                <td>{c.type}</td>
                <td data-testid="backup-plan-cycle">{c.cycle}</td>
                <td>{p.start_time}</td>
                <td>{c.retention}</td>
                <td>{c.device}</td>
                <td>{actions(p)}</td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}
