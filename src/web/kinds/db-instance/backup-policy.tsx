// databaseDetail_backupConfig/policy/:id — the instance's one data backup policy (ADR 0056; seed 001
// §3, §5, §9): name, retention (one month: a weekly full backup; longer: monthly), start time, the
// days, and the log backup every 2 hours. Its state shows as a tag; while 创建中, 安装软件中 or 下发中
// it can be neither saved nor deleted (the server refuses too).
import { useEffect, useState } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Button, Dialog, Input, Selector, Switch } from 'antd-mobile';
import type { KindPageProps } from '../../features/resources/kind-slots.ts';
import { LAST_DAY, MONTH_DAYS, WEEKDAYS } from '../../../domain/backup-plan.ts';
import { RETENTION_OPTIONS, cycleOf, planChangeable, type DbBackupPolicyInput, type RetentionOption } from '../../../domain/db-backup.ts';
import { backupKeys, deletePolicy, getPolicy, savePolicy, type DbBackupPolicy } from './backup-api.ts';
import { BackupFrame, ListState, StatusTag, T } from './backup-frame.tsx';

const blank = (): DbBackupPolicyInput => ({ name: '', retention: '1month', start_time: '02:00', backup_days: [...WEEKDAYS], log_backup: true });
const fromPolicy = (p: DbBackupPolicy): DbBackupPolicyInput => ({
  name: p.name,
  retention: p.retention,
  start_time: p.start_time,
  backup_days: [...p.backup_days],
  log_backup: p.log_backup,
});

function DaysPicker({ value, onChange }: { value: DbBackupPolicyInput; onChange: (days: DbBackupPolicyInput['backup_days']) => void }) {
  const { t } = useTranslation();
  const weekly = cycleOf(value.retention) === 'week';
  const options = weekly
    ? WEEKDAYS.map((d) => ({ label: t(`${T}.weekdays.${d}`), value: String(d) }))
    : [...MONTH_DAYS.map((d) => ({ label: String(d), value: String(d) })), { label: t(`${T}.last_day`), value: LAST_DAY }];
  return (
    <Selector
      multiple
      columns={weekly ? 4 : 7}
      options={options}
      value={value.backup_days.map(String)}
      onChange={(v) => onChange(v.map((x) => (x === LAST_DAY ? LAST_DAY : Number(x))))}
      className="ys-bk__days"
    />
  );
}

function PolicyForm({ id, policy }: { id: string; policy: DbBackupPolicy | null }) {
  const { t } = useTranslation();
  const client = useQueryClient();
  const [v, setV] = useState<DbBackupPolicyInput>(() => (policy ? fromPolicy(policy) : blank()));
  useEffect(() => setV(policy ? fromPolicy(policy) : blank()), [policy?.id, policy?.updated_at]); // eslint-disable-line react-hooks/exhaustive-deps
  const refresh = () => client.invalidateQueries({ queryKey: backupKeys.all(id) });
  const save = useMutation({ mutationFn: () => savePolicy(id, v, Boolean(policy)), onSettled: refresh });
  const remove = useMutation({ mutationFn: () => deletePolicy(id), onSettled: refresh });
  const busy = policy !== null && !planChangeable(policy.status);
  const set = (patch: Partial<DbBackupPolicyInput>) => setV((x) => ({ ...x, ...patch }));
  const retention = (r: RetentionOption) =>
    set({ retention: r, backup_days: cycleOf(r) === cycleOf(v.retention) ? v.backup_days : cycleOf(r) === 'week' ? [...WEEKDAYS] : [1] });
  const confirmDelete = async () => {
    if (await Dialog.confirm({ content: t(`${T}.policy_delete_confirm`), confirmText: t(`${T}.delete`), cancelText: t(`${T}.cancel`) })) remove.mutate();
  };
  return (
    <section className="ys-bk__panel" data-testid="backup-policy">
      <div className="ys-bk__cardhead">
        <h2 className="ys-bk__h2">{t(policy ? `${T}.policy_title` : `${T}.policy_new`)}</h2>
        {policy ? <StatusTag status={policy.status} /> : null}
      </div>
      {busy ? <p className="ys-bk__hint">{t(`${T}.policy_busy`)}</p> : null}
      <p className="ys-bk__hint">{t(`${T}.policy_one`)}</p>
      <label className="ys-bk__label" htmlFor="ys-bk-pname">
        {t(`${T}.policy_name`)}
      </label>
      <Input
        id="ys-bk-pname"
        value={v.name}
        onChange={(name) => set({ name })}
        maxLength={60}
        placeholder={t(`${T}.policy_name_ph`)}
        className="ys-bk__input"
      />
      <span className="ys-bk__label">{t(`${T}.retention`)}</span>
      <Selector
        columns={3}
        options={RETENTION_OPTIONS.map((r) => ({ label: t(`${T}.retentions.${r}`), value: r }))}
        value={[v.retention]}
        onChange={(x) => x[0] && retention(x[0])}
      />
      <p className="ys-bk__hint">{t(cycleOf(v.retention) === 'week' ? `${T}.cycle_week` : `${T}.cycle_month`)}</p>
      <label className="ys-bk__label" htmlFor="ys-bk-time">
        {t(`${T}.start_time`)}
      </label>
      <input id="ys-bk-time" type="time" value={v.start_time} onChange={(e) => set({ start_time: e.target.value })} className="ys-bk__time" />
      <span className="ys-bk__label">{t(cycleOf(v.retention) === 'week' ? `${T}.days_week` : `${T}.days_month`)}</span>
      <DaysPicker value={v} onChange={(backup_days) => set({ backup_days })} />
      <div className="ys-bk__switch">
        <span>
          {t(`${T}.log_backup`)}
          <small>{t(`${T}.log_backup_hint`)}</small>
        </span>
        <Switch checked={v.log_backup} onChange={(log_backup) => set({ log_backup })} />
      </div>
      <div className="ys-bk__actions">
        <Button
          color="primary"
          disabled={busy || !v.name.trim() || !v.backup_days.length}
          loading={save.isPending}
          onClick={() => save.mutate()}
          data-testid="policy-save"
        >
          {t(`${T}.save`)}
        </Button>
        {policy ? (
          <Button color="danger" fill="outline" disabled={busy} loading={remove.isPending} onClick={confirmDelete} data-testid="policy-delete">
            {t(`${T}.delete`)}
          </Button>
        ) : null}
      </div>
    </section>
  );
}

export function BackupPolicy({ id }: KindPageProps<true>) {
  const q = useQuery({
    queryKey: backupKeys.policy(id),
    queryFn: () => getPolicy(id),
    refetchInterval: (query) => (query.state.data?.policy && !planChangeable(query.state.data.policy.status) ? 1500 : false),
  });
  return (
    <BackupFrame id={id} page="databaseDetail_backupConfig">
      <ListState loading={q.isPending} failed={q.isError} empty={false} emptyText="" />
      {q.data ? <PolicyForm id={id} policy={q.data.policy} /> : null}
    </BackupFrame>
  );
}
