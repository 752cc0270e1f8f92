// officeServiceConfig / operationServiceConfig / safeServiceConfig: what a category's published
// services offer — each may be opened for ordering or closed, and limited to at most 10 of the
// tenant's projects (none chosen: every project). Managers change it; others read it.
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, Selector, Switch, Toast } from 'antd-mobile';
import { CATALOGUE_LIMITS, CATEGORY_ROUTES, type CatalogueEntry } from '../../../domain/service-catalogue.ts';
import { TaskListState } from '../../ui/task-frame.tsx';
import { configureEntry, getOptions, listEntries } from './api.ts';
import { catalogueKeys } from './query-keys.ts';
import { CatalogueFrame, EntryLink, PATHS, useCanManage, useCategory, usePrice } from './catalogue-parts.tsx';

function ServiceConfig({ entry, projects }: { entry: CatalogueEntry; projects: { id: string; name: string }[] }) {
  const { t } = useTranslation('service_catalogue');
  const qc = useQueryClient();
  const canManage = useCanManage();
  const price = usePrice();
  const [orderable, setOrderable] = useState(entry.config?.orderable ?? false);
  const [chosen, setChosen] = useState<string[]>(entry.config?.projects.map((p) => p.id) ?? []);
  const save = useMutation({
    mutationFn: () => configureEntry(entry.id, { orderable, project_ids: chosen }),
    onSuccess: () => {
      Toast.show({ content: t('toast.configured') });
      void qc.invalidateQueries({ queryKey: catalogueKeys.all });
    },
  });
  return (
    <li className="ys-sc__card" data-testid="sc-config">
      <div className="ys-sc__cardhead">
        <EntryLink entry={entry} />
        <span className="ys-sc__price">{entry.service ? price(entry.service) : ''}</span>
      </div>
      <p className="ys-sc__muted">{entry.path.join(' / ')}</p>
      <label className="ys-sc__switch">
        <span>{t('field.orderable')}</span>
        <Switch checked={orderable} onChange={setOrderable} disabled={!canManage} aria-label={t('field.orderable')} />
      </label>
      <div className="ys-sc__field">
        <span>{t('field.projects')}</span>
        <Selector
          multiple
          options={projects.map((p) => ({ label: p.name, value: p.id, disabled: !canManage }))}
          value={chosen}
          onChange={(v) => {
            if (v.length > CATALOGUE_LIMITS.configProjects) Toast.show({ content: t('hint.projects', { max: CATALOGUE_LIMITS.configProjects }) });
            else setChosen(v);
          }}
        />
        <em className="ys-sc__hint">{chosen.length ? t('hint.projects', { max: CATALOGUE_LIMITS.configProjects }) : t('config.all_projects')}</em>
      </div>
      {canManage ? (
        <Button color="primary" fill="outline" loading={save.isPending} onClick={() => save.mutate()} data-testid="sc-config-save">
          {t('action.save')}
        </Button>
      ) : null}
    </li>
  );
}

export default function CategoryConfigPage() {
  const { t } = useTranslation('service_catalogue');
  const category = useCategory();
  const q = useQuery({
    queryKey: catalogueKeys.list({ category, level: 3, status: 'published' }),
    queryFn: () => listEntries({ category, level: 3, status: 'published' }),
  });
  const options = useQuery({ queryKey: catalogueKeys.options(), queryFn: getOptions });
  const rows = q.data?.data ?? [];
  return (
    <CatalogueFrame
      page={CATEGORY_ROUTES[category].config}
      title={t('config.title', { category: t(`category.${category}`) })}
      back={{ to: PATHS.manage(category), label: t(`category.${category}`) }}
    >
      <p className="ys-sc__muted">{t('config.intro', { max: CATALOGUE_LIMITS.configProjects })}</p>
      <TaskListState
        loading={q.isPending}
        failed={q.isError}
        empty={!q.isPending && rows.length === 0}
        loadingText={t('loading')}
        failedText={t('failed')}
        emptyText={t('config.empty')}
      />
      {rows.length && options.data ? (
        <ul className="ys-sc__cards">
          {rows.map((e) => (
            <ServiceConfig key={`${e.id}-${e.updated_at}`} entry={e} projects={options.data.projects} />
          ))}
        </ul>
      ) : null}
    </CatalogueFrame>
  );
}
