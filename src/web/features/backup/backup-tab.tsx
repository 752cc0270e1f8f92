// The 备份策略 tab of a host or disk: its backup plans (cards on a phone, a table from the
// tablet width up) with add, edit and delete after a confirmation. Each plan shows its state
// (创建中 → 安装软件中 → 下发中 → 已创建, or a failure) live from the server events; a plan between
// states cannot be edited or deleted.
import { useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Button, Dialog, Toast } from 'antd-mobile';
import type { DetailTabProps } from '../../ui/detail-tab-props.ts';
import { useBreakpoint } from '../../lib/hooks.ts';
import { deletePlan, listPlansOf, type BackupPlan } from './api.ts';
import { BackupPlanForm } from './backup-form.tsx';
import { PlanCards, PlanTable } from './plan-list.tsx';
import { planSettlePoll, useLivePlans } from './live.ts';
import { backupKeys } from './query-keys.ts';
import './backup.css';

/** A resource in the recycle bin or gone takes no new or changed plans (the API refuses with 409). */
const GONE = new Set(['deleted', '__removed']);

export default function BackupTab({ kind, id, vendor, status }: DetailTabProps) {
  const { t } = useTranslation();
  const bp = useBreakpoint();
  const client = useQueryClient();
  const key = backupKeys.plansOf(kind, id);
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
  let body: React.ReactNode;
  if (q.isError) body = <div className="ys-muted">{t('backup:load_failed')}</div>;
  else if (!q.data) body = null;
  else if (!plans.length)
    body = (
      <div className="ys-bk-empty" data-testid="backup-empty">
        {t('backup:empty')}
      </div>
    );
  else if (bp !== 'desktop') body = <PlanCards plans={plans} actions={actions} />;
  else body = <PlanTable plans={plans} actions={actions} />;

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
