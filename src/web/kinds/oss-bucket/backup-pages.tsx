// A bucket's 备份 tab (its backup strategies: daily or weekly at a time, kept 1–365 days), the
// strategy form (backupConfig/<bucket>?sid=<strategy> edits one) and a strategy's detail with its
// backup records.
import { useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, Dialog, Input, Selector, Switch, Toast } from 'antd-mobile';
import type { KindPageProps } from '../../features/resources/kind-slots.ts';
import { byteSize } from '../../lib/byte-size.ts';
import { CardTable, FormField, type CardColumn } from '../../ui/card-table.tsx';
import {
  bucketKeys,
  createBackup,
  deleteBackup,
  getBackup,
  listBackup,
  listRecords,
  updateBackup,
  type BackupInput,
  type BackupRecord,
  type BackupStrategy,
} from './bucket-api.ts';
import { BucketFrame, NoBucket, OssState, StateTag, tabPath, useOssTexts, when } from './bucket-frame.tsx';
import { BACKUP_RETENTION, intIn, timeOk } from './bucket-rules.ts';
import { Facts, SubHead } from './strategy-parts.tsx';

function useBackupDelete(bucketId: string) {
  const { t } = useOssTexts();
  const client = useQueryClient();
  return async (r: BackupStrategy) => {
    const yes = await Dialog.confirm({ content: t('backup.confirm_delete', { name: r.name }), confirmText: t('delete'), cancelText: t('cancel') });
    if (!yes) return false;
    try {
      await deleteBackup(r.id);
      Toast.show({ content: t('done') });
      return true;
    } catch {
      return false;
    } finally {
      await client.invalidateQueries({ queryKey: bucketKeys.backup(bucketId) });
    }
  };
}

function useScheduleText() {
  const { t } = useOssTexts();
  return (r: Pick<BackupStrategy, 'cycle' | 'time'>) => t(`backup.schedule_${r.cycle}`, { time: r.time });
}

function BackupList({ id }: { id: string }) {
  const { t } = useOssTexts();
  const schedule = useScheduleText();
  const q = useQuery({ queryKey: bucketKeys.backup(id), queryFn: () => listBackup(id) });
  const remove = useBackupDelete(id);
  const rows = q.data?.data ?? [];
  const add = (
    <Link className="ys-ossb__cta" to={tabPath('backupConfig', id)} data-testid="backup-add">
      {t('backup.add')}
    </Link>
  );
  const columns: CardColumn<BackupStrategy>[] = [
    {
      key: 'name',
      label: t('backup.name'),
      render: (r) => (
        <Link className="ys-ossb__link" to={tabPath('backupDetail', id, r.id)}>
          {r.name}
        </Link>
      ),
      wrap: true,
    },
    { key: 'status', label: t('col.status'), render: (r) => <StateTag status={r.enabled ? 'enabled' : 'disabled'} /> },
    { key: 'schedule', label: t('backup.schedule'), render: (r) => schedule(r) },
    { key: 'retention', label: t('backup.retention'), render: (r) => t('days', { n: r.retention_days }) },
  ];
  return (
    <section className="ys-ossb__panel" data-testid="backup-list">
      <div className="ys-ossb__head">
        <h2 className="ys-ossb__h2">{t('backup.title')}</h2>
        {rows.length ? add : null}
      </div>
      <p className="ys-ossb__muted">{t('backup.intro')}</p>
      <OssState loading={q.isPending} failed={q.isError} empty={!rows.length} emptyText={t('backup.empty')} action={add} />
      {rows.length ? (
        <CardTable
          rows={rows}
          rowKey={(r) => r.id}
          columns={columns}
          testid="backup"
          actionsLabel={t('col.actions')}
          actions={(r) => (
            <>
              <Link className="ys-ossb__rowlink" to={tabPath('backupDetail', id, r.id)}>
                {t('backup.records')}
              </Link>
              <Link className="ys-ossb__rowlink" to={tabPath('backupConfig', id, r.id)}>
                {t('edit')}
              </Link>
              <Button size="small" fill="outline" color="danger" onClick={() => void remove(r)}>
                {t('delete')}
              </Button>
            </>
          )}
        />
      ) : null}
    </section>
  );
}

export function BackupPage({ id }: KindPageProps) {
  if (!id) return <NoBucket />;
  return (
    <BucketFrame id={id} tab="backup">
      <BackupList id={id} />
    </BucketFrame>
  );
}

function BackupForm({ id, current }: { id: string; current: BackupStrategy | null }) {
  const { t } = useOssTexts();
  const navigate = useNavigate();
  const client = useQueryClient();
  const [v, setV] = useState({
    name: current?.name ?? '',
    cycle: current?.cycle ?? ('daily' as BackupInput['cycle']),
    time: current?.time ?? '02:00',
    retention: String(current?.retention_days ?? 7),
    enabled: current?.enabled ?? true,
  });
  const [busy, setBusy] = useState(false);
  const bad = { name: v.name.trim().length < 1 || v.name.trim().length > 64, time: !timeOk(v.time), retention: !intIn(v.retention, BACKUP_RETENTION) };
  const submit = async () => {
    const body: BackupInput = { name: v.name.trim(), cycle: v.cycle, time: v.time, retention_days: Number(v.retention), enabled: v.enabled };
    setBusy(true);
    try {
      await (current ? updateBackup(current.id, body) : createBackup(id, body));
      await client.invalidateQueries({ queryKey: ['oss', 'backup'] });
      navigate(tabPath('backup', id), { replace: true });
    } catch {
      // the request helper has shown the server's words
    } finally {
      setBusy(false);
    }
  };
  return (
    <section className="ys-ossb__panel ys-ossb__form" data-testid="backup-form">
      <FormField label={t('backup.name')} hint={t('rules.rule_name')} error={v.name && bad.name ? t('rules.rule_name') : null}>
        <Input className="ys-ossb__input" value={v.name} onChange={(x) => setV((o) => ({ ...o, name: x }))} data-testid="backup-name" />
      </FormField>
      <FormField label={t('backup.cycle')}>
        <Selector
          columns={2}
          value={[v.cycle]}
          onChange={(x) => x[0] && setV((o) => ({ ...o, cycle: x[0]! }))}
          options={[
            { label: t('backup.cycle_daily'), value: 'daily' as const },
            { label: t('backup.cycle_weekly'), value: 'weekly' as const },
          ]}
        />
      </FormField>
      <FormField label={t('backup.time')} hint={t('backup.time_hint')} error={bad.time ? t('rules.time') : null}>
        <input
          className="ys-ossb__input ys-ossb__date"
          type="time"
          value={v.time}
          onChange={(e) => setV((o) => ({ ...o, time: e.target.value }))}
          data-testid="backup-time"
        />
      </FormField>
      <FormField
        label={t('backup.retention')}
        hint={t('rules.retention', BACKUP_RETENTION)}
        error={bad.retention ? t('rules.retention', BACKUP_RETENTION) : null}
      >
        <Input
          className="ys-ossb__input"
          type="number"
          inputMode="numeric"
          value={v.retention}
          onChange={(x) => setV((o) => ({ ...o, retention: x }))}
          data-testid="backup-retention"
        />
      </FormField>
      <label className="ys-ossb__switch">
        <span>{t('backup.enabled')}</span>
        <Switch checked={v.enabled} onChange={(x) => setV((o) => ({ ...o, enabled: x }))} />
      </label>
      <Button block color="primary" loading={busy} disabled={Object.values(bad).some(Boolean)} onClick={() => void submit()} data-testid="backup-submit">
        {t('save')}
      </Button>
    </section>
  );
}

export function BackupConfigPage({ id }: KindPageProps) {
  const { t } = useOssTexts();
  const [params] = useSearchParams();
  const sid = params.get('sid');
  const q = useQuery({ queryKey: bucketKeys.backupOne(sid ?? ''), queryFn: () => getBackup(sid!), enabled: Boolean(sid) });
  if (!id) return <NoBucket />;
  return (
    <BucketFrame id={id} tab="backup">
      <SubHead back={tabPath('backup', id)} title={t(sid ? 'backup.edit' : 'backup.add')} />
      {sid && !q.data ? (
        <OssState loading={q.isPending} failed={q.isError} empty={false} emptyText="" />
      ) : (
        <BackupForm key={sid ?? 'new'} id={id} current={q.data ?? null} />
      )}
    </BucketFrame>
  );
}

function Records({ sid }: { sid: string }) {
  const { t } = useOssTexts();
  const q = useQuery({
    queryKey: bucketKeys.records(sid),
    queryFn: () => listRecords(sid),
    refetchInterval: (x) => (x.state.data?.data.some((r) => r.status === 'running') ? 3000 : false),
  });
  const rows = q.data?.data ?? [];
  const columns: CardColumn<BackupRecord>[] = [
    { key: 'started', label: t('backup.started'), render: (r) => when(r.started_at) },
    { key: 'status', label: t('col.status'), render: (r) => <StateTag status={r.status} /> },
    { key: 'finished', label: t('backup.finished'), render: (r) => when(r.finished_at) },
    { key: 'content', label: t('backup.content'), render: (r) => t('sync.synced_text', { n: r.objects, size: byteSize(r.bytes) }) },
  ];
  return (
    <section className="ys-ossb__panel" data-testid="backup-records">
      <h2 className="ys-ossb__h2">{t('backup.records')}</h2>
      <OssState loading={q.isPending} failed={q.isError} empty={!rows.length} emptyText={t('backup.no_records')} />
      {rows.length ? <CardTable rows={rows} rowKey={(r) => r.id} columns={columns} testid="backup-record" /> : null}
    </section>
  );
}

export function BackupDetailPage({ id }: KindPageProps) {
  const { t } = useOssTexts();
  const schedule = useScheduleText();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const sid = params.get('sid') ?? '';
  const q = useQuery({ queryKey: bucketKeys.backupOne(sid), queryFn: () => getBackup(sid), enabled: Boolean(sid) });
  const remove = useBackupDelete(id ?? '');
  if (!id) return <NoBucket />;
  const r = q.data;
  return (
    <BucketFrame id={id} tab="backup">
      <SubHead back={tabPath('backup', id)} title={r?.name ?? t('backup.detail')} />
      <OssState loading={Boolean(sid) && q.isPending} failed={!sid || q.isError} empty={false} emptyText="" />
      {r ? (
        <>
          <section className="ys-ossb__panel" data-testid="backup-detail">
            <Facts
              rows={[
                [t('col.status'), <StateTag key="s" status={r.enabled ? 'enabled' : 'disabled'} />],
                [t('backup.schedule'), schedule(r)],
                [t('backup.retention'), t('days', { n: r.retention_days })],
                [t('backup.last_run'), when(r.last_run_at)],
                [t('col.created'), when(r.created_at)],
              ]}
            />
            <div className="ys-ossb__actions">
              <Link className="ys-ossb__cta" to={tabPath('backupConfig', id, r.id)}>
                {t('edit')}
              </Link>
              <Button fill="outline" color="danger" onClick={() => void remove(r).then((ok) => ok && navigate(tabPath('backup', id), { replace: true }))}>
                {t('delete')}
              </Button>
            </div>
          </section>
          <Records sid={r.id} />
        </>
      ) : null}
    </BucketFrame>
  );
}
