// The 备份策略 tab of a host or disk: its backup plans (cards on a phone, a table from the
// tablet width up) with add, edit and delete after a confirmation. Each plan shows its state
// (创建中 → 安装软件中 → 下发中 → 已创建, or a failure) live from the server events; a plan between
// states cannot be edited or deleted.
import { useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Button, Dialog, Tag, Toast } from 'antd-mobile';
import type { DetailTabProps } from '../../ui/detail-tab-props.ts';
import { useBreakpoint } from '../../lib/hooks.ts';
import { deletePlan, listPlansOf, type BackupPlan } from './api.ts';
import { BackupPlanForm } from './backup-form.tsx';
import { cycleText, retentionText } from './texts.ts';
import { planSettlePoll, useLivePlans } from './live.ts';
import { isPlanInBetween } from '../../../domain/backup-plan.ts';
import './backup.css';

/** A resource in the recycle bin or gone takes no new or changed plans (the API refuses with 409). */
const GONE = new Set(['deleted', '__removed']);

export default function BackupTab({ kind, id, vendor, status }: DetailTabProps) {
  const { t } = useTranslation();
  const bp = useBreakpoint();
  const client = useQueryClient();
  const key = ['backup-plans', kind, id];
  const q = useQuery({ queryKey: key, queryFn: () => listPlansOf(kind, id), refetchInterval: planSettlePoll });
  useLivePlans(key, id);
  const [editing, setEditing] = useState<BackupPlan | 'new' | null>(null);
  const [deleting, setDeleting] = useState<BackupPlan | null>(null);
  const [busy, setBusy] = useState(false);
  const plans = q.data?.data ?? [];
  const writable = !GONE.has(status);
  const refresh = () => client.invalidateQueries({ queryKey: key });

  const remove = async () => {
    if (!deleting || busy) return;
    setBusy(true);
    try {
      const res = await deletePlan(deleting.id);
      Toast.show({ content: res.message ?? t('backup:messages.deleted') });
      setDeleting(null);
      await refresh();
    } catch {
      /* the request helper showed the notice */
    } finally {
      setBusy(false);
    }
  };

  // Between states the API refuses both (409); the buttons say so before a click.
  const actions = (p: BackupPlan) =>
    writable ? (
      <span className="ys-bk-actions" title={p.in_between ? t('backup:status.busy_hint') : undefined}>
        <Button size="mini" fill="none" color="primary" data-testid="backup-edit" disabled={p.in_between} onClick={() => setEditing(p)}>
          {t('backup:actions.edit')}
        </Button>
        <Button size="mini" fill="none" color="danger" data-testid="backup-delete" disabled={p.in_between} onClick={() => setDeleting(p)}>
          {t('backup:actions.delete')}
        </Button>
      </span>
    ) : null;
  const badge = (p: BackupPlan) => {
    const tone = isPlanInBetween(p.status) ? 'busy' : p.status === 'created' ? 'ok' : 'failed';
    return (
      <span className={`ys-bk-status is-${tone}`} data-testid="backup-plan-status" data-status={p.status}>
        {tone === 'busy' ? <span className="ys-bk-status__spin" aria-hidden="true" /> : null}
        {t(`backup:status.${p.status}`, { defaultValue: p.status })}
      </span>
    );
  };
  const cells = (p: BackupPlan) => ({
    type: t(`backup:schedule_type.${p.schedule_type}`),
    cycle: cycleText(t, p.backup_freq, p.backup_days),
    retention: retentionText(t, p.retention_time),
    device: t(`backup:device_type.${p.device_type}`),
  });

  let body: React.ReactNode;
  if (q.isError) body = <div className="ys-muted">{t('backup:load_failed')}</div>;
  else if (!q.data) body = null;
  else if (!plans.length)
    body = (
      <div className="ys-bk-empty" data-testid="backup-empty">
        {t('backup:empty')}
      </div>
    );
  // Cards up to the tablet width (the split view's detail pane is narrow), a table on the desktop.
  else if (bp !== 'desktop') {
    body = (
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
                  {badge(p)}
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
  } else {
    body = (
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
                  <td>{badge(p)}</td>
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

  return (
    <div className="ys-bk" data-testid="backup-tab">
      {writable ? (
        <div className="ys-bk__bar">
          <Button size="small" color="primary" data-testid="backup-add" onClick={() => setEditing('new')}>
            {t('backup:add')}
          </Button>
        </div>
      ) : null}
      {body}
      {editing ? (
        <BackupPlanForm
          key={editing === 'new' ? 'new' : editing.id}
          vendor={vendor}
          resourceId={id}
          plan={editing === 'new' ? null : editing}
          onClose={() => setEditing(null)}
          onSaved={() => {
            setEditing(null);
            void refresh();
          }}
        />
      ) : null}
      <Dialog
        visible={deleting !== null}
        onClose={() => setDeleting(null)}
        title={t('backup:delete_confirm.title')}
        content={deleting ? t('backup:delete_confirm.content', { name: deleting.name }) : null}
        actions={[
          [
            { key: 'cancel', text: t('backup:delete_confirm.cancel'), onClick: () => setDeleting(null) },
            { key: 'ok', text: t('backup:delete_confirm.confirm'), danger: true, bold: true, disabled: busy, onClick: () => void remove() },
          ],
        ]}
      />
    </div>
  );
}
