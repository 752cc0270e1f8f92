// backupStrategyDetail (ADR 0073): one strategy — its target, state, cycle, retention — with its
// backup records; 编辑 and 删除 (confirmed) only when it is not being created, installed or issued.
import { useNavigate, useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, Dialog, Toast } from 'antd-mobile';
import { planChangeable } from '../../../domain/backup-plan.ts';
import { usePageHandle } from '../../lib/hooks.ts';
import { deleteStrategy, getStrategy, keys, listRecords, whileBusy, type CentreStrategy } from './api.ts';
import { useRecordColumns } from './centre-page.tsx';
import { CentreFrame, CentreList, ListState, StateTag, centrePath, productOf, useCycleText, useRetentionText, when } from './parts.tsx';

function Summary({ s }: { s: CentreStrategy }) {
  const { t } = useTranslation('backup_center');
  const cycle = useCycleText();
  const retention = useRetentionText();
  const rows: [string, React.ReactNode][] = [
    ['target', s.target_name],
    ['status', <StateTag key="s" status={s.status} />],
    ['cycle', cycle(s)],
    ['retention', retention(s)],
    ...(s.directories?.length ? ([['directories', s.directories.join('、')]] as [string, string][]) : []),
    ...(s.log_backup !== undefined && s.product !== 'files' && s.product !== 'nas'
      ? ([['log_backup', t(s.log_backup ? 'yes' : 'no')]] as [string, string][])
      : []),
    ['created_at', when(s.created_at)],
  ];
  return (
    <section className="ys-bc__summary" data-testid="bc-summary">
      <dl className="ys-bc__dl">
        {rows.map(([k, v]) => (
          <div key={k} className="ys-bc__row">
            <dt>{t(`col.${k}`)}</dt>
            <dd>{v}</dd>
          </div>
        ))}
      </dl>
    </section>
  );
}

export default function StrategyDetailPage() {
  const { t } = useTranslation('backup_center');
  const handle = usePageHandle();
  const navigate = useNavigate();
  const client = useQueryClient();
  const params = useParams();
  const product = productOf(params.product);
  const id = params.id ?? '';
  const q = useQuery({
    queryKey: keys.strategy(product, id),
    queryFn: () => getStrategy(product, id),
    refetchInterval: (x) => whileBusy(x.state.data ? [x.state.data] : []),
  });
  const s = q.data;
  const records = useQuery({
    queryKey: keys.list(product, 'records', { target_id: s?.target_id ?? '' }),
    queryFn: () => listRecords(product, product === 'oss' ? { strategy_id: id } : { target_id: s!.target_id }),
    enabled: !!s,
    refetchInterval: (x) => whileBusy(x.state.data?.data),
  });
  const columns = useRecordColumns(product).filter((c) => c.key !== 'target');
  const remove = useMutation({
    mutationFn: () => deleteStrategy(product, id),
    onSuccess: async () => {
      await client.invalidateQueries({ queryKey: keys.all });
      Toast.show({ content: t('deleted') });
      navigate(centrePath(product), { replace: true });
    },
  });
  const changeable = !!s && planChangeable(s.status);
  const confirm = async () => {
    if (await Dialog.confirm({ title: t('delete_title'), content: t('delete_confirm', { name: s?.name }) })) remove.mutate();
  };
  const toolbar = s ? (
    <>
      <Button className="ys-bc__btn" disabled={!changeable} onClick={() => navigate(`/backupCenter/${product}/strategyAdd?id=${id}`)}>
        {t('edit')}
      </Button>
      <Button
        className="ys-bc__btn"
        color="danger"
        fill="outline"
        disabled={!changeable}
        loading={remove.isPending}
        onClick={() => void confirm()}
        data-testid="bc-delete"
      >
        {t('delete')}
      </Button>
    </>
  ) : undefined;
  const rows = records.data?.data ?? [];
  return (
    <CentreFrame
      page={handle?.name ?? 'backupStrategyDetail'}
      product={product}
      title={s?.name ?? t('detail_title')}
      toolbar={toolbar}
      back={{ to: centrePath(product), label: t('back_centre') }}
    >
      <ListState loading={q.isLoading} failed={q.isError} empty={false} emptyText="" />
      {s ? <Summary s={s} /> : null}
      {s && !changeable ? <p className="ys-bc__notice">{t('busy_hint')}</p> : null}
      {s ? <h2 className="ys-bc__section">{t('detail_records')}</h2> : null}
      {s ? <ListState loading={records.isLoading} failed={records.isError} empty={!rows.length} emptyText={t('empty.records')} /> : null}
      {rows.length ? <CentreList rows={rows} columns={columns} testid="bc-detail-records" /> : null}
    </CentreFrame>
  );
}
