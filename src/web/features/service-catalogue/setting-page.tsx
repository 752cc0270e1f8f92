// serviceSetting: the tenant's service catalogue at a glance — for each category (办公, 运维, 安全)
// its level-1 entries with their status, owners and how many groups and services they hold, the
// way to each category's service list and configuration, and (for the catalogue's managers) a new
// level-1 entry.
import { Link, useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useQuery } from '@tanstack/react-query';
import { Button } from 'antd-mobile';
import { CATEGORIES, type CatalogueEntry } from '../../../domain/service-catalogue.ts';
import { TaskListState } from '../../ui/task-frame.tsx';
import { listEntries } from './api.ts';
import { catalogueKeys } from './query-keys.ts';
import { CatalogueFrame, EntryLink, PATHS, Rows, StatusTag, ownerNames, useCanManage } from './catalogue-parts.tsx';

function TopCard({ entry, all }: { entry: CatalogueEntry; all: CatalogueEntry[] }) {
  const { t } = useTranslation('service_catalogue');
  const groups = all.filter((e) => e.parent_id === entry.id);
  const services = all.filter((e) => e.level === 3 && groups.some((g) => g.id === e.parent_id));
  return (
    <li className="ys-sc__card" data-testid="sc-top">
      <div className="ys-sc__cardhead">
        <EntryLink entry={entry} />
        <StatusTag status={entry.status} />
      </div>
      {entry.description ? <p className="ys-sc__desc">{entry.description}</p> : null}
      <Rows
        rows={[
          [t('field.owners'), ownerNames(entry)],
          [t('field.groups'), groups.map((g) => g.name).join('、') || '—'],
          [t('field.services'), t('count_services', { count: services.length, published: services.filter((s) => s.status === 'published').length })],
        ]}
      />
    </li>
  );
}

export default function ServiceSettingPage() {
  const { t } = useTranslation('service_catalogue');
  const navigate = useNavigate();
  const canManage = useCanManage();
  const q = useQuery({ queryKey: catalogueKeys.list(), queryFn: () => listEntries() });
  const all = q.data?.data ?? [];
  const add = canManage ? (
    <Button color="primary" onClick={() => navigate(PATHS.firstAdd())} data-testid="sc-add-first">
      {t('action.add_first')}
    </Button>
  ) : undefined;
  return (
    <CatalogueFrame page="serviceSetting" title={t('title')} tab="setting" toolbar={add}>
      <p className="ys-sc__muted">{t('intro')}</p>
      <TaskListState
        loading={q.isPending}
        failed={q.isError}
        empty={!q.isPending && all.length === 0}
        loadingText={t('loading')}
        failedText={t('failed')}
        emptyText={t('empty')}
      />
      {CATEGORIES.map((c) => {
        const tops = all.filter((e) => e.level === 1 && e.category === c);
        if (!tops.length) return null;
        return (
          <section key={c} className="ys-sc__category" aria-labelledby={`sc-${c}`}>
            <div className="ys-sc__cathead">
              <h2 id={`sc-${c}`}>{t(`category.${c}`)}</h2>
              <span className="ys-sc__links">
                <Link to={PATHS.manage(c)}>{t('link.manage')}</Link>
                <Link to={PATHS.config(c)}>{t('link.config')}</Link>
              </span>
            </div>
            <ul className="ys-sc__cards">
              {tops.map((e) => (
                <TopCard key={e.id} entry={e} all={all} />
              ))}
            </ul>
          </section>
        );
      })}
    </CatalogueFrame>
  );
}
