// serviceIndexDetail?id=…: one catalogue entry — where it sits (its parents' names), its status and
// owners, a service's terms, content and service commitment, who may order it, its approval, and its
// actions. The way back is its level-1 entry.
import type { ReactNode } from 'react';
import { Link, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useQuery } from '@tanstack/react-query';
import { TaskListState } from '../../ui/task-frame.tsx';
import { getEntry } from './api.ts';
import { catalogueKeys } from './query-keys.ts';
import { CatalogueFrame, EntryActions, PATHS, Rows, StatusTag, ownerNames, useTermRows, when } from './catalogue-parts.tsx';

export default function ServiceIndexDetailPage() {
  const { t } = useTranslation('service_catalogue');
  const [params] = useSearchParams();
  const id = params.get('id') ?? '';
  const q = useQuery({ queryKey: catalogueKeys.detail(id), queryFn: () => getEntry(id), enabled: Boolean(id) });
  const terms = useTermRows();
  const e = q.data;
  const back = e ? (e.level === 1 ? PATHS.setting : PATHS.manage(e.category)) : PATHS.setting;
  const config: [string, ReactNode][] = e?.config
    ? [
        [t('field.orderable'), e.config.orderable ? t('config.orderable') : t('config.closed')],
        [t('field.projects'), e.config.projects.length ? e.config.projects.map((p) => p.name).join('、') : t('config.all_projects')],
      ]
    : [];
  return (
    <CatalogueFrame
      page="serviceIndexDetail"
      title={e?.name ?? t('detail.title')}
      back={{ to: back, label: e ? t(`category.${e.category}`) : t('back_setting') }}
    >
      <TaskListState
        loading={Boolean(id) && q.isPending}
        failed={!id || q.isError}
        empty={false}
        loadingText={t('loading')}
        failedText={t('not_found')}
        emptyText=""
      />
      {e ? (
        <>
          <section className="ys-sc__section">
            <div className="ys-sc__cardhead">
              <h2>{t(`level.${e.level}`)}</h2>
              <StatusTag status={e.status} />
            </div>
            <Rows
              rows={[
                [t('field.category'), t(`category.${e.category}`)],
                ...(e.path.length ? ([[t('field.path'), e.path.join(' / ')]] as [string, ReactNode][]) : []),
                [t('field.owners'), ownerNames(e)],
                [t('field.description'), e.description || '—'],
                [t('field.published_at'), when(e.published_at)],
                [t('field.updated_at'), when(e.updated_at)],
                ...(e.approval_id
                  ? ([
                      [
                        t('field.approval'),
                        <Link key="a" to={`/selfApprovalDetail/${e.approval_id}`}>
                          {t('link.approval')}
                        </Link>,
                      ],
                    ] as [string, ReactNode][])
                  : []),
              ]}
            />
            <EntryActions entry={e} onDeleted={back} />
          </section>
          {e.service ? (
            <section className="ys-sc__section">
              <h2>{t('detail.terms')}</h2>
              <Rows rows={[...terms(e.service), [t('field.content'), e.service.content || '—'], [t('field.sla'), e.service.sla || '—']]} />
            </section>
          ) : null}
          {config.length ? (
            <section className="ys-sc__section">
              <h2>{t('detail.config')}</h2>
              <Rows rows={config} />
              <Link to={PATHS.config(e.category)} className="ys-sc__more">
                {t('link.config')}
              </Link>
            </section>
          ) : null}
        </>
      ) : null}
    </CatalogueFrame>
  );
}
