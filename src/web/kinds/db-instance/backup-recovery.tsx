// databaseDetail_backupRecovery/:id — restore an instance to a time point (ADR 0056): the restorable
// time points (its successful backups, full and log), a time picked (now by default), a confirmation
// (the restore replaces every table of the instance), then the restores with their states.
import { useState } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Button, Dialog, ProgressBar } from 'antd-mobile';
import type { KindPageProps } from '../../features/resources/kind-slots.ts';
import { isRestorable } from '../../../domain/db-backup.ts';
import { backupKeys, listBackups, listRestores, startRestore, whileBusy, type DbBackup, type DbRestore } from './backup-api.ts';
import { BackupFrame, ListState, StatusTag, T, when } from './backup-frame.tsx';

/** datetime-local's value for a moment, in Asia/Shanghai (the console's zone). */
const localValue = (d: Date) => new Date(d.getTime() + 8 * 3600_000).toISOString().slice(0, 16);
const fromLocal = (v: string) => new Date(`${v}:00+08:00`);
/** A minute typed means up to its end (a backup at 15:23:40 is restorable at 15:23), never past now. */
const pointOf = (v: string) => new Date(Math.min(Date.now(), fromLocal(v).getTime() + 59_999)).toISOString();

function Points({ rows, onPick }: { rows: DbBackup[]; onPick: (at: string) => void }) {
  const { t } = useTranslation();
  if (!rows.length) return <div className="ys-bk__state">{t(`${T}.no_points`)}</div>;
  return (
    <ul className="ys-bk__points" data-testid="restore-points">
      {rows.map((b) => (
        <li key={b.id}>
          <button type="button" className="ys-bk__point" onClick={() => onPick(b.snapshot_at!)}>
            <span>{when(b.snapshot_at)}</span>
            <span className="ys-bk__muted">
              {t(`${T}.types.${b.type}`)} · {b.name}
            </span>
          </button>
        </li>
      ))}
    </ul>
  );
}

function RestoreRow({ r, names }: { r: DbRestore; names: Map<string, string> }) {
  const { t } = useTranslation();
  return (
    <li className="ys-bk__card" data-testid="restore-row">
      <div className="ys-bk__cardhead">
        <strong>{when(r.point_in_time)}</strong>
        <StatusTag status={r.status} />
      </div>
      {r.status === 'restoring' ? <ProgressBar percent={r.progress} text className="ys-bk__progress" /> : null}
      <dl className="ys-bk__dl">
        <dt>{t(`${T}.from_backup`)}</dt>
        <dd>{names.get(r.backup_id) ?? '—'}</dd>
        <dt>{t(`${T}.started`)}</dt>
        <dd>{when(r.started_at)}</dd>
        <dt>{t(`${T}.finished`)}</dt>
        <dd>{when(r.finished_at)}</dd>
        {r.error ? (
          <>
            <dt>{t(`${T}.reason`)}</dt>
            <dd className="ys-bk__err">{t(`${T}.errors.${r.error}`)}</dd>
          </>
        ) : null}
      </dl>
    </li>
  );
}

export function BackupRecovery({ id }: KindPageProps<true>) {
  const { t } = useTranslation();
  const client = useQueryClient();
  const [at, setAt] = useState(() => localValue(new Date()));
  // a picked point is sent to the second (the field shows minutes only)
  const [exact, setExact] = useState<string | null>(null);
  const backups = useQuery({ queryKey: backupKeys.backups(id), queryFn: () => listBackups(id), refetchInterval: (q) => whileBusy(q.state.data?.data) });
  const restores = useQuery({ queryKey: backupKeys.restores(id), queryFn: () => listRestores(id), refetchInterval: (q) => whileBusy(q.state.data?.data) });
  const points = (backups.data?.data ?? []).filter((b) => isRestorable(b.status) && b.snapshot_at);
  const names = new Map((backups.data?.data ?? []).map((b) => [b.id, b.name]));
  const m = useMutation({
    mutationFn: () => startRestore(id, exact ?? pointOf(at)),
    onSettled: () => client.invalidateQueries({ queryKey: backupKeys.all(id) }),
  });
  const confirm = async () => {
    const ok = await Dialog.confirm({
      title: t(`${T}.restore_confirm_title`),
      content: t(`${T}.restore_confirm`, { at: at.replace('T', ' ') }),
      confirmText: t(`${T}.restore`),
      cancelText: t(`${T}.cancel`),
    });
    if (ok) m.mutate();
  };
  const rows = restores.data?.data ?? [];
  return (
    <BackupFrame id={id} page="databaseDetail_backupRecovery">
      <section className="ys-bk__panel" data-testid="restore-form">
        <h2 className="ys-bk__h2">{t(`${T}.restore_title`)}</h2>
        <p className="ys-bk__hint">{t(`${T}.restore_hint`)}</p>
        <label className="ys-bk__label" htmlFor="ys-bk-at">
          {t(`${T}.point_in_time`)}
        </label>
        <input
          id="ys-bk-at"
          type="datetime-local"
          value={at}
          max={localValue(new Date())}
          onChange={(e) => (setAt(e.target.value), setExact(null))}
          className="ys-bk__time"
        />
        {at ? <p className="ys-bk__hint">{t(`${T}.point_chosen`, { at: when(exact ?? fromLocal(at).toISOString()) })}</p> : null}
        <div className="ys-bk__actions">
          <Button color="danger" disabled={!at || !points.length} loading={m.isPending} onClick={confirm} data-testid="restore-start">
            {t(`${T}.restore`)}
          </Button>
        </div>
        <span className="ys-bk__label">{t(`${T}.points`)}</span>
        {backups.isPending ? (
          <div className="ys-bk__state">{t(`${T}.loading`)}</div>
        ) : (
          <Points rows={points} onPick={(v) => (setAt(localValue(new Date(v))), setExact(v))} />
        )}
      </section>
      <section>
        <h2 className="ys-bk__h2">{t(`${T}.restores`)}</h2>
        <ListState loading={restores.isPending} failed={restores.isError} empty={!rows.length} emptyText={t(`${T}.restores_empty`)} />
        <ul className="ys-bk__cards ys-bk__cards--all">
          {rows.map((r) => (
            <RestoreRow key={r.id} r={r} names={names} />
          ))}
        </ul>
      </section>
    </BackupFrame>
  );
}
