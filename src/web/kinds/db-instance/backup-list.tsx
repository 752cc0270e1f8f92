// databaseDetail_backupList/:id — an instance's backup runs (ADR 0056): 立即备份 with a name, then
// each run with its status tag, progress while 进行中, what it holds and when it expires; a run not
// yet taken can be paused and resumed. Cards on a phone, a table from 1024 px.
import { useState } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Button, Input, ProgressBar } from 'antd-mobile';
import type { KindPageProps } from '../../features/resources/kind-slots.ts';
import { formatDateTime } from '../../../domain/time-format.ts';
import { backupKeys, listBackups, pauseBackup, startBackup, whileBusy, type DbBackup } from './backup-api.ts';
import { BackupFrame, ListState, StatusTag, T, sizeText, when } from './backup-frame.tsx';

const defaultName = () => `manual-${formatDateTime(new Date(), { seconds: true }).replace(/[-: ]/g, '')}`;

function Progress({ b }: { b: DbBackup }) {
  if (b.status !== 'running' && b.status !== 'paused') return null;
  return <ProgressBar percent={b.progress} text className="ys-bk__progress" />;
}

function Holds({ b }: { b: DbBackup }) {
  const { t } = useTranslation();
  if (b.status === 'failed') return <span className="ys-bk__err">{t(`${T}.errors.${b.error ?? 'dump_failed'}`)}</span>;
  if (b.status !== 'success' && b.status !== 'partial') return <span>—</span>;
  return (
    <span>
      {t(`${T}.holds`, { tables: b.table_count, rows: b.row_count, size: sizeText(b.size_bytes) })}
      {b.error ? <em className="ys-bk__note">{t(`${T}.errors.${b.error}`)}</em> : null}
    </span>
  );
}

function PauseButton({ id, b }: { id: string; b: DbBackup }) {
  const { t } = useTranslation();
  const client = useQueryClient();
  const m = useMutation({
    mutationFn: () => pauseBackup(id, b.id, b.status === 'paused'),
    onSettled: () => client.invalidateQueries({ queryKey: backupKeys.all(id) }),
  });
  if (b.status !== 'running' && b.status !== 'paused') return null;
  return (
    <Button size="small" loading={m.isPending} onClick={() => m.mutate()} data-testid="backup-pause">
      {t(b.status === 'paused' ? `${T}.resume` : `${T}.pause`)}
    </Button>
  );
}

function Card({ id, b }: { id: string; b: DbBackup }) {
  const { t } = useTranslation();
  return (
    <li className="ys-bk__card" data-testid="backup-row">
      <div className="ys-bk__cardhead">
        <strong className="ys-bk__name">{b.name}</strong>
        <StatusTag status={b.status} />
      </div>
      <Progress b={b} />
      <dl className="ys-bk__dl">
        <dt>{t(`${T}.type`)}</dt>
        <dd>
          {t(`${T}.types.${b.type}`)} · {t(`${T}.triggers.${b.trigger}`)}
        </dd>
        <dt>{t(`${T}.started`)}</dt>
        <dd>{when(b.started_at)}</dd>
        <dt>{t(`${T}.content`)}</dt>
        <dd>
          <Holds b={b} />
        </dd>
        <dt>{t(`${T}.expires`)}</dt>
        <dd>{b.status === 'success' || b.status === 'partial' ? (b.expires_at ? when(b.expires_at) : t(`${T}.forever`)) : '—'}</dd>
      </dl>
      <PauseButton id={id} b={b} />
    </li>
  );
}

function Table({ id, rows }: { id: string; rows: DbBackup[] }) {
  const { t } = useTranslation();
  const heads = ['name', 'status_label', 'type', 'started', 'content', 'expires', 'actions'];
  return (
    <table className="ys-bk__table">
      <thead>
        <tr>
          {heads.map((h) => (
            <th key={h}>{t(`${T}.${h}`)}</th>
          ))}
        </tr>
      </thead>
      <tbody>
        {rows.map((b) => (
          <tr key={b.id} data-testid="backup-tr">
            <td>{b.name}</td>
            <td>
              <StatusTag status={b.status} />
              <Progress b={b} />
            </td>
            <td className="ys-bk__nowrap">
              {t(`${T}.types.${b.type}`)} · {t(`${T}.triggers.${b.trigger}`)}
            </td>
            <td className="ys-bk__nowrap">{when(b.started_at)}</td>
            <td>
              <Holds b={b} />
            </td>
            <td className="ys-bk__nowrap">
              {b.status === 'success' || b.status === 'partial' ? (b.expires_at ? when(b.expires_at) : t(`${T}.forever`)) : '—'}
            </td>
            <td>
              <PauseButton id={id} b={b} />
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

export function StartBackup({ id }: { id: string }) {
  const { t } = useTranslation();
  const client = useQueryClient();
  const [name, setName] = useState(defaultName);
  const m = useMutation({
    mutationFn: () => startBackup(id, name.trim()),
    onSuccess: () => setName(defaultName()),
    onSettled: () => client.invalidateQueries({ queryKey: backupKeys.all(id) }),
  });
  return (
    <section className="ys-bk__start">
      <label className="ys-bk__label" htmlFor="ys-bk-name">
        {t(`${T}.name`)}
      </label>
      <Input id="ys-bk-name" value={name} onChange={setName} maxLength={60} clearable className="ys-bk__input" data-testid="backup-name" />
      <Button color="primary" loading={m.isPending} disabled={!name.trim()} onClick={() => m.mutate()} data-testid="backup-start">
        {t(`${T}.start`)}
      </Button>
    </section>
  );
}

export function BackupList({ id }: KindPageProps<true>) {
  const { t } = useTranslation();
  const q = useQuery({ queryKey: backupKeys.backups(id), queryFn: () => listBackups(id), refetchInterval: (query) => whileBusy(query.state.data?.data) });
  const rows = q.data?.data ?? [];
  return (
    <BackupFrame id={id} page="databaseDetail_backupList">
      <StartBackup id={id} />
      <ListState loading={q.isPending} failed={q.isError} empty={!rows.length} emptyText={t(`${T}.empty`)} />
      {rows.length ? (
        <>
          <ul className="ys-bk__cards">
            {rows.map((b) => (
              <Card key={b.id} id={id} b={b} />
            ))}
          </ul>
          <div className="ys-bk__wide">
            <Table id={id} rows={rows} />
          </div>
        </>
      ) : null}
    </BackupFrame>
  );
}
