// backupCenter (ADR 0073): one product's 备份策略 / 备份记录 / 恢复记录 (?tab=records|recoveries), the
// product switcher above them. Strategies open their detail; 新建 goes to the add pages.
import { Link, useNavigate, useParams, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useQuery } from '@tanstack/react-query';
import { Button } from 'antd-mobile';
import { usePageHandle } from '../../lib/hooks.ts';
import {
  keys,
  listRecords,
  listRecoveries,
  listStrategies,
  whileBusy,
  type BackupProduct,
  type CentreRecord,
  type CentreRecovery,
  type CentreStrategy,
} from './api.ts';
import { CentreFrame, CentreList, ListState, StateTag, productOf, size, useCycleText, useRetentionText, when, type Column } from './parts.tsx';

function Strategies({ product }: { product: BackupProduct }) {
  const { t } = useTranslation('backup_center');
  const cycle = useCycleText();
  const retention = useRetentionText();
  const q = useQuery({
    queryKey: keys.list(product, 'strategies'),
    queryFn: () => listStrategies(product),
    refetchInterval: (x) => whileBusy(x.state.data?.data),
  });
  const rows = q.data?.data ?? [];
  const columns: Column<CentreStrategy>[] = [
    {
      key: 'name',
      render: (s) => (
        <Link className="ys-bc__name" to={`/backupCenter/${product}/strategyDetail/${s.id}`}>
          {s.name}
        </Link>
      ),
    },
    { key: 'target', render: (s) => s.target_name },
    { key: 'status', render: (s) => <StateTag status={s.status} /> },
    { key: 'cycle', render: cycle },
    { key: 'retention', render: retention },
    { key: 'created_at', render: (s) => when(s.created_at) },
  ];
  return (
    <>
      <ListState loading={q.isLoading} failed={q.isError} empty={!rows.length} emptyText={t('empty.strategies')} />
      {rows.length ? <CentreList rows={rows} columns={columns} testid="bc-strategies" /> : null}
    </>
  );
}

export function useRecordColumns(product: BackupProduct): Column<CentreRecord>[] {
  const { t } = useTranslation('backup_center');
  return [
    { key: 'name', render: (r) => r.name },
    { key: 'target', render: (r) => r.target_name },
    { key: 'status', render: (r) => <StateTag status={r.status} /> },
    { key: 'type', render: (r) => t(`type.${r.type}`) },
    {
      key: 'size',
      render: (r) => (product === 'oss' && r.objects !== undefined ? `${size(r.size_bytes)}（${t('objects_n', { n: r.objects })}）` : size(r.size_bytes)),
    },
    { key: 'started_at', render: (r) => when(r.started_at) },
    { key: 'finished_at', render: (r) => (r.status === 'running' ? `${r.progress}%` : when(r.finished_at)) },
    { key: 'expires_at', render: (r) => when(r.expires_at) },
  ];
}

function Records({ product }: { product: BackupProduct }) {
  const { t } = useTranslation('backup_center');
  const q = useQuery({ queryKey: keys.list(product, 'records'), queryFn: () => listRecords(product), refetchInterval: (x) => whileBusy(x.state.data?.data) });
  const rows = q.data?.data ?? [];
  const columns = useRecordColumns(product);
  return (
    <>
      <ListState loading={q.isLoading} failed={q.isError} empty={!rows.length} emptyText={t('empty.records')} />
      {rows.length ? <CentreList rows={rows} columns={columns} testid="bc-records" /> : null}
    </>
  );
}

function Recoveries({ product }: { product: BackupProduct }) {
  const { t } = useTranslation('backup_center');
  const q = useQuery({
    queryKey: keys.list(product, 'recoveries'),
    queryFn: () => listRecoveries(product),
    refetchInterval: (x) => whileBusy(x.state.data?.data),
  });
  const rows = q.data?.data ?? [];
  const columns: Column<CentreRecovery>[] = [
    { key: 'target', render: (r) => r.target_name },
    { key: 'status', render: (r) => <StateTag status={r.status} /> },
    { key: 'point', render: (r) => when(r.point_in_time) },
    { key: 'progress', render: (r) => `${r.progress}%` },
    { key: 'started_at', render: (r) => when(r.started_at) },
    { key: 'finished_at', render: (r) => when(r.finished_at) },
  ];
  return (
    <>
      <ListState loading={q.isLoading} failed={q.isError} empty={!rows.length} emptyText={t('empty.recoveries')} />
      {rows.length ? <CentreList rows={rows} columns={columns} testid="bc-recoveries" /> : null}
    </>
  );
}

export default function BackupCentrePage() {
  const { t } = useTranslation('backup_center');
  const handle = usePageHandle();
  const navigate = useNavigate();
  const product = productOf(useParams().product);
  const [search] = useSearchParams();
  const tab = search.get('tab') === 'records' || search.get('tab') === 'recoveries' ? search.get('tab')! : 'strategies';
  const toolbar =
    tab === 'recoveries' ? (
      <Button color="primary" className="ys-bc__btn" onClick={() => navigate(`/backupCenter/${product}/recoveryAdd`)} data-testid="bc-add-recovery">
        {t('add_recovery')}
      </Button>
    ) : (
      <Button color="primary" className="ys-bc__btn" onClick={() => navigate(`/backupCenter/${product}/strategyAdd`)} data-testid="bc-add-strategy">
        {t('add_strategy')}
      </Button>
    );
  return (
    <CentreFrame page={handle?.name ?? 'backupCenter'} product={product} title={t('title')} tab={tab} switcher toolbar={toolbar}>
      {tab === 'records' ? <Records product={product} /> : tab === 'recoveries' ? <Recoveries product={product} /> : <Strategies product={product} />}
    </CentreFrame>
  );
}
