// serviceFirstDetail/:id: a level-1 entry — its owners, status and description, its actions, and
// its level-2 groups each with their services (price, status), where managers add a group or a service.
import { Link, useNavigate, useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useQuery } from '@tanstack/react-query';
import { Button } from 'antd-mobile';
import type { CatalogueEntry } from '../../../domain/service-catalogue.ts';
import { TaskListState } from '../../ui/task-frame.tsx';
import { getEntry, listEntries } from './api.ts';
import { catalogueKeys } from './query-keys.ts';
import { CatalogueFrame, EntryActions, PATHS, Rows, StatusTag, ownerNames, useCanManage, usePrice, when } from './catalogue-parts.tsx';

function Group({ group, services }: { group: CatalogueEntry; services: CatalogueEntry[] }) {
  const { t } = useTranslation('service_catalogue');
  const navigate = useNavigate();
  const price = usePrice();
  const canManage = useCanManage();
  return (
    <section className="ys-sc__section" data-testid="sc-group">
      <div className="ys-sc__cardhead">
        <Link to={PATHS.entry(group.id)} className="ys-sc__name">
          {group.name}
        </Link>
        <StatusTag status={group.status} />
      </div>
      <p className="ys-sc__muted">{t('owners_line', { names: ownerNames(group) })}</p>
      <ul className="ys-sc__services">
        {services.map((s) => (
          <li key={s.id}>
            <Link to={PATHS.entry(s.id)} className="ys-sc__service" data-testid="sc-service">
              <span className="ys-sc__sname">{s.name}</span>
              <span className="ys-sc__price">{s.service ? price(s.service) : ''}</span>
              <StatusTag status={s.status} />
            </Link>
          </li>
        ))}
      </ul>
      {services.length === 0 ? <p className="ys-sc__muted">{t('no_services')}</p> : null}
      {canManage ? (
        <Button size="small" fill="outline" onClick={() => navigate(PATHS.thirdAdd(`?parent=${group.id}`))}>
          {t('action.add_third')}
        </Button>
      ) : null}
    </section>
  );
}

export default function ServiceFirstDetailPage() {
  const { t } = useTranslation('service_catalogue');
  const { id = '' } = useParams();
  const navigate = useNavigate();
  const canManage = useCanManage();
  const q = useQuery({ queryKey: catalogueKeys.detail(id), queryFn: () => getEntry(id) });
  const tree = useQuery({
    queryKey: catalogueKeys.list({ category: q.data?.category ?? '' }),
    queryFn: () => listEntries({ category: q.data!.category }),
    enabled: Boolean(q.data),
  });
  const e = q.data;
  const all = tree.data?.data ?? [];
  const groups = all.filter((x) => x.parent_id === id);
  return (
    <CatalogueFrame page="serviceFirstDetail" title={e?.name ?? t('detail.title')} back={{ to: PATHS.setting, label: t('back_setting') }}>
      <TaskListState loading={q.isPending} failed={q.isError} empty={false} loadingText={t('loading')} failedText={t('not_found')} emptyText="" />
      {e ? (
        <>
          <section className="ys-sc__section">
            <div className="ys-sc__cardhead">
              <h2>{t('detail.first')}</h2>
              <StatusTag status={e.status} />
            </div>
            <Rows
              rows={[
                [t('field.category'), t(`category.${e.category}`)],
                [t('field.owners'), ownerNames(e)],
                [t('field.description'), e.description || '—'],
                [t('field.published_at'), when(e.published_at)],
                [t('field.updated_at'), when(e.updated_at)],
              ]}
            />
            <EntryActions entry={e} onDeleted={PATHS.setting} />
          </section>
          <div className="ys-sc__cathead">
            <h2>{t('detail.groups', { count: groups.length })}</h2>
            {canManage ? (
              <Button size="small" color="primary" fill="outline" onClick={() => navigate(PATHS.firstAdd(`?parent=${id}`))} data-testid="sc-add-second">
                {t('action.add_second')}
              </Button>
            ) : null}
          </div>
          {groups.map((g) => (
            <Group key={g.id} group={g} services={all.filter((s) => s.parent_id === g.id)} />
          ))}
        </>
      ) : null}
    </CatalogueFrame>
  );
}
