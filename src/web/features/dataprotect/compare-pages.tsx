// DR comparisons' own pages (ADR 0074): disasterComparisonAdd (the form; ?task= picks a DR task, as
// the DR task's detail links) and disasterComparisonDetail/:id (the verdict and every table's row
// counts on both sides). The list stays the 数据比对 tab of disasterAssociated, which links here.
import { useNavigate, useParams, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useQuery } from '@tanstack/react-query';
import { usePageHandle } from '../../lib/hooks.ts';
import { deleteCompare, getCompare, keys } from './api.ts';
import { CompareDetail, CompareForm } from './compare-tab.tsx';
import { DangerButton, ListState, ProtectFrame, useConfirmed } from './parts.tsx';

const LIST = '/disasterAssociated?tab=comparisons';

function AddPage() {
  const { t } = useTranslation('protect');
  const navigate = useNavigate();
  const [params] = useSearchParams();
  return (
    <ProtectFrame page="disasterComparisonAdd" title={t('cmp.add')} intro={t('intro.comparisons')} back={{ to: LIST, label: t('titles.comparisons') }}>
      <div className="ys-protect__page-form ys-protect__form">
        <CompareForm initialTask={params.get('task') ?? ''} onDone={(c) => navigate(`/disasterComparison/detail/${c.id}`, { replace: true })} />
      </div>
    </ProtectFrame>
  );
}

function DetailPage() {
  const { t } = useTranslation('protect');
  const navigate = useNavigate();
  const confirm = useConfirmed();
  const id = useParams().id ?? '';
  const q = useQuery({ queryKey: keys.compare(id), queryFn: () => getCompare(id) });
  const c = q.data;
  return (
    <ProtectFrame page="disasterComparisonDetail" title={c?.name ?? t('cmp.detail')} back={{ to: LIST, label: t('titles.comparisons') }}>
      <ListState loading={q.isPending} failed={false} empty={q.isError} emptyText={t('cmp.gone')} />
      {c ? (
        <section className="ys-protect__detail" data-testid="cmp-detail">
          <CompareDetail c={c} />
          <div className="ys-protect__actions">
            <DangerButton
              label={t('delete')}
              onClick={() => confirm(t('confirm.compare', { name: c.name }), async () => (await deleteCompare(c.id), navigate(LIST, { replace: true })))}
            />
          </div>
        </section>
      ) : null}
    </ProtectFrame>
  );
}

export default function ComparePage() {
  return usePageHandle()?.name === 'disasterComparisonDetail' ? <DetailPage /> : <AddPage />;
}
